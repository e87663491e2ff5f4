import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { getToken, setToken } from '../../lib/session';
import { fakeToken, mockApi } from '../../testing/mock-api';
import { renderScreen } from '../../testing/render';
import { AccountPage } from './account-page';
import { UnsubscribePage } from './unsubscribe-page';

const me = {
  id: 7,
  dni: '12345678Z',
  phone: '612345678',
  email: 'maria.lopez@example.es',
  email_confirmed: true,
  role: 'user',
  is_admin: false,
  reminders: true,
  locale: 'es',
};

// the confirmation dialog is Radix: jsdom lacks what it measures with
globalThis.ResizeObserver ??= class {
  observe(): void {}
  unobserve(): void {}
  disconnect(): void {}
} as unknown as typeof ResizeObserver;

function setup(handlers: Parameters<typeof mockApi>[0] = {}, locale: 'es' | 'en' | 'gl' = 'en') {
  const api = mockApi({
    'GET /api/user/me': { body: me },
    'PATCH /api/user/me': (_request, body) => ({ body: { ...me, ...(body as object) } }),
    ...handlers,
  });
  const view = renderScreen(<AccountPage />, {
    route: '/mi-cuenta',
    locale,
    routes: [{ path: '/login', element: <p>login page</p> }],
  });
  return { api, ...view };
}

describe('My account', () => {
  beforeEach(() => setToken(fakeToken()));
  afterEach(() => vi.unstubAllGlobals());

  it('shows the account, and saves the reminder setting as soon as it changes', async () => {
    const { api } = setup();
    expect(await screen.findByText('12345678Z')).toBeInTheDocument();
    const box = screen.getByRole('checkbox', { name: 'Send me payment reminders' });
    expect(box).toBeChecked();
    await userEvent.click(box);
    expect(await screen.findByText('You will not receive payment reminders.')).toBeInTheDocument();
    expect(box).not.toBeChecked();
    expect(api.calls.find((c) => c.method === 'PATCH')?.body).toEqual({ reminders: false });
  });

  it('puts the box back and says so when the setting cannot be saved', async () => {
    setup({ 'PATCH /api/user/me': { status: 502, body: null } });
    const box = await screen.findByRole('checkbox', { name: 'Send me payment reminders' });
    await userEvent.click(box);
    expect(await screen.findByText('It could not be saved. Please try again.')).toBeInTheDocument();
    expect(box).toBeChecked();
  });

  it('downloads the data file the server names', async () => {
    URL.createObjectURL = vi.fn(() => 'blob:data');
    URL.revokeObjectURL = vi.fn();
    const click = vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(() => {});
    setup({
      'GET /api/user/me/export': {
        body: { format: 'portal-data-export/1' },
        headers: { 'Content-Disposition': 'attachment; filename="mis-datos-2026-11-25.json"' },
      },
    });
    await userEvent.click(await screen.findByRole('button', { name: 'Download my data' }));
    await waitFor(() => expect(click).toHaveBeenCalledOnce());
    expect((click.mock.contexts[0] as HTMLAnchorElement).download).toBe(
      'mis-datos-2026-11-25.json',
    );
    click.mockRestore();
  });

  it('says what is kept after deletion, with the way to the privacy policy', async () => {
    setup({}, 'es');
    expect(
      await screen.findByText(/Las inscripciones y los registros de los pagos se conservan/),
    ).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'política de privacidad' })).toHaveAttribute(
      'href',
      '/privacidad#retention',
    );
  });

  it('asks for the password; a wrong one shows the server’s message and keeps the session', async () => {
    const { api } = setup({
      'DELETE /api/user/me': {
        status: 403,
        body: { detail: 'The password is not correct.', code: 'wrong_password' },
      },
    });
    await userEvent.click(await screen.findByRole('button', { name: 'Delete my account' }));
    const dialog = await screen.findByRole('alertdialog', { name: 'Delete your account?' });
    await userEvent.click(screen.getByRole('button', { name: 'Delete for good' }));
    expect(await screen.findByText('Enter your password.')).toBeInTheDocument();
    expect(api.calls.some((c) => c.method === 'DELETE')).toBe(false);

    await userEvent.type(screen.getByLabelText('Password'), 'guess{Enter}');
    expect(await screen.findByText('The password is not correct.')).toBeInTheDocument();
    expect(api.calls.find((c) => c.method === 'DELETE')?.body).toEqual({ password: 'guess' });
    expect(dialog).toBeInTheDocument();
    expect(getToken()).not.toBeNull();
  });

  it('deletes with the right password, ends the session and goes to the login page', async () => {
    const { router } = setup({
      'DELETE /api/user/me': {
        body: { detail: 'Your account has been deleted.', code: 'account_deleted' },
      },
    });
    await userEvent.click(await screen.findByRole('button', { name: 'Delete my account' }));
    await userEvent.type(await screen.findByLabelText('Password'), 'correct horse battery');
    await userEvent.click(screen.getByRole('button', { name: 'Delete for good' }));
    expect(await screen.findByText('login page')).toBeInTheDocument();
    expect(router.state.location.state).toEqual({ flash: 'account.delete.done' });
    expect(getToken()).toBeNull();
  });
});

describe('changing the password', () => {
  beforeEach(() => setToken(fakeToken()));
  afterEach(() => vi.unstubAllGlobals());

  it('checks the fields, shows the server’s refusal, and keeps the session with the new token', async () => {
    const user = userEvent.setup();
    const fresh = fakeToken({ exp: Math.floor(Date.now() / 1000) + 7200 });
    let tries = 0;
    const { api } = setup({
      'POST /api/user/me/password': () =>
        ++tries === 1
          ? {
              status: 403,
              body: { detail: 'The password is not correct.', code: 'wrong_password' },
            }
          : { body: { access_token: fresh, token_type: 'bearer' } },
    });
    const submit = await screen.findByRole('button', { name: 'Change the password' });
    await user.click(submit);
    expect(screen.getByText('Enter your current password.')).toBeInTheDocument();
    expect(api.calls.some((c) => c.path === '/api/user/me/password')).toBe(false);

    await user.type(screen.getByLabelText('Current password'), 'adivinanza');
    await user.type(screen.getByLabelText('New password'), 'pista-de-atletismo-2027');
    await user.type(screen.getByLabelText('Repeat the new password'), 'otra-cosa-distinta');
    await user.click(submit);
    expect(screen.getByText('The passwords do not match.')).toBeInTheDocument();

    await user.clear(screen.getByLabelText('Repeat the new password'));
    await user.type(screen.getByLabelText('Repeat the new password'), 'pista-de-atletismo-2027');
    await user.click(submit);
    expect(await screen.findByText('The password is not correct.')).toBeInTheDocument();
    expect(api.calls.find((c) => c.path === '/api/user/me/password')?.body).toEqual({
      current_password: 'adivinanza',
      new_password: 'pista-de-atletismo-2027',
      repeat_password: 'pista-de-atletismo-2027',
    });

    await user.click(submit);
    expect(
      await screen.findByText('Password changed. Your sessions on other devices have been closed.'),
    ).toBeInTheDocument();
    expect(getToken()).toBe(fresh);
    expect(screen.getByLabelText('Current password')).toHaveValue('');
  });
});

describe('changing the mobile and the e-mail', () => {
  beforeEach(() => setToken(fakeToken()));
  afterEach(() => vi.unstubAllGlobals());

  it('asks for the new mobile and the password, then the SMS code, and shows the new mobile', async () => {
    const user = userEvent.setup();
    let tries = 0;
    const { api } = setup({
      'POST /api/user/me/phone': () =>
        ++tries === 1
          ? {
              status: 403,
              body: { detail: 'The password is not correct.', code: 'wrong_password' },
            }
          : { body: { detail: 'Code sent by SMS.', code: 'otp_sent', expires_in: 600 } },
      'POST /api/user/me/phone/verify': (_request, body) =>
        (body as { code: string }).code === '111111'
          ? { status: 400, body: { detail: 'Incorrect or expired code.', code: 'invalid_code' } }
          : { body: { ...me, phone: '687654321' } },
    });
    await user.click(await screen.findByRole('button', { name: 'Change the mobile' }));
    const send = screen.getByRole('button', { name: 'Send the code' });
    await user.click(send);
    expect(screen.getByText('Enter the new mobile.')).toBeInTheDocument();
    expect(screen.getByText('Enter your password.')).toBeInTheDocument();
    await user.type(screen.getByLabelText('New mobile'), '68765');
    await user.type(screen.getByLabelText('Your current password'), 'adivinanza');
    await user.click(send);
    expect(screen.getByText('The mobile must have 9 digits.')).toBeInTheDocument();
    expect(api.calls.some((c) => c.path === '/api/user/me/phone')).toBe(false);

    await user.type(screen.getByLabelText('New mobile'), '4321');
    await user.click(send);
    expect(await screen.findByText('The password is not correct.')).toBeInTheDocument();
    expect(api.calls.find((c) => c.path === '/api/user/me/phone')?.body).toEqual({
      phone: '34687654321',
      password: 'adivinanza',
    });
    await user.click(send);
    expect(
      await screen.findByText('We have sent a code by SMS to 687654321. Enter it to finish.'),
    ).toBeInTheDocument();
    await user.type(screen.getByLabelText('6-digit code'), '111111');
    await user.click(screen.getByRole('button', { name: 'Confirm the change' }));
    expect(await screen.findByText('Incorrect or expired code.')).toBeInTheDocument();
    await user.clear(screen.getByLabelText('6-digit code'));
    await user.type(screen.getByLabelText('6-digit code'), '482913');
    await user.click(screen.getByRole('button', { name: 'Confirm the change' }));
    expect(await screen.findByText('Mobile changed.')).toBeInTheDocument();
    expect(screen.getByText('687654321')).toBeInTheDocument();
    expect(api.calls.findLast((c) => c.path === '/api/user/me/phone/verify')?.body).toEqual({
      phone: '34687654321',
      code: '482913',
    });
  });

  it('changes the e-mail in Galician, and cancelling leaves nothing sent', async () => {
    const user = userEvent.setup();
    const { api } = setup(
      {
        'POST /api/user/me/email': {
          body: {
            detail: 'Código enviado por correo electrónico.',
            code: 'email_code_sent',
            expires_in: 600,
          },
        },
        'POST /api/user/me/email/verify': { body: { ...me, email: 'maria.nova@example.gal' } },
      },
      'gl',
    );
    await user.click(await screen.findByRole('button', { name: 'Cambiar o correo electrónico' }));
    await user.click(screen.getByRole('button', { name: 'Cancelar' }));
    expect(api.calls.some((c) => c.path === '/api/user/me/email')).toBe(false);
    // the focus goes back to the button that opened the form
    expect(screen.getByRole('button', { name: 'Cambiar o correo electrónico' })).toHaveFocus();

    await user.click(screen.getByRole('button', { name: 'Cambiar o correo electrónico' }));
    await user.type(screen.getByLabelText('Correo electrónico novo'), 'maria.nova@example.gal');
    await user.type(screen.getByLabelText('O teu contrasinal actual'), 'piscina-verano-2026');
    await user.click(screen.getByRole('button', { name: 'Enviar o código' }));
    await user.type(await screen.findByLabelText('Código de 6 cifras'), '482913');
    await user.click(screen.getByRole('button', { name: 'Confirmar o cambio' }));
    expect(await screen.findByText('Correo electrónico cambiado.')).toBeInTheDocument();
    expect(screen.getByText('maria.nova@example.gal')).toBeInTheDocument();
  });
});

describe('confirming the e-mail', () => {
  beforeEach(() => setToken(fakeToken()));
  afterEach(() => vi.unstubAllGlobals());
  const unconfirmed = { ...me, email_confirmed: false };

  it('sends a code to the address and confirms it with the code; a wrong one changes nothing', async () => {
    const user = userEvent.setup();
    const { api } = setup({
      'GET /api/user/me': { body: unconfirmed },
      'POST /api/user/me/email/confirm': {
        body: { detail: 'Code sent by e-mail.', code: 'email_code_sent', expires_in: 600 },
      },
      'POST /api/user/me/email/verify': (_request, body) =>
        (body as { code: string }).code === '111111'
          ? { status: 400, body: { detail: 'Incorrect or expired code.', code: 'invalid_code' } }
          : { body: { ...me, email_confirmed: true } },
    });
    expect(await screen.findByText('(not confirmed)')).toBeInTheDocument();
    expect(
      screen.getByText(/until you confirm it, you cannot recover your password with it/),
    ).toBeInTheDocument();
    // the live region is on the page before anything happens, so its news is read out
    const live = screen
      .getAllByRole('status')
      .find((region) => region.textContent === '' && region.tagName === 'P');
    expect(live).toBeDefined();

    await user.click(screen.getByRole('button', { name: 'Send the confirmation code' }));
    expect(live).toHaveTextContent(
      'We have sent a code to maria.lopez@example.es. Enter it to confirm the address.',
    );
    const field = screen.getByLabelText('6-digit code');
    expect(field).toHaveFocus();
    expect(api.calls.filter((c) => c.path === '/api/user/me/email/confirm')).toHaveLength(1);

    const submit = screen.getByRole('button', { name: 'Confirm the e-mail address' });
    await user.click(submit);
    expect(screen.getByText('Enter the 6-digit code.')).toBeInTheDocument();
    expect(api.calls.some((c) => c.path === '/api/user/me/email/verify')).toBe(false);

    await user.type(field, '111111');
    await user.click(submit);
    expect(await screen.findByRole('alert')).toHaveTextContent('Incorrect or expired code.');
    expect(screen.getByText('(not confirmed)')).toBeInTheDocument();

    await user.clear(field);
    await user.type(field, '482913');
    await user.click(submit);
    await waitFor(() =>
      expect(live).toHaveTextContent(
        'E-mail address confirmed. You can now recover your password with it.',
      ),
    );
    expect(screen.getByText('(confirmed)')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Send the confirmation code' })).toBeNull();
    expect(api.calls.findLast((c) => c.path === '/api/user/me/email/verify')?.body).toEqual({
      email: 'maria.lopez@example.es',
      code: '482913',
    });
  });

  it('shows why an address cannot be confirmed (another account has it), in Spanish', async () => {
    const user = userEvent.setup();
    const taken =
      'Otra cuenta ya ha confirmado este correo electrónico. Cada cuenta necesita el suyo para recuperar la contraseña: usa otra dirección o contacta con el Concello.';
    setup(
      {
        'GET /api/user/me': { body: unconfirmed },
        'POST /api/user/me/email/confirm': {
          body: { detail: 'Código enviado.', code: 'email_code_sent', expires_in: 600 },
        },
        'POST /api/user/me/email/verify': {
          status: 409,
          body: { detail: taken, code: 'email_taken' },
        },
      },
      'es',
    );
    await user.click(
      await screen.findByRole('button', { name: 'Enviar el código de confirmación' }),
    );
    await user.type(screen.getByLabelText('Código de 6 cifras'), '482913');
    await user.click(screen.getByRole('button', { name: 'Confirmar el correo electrónico' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(taken);
    expect(screen.getByText('(sin confirmar)')).toBeInTheDocument();
    // cancelling goes back to the start, nothing else sent
    await user.click(screen.getByRole('button', { name: 'Cancelar' }));
    expect(
      screen.getByRole('button', { name: 'Enviar el código de confirmación' }),
    ).toBeInTheDocument();
  });

  it('says a confirmed address is confirmed and offers nothing to do', async () => {
    setup({}, 'gl');
    expect(await screen.findByText('(confirmado)')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Enviar o código de confirmación' })).toBeNull();
  });
});

describe('stopping reminders from the e-mail link', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('changes nothing until the resident presses the button', async () => {
    const { calls } = mockApi({
      'POST /api/reminders/unsubscribe': {
        body: { detail: 'No recibirás más recordatorios de pago.', code: 'reminders_stopped' },
      },
    });
    renderScreen(<UnsubscribePage />, { route: '/recordatorios/baja?token=7.abc', locale: 'gl' });
    expect(calls).toHaveLength(0);
    await userEvent.click(screen.getByRole('button', { name: 'Non quero máis recordatorios' }));
    expect(
      await screen.findByText('Non recibirás máis recordatorios de pagamento.'),
    ).toBeInTheDocument();
    expect(calls[0]?.body).toEqual({ token: '7.abc' });
  });

  it('shows the server’s message for a link that is not valid', async () => {
    mockApi({
      'POST /api/reminders/unsubscribe': {
        status: 404,
        body: { detail: 'This link is not valid.', code: 'invalid_unsubscribe_link' },
      },
    });
    renderScreen(<UnsubscribePage />, { route: '/recordatorios/baja?token=x', locale: 'en' });
    await userEvent.click(screen.getByRole('button', { name: 'No more reminders' }));
    expect(await screen.findByText('This link is not valid.')).toBeInTheDocument();
  });
});
