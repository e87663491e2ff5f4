import { lazy, use, type ComponentType } from 'react';
import { useLocale } from './i18n-provider';
import type { Locale } from './locales';
import type { MessageGroup } from './message-groups';
import { isLoaded, loadMessages } from './message-store';

/**
 * A component in its own chunk that may need a group of texts beyond the public one: rendered, it
 * asks for its code and its texts at the same time and suspends (to the nearest Suspense
 * boundary) until both are there. `preload` starts both early, e.g. for the first screen.
 */
export function lazyWithTexts<P extends object>(
  load: () => Promise<ComponentType<P>>,
  texts?: Exclude<MessageGroup, 'public'>,
): ComponentType<P> & { preload: (locale: Locale) => void } {
  let loading: Promise<ComponentType<P>> | undefined;
  const start = () => (loading ??= load());
  const Code = lazy(async () => ({ default: await start() }));
  function WithTexts(props: P) {
    const { locale, groups } = useLocale();
    if (texts) {
      if (!isLoaded(locale, texts)) void start(); // the code downloads while the texts do
      // called on every render, not only while the texts are missing: a component that suspended
      // in use() must call it again when React retries it (the store gives the same promise, by
      // then marked fulfilled, so that render goes straight through)
      use(loadMessages(locale, texts));
      // texts that arrived during this render reach the messages above in the provider's next
      // render (the store tells it), which comes before anything is shown; until then nothing
      // here, so no screen renders with its texts missing
      if (!groups.includes(texts)) return null;
    }
    return <Code {...props} />;
  }
  return Object.assign(WithTexts, {
    preload: (locale: Locale) => {
      void start();
      if (texts) void loadMessages(locale, texts);
    },
  });
}
