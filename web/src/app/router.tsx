import { lazy, type ComponentType } from 'react';
import { createBrowserRouter, Navigate, type RouteObject } from 'react-router-dom';
import { preloadDashboardData } from '../features/dashboard/api/use-dashboard-data';
import { getToken, isTokenValid } from '../lib/session';
import { RequireAdmin, RequireSession } from './guards';
import { AppLayout } from './shell/app-layout';
import { RouteError } from './shell/route-error';

/**
 * A screen in its own chunk, so /login loads only what it needs and admin code only on /admin.
 * React.lazy rather than the router's `lazy`: the router would wait for the chunk before painting
 * anything, while this way the shell (header, footer) paints at once and the screen follows
 * inside the layout's Suspense boundary.
 */
function screen<P extends object>(
  load: () => Promise<ComponentType<P>>,
): ComponentType<P> & { preload: () => void } {
  let loading: Promise<ComponentType<P>> | undefined;
  const start = () => (loading ??= load());
  return Object.assign(
    lazy(async () => ({ default: await start() })),
    { preload: () => void start() },
  );
}

const LoginPage = screen(async () => (await import('../features/auth/login-page')).LoginPage);
const RegisterPage = screen(
  async () => (await import('../features/auth/register-page')).RegisterPage,
);
const RecoveryPage = screen(
  async () => (await import('../features/auth/recovery-page')).RecoveryPage,
);
const Dashboard = screen(async () => {
  // the dashboard and the managed-people section are separate features composed here
  const [{ DashboardPage }, { ManagedPeople }] = await Promise.all([
    import('../features/dashboard/dashboard-page'),
    import('../features/persons/components/managed-people'),
  ]);
  return () => <DashboardPage peopleSection={(people) => <ManagedPeople {...people} />} />;
});
const AdminPage = screen(async () => (await import('../features/admin/admin-page')).AdminPage);
const PrivacyPage = screen(
  async () => (await import('../features/legal/privacy-page')).PrivacyPage,
);
const LegalNoticePage = screen(
  async () => (await import('../features/legal/legal-notice-page')).LegalNoticePage,
);
const CouncilInfoPage = screen(
  async () => (await import('../features/legal/council-info-page')).CouncilInfoPage,
);
const AccessibilityPage = screen(
  async () => (await import('../features/legal/accessibility-page')).AccessibilityPage,
);
const PaymentOkPage = screen(
  async () => (await import('../features/payments/payment-result-page')).PaymentOkPage,
);
const PaymentKoPage = screen(
  async () => (await import('../features/payments/payment-result-page')).PaymentKoPage,
);

export const routes: RouteObject[] = [
  {
    element: <AppLayout />,
    errorElement: <RouteError />,
    children: [
      { path: '/login', element: <LoginPage /> },
      { path: '/registrarse', element: <RegisterPage /> },
      { path: '/recuperar-cuenta', element: <RecoveryPage /> },
      {
        path: '/dashboard',
        element: (
          <RequireSession>
            <Dashboard />
          </RequireSession>
        ),
      },
      {
        path: '/admin',
        element: (
          <RequireAdmin>
            <AdminPage />
          </RequireAdmin>
        ),
      },
      ...['/privacidade', '/privacidad', '/privacy'].map((path) => ({
        path,
        element: <PrivacyPage />,
      })),
      { path: '/aviso-legal', element: <LegalNoticePage /> },
      { path: '/nigran-info', element: <CouncilInfoPage /> },
      { path: '/accesibilidad', element: <AccessibilityPage /> },
      { path: '/pago-ok', element: <PaymentOkPage /> },
      { path: '/pago-ko', element: <PaymentKoPage /> },
      { path: '*', element: <Navigate to="/login" replace /> },
    ],
  },
];

/**
 * The screen of the address the app opens on starts downloading together with the app's own
 * code instead of after the first paint; on /dashboard its data is requested as well.
 */
function preloadFirstScreen(path: string): void {
  const signedIn = isTokenValid(getToken());
  if (path === '/dashboard' && signedIn) {
    Dashboard.preload();
    preloadDashboardData();
  } else if (path === '/admin' && signedIn) AdminPage.preload();
  else if (path === '/login') LoginPage.preload();
  else if (path === '/registrarse') RegisterPage.preload();
}

preloadFirstScreen(window.location.pathname);

export const router = createBrowserRouter(routes);
