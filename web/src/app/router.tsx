import { Navigate, Route, Routes } from 'react-router';
import { COUNCIL_INFO_PATH, councilInfoPath } from '../config/council';
import { lazyWithTexts } from '../i18n/lazy-with-texts';
import { initialLocale } from '../i18n/locales';
import { getToken, isTokenValid } from '../lib/session';
import { RequireAdmin, RequireSession } from './guards';
import { LoginPage } from '../features/auth/login-page';
import { AppLayout } from './shell/app-layout';

/*
 * Each screen is in its own chunk, so the first screen loads only what it needs and admin code
 * only on /admin. The sign-in screen is the exception: nearly every visit starts there, so it
 * travels in the entry chunk (one request and one compressed file instead of seven small ones).
 * The shell (header, footer) paints at once and the screen follows inside the layout's Suspense
 * boundary, with its group of texts if it needs one (lazyWithTexts). (Declarative routes rather
 * than a data router: loaders are not used, and the data router's code would add a sixth to the
 * JavaScript every page loads first.)
 */
const RegisterPage = lazyWithTexts(
  async () => (await import('../features/auth/register-page')).RegisterPage,
  'access',
);
const RecoveryPage = lazyWithTexts(
  async () => (await import('../features/auth/recovery-page')).RecoveryPage,
  'access',
);
const Dashboard = lazyWithTexts(
  async () => (await import('./screens/dashboard-screen')).DashboardScreen,
  'resident',
);
const AdminPage = lazyWithTexts(
  async () => (await import('../features/admin/admin-page')).AdminPage,
  'admin',
);
const AccountPage = lazyWithTexts(
  async () => (await import('./screens/account-screen')).AccountScreen,
  'resident',
);
const UnsubscribePage = lazyWithTexts(
  async () => (await import('../features/account/unsubscribe-page')).UnsubscribePage,
  'resident',
);
const PrivacyPage = lazyWithTexts(
  async () => (await import('../features/legal/legal-pages')).PrivacyPage,
);
const LegalNoticePage = lazyWithTexts(
  async () => (await import('../features/legal/legal-pages')).LegalNoticePage,
);
const CouncilInfoPage = lazyWithTexts(
  async () => (await import('../features/legal/legal-pages')).CouncilInfoPage,
);
const AccessibilityPage = lazyWithTexts(
  async () => (await import('../features/legal/legal-pages')).AccessibilityPage,
);
const CatalogueScreen = lazyWithTexts(
  async () => (await import('./screens/season-screens')).CatalogueScreen,
  'resident',
);
const DrawScreen = lazyWithTexts(
  async () => (await import('./screens/season-screens')).DrawScreen,
  'resident',
);
const PaymentOkPage = lazyWithTexts(
  async () => (await import('../features/payments/payment-result-page')).PaymentOkPage,
  'resident',
);
const PaymentKoPage = lazyWithTexts(
  async () => (await import('../features/payments/payment-result-page')).PaymentKoPage,
  'resident',
);

/** Every address of the app, inside the shell. */
export function AppRoutes() {
  return (
    <Routes>
      <Route element={<AppLayout />}>
        <Route path="/login" element={<LoginPage />} />
        <Route path="/registrarse" element={<RegisterPage />} />
        <Route path="/recuperar-cuenta" element={<RecoveryPage />} />
        <Route
          path="/dashboard"
          element={
            <RequireSession>
              <Dashboard />
            </RequireSession>
          }
        />
        <Route
          path="/admin"
          element={
            <RequireAdmin>
              <AdminPage />
            </RequireAdmin>
          }
        />
        <Route
          path="/mi-cuenta"
          element={
            <RequireSession>
              <AccountPage />
            </RequireSession>
          }
        />
        <Route path="/recordatorios/baja" element={<UnsubscribePage />} />
        {['/privacidade', '/privacidad', '/privacy'].map((path) => (
          <Route key={path} path={path} element={<PrivacyPage />} />
        ))}
        <Route path="/aviso-legal" element={<LegalNoticePage />} />
        {/* the neutral address, and the one the council's file gives its page (/nigran-info) */}
        {[...new Set([COUNCIL_INFO_PATH, councilInfoPath()])].map((path) => (
          <Route key={path} path={path} element={<CouncilInfoPage />} />
        ))}
        <Route path="/accesibilidad" element={<AccessibilityPage />} />
        <Route path="/actividades" element={<CatalogueScreen />} />
        <Route path="/sorteos/:activityId" element={<DrawScreen />} />
        <Route path="/pago-ok" element={<PaymentOkPage />} />
        <Route path="/pago-ko" element={<PaymentKoPage />} />
        <Route path="*" element={<Navigate to="/login" replace />} />
      </Route>
    </Routes>
  );
}

/**
 * Called once the shell has painted: on /dashboard the screen's code and its data are requested
 * at once, not one after the other behind the maintenance check. (Before the first paint they
 * would only delay it; /login's own chunk is small enough to wait.)
 */
export function preloadFirstScreen(path: string): void {
  const signedIn = isTokenValid(getToken());
  if (path === '/dashboard' && signedIn) {
    Dashboard.preload(initialLocale());
    // a small chunk of its own, asked beside the screen's: /login does not carry it
    void import('../features/dashboard/api/use-dashboard-data').then((data) =>
      data.preloadDashboardData(),
    );
  }
}
