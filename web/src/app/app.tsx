import { useEffect } from 'react';
import { BrowserRouter, useNavigate } from 'react-router';
import { I18nProvider } from '../i18n/i18n-provider';
import { setUnauthorizedHandler } from '../lib/api/call-rules';
import { AppRoutes, preloadFirstScreen } from './router';
import { RouteErrorBoundary } from './shell/route-error';

/** An expired or revoked session (any 401) goes back to /login. */
export function UnauthorizedRedirect() {
  const navigate = useNavigate();
  useEffect(() => setUnauthorizedHandler(() => navigate('/login')), [navigate]);
  return null;
}

export function App() {
  useEffect(() => preloadFirstScreen(window.location.pathname), []);
  return (
    <I18nProvider>
      <BrowserRouter>
        <UnauthorizedRedirect />
        <RouteErrorBoundary>
          <AppRoutes />
        </RouteErrorBoundary>
      </BrowserRouter>
    </I18nProvider>
  );
}
