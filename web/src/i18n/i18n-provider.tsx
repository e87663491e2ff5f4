import {
  createContext,
  useCallback,
  useContext,
  useEffect,
  useMemo,
  useState,
  type ReactNode,
} from 'react';
import { IntlProvider } from 'react-intl';
import { intlLocale } from '@portal/design-system/lib/locales.ts';
import { setApiLocale } from '../lib/api/call-rules';
import {
  hasSameGroups,
  loadedGroups,
  loadSameGroups,
  messagesFor,
  useMessagesVersion,
} from './message-store';
import { defaultLocale, initialLocale, rememberLocale, type Locale } from './locales';
import type { MessageGroup } from './message-groups';

interface LocaleContextValue {
  locale: Locale;
  setLocale: (locale: Locale) => void;
  /** The groups of texts the messages below include (lazy-with-texts.tsx). */
  groups: readonly MessageGroup[];
}

const LocaleContext = createContext<LocaleContextValue>({
  locale: defaultLocale,
  setLocale: () => {},
  groups: [],
});

export function useLocale(): LocaleContextValue {
  return useContext(LocaleContext);
}

/** Language state: remembered, mirrored on <html lang> and sent to the server as Accept-Language. */
export function I18nProvider({
  children,
  locale: forced,
}: {
  children: ReactNode;
  locale?: Locale;
}) {
  const [locale, setLocaleState] = useState<Locale>(() => forced ?? initialLocale());
  setApiLocale(locale);

  useEffect(() => {
    document.documentElement.lang = locale;
  }, [locale]);

  // the new language's texts are fetched first, so the page never flashes message ids
  const setLocale = useCallback(
    (next: Locale) => {
      const apply = () => {
        rememberLocale(next);
        setLocaleState(next);
      };
      if (hasSameGroups(locale, next)) apply();
      else void loadSameGroups(locale, next).then(apply);
    },
    [locale],
  );

  const messagesVersion = useMessagesVersion();
  // eslint-disable-next-line react-hooks/exhaustive-deps -- recomputed when the store changes
  const messages = useMemo(() => messagesFor(locale), [locale, messagesVersion]);
  const value = useMemo(
    () => ({ locale, setLocale, groups: loadedGroups(locale) }),
    // eslint-disable-next-line react-hooks/exhaustive-deps -- recomputed when the store changes
    [locale, setLocale, messagesVersion],
  );

  return (
    <LocaleContext.Provider value={value}>
      <IntlProvider
        // as the design system's formats: Spanish conventions where the runtime has no Galician
        // data (Chromium ships none), rather than react-intl's MissingDataError and US numbers
        locale={intlLocale(locale)}
        defaultLocale="es-ES"
        messages={messages}
      >
        {children}
      </IntlProvider>
    </LocaleContext.Provider>
  );
}
