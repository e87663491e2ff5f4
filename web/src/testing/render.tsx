import { render } from '@testing-library/react';
import type { ReactElement } from 'react';
import { createMemoryRouter, RouterProvider, type RouteObject } from 'react-router';
import { QueryClientProvider } from '@tanstack/react-query';
import { I18nProvider } from '../i18n/i18n-provider';
import { createQueryClient } from '../lib/query-client';
import type { Locale } from '../i18n/locales';

/**
 * Renders a screen inside the real providers (server-state cache, i18n, a memory router at
 * `route`). Extra routes let
 * a test see where a screen navigates (e.g. { path: '/login', element: <p>login</p> }).
 */
export function renderScreen(
  ui: ReactElement,
  {
    route = '/',
    path = '*',
    locale = 'es',
    routes = [],
  }: { route?: string; path?: string; locale?: Locale; routes?: RouteObject[] } = {},
) {
  const router = createMemoryRouter([{ path, element: ui }, ...routes], {
    initialEntries: [route],
  });
  // a cache of its own for every test: nothing one test loaded shows in the next
  const queryClient = createQueryClient();
  const utils = render(
    <QueryClientProvider client={queryClient}>
      <I18nProvider locale={locale}>
        <RouterProvider router={router} />
      </I18nProvider>
    </QueryClientProvider>,
  );
  return { ...utils, router, queryClient };
}
