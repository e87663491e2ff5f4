import type { Plugin } from 'vite';

/**
 * The Spanish texts /login shows (the default language's public group, src/i18n/groups/) are
 * fetched together with the entry chunk instead of after it runs, which saves one round trip
 * before the first paint.
 */
export function preloadDefaultMessages(chunkName = 'es-public'): Plugin {
  return {
    name: 'preload-default-messages',
    apply: 'build',
    transformIndexHtml: {
      order: 'post',
      handler(html, ctx) {
        const chunk = Object.values(ctx.bundle ?? {}).find(
          (output) => output.type === 'chunk' && output.name === chunkName,
        );
        // a renamed group must not silently cost every first visit a round trip
        if (!chunk) throw new Error(`no chunk named ${chunkName} to preload`);
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
