import type { ReactNode } from 'react';
import { Navigate } from 'react-router';
import { getToken, isAdminToken, isTokenValid } from '../lib/session';

/** /dashboard and the like: a valid unexpired token, else /login. */
export function RequireSession({ children }: { children: ReactNode }) {
  return isTokenValid(getToken()) ? <>{children}</> : <Navigate to="/login" replace />;
}

/** /admin: role admin or is_admin, else /dashboard (and /login without a session). */
export function RequireAdmin({ children }: { children: ReactNode }) {
  const token = getToken();
  if (!isTokenValid(token)) return <Navigate to="/login" replace />;
  return isAdminToken(token) ? <>{children}</> : <Navigate to="/dashboard" replace />;
}
