import { screen, within } from '@testing-library/react';
import { spawn, type ChildProcess } from 'node:child_process';
import { createServer } from 'node:net';
import { resolve } from 'node:path';
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { LoginPage } from '../features/auth/login-page';
import { AdminPage } from '../features/admin/admin-page';
import { DashboardPage } from '../features/dashboard/dashboard-page';
import { ManagedPeople } from '../features/persons/components/managed-people';
import { setToken } from '../lib/session';
import { fakeToken } from './mock-api';
import { renderScreen } from './render';

/**
 * The web app against the Prism mock (`npm run mock`), the way QA runs it with MOCK_API: every
 * /api call goes to Prism, which answers with the contract's examples. The main screens must
 * render that data without errors.
 */
const prismBin = resolve(import.meta.dirname, '../../../node_modules/.bin/prism');
const contract = resolve(import.meta.dirname, '../../../openapi.yaml');

function freePort(): Promise<number> {
  return new Promise((resolve) => {
    const server = createServer().listen(0, '127.0.0.1', () => {
      const address = server.address();
      server.close(() => resolve(typeof address === 'object' && address ? address.port : 0));
    });
  });
}

describe('the web app on the Prism mock', () => {
  let prism: ChildProcess;
  const realFetch = globalThis.fetch;
  const errors: unknown[] = [];

  beforeAll(async () => {
    const port = await freePort();
    const mock = `http://127.0.0.1:${port}`;
    prism = spawn(prismBin, ['mock', contract, '-p', String(port), '-h', '127.0.0.1'], {
      stdio: 'ignore',
    });
    for (let i = 0; i < 300; i++) {
      try {
        await realFetch(`${mock}/health`);
        break;
      } catch {
        await new Promise((resolve) => setTimeout(resolve, 100));
      }
    }
    // what MOCK_API does in the dev server: /api/<path> → the mock's /<path>
    vi.stubGlobal('fetch', (input: Request) => {
      const url = new URL(input.url);
      return realFetch(
        new Request(`${mock}${url.pathname.replace(/^\/api/, '')}${url.search}`, input),
      );
    });
    // React's duplicate keys included: the mock's default answers are one family's, each row once
    vi.spyOn(console, 'error').mockImplementation((...args) => {
      errors.push(args);
    });
  }, 60_000);

  beforeEach(() => {
    errors.length = 0;
  });

  afterAll(() => {
    vi.unstubAllGlobals();
    vi.restoreAllMocks();
    prism?.kill();
  });

  it('renders the login screen', async () => {
    renderScreen(<LoginPage />, { route: '/login' });
    expect(await screen.findByRole('heading', { level: 1 })).toBeInTheDocument();
    expect(errors.map((args) => String((args as unknown[])[0]).slice(0, 300))).toEqual([]);
  });

  it('renders the dashboard with the mock people and activities', async () => {
    setToken(fakeToken());
    renderScreen(<DashboardPage peopleSection={(people) => <ManagedPeople {...people} />} />, {
      route: '/dashboard',
    });
    expect(
      (await screen.findAllByText(/Xoán López Pereira/, {}, { timeout: 10_000 })).length,
    ).toBeGreaterThan(0);
    expect(
      (await screen.findAllByText('Natación infantil', {}, { timeout: 10_000 })).length,
    ).toBeGreaterThan(0);
    expect(errors.map((args) => String((args as unknown[])[0]).slice(0, 300))).toEqual([]);
  });

  it('renders the admin panel with the mock users, activities and enrolments', async () => {
    setToken(fakeToken({ role: 'admin', is_admin: true }));
    renderScreen(<AdminPage />, { route: '/admin' });
    const users = await screen.findByRole('region', { name: /usuarios/i }, { timeout: 10_000 });
    expect(
      await within(users).findByText('33445566R', {}, { timeout: 10_000 }),
    ).toBeInTheDocument();
    expect(
      (await screen.findAllByText('Pádel adultos', {}, { timeout: 10_000 })).length,
    ).toBeGreaterThan(0);
    expect(errors.map((args) => String((args as unknown[])[0]).slice(0, 300))).toEqual([]);
  });
});
