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
import { setApiLocale } from '../lib/api/client';
import { hasSameGroups, loadSameGroups, messagesFor, useMessagesVersion } from './message-store';
import { defaultLocale, initialLocale, rememberLocale, type Locale } from './locales';

interface LocaleContextValue {
  locale: Locale;
  setLocale: (locale: Locale) => void;
}

const LocaleContext = createContext<LocaleContextValue>({
  locale: defaultLocale,
  setLocale: () => {},
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

  const value = useMemo(() => ({ locale, setLocale }), [locale, setLocale]);
  const messagesVersion = useMessagesVersion();
  // eslint-disable-next-line react-hooks/exhaustive-deps -- recomputed when the store changes
  const messages = useMemo(() => messagesFor(locale), [locale, messagesVersion]);

  return (
    <LocaleContext.Provider value={value}>
      <IntlProvider
        locale={locale === 'es' ? 'es-ES' : locale === 'gl' ? 'gl-ES' : 'en'}
        defaultLocale="es-ES"
        messages={messages}
      >
        {children}
      </IntlProvider>
    </LocaleContext.Provider>
  );
}
