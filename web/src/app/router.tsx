import { createBrowserRouter, Navigate } from 'react-router-dom';
import { LoginPage } from '../features/auth/login-page';
import { DashboardPage } from '../features/dashboard/dashboard-page';
import { AppLayout } from './shell/app-layout';

export const router = createBrowserRouter([
  {
    element: <AppLayout />,
    children: [
      { path: '/login', element: <LoginPage /> },
      { path: '/dashboard', element: <DashboardPage /> },
      { path: '*', element: <Navigate to="/login" replace /> },
    ],
  },
]);
