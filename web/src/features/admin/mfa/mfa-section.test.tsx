import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it } from 'vitest';
import { getToken } from '../../../lib/session';
import { fakeToken, mockApi } from '../../../testing/mock-api';
import { renderScreen } from '../../../testing/render';
import { AdminPage } from '../admin-page';
import { signInAsAdmin } from '../test-support';
import { MfaSection } from './mfa-section';

const setupAnswer = {
  secret: 'JBSWY3DPEHPK3PXPJBSWY3DPEHPK3PXP',
  otpauth_url: 'otpauth://totp/Concello:33445566R?secret=JBSWY3DPEHPK3PXPJBSWY3DPEHPK3PXP',
  qr_svg:
    '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 33 33"><path d="M4 4h7v7H4z"/></svg>',
};
const codes = Array.from({ length: 10 }, (_, i) => `AB${i}D-EFGH`);

describe('two-step verification (admin)', () => {
  beforeEach(signInAsAdmin);
  it('sets up the app from the QR code or the key, confirms with a code and shows the recovery codes once', async () => {
    const newToken = fakeToken({ role: 'admin', is_admin: true });
    const { calls } = mockApi({
      'GET /api/admin/mfa': { body: { enabled: false, required: false, recovery_codes_left: 0 } },
      'POST /api/admin/mfa/setup': { body: setupAnswer },
      'POST /api/admin/mfa/confirm': {
        body: { recovery_codes: codes, access_token: newToken, token_type: 'bearer' },
      },
    });
    renderScreen(<MfaSection />, { locale: 'en' });
    const start = await screen.findByRole('button', { name: 'Turn on two-step verification' });
    await userEvent.click(start);
    expect(await screen.findByText('Enter your password.')).toBeInTheDocument();
    expect(calls.some((c) => c.path === '/api/admin/mfa/setup')).toBe(false);
    await userEvent.type(screen.getByLabelText('Your password'), 'polideportivo-2026');
    await userEvent.click(start);
    expect(calls.find((c) => c.path === '/api/admin/mfa/setup')?.body).toEqual({
      password: 'polideportivo-2026',
    });
    expect(
      await screen.findByRole('img', {
        name: 'QR code to add the account to the authenticator app',
      }),
    ).toHaveAttribute('src', expect.stringMatching(/^data:image\/svg\+xml;utf8,%3Csvg/));
    expect(screen.getByText(setupAnswer.secret)).toBeInTheDocument();
    const input = screen.getByLabelText('Code from the app');
    await userEvent.type(input, '12');
    await userEvent.click(screen.getByRole('button', { name: 'Turn on' }));
    expect(input).toHaveAccessibleDescription(/Enter the 6 digits of the app's code/);
    expect(calls.some((c) => c.path === '/api/admin/mfa/confirm')).toBe(false);
    await userEvent.type(input, '3456');
    await userEvent.click(screen.getByRole('button', { name: 'Turn on' }));
    const list = await screen.findByTestId('recovery-codes');
    expect(within(list).getAllByRole('listitem')).toHaveLength(10);
    expect(getToken()).toBe(newToken);
    expect(calls.find((c) => c.path === '/api/admin/mfa/confirm')?.body).toEqual({
      code: '123456',
    });
  });

  it('a wrong password shows the server message and no secret', async () => {
    mockApi({
      'GET /api/admin/mfa': { body: { enabled: false, required: true, recovery_codes_left: 0 } },
      'POST /api/admin/mfa/setup': {
        status: 403,
        body: { detail: 'O contrasinal non é correcto.', code: 'wrong_password' },
      },
    });
    renderScreen(<MfaSection />, { locale: 'gl' });
    await userEvent.type(await screen.findByLabelText('O teu contrasinal'), 'adiviña');
    await userEvent.click(screen.getByRole('button', { name: /Activar/ }));
    expect(await screen.findByText('O contrasinal non é correcto.')).toBeInTheDocument();
    expect(screen.queryByTestId('mfa-secret')).toBeNull();
  });

  it('when required, the panel shows only how to set it up until it is on', async () => {
    mockApi({
      'GET /api/admin/mfa': { body: { enabled: false, required: true, recovery_codes_left: 0 } },
    });
    renderScreen(<AdminPage />, { locale: 'es', route: '/admin' });
    expect(
      await screen.findByText(
        'Para usar el panel de administración, activa antes la verificación en dos pasos.',
      ),
    ).toBeInTheDocument();
    expect(screen.getByRole('region', { name: 'Verificación en dos pasos' })).toBeInTheDocument();
    expect(screen.queryByRole('region', { name: 'Gestión de usuarios' })).toBeNull();
  });
});
