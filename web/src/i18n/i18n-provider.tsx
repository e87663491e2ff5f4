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
import { catalogs } from './catalogs';
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

  const setLocale = useCallback((next: Locale) => {
    rememberLocale(next);
    setLocaleState(next);
  }, []);

  const value = useMemo(() => ({ locale, setLocale }), [locale, setLocale]);
  const messages = useMemo(() => ({ ...catalogs.es, ...catalogs[locale] }), [locale]);

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
