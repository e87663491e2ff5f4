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
    mockApi({ 'POST /api/user/login': { networkError: true } });
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

  it('an administrator with a second factor gives the app’s code (or a recovery code) after the password', async () => {
    const adminToken = fakeToken({ role: 'admin', is_admin: true });
    let tries = 0;
    const { calls } = mockApi({
      'POST /api/user/login': { body: { mfa_required: true, mfa_token: 'step-1' } },
      'POST /api/user/login/mfa': () =>
        ++tries === 1
          ? { status: 401, body: { detail: 'The code is not correct.', code: 'invalid_mfa_code' } }
          : { body: { access_token: adminToken, token_type: 'bearer' } },
    });
    renderLogin();
    const user = await fillAndSubmit('33445566R', 'e2e-admin-password-2026');
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Two-step verification' }),
    ).toHaveFocus();
    expect(getToken()).toBeNull();
    await user.click(screen.getByRole('button', { name: 'Verify' }));
    expect(
      await screen.findByText("Enter the 6 digits of your app's code.", { exact: false }),
    ).toBeInTheDocument();
    await user.type(screen.getByLabelText('Code from the app'), '123456');
    await user.click(screen.getByRole('button', { name: 'Verify' }));
    expect(await screen.findByText('The code is not correct.')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Use a recovery code' }));
    await user.type(screen.getByLabelText('Recovery code'), 'k7m2-9qxr');
    await user.click(screen.getByRole('button', { name: 'Verify' }));
    expect(await screen.findByText('admin screen')).toBeInTheDocument();
    expect(getToken()).toBe(adminToken);
    expect(calls.filter((c) => c.path === '/api/user/login/mfa').map((c) => c.body)).toEqual([
      { mfa_token: 'step-1', code: '123456' },
      { mfa_token: 'step-1', code: 'k7m2-9qxr' },
    ]);
  });

  it('an expired second step goes back to the password', async () => {
    mockApi({
      'POST /api/user/login': { body: { mfa_required: true, mfa_token: 'old' } },
      'POST /api/user/login/mfa': {
        status: 401,
        body: {
          detail: 'The login has expired. Enter your password again.',
          code: 'mfa_token_invalid',
        },
      },
    });
    renderLogin();
    const user = await fillAndSubmit('33445566R', 'e2e-admin-password-2026');
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Two-step verification' }),
    ).toHaveFocus();
    await user.type(screen.getByLabelText('Code from the app'), '123456');
    await user.click(screen.getByRole('button', { name: 'Verify' }));
    expect(
      await screen.findByText('The login has expired. Enter your password again.'),
    ).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Enter the password again' }));
    expect(await screen.findByRole('heading', { level: 1, name: 'Log in' })).toBeInTheDocument();
    expect(screen.getByLabelText('Password')).toHaveValue('');
  });
});
