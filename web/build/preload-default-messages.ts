import type { Plugin } from 'vite';

/**
 * The Spanish texts (the default language) are fetched together with the entry chunk instead of
 * after it runs, which saves one round trip before the first paint.
 */
export function preloadDefaultMessages(chunkName = 'messages-es'): Plugin {
  return {
    name: 'preload-default-messages',
    apply: 'build',
    transformIndexHtml: {
      order: 'post',
      handler(html, ctx) {
        const chunk = Object.values(ctx.bundle ?? {}).find(
          (output) => output.type === 'chunk' && output.name === chunkName,
        );
        if (!chunk) return html;
        return [
          {
            tag: 'link',
            attrs: { rel: 'modulepreload', crossorigin: true, href: `/${chunk.fileName}` },
            injectTo: 'head',
          },
        ];
      },
    },
  };
}
