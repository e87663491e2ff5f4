import { useMemo, type ReactNode } from 'react';
import { IntlProvider, useIntl, type MessageFormatElement } from 'react-intl';
import { council } from '../../../config/council';
import { useLocale } from '../../../i18n/i18n-provider';
import type { Locale } from '../../../i18n/locales';
import en from '../messages/en.json';
import es from '../messages/es.json';
import gl from '../messages/gl.json';

/**
 * The legal texts are long (about 17 KB gzipped for the three languages), so they are not in the
 * app-wide catalogs that every page loads: they live here and travel in the legal pages' own
 * lazy chunks. Same rules as the app catalogs: es is the source and the fallback, en and gl have
 * every key (legal-messages.test.ts).
 */
export const legalCatalogs: Record<Locale, Record<string, string>> = { es, en, gl };

/** Adds the legal texts of the current language to the app's messages for the page below. */
export function LegalMessages({ children }: { children: ReactNode }) {
  const intl = useIntl();
  const { locale } = useLocale();
  const messages = useMemo(
    (): Record<string, string | MessageFormatElement[]> => ({
      ...(intl.messages as Record<string, string>),
      ...legalCatalogs.es,
      ...legalCatalogs[locale],
      // the council's own wording, where its council file gives one (checked at the server's start)
      ...council.legal?.texts?.[locale],
    }),
    [intl.messages, locale],
  );
  return (
    <IntlProvider
      locale={intl.locale}
      defaultLocale={intl.defaultLocale}
      // parsed messages in the build, text in the unit tests: react-intl formats either
      messages={messages as Record<string, MessageFormatElement[]>}
    >
      {children}
    </IntlProvider>
  );
}
