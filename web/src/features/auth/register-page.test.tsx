import { configure, render, screen, waitFor, within } from '@testing-library/react';
import userEvent, { type UserEvent } from '@testing-library/user-event';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { I18nProvider } from '../../i18n/i18n-provider';
import { AppLayout } from '../../app/shell/app-layout';
import { deviceTokenFor } from '../../lib/device-tokens';
import { getToken } from '../../lib/session';
import { fakeToken, mockApi } from '../../testing/mock-api';
import { renderScreen } from '../../testing/render';
import { RegisterPage } from './register-page';
import { expectAlert } from '../../testing/expect-alert';

// screens render slowly when the whole suite runs in parallel
configure({ asyncUtilTimeout: 5000 });

const codeSent = {
  status: 201,
  body: { detail: 'Código enviado por SMS.', code: 'otp_sent', expires_in: 600 },
};

function renderRegister() {
  // inside the real layout, so the welcome message on /dashboard is visible
  const router = createMemoryRouter(
    [
      {
        element: <AppLayout />,
        children: [
          { path: '/registrarse', element: <RegisterPage /> },
          { path: '/dashboard', element: <p>dashboard screen</p> },
        ],
      },
    ],
    { initialEntries: ['/registrarse'] },
  );
  return render(
    <I18nProvider locale="en">
      <RouterProvider router={router} />
    </I18nProvider>,
  );
}

function renderAlone() {
  return renderScreen(<RegisterPage />, { route: '/registrarse', locale: 'en' });
}

const field = {
  dni: () => screen.getByLabelText('DNI or NIE'),
  phone: () => screen.getByLabelText('Mobile phone'),
  email: () => screen.getByLabelText('Email (optional)'),
  password: () => screen.getByLabelText('Password'),
  repeat: () => screen.getByLabelText('Repeat the password'),
  submit: () => screen.getByRole('button', { name: 'Continue' }),
};

async function fillValid(
  user: UserEvent,
  overrides: Partial<Record<keyof typeof field, string>> = {},
) {
  const values = {
    dni: ' 12345678Z ',
    phone: '612345678',
    email: 'maria.lopez@example.es',
    password: 'piscina-verano-2026',
    repeat: 'piscina-verano-2026',
    ...overrides,
  };
  for (const key of ['dni', 'phone', 'email', 'password', 'repeat'] as const) {
    const input = field[key]();
    await user.clear(input);
    if (values[key]) {
      await user.click(input);
      await user.paste(values[key]);
    }
  }
}

describe('registration step 1', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('keeps Continue disabled until the form is valid', async () => {
    const user = userEvent.setup({ delay: null });
    renderAlone();
    expect(field.submit()).toBeDisabled();
    expect(field.submit()).toHaveAccessibleDescription(
      'Fill in the required fields correctly to continue.',
    );
    await fillValid(user);
    expect(field.submit()).toBeEnabled();
    await user.clear(field.email());
    expect(field.submit()).toBeEnabled(); // e-mail is optional
  });

  it('has a 9-character numeric phone input and an (optional) e-mail label', () => {
    renderAlone();
    expect(field.phone()).toHaveAttribute('maxLength', '9');
    expect(field.phone()).toHaveAttribute('inputMode', 'numeric');
    expect(field.email()).toBeInTheDocument();
  });

  it.each([
    ['dni', { dni: '' }, 'Field required: enter your DNI or NIE'],
    ['phone', { phone: '' }, 'Field required: enter your mobile phone number'],
    [
      'phone',
      { phone: '61234567' },
      'Enter a 9-digit phone number, without prefix or spaces, like 612345678',
    ],
    [
      'email',
      { email: 'maria@' },
      'Enter an email address in the correct format, like name@example.com',
    ],
    [
      'password',
      { password: 'corta12', repeat: 'corta12' },
      'Password must be at least 8 characters',
    ],
    ['repeat', { repeat: '' }, 'Field required: repeat the password'],
    [
      'repeat',
      { repeat: 'otra-clave-2026' },
      'Passwords do not match: type the same password in both fields',
    ],
  ] as const)(
    'shows the %s rule inline after leaving the field: %j',
    async (name, overrides, message) => {
      const user = userEvent.setup({ delay: null });
      renderAlone();
      await fillValid(user, overrides);
      await user.click(field[name]());
      await user.tab();
      expect(field[name]()).toHaveAccessibleDescription(
        expect.stringContaining(`Error: ${message}`),
      );
      expect(field[name]()).toBeInvalid();
      expect(field.submit()).toBeDisabled();
      expect(document.title).toMatch(/^Error: /);
    },
  );

  it('says 8 characters, never 6', async () => {
    renderAlone();
    expect(screen.getByText('At least 8 characters.')).toBeInTheDocument();
  });

  it('sends trimmed values with the 34 prefix, then asks for the SMS code', async () => {
    const user = userEvent.setup({ delay: null });
    const { calls } = mockApi({ 'POST /api/user/register': codeSent });
    renderAlone();
    await fillValid(user, { email: ' maria.lopez@example.es ' });
    await user.click(field.submit());
    await waitFor(() =>
      expect(screen.getByRole('heading', { name: 'Verification code' })).toHaveFocus(),
    );
    expect(calls[0]?.body).toEqual({
      dni: '12345678Z',
      phone: '34612345678',
      email: 'maria.lopez@example.es',
      password: 'piscina-verano-2026',
      repeat_password: 'piscina-verano-2026',
    });
    expect(screen.getByRole('status')).toHaveTextContent(
      'Code sent by SMS to the phone 612345678.',
    );
    const steps = screen.getByRole('list', { name: 'Registration steps' });
    expect(within(steps).getByText('Verification code').closest('li')).toHaveAttribute(
      'aria-current',
      'step',
    );
  });

  it('omits an empty e-mail', async () => {
    const user = userEvent.setup({ delay: null });
    const { calls } = mockApi({ 'POST /api/user/register': codeSent });
    renderAlone();
    await fillValid(user, { email: '' });
    await user.click(field.submit());
    await screen.findByRole('heading', { name: 'Verification code' });
    expect(calls[0]?.body).not.toHaveProperty('email');
  });

  it('disables Continue while the call runs', async () => {
    const user = userEvent.setup({ delay: null });
    let release: () => void = () => {};
    mockApi({
      'POST /api/user/register': () =>
        new Promise((resolve) => {
          release = () => resolve(codeSent);
        }),
    });
    renderAlone();
    await fillValid(user);
    await user.click(field.submit());
    expect(field.submit()).toBeDisabled();
    release();
    await screen.findByRole('heading', { name: 'Verification code' });
  });

  it('shows the server detail', async () => {
    const user = userEvent.setup({ delay: null });
    mockApi({
      'POST /api/user/register': {
        status: 409,
        body: { detail: 'Ya existe una cuenta con ese DNI.', code: 'account_exists' },
      },
    });
    renderAlone();
    await fillValid(user);
    await user.click(field.submit());
    await expectAlert('Ya existe una cuenta con ese DNI.');
    expect(field.dni()).toHaveValue(' 12345678Z ');
  });

  it('joins the msgs of a detail array with a space', async () => {
    const user = userEvent.setup({ delay: null });
    mockApi({
      'POST /api/user/register': {
        status: 422,
        body: {
          detail: [
            { loc: ['body', 'dni'], msg: 'DNI no válido.', type: 'value_error' },
            { loc: ['body', 'phone'], msg: 'El teléfono debe ser un móvil.', type: 'value_error' },
          ],
          code: 'validation_error',
        },
      },
    });
    renderAlone();
    await fillValid(user);
    await user.click(field.submit());
    await expectAlert('DNI no válido. El teléfono debe ser un móvil.');
  });

  it('falls back to "Registration failed" without a detail', async () => {
    const user = userEvent.setup({ delay: null });
    mockApi({ 'POST /api/user/register': { status: 500, body: {} } });
    renderAlone();
    await fillValid(user);
    await user.click(field.submit());
    await expectAlert('Registration failed. Check your details and try again.');
  });
});

describe('registration step 2', () => {
  afterEach(() => vi.unstubAllGlobals());

  async function toCodeStep(handlers: Parameters<typeof mockApi>[0], alone = true) {
    const user = userEvent.setup({ delay: null });
    const api = mockApi({ 'POST /api/user/register': codeSent, ...handlers });
    if (alone) renderAlone();
    else renderRegister();
    await fillValid(user);
    await user.click(field.submit());
    // the step moves focus to its heading: type only after that, or keys land on the heading
    await waitFor(() =>
      expect(screen.getByRole('heading', { name: 'Verification code' })).toHaveFocus(),
    );
    return { user, ...api };
  }

  it('requires the code', async () => {
    const { user, calls } = await toCodeStep({});
    await user.click(screen.getByRole('button', { name: 'Verify' }));
    await expectAlert('Field required: enter the code we sent you');
    expect(calls.filter((call) => call.path === '/api/user/verify')).toHaveLength(0);
  });

  it('verifies, stores the token and the device token and welcomes the user on /dashboard', async () => {
    const token = fakeToken();
    const deviceToken =
      'd1.7.Yx3kP0aQ9mLw2rTn.1795600000.mB1vZ0sQ8xq7yKf2oW3eTnR5aUcL9dJhG4iP6sV1bXk';
    const { user, calls } = await toCodeStep(
      {
        'POST /api/user/verify': {
          body: { access_token: token, token_type: 'bearer', device_token: deviceToken },
        },
      },
      false,
    );
    await user.type(screen.getByLabelText('Code received by SMS'), '482913');
    await user.click(screen.getByRole('button', { name: 'Verify' }));
    expect(
      await screen.findByText('Registration verified successfully. Welcome!'),
    ).toBeInTheDocument();
    expect(getToken()).toBe(token);
    expect(calls.find((call) => call.path === '/api/user/verify')?.body).toEqual({
      dni: '12345678Z',
      otp_code: '482913',
    });
    // kept where a login's is: the next login of this DNI on this browser sends it
    expect(deviceTokenFor('12345678Z')).toBe(deviceToken);
  });

  it('shows "Incorrect or expired code" for a refused code without a detail', async () => {
    const { user } = await toCodeStep({
      'POST /api/user/verify': { status: 400, body: { code: 'invalid_code' } },
    });
    await user.type(screen.getByLabelText('Code received by SMS'), '000000');
    await user.click(screen.getByRole('button', { name: 'Verify' }));
    await expectAlert('Incorrect or expired code.');
    expect(getToken()).toBeNull();
    expect(deviceTokenFor('12345678Z')).toBeUndefined();
  });

  it("prefers the server's detail", async () => {
    const { user } = await toCodeStep({
      'POST /api/user/verify': {
        status: 400,
        body: { detail: 'Código incorrecto o caducado.', code: 'invalid_code' },
      },
    });
    await user.type(screen.getByLabelText('Code received by SMS'), '000000');
    await user.click(screen.getByRole('button', { name: 'Verify' }));
    await expectAlert('Código incorrecto o caducado.');
  });

  it('shows "Error verifying code" when the check fails otherwise', async () => {
    const { user } = await toCodeStep({
      'POST /api/user/verify': { status: 503, body: {} },
    });
    await user.type(screen.getByLabelText('Code received by SMS'), '482913');
    await user.click(screen.getByRole('button', { name: 'Verify' }));
    await expectAlert('Error verifying code.');
  });

  it('goes back to the form with the details kept', async () => {
    const { user } = await toCodeStep({});
    await user.click(screen.getByRole('button', { name: 'Change my details' }));
    await waitFor(() =>
      expect(screen.getByRole('heading', { name: 'Your details' })).toHaveFocus(),
    );
    expect(field.phone()).toHaveValue('612345678');
  });
});

describe('a lost SMS', () => {
  afterEach(() => {
    vi.useRealTimers();
    vi.unstubAllGlobals();
  });

  it('sends the code again after the minute the server asks, and says so; its refusal as worded', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    const user = userEvent.setup({ delay: null, advanceTimers: vi.advanceTimersByTime });
    let resends = 0;
    const { calls } = mockApi({
      'POST /api/user/register': codeSent,
      'POST /api/user/register/resend': () =>
        ++resends === 1
          ? { body: { detail: 'Code sent by SMS.', code: 'otp_sent', expires_in: 600 } }
          : {
              status: 429,
              body: {
                detail: 'Too many attempts. Please wait a few minutes and try again.',
                code: 'too_many_requests',
              },
            },
    });
    renderAlone();
    await fillValid(user);
    await user.click(field.submit());
    const again = await screen.findByRole('button', { name: /Send the code again in \d+ s/ });
    expect(again).toBeDisabled();
    await vi.advanceTimersByTimeAsync(61_000);
    const ready = await screen.findByRole('button', { name: 'Send the code again' });
    await user.click(ready);
    expect(
      await screen.findByText('We have sent you a new code. The previous one no longer works.'),
    ).toBeInTheDocument();
    expect(calls.find((c) => c.path === '/api/user/register/resend')?.body).toEqual({
      dni: '12345678Z',
    });
    // the minute starts again; once past, the server's refusal is shown as it says it
    expect(screen.getByRole('button', { name: /Send the code again in \d+ s/ })).toBeDisabled();
    await vi.advanceTimersByTimeAsync(61_000);
    await user.click(await screen.findByRole('button', { name: 'Send the code again' }));
    expect(
      await screen.findByText('Too many attempts. Please wait a few minutes and try again.'),
    ).toBeInTheDocument();
  });
});
