import { CookieBanner } from '@portal/design-system/components/cookie-banner.tsx';
import { useState } from 'react';
import { useIntl } from 'react-intl';
import { useLocale } from '../../i18n/i18n-provider';
import { privacyPath } from '../../lib/privacy-path';
import { routerLink } from './router-link';

/** Local-storage flag that records the notice was accepted (an exempt, strictly necessary item). */
export const CONSENT_KEY = 'cookie-consent-accepted';

export function hasConsent(): boolean {
  try {
    return localStorage.getItem(CONSENT_KEY) === 'true';
  } catch {
    return false;
  }
}

/**
 * The storage notice, shown at the top of every page until accepted. It sits in the page flow
 * (GOV.UK pattern) so it never covers the floating help button or the content at 360 px.
 */
export function CookieConsent({ onAccepted }: { onAccepted?: () => void }) {
  const intl = useIntl();
  const { locale } = useLocale();
  const [accepted, setAccepted] = useState(hasConsent);
  if (accepted) return null;

  const accept = () => {
    try {
      localStorage.setItem(CONSENT_KEY, 'true');
    } catch {
      // storage blocked: hide the notice for this visit anyway
    }
    setAccepted(true);
    onAccepted?.();
  };

  return (
    <CookieBanner
      position="static"
      label={intl.formatMessage({ id: 'cookies.label' })}
      text={intl.formatMessage({ id: 'cookies.text' })}
      privacyLink={{
        href: privacyPath(locale),
        label: intl.formatMessage({ id: 'cookies.privacyLink' }),
      }}
      acceptLabel={intl.formatMessage({ id: 'cookies.accept' })}
      onAccept={accept}
      renderLink={routerLink}
    />
  );
}
