import { Alert } from '@portal/design-system/components/alert.tsx';
import { AppHeader } from '@portal/design-system/components/app-header.tsx';
import { Footer } from '@portal/design-system/components/footer.tsx';
import { helpGutterClass } from '@portal/design-system/components/help-button.tsx';
import { Loading } from '@portal/design-system/components/spinner.tsx';
import { SkipLink } from '@portal/design-system/components/skip-link.tsx';
import { cn } from '@portal/design-system/lib/cn.ts';
import { Suspense, useRef } from 'react';
import { useIntl } from 'react-intl';
import { Outlet, useLocation, useNavigate } from 'react-router';
import { council, councilInfoPath } from '../../config/council';
import { publicAsset } from '../../config/public-asset';
import { MaintenanceGate } from '../../features/maintenance/maintenance-gate';
import { useLocale } from '../../i18n/i18n-provider';
import { getToken, isTokenValid } from '../../lib/session';
import { logOut } from '../../lib/logout';
import { CookieConsent } from './cookie-consent';
import { flashFrom } from '../../lib/flash';
import { Help } from './help';
import { privacyPath } from '../../lib/privacy-path';
import { RouteErrorBoundary } from './route-error';
import { routerLink } from './router-link';

/** Pages with the login-style background and no logout button. */
export const LOGIN_STYLE_PATHS = ['/login', '/registrarse'];

/**
 * Skip link, storage notice, council header (logo → /dashboard, title, ES/EN/GL, logout when
 * signed in), the
 * page behind the maintenance gate, the floating help button and the footer.
 */
export function AppLayout() {
  const intl = useIntl();
  const { locale, setLocale } = useLocale();
  const location = useLocation();
  const navigate = useNavigate();
  const mainRef = useRef<HTMLElement>(null);
  const loginStyle = LOGIN_STYLE_PATHS.includes(location.pathname);
  // read from the stored token on each navigation: no call, so a visitor causes no 401
  const signedIn = isTokenValid(getToken());
  const flash = flashFrom(location.state);
  const t = (id: string) => intl.formatMessage({ id });

  // the server ends the token; this tab forgets it at once, even offline
  const logout = () => {
    logOut();
    navigate('/login');
  };

  return (
    <div
      data-layout={loginStyle ? 'login' : 'default'}
      className={
        loginStyle
          ? 'flex min-h-screen flex-col bg-surface'
          : 'flex min-h-screen flex-col bg-background'
      }
    >
      <SkipLink href="#main">{t('app.skipToContent')}</SkipLink>
      <CookieConsent onAccepted={() => mainRef.current?.focus()} />
      <AppHeader
        title={council.portalTitle[locale]}
        logoSrc={publicAsset(council.logo)}
        logoAlt={council.name}
        homeHref="/dashboard"
        renderLink={routerLink}
        languageSwitcher={{
          locale,
          onLocaleChange: setLocale,
          label: t('header.language'),
          languageNames: { es: t('lang.es'), en: t('lang.en'), gl: t('lang.gl') },
        }}
        logoutLabel={t('header.logout')}
        onLogout={logout}
        showLogout={!loginStyle && signedIn}
        accountLink={signedIn ? { href: '/mi-cuenta', label: t('header.myAccount') } : undefined}
      />
      <main
        id="main"
        ref={mainRef}
        tabIndex={-1}
        // the floating Help button's column stays free (helpGutterClass), so it covers nothing
        className={cn(
          'mx-auto min-h-[70vh] w-full max-w-6xl flex-1 px-4 pt-6 pb-8 outline-none narrow:pb-24',
          helpGutterClass,
        )}
      >
        <MaintenanceGate>
          {flash ? (
            <Alert variant="success" className="mb-6">
              {t(flash)}
            </Alert>
          ) : null}
          {/* the shell paints at once; a screen's own code follows (see router.tsx) */}
          <RouteErrorBoundary>
            <Suspense
              fallback={<Loading label={t('app.loading')} className="my-4 justify-center px-8" />}
            >
              <Outlet />
            </Suspense>
          </RouteErrorBoundary>
        </MaintenanceGate>
      </main>
      <Help />
      <Footer
        legalLabel={t('footer.legal')}
        legalLinks={[
          { href: privacyPath(locale), label: t('footer.privacy') },
          { href: '/aviso-legal', label: t('footer.legalNotice') },
          { href: councilInfoPath(), label: t('footer.councilInfo') },
        ]}
        accessibilityLink={{ href: '/accesibilidad', label: t('footer.accessibility') }}
        socialLabel={t('footer.social')}
        socialLinks={council.social.map((item) => ({
          href: item.url,
          label: item.name,
          external: true,
        }))}
        note={intl.formatMessage(
          { id: 'footer.note' },
          { council: council.name, address: council.address },
        )}
        renderLink={routerLink}
      />
    </div>
  );
}
