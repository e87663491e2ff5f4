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
    const { locale } = useLocale();
    if (texts && !isLoaded(locale, texts)) {
      void start();
      use(loadMessages(locale, texts));
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
