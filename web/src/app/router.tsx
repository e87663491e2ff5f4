import { createBrowserRouter, Navigate, type RouteObject } from 'react-router-dom';
import { RequireAdmin, RequireSession } from './guards';
import { AppLayout } from './shell/app-layout';
import { RouteError } from './shell/route-error';

/** Each screen is its own chunk, so /login loads only what it needs and admin code only on /admin. */
export const routes: RouteObject[] = [
  {
    element: <AppLayout />,
    errorElement: <RouteError />,
    children: [
      {
        path: '/login',
        lazy: async () => ({ Component: (await import('../features/auth/login-page')).LoginPage }),
      },
      {
        path: '/registrarse',
        lazy: async () => ({
          Component: (await import('../features/auth/register-page')).RegisterPage,
        }),
      },
      {
        path: '/recuperar-cuenta',
        lazy: async () => ({
          Component: (await import('../features/auth/recovery-page')).RecoveryPage,
        }),
      },
      {
        path: '/dashboard',
        lazy: async () => {
          // The dashboard and the managed-people section are separate features composed here.
          const [{ DashboardPage }, { ManagedPeople }] = await Promise.all([
            import('../features/dashboard/dashboard-page'),
            import('../features/persons/components/managed-people'),
          ]);
          return {
            Component: () => (
              <RequireSession>
                <DashboardPage peopleSection={(people) => <ManagedPeople {...people} />} />
              </RequireSession>
            ),
          };
        },
      },
      {
        path: '/admin',
        lazy: async () => {
          const { AdminPage } = await import('../features/admin/admin-page');
          return {
            Component: () => (
              <RequireAdmin>
                <AdminPage />
              </RequireAdmin>
            ),
          };
        },
      },
      ...['/privacidade', '/privacidad', '/privacy'].map((path) => ({
        path,
        lazy: async () => ({
          Component: (await import('../features/legal/privacy-page')).PrivacyPage,
        }),
      })),
      {
        path: '/aviso-legal',
        lazy: async () => ({
          Component: (await import('../features/legal/legal-notice-page')).LegalNoticePage,
        }),
      },
      {
        path: '/nigran-info',
        lazy: async () => ({
          Component: (await import('../features/legal/council-info-page')).CouncilInfoPage,
        }),
      },
      {
        path: '/accesibilidad',
        lazy: async () => ({
          Component: (await import('../features/legal/accessibility-page')).AccessibilityPage,
        }),
      },
      {
        path: '/pago-ok',
        lazy: async () => ({
          Component: (await import('../features/payments/payment-result-page')).PaymentOkPage,
        }),
      },
      {
        path: '/pago-ko',
        lazy: async () => ({
          Component: (await import('../features/payments/payment-result-page')).PaymentKoPage,
        }),
      },
      { path: '*', element: <Navigate to="/login" replace /> },
    ],
  },
];

export const router = createBrowserRouter(routes);
