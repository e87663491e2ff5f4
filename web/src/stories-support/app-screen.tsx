import { useState } from 'react';
import { MemoryRouter } from 'react-router';
import { UnauthorizedRedirect } from '../app/app';
import { AppRoutes } from '../app/router';
import { RouteErrorBoundary } from '../app/shell/route-error';
import { CONSENT_KEY } from '../app/shell/cookie-consent';
import { catalogs } from '../i18n/catalogs';
import { I18nProvider } from '../i18n/i18n-provider';
import type { Locale } from '../i18n/locales';
import { primeMessages } from '../i18n/message-store';
import { setToken } from '../lib/session';
import { fakeToken } from '../testing/fake-token';

// every language's texts at once, so the toolbar's language switch needs no download
primeMessages(catalogs);

export type StorySession = 'resident' | 'admin' | null;

/** Who is logged in when a screen story starts (set before the first render). */
export function startSession(session: StorySession): void {
  localStorage.clear();
  localStorage.setItem(CONSENT_KEY, 'true');
  if (session) setToken(fakeToken(session === 'admin' ? { role: 'admin', is_admin: true } : {}));
}

/**
 * The whole web app (shell, routes, guards, maintenance gate) at one address, as a resident's
 * browser would show it; only fetch is mocked, by the story's contract examples.
 */
export function AppScreen({ route, locale }: { route: string; locale: Locale }) {
  // a new router per mount, so a story's navigation never leaks into the next one
  const [entries] = useState(() => [route]);
  return (
    <I18nProvider key={locale} locale={locale}>
      <MemoryRouter initialEntries={entries}>
        <UnauthorizedRedirect />
        <RouteErrorBoundary>
          <AppRoutes />
        </RouteErrorBoundary>
      </MemoryRouter>
    </I18nProvider>
  );
}
