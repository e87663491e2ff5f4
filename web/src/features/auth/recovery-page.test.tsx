import { configure, screen, waitFor } from '@testing-library/react';
import userEvent, { type UserEvent } from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { mockApi } from '../../testing/mock-api';
import { renderScreen } from '../../testing/render';
import { RecoveryPage } from './recovery-page';
import { expectAlert } from '../../testing/expect-alert';

// screens render slowly when the whole suite runs in parallel
configure({ asyncUtilTimeout: 5000 });

const sent = {
  status: 202,
  body: {
    detail: 'Si la dirección corresponde a una cuenta, recibirás un código por correo electrónico.',
    code: 'recovery_email_sent',
  },
};
const changed = {
  body: { detail: 'Contraseña cambiada correctamente.', code: 'password_changed' },
};

function renderRecovery() {
  return renderScreen(<RecoveryPage />, {
    route: '/recuperar-cuenta',
    path: '/recuperar-cuenta',
    locale: 'en',
    routes: [{ path: '/login', element: <p>login screen</p> }],
  });
}

async function type(user: UserEvent, label: string, value: string) {
  await user.click(screen.getByLabelText(label));
  await user.paste(value);
}

async function toResetStep(user: UserEvent) {
  await type(user, 'Email', ' maria.lopez@example.es ');
  await user.click(screen.getByRole('button', { name: 'Send the code' }));
  // the step moves focus to its heading: type only after that, or keys land on the heading
  await waitFor(() =>
    expect(screen.getByRole('heading', { name: 'Code and new password' })).toHaveFocus(),
  );
}

describe('recovery step 1', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('requires the e-mail', async () => {
    const user = userEvent.setup({ delay: null });
    const { calls } = mockApi({});
    renderRecovery();
    await user.click(screen.getByRole('button', { name: 'Send the code' }));
    const summary = await screen.findByRole('alert');
    expect(summary).toHaveFocus();
    expect(summary).toHaveTextContent('Field required: enter your email address');
    expect(document.title).toMatch(/^Error: Recover your account/);
    expect(calls).toHaveLength(0);
  });

  it('asks for an address in the right format', async () => {
    const user = userEvent.setup({ delay: null });
    renderRecovery();
    await type(user, 'Email', 'maria');
    await user.click(screen.getByRole('button', { name: 'Send the code' }));
    await expectAlert('Enter an email address in the correct format');
  });

  it('sends the trimmed e-mail and moves to the code step with the e-mail-sent message', async () => {
    const user = userEvent.setup({ delay: null });
    const { calls } = mockApi({ 'POST /api/user/password-recovery': sent });
    renderRecovery();
    await toResetStep(user);
    expect(calls[0]?.body).toEqual({ email: 'maria.lopez@example.es' });
    expect(screen.getByRole('heading', { name: 'Code and new password' })).toHaveFocus();
    expect(screen.getByRole('status')).toHaveTextContent('Recovery email sent.');
  });

  it('shows the server detail, else "There is no account with that email address"', async () => {
    const user = userEvent.setup({ delay: null });
    mockApi({
      'POST /api/user/password-recovery': {
        status: 429,
        body: { detail: 'Demasiadas solicitudes.', code: 'rate_limited' },
      },
    });
    renderRecovery();
    await type(user, 'Email', 'maria.lopez@example.es');
    await user.click(screen.getByRole('button', { name: 'Send the code' }));
    await expectAlert('Demasiadas solicitudes.');

    mockApi({ 'POST /api/user/password-recovery': { status: 500, body: {} } });
    await user.click(screen.getByRole('button', { name: 'Send the code' }));
    await expectAlert('There is no account with that email address.');
  });
});

describe('recovery step 2 and 3', () => {
  afterEach(() => vi.unstubAllGlobals());

  it("says 'complete all required fields' and marks each empty field", async () => {
    const user = userEvent.setup({ delay: null });
    const { calls } = mockApi({ 'POST /api/user/password-recovery': sent });
    renderRecovery();
    await toResetStep(user);
    await user.click(screen.getByRole('button', { name: 'Change the password' }));
    const summary = await screen.findByRole('alert');
    expect(summary).toHaveTextContent('Complete all required fields.');
    expect(summary).toHaveTextContent('Field required: enter the code we sent you');
    expect(summary).toHaveTextContent('Field required: enter your password');
    expect(summary).toHaveTextContent('Field required: repeat the password');
    expect(calls).toHaveLength(1);
  });

  it('requires 8 characters and matching passwords', async () => {
    const user = userEvent.setup({ delay: null });
    mockApi({ 'POST /api/user/password-recovery': sent });
    renderRecovery();
    await toResetStep(user);
    await type(user, 'Code received by email', '730561');
    await type(user, 'New password', 'corta');
    await type(user, 'Repeat the new password', 'otra');
    await user.click(screen.getByRole('button', { name: 'Change the password' }));
    const summary = await screen.findByRole('alert');
    expect(summary).toHaveTextContent('Password must be at least 8 characters');
    expect(summary).toHaveTextContent('Passwords do not match');
    expect(summary).not.toHaveTextContent('Complete all required fields.');
  });

  it('changes the password and ends on the success screen with a go-to-login button', async () => {
    const user = userEvent.setup({ delay: null });
    const { calls } = mockApi({
      'POST /api/user/password-recovery': sent,
      'POST /api/user/password-recovery/verify': changed,
    });
    renderRecovery();
    await toResetStep(user);
    await type(user, 'Code received by email', '730561');
    await type(user, 'New password', 'bicicleta-otono-2026');
    await type(user, 'Repeat the new password', 'bicicleta-otono-2026');
    await user.click(screen.getByRole('button', { name: 'Change the password' }));
    await waitFor(() =>
      expect(screen.getByRole('heading', { name: 'Password changed' })).toHaveFocus(),
    );
    expect(calls[1]?.body).toEqual({
      email: 'maria.lopez@example.es',
      recovery_code: '730561',
      new_password: 'bicicleta-otono-2026',
      repeat_password: 'bicicleta-otono-2026',
    });
    expect(screen.getByRole('status')).toHaveTextContent('Password changed successfully.');
    await user.click(screen.getByRole('link', { name: 'Go to log in' }));
    expect(await screen.findByText('login screen')).toBeInTheDocument();
  });

  it('shows the server detail, else "The code is invalid or has expired"', async () => {
    const user = userEvent.setup({ delay: null });
    mockApi({
      'POST /api/user/password-recovery': sent,
      'POST /api/user/password-recovery/verify': {
        status: 400,
        body: { detail: 'Código incorrecto o caducado.', code: 'invalid_code' },
      },
    });
    renderRecovery();
    await toResetStep(user);
    await type(user, 'Code received by email', '000000');
    await type(user, 'New password', 'bicicleta-otono-2026');
    await type(user, 'Repeat the new password', 'bicicleta-otono-2026');
    await user.click(screen.getByRole('button', { name: 'Change the password' }));
    await expectAlert('Código incorrecto o caducado.');

    mockApi({ 'POST /api/user/password-recovery/verify': { status: 400, body: {} } });
    await user.click(screen.getByRole('button', { name: 'Change the password' }));
    await expectAlert('The code is invalid or has expired.');
    expect(screen.getByLabelText('New password')).toHaveValue('bicicleta-otono-2026');
  });

  it('sends another code with the code-sent-by-e-mail message', async () => {
    const user = userEvent.setup({ delay: null });
    const { calls } = mockApi({ 'POST /api/user/password-recovery': sent });
    renderRecovery();
    await toResetStep(user);
    await user.click(screen.getByRole('button', { name: 'Send another code' }));
    expect(await screen.findByText('Code sent by email.')).toBeInTheDocument();
    expect(calls).toHaveLength(2);
  });
});
