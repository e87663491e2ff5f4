import { render, screen } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { describe, expect, it } from 'vitest';
import { I18nProvider } from '../../i18n/i18n-provider';
import { setToken } from '../../lib/session';
import { mockApi, type MockResponse } from '../../testing/mock-api';
import { MaintenanceGate } from './maintenance-gate';

function renderAt(path: string) {
  const router = createMemoryRouter(
    [
      {
        path: '*',
        element: (
          <MaintenanceGate>
            <p>contenido</p>
          </MaintenanceGate>
        ),
      },
    ],
    { initialEntries: [path] },
  );
  return render(
    <I18nProvider locale="en">
      <RouterProvider router={router} />
    </I18nProvider>,
  );
}

function serveConfig(answer: MockResponse) {
  return mockApi({ 'GET /api/config': answer });
}

const config = (maintenance: boolean): MockResponse => ({
  body: {
    maintenance_mode: maintenance,
    payments_enabled: true,
    global_discount: 0,
    deadline_date: null,
    payments_open: true,
    today: '2026-11-21',
  },
});

describe('maintenance gate', () => {
  it('shows Loading... while checking, then only the maintenance message', async () => {
    setToken('a.b.c');
    serveConfig(config(true));
    renderAt('/dashboard');
    expect(screen.getByRole('status')).toHaveTextContent('Loading...');
    expect(
      await screen.findByRole('heading', { name: 'Maintenance mode enabled' }),
    ).toBeInTheDocument();
    expect(screen.queryByText('contenido')).not.toBeInTheDocument();
  });

  it.each(['/admin', '/login', '/registrarse'])('lets %s through', async (path) => {
    setToken('a.b.c');
    serveConfig(config(true));
    renderAt(path);
    expect(await screen.findByText('contenido')).toBeInTheDocument();
  });

  it('skips the check without a token', () => {
    const { calls } = serveConfig(config(true));
    renderAt('/dashboard');
    expect(screen.getByText('contenido')).toBeInTheDocument();
    expect(calls).toHaveLength(0);
  });

  it('treats a failed check as off', async () => {
    setToken('a.b.c');
    serveConfig({ networkError: true });
    renderAt('/dashboard');
    expect(await screen.findByText('contenido')).toBeInTheDocument();
  });
});
