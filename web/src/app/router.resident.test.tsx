import { screen, waitFor } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import { setToken } from '../lib/session';
import { fakeToken } from '../testing/fake-token';
import { mockApi } from '../testing/mock-api';
import { renderScreen } from '../testing/render';
import { AppRoutes } from './router';

const persons = [{ person_activity_id: 3, full_name: 'María López García', dni: '12345678Z' }];
const config = {
  maintenance_mode: false,
  payments_enabled: true,
  global_discount: 0.5,
  deadline_date: '2026-12-31',
  payments_open: true,
  today: '2026-11-26',
};

beforeEach(() => setToken(fakeToken()));

describe('a signed-in page reads its server state once', () => {
  it('/dashboard: one GET /config for the maintenance gate and the dashboard, one call per list', async () => {
    const { calls } = mockApi({
      'GET /api/config': { body: config },
      'GET /api/user/persons/': { body: persons },
      'GET /api/user/activities/3': { body: [] },
      'GET /api/user/me': {
        body: {
          id: 7,
          dni: '12345678Z',
          phone: '34612345678',
          email: null,
          role: 'user',
          is_admin: false,
          reminders: true,
          locale: 'en',
        },
      },
    });
    renderScreen(<AppRoutes />, { route: '/dashboard', locale: 'en' });
    expect(await screen.findByText('There are no pending payments.')).toBeInTheDocument();
    await waitFor(() => expect(calls.some((call) => call.path === '/api/user/me')).toBe(true));
    const count = (path: string) => calls.filter((call) => call.path === path).length;
    expect(count('/api/config')).toBe(1);
    expect(count('/api/user/persons/')).toBe(1);
    expect(count('/api/user/activities/3')).toBe(1);
    expect(count('/api/user/me')).toBe(1);
  });
});
