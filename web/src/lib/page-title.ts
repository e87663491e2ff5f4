import { useEffect } from 'react';
import { useIntl } from 'react-intl';
import { council } from '../config/council';
import { useLocale } from '../i18n/i18n-provider';

/**
 * "<page> – <portal>" as the document title; "Error: " in front while a form shows errors
 * (GOV.UK pattern).
 */
export function usePageTitle(messageId: string, hasErrors = false): void {
  const intl = useIntl();
  const { locale } = useLocale();
  const page = intl.formatMessage({ id: messageId });
  const errorPrefix = intl.formatMessage({ id: 'app.errorTitlePrefix' });
  useEffect(() => {
    document.title = `${hasErrors ? `${errorPrefix} ` : ''}${page} – ${council.portalTitle[locale]}`;
  }, [page, hasErrors, errorPrefix, locale]);
}
