import { RouterProvider } from 'react-router-dom';
import { I18nProvider } from '../i18n/i18n-provider';
import { setUnauthorizedHandler } from '../lib/api/client';
import { router } from './router';

setUnauthorizedHandler(() => {
  void router.navigate('/login');
});

export function App() {
  return (
    <I18nProvider>
      <RouterProvider router={router} />
    </I18nProvider>
  );
}
