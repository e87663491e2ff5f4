import { configure, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { getToken } from '../../lib/session';
import { fakeToken, mockApi } from '../../testing/mock-api';
import { renderScreen } from '../../testing/render';
import { LoginPage } from './login-page';
import { expectAlert } from '../../testing/expect-alert';

// screens render slowly when the whole suite runs in parallel
configure({ asyncUtilTimeout: 5000 });

const routes = [
  { path: '/dashboard', element: <p>dashboard screen</p> },
  { path: '/admin', element: <p>admin screen</p> },
  { path: '/registrarse', element: <p>register screen</p> },
];

function renderLogin(locale: 'es' | 'en' | 'gl' = 'en') {
  return renderScreen(<LoginPage />, { route: '/login', path: '/login', locale, routes });
}

async function fillAndSubmit(dni: string, password: string) {
  const user = userEvent.setup({ delay: null });
  if (dni) await user.type(screen.getByLabelText('DNI or NIE', { exact: false }), dni);
  if (password) await user.type(screen.getByLabelText('Password'), password);
  await user.click(screen.getByRole('button', { name: 'Log in' }));
  return user;
}

describe('login', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('requires DNI and password, with a summary, inline errors and "Error:" in the title', async () => {
    const { calls } = mockApi({});
    renderLogin();
    await fillAndSubmit('', '');
    const summary = await screen.findByRole('alert');
    expect(summary).toHaveFocus();
    expect(summary).toHaveTextContent('There is a problem');
    expect(
      screen.getByRole('link', { name: 'Field required: enter your DNI or NIE' }),
    ).toHaveAttribute('href', '#login-dni');
    expect(screen.getByRole('link', { name: 'Field required: enter your password' })).toBeVisible();
    expect(screen.getByLabelText('DNI or NIE', { exact: false })).toHaveAccessibleDescription(
      expect.stringContaining('Error: Field required: enter your DNI or NIE'),
    );
    expect(document.title).toMatch(/^Error: Log in/);
    expect(calls).toHaveLength(0);
  });

  it('posts the trimmed DNI and password form-encoded, skipping the 401 redirect, and goes to /dashboard', async () => {
    const token = fakeToken({ role: 'user' });
    const { calls } = mockApi({
      'POST /api/user/login': { body: { access_token: token, token_type: 'bearer' } },
    });
    renderLogin();
    await fillAndSubmit(' 12345678Z ', 'piscina-verano-2026');
    expect(await screen.findByText('dashboard screen')).toBeInTheDocument();
    expect(getToken()).toBe(token);
    expect(calls[0]?.headers.get('Content-Type')).toContain('application/x-www-form-urlencoded');
    expect(calls[0]?.body).toEqual({ username: '12345678Z', password: 'piscina-verano-2026' });
  });

  it('sends an admin to /admin', async () => {
    const token = fakeToken({ role: 'admin', is_admin: true });
    mockApi({ 'POST /api/user/login': { body: { access_token: token, token_type: 'bearer' } } });
    renderLogin();
    await fillAndSubmit('00000000T', 'admin-password-2026');
    expect(await screen.findByText('admin screen')).toBeInTheDocument();
  });

  it('shows "Incorrect ID or password" on 401 and keeps the input', async () => {
    mockApi({
      'POST /api/user/login': {
        status: 401,
        body: { detail: 'DNI o contraseña incorrectos.', code: 'invalid_credentials' },
      },
    });
    renderLogin();
    await fillAndSubmit('12345678Z', 'wrong-password');
    await expectAlert('Incorrect ID or password.');
    expect(screen.getByLabelText('DNI or NIE', { exact: false })).toHaveValue('12345678Z');
    expect(getToken()).toBeNull();
  });

  it.each([
    ['a 429', { status: 429, body: { detail: 'Demasiados intentos.', code: 'rate_limited' } }],
    ['a 500', { status: 500, body: { detail: 'Error interno.', code: 'internal' } }],
  ])('shows the unexpected-error message on %s', async (_name, answer) => {
    mockApi({ 'POST /api/user/login': answer });
    renderLogin();
    await fillAndSubmit('12345678Z', 'piscina-verano-2026');
    await expectAlert('Login error. Please wait a minute and try again.');
  });

  it('shows the unexpected-error message when the network fails', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => Promise.reject(new TypeError('offline'))),
    );
    renderLogin();
    await fillAndSubmit('12345678Z', 'piscina-verano-2026');
    await expectAlert('Login error.');
  });

  it('links to registration, recovery and the help PDF of the current language', async () => {
    renderLogin('gl');
    expect(screen.getByRole('link', { name: 'Esquecín o meu contrasinal' })).toHaveAttribute(
      'href',
      '/recuperar-cuenta',
    );
    expect(
      screen.getByRole('link', { name: /Descargar a axuda sobre a bonificación/ }),
    ).toHaveAttribute('href', '/assets/axuda-bonificacion-gl.pdf');
    const user = userEvent.setup({ delay: null });
    await user.click(screen.getByRole('link', { name: 'Rexistrarse' }));
    await waitFor(() => expect(screen.getByText('register screen')).toBeInTheDocument());
  });

  it('speaks Spanish by default', () => {
    renderLogin('es');
    expect(screen.getByRole('heading', { level: 1, name: 'Iniciar sesión' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: /bonificación/ })).toHaveAttribute(
      'href',
      '/assets/axuda-bonificacion-es.pdf',
    );
  });
});
