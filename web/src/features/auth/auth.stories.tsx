import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, userEvent } from 'storybook/test';
import {
  expectServerMessage,
  LOADED,
  page,
  screen,
  screenMeta,
  textOf,
} from '../../stories-support/screen-story';

export default {
  ...screenMeta,
  title: 'Screens/Login, registration and recovery',
  // written here, not only in screenMeta: Storybook's index reads a story file's tags as written
  tags: ['!autodocs'],
} satisfies Meta;
type Story = StoryObj;
type Context = Parameters<NonNullable<Story['play']>>[0];

const field = (label: string) => page().getByLabelText(label, { exact: false });
const exactField = (label: string) => page().getByLabelText(label);

async function logIn(context: Context) {
  const t = textOf(context);
  await page().findByRole('heading', { level: 1, name: t('auth.login.title') });
  await userEvent.type(field(t('auth.field.dni')), '12345678Z');
  await userEvent.type(exactField(t('auth.field.password')), 'piscina-verano-2026');
  await userEvent.click(page().getByRole('button', { name: t('auth.login.submit') }));
}

export const LoginEmpty: Story = { parameters: screen('/login') };

export const LoginFieldErrors: Story = {
  parameters: screen('/login'),
  play: async (context) => {
    const t = textOf(context);
    await page().findByRole('heading', { level: 1, name: t('auth.login.title') });
    await userEvent.click(page().getByRole('button', { name: t('auth.login.submit') }));
    await expect(page().getByRole('link', { name: t('auth.error.dniRequired') })).toBeVisible();
    await expect(
      page().getByRole('link', { name: t('auth.error.passwordRequired') }),
    ).toBeVisible();
  },
};

export const LoginWrongCredentials: Story = {
  parameters: screen('/login', { scenario: { 'POST /user/login': 'invalid_credentials' } }),
  play: async (context) => {
    await logIn(context);
    await expect(
      await page().findByText(textOf(context)('auth.login.badCredentials')),
    ).toBeVisible();
  },
};

/** 429 (too many attempts) and 503 (server busy) are "any other failure" for the login. */
export const LoginTooManyAttempts: Story = {
  parameters: screen('/login', { scenario: { 'POST /user/login': 'too_many_requests' } }),
  play: async (context) => {
    await logIn(context);
    await expect(
      await page().findByText(textOf(context)('auth.login.unexpectedError')),
    ).toBeVisible();
  },
};

export const LoginServerBusy: Story = {
  parameters: screen('/login', { scenario: { 'POST /user/login': 'server_busy' } }),
  play: LoginTooManyAttempts.play,
};

/** An administrator with a second factor: the password step leads to the code step. */
export const LoginSecondFactor: Story = {
  parameters: screen('/login', { scenario: { 'POST /user/login': 'mfa' } }),
  play: async (context) => {
    await logIn(context);
    await expect(
      await page().findByRole('heading', { level: 1, name: textOf(context)('auth.mfa.title') }),
    ).toBeVisible();
  },
};

async function fillRegistration(context: Context) {
  const t = textOf(context);
  await page().findByRole('heading', { level: 1, name: t('auth.register.title') });
  await userEvent.type(field(t('auth.field.dni')), '12345678Z');
  await userEvent.type(field(t('auth.field.phone')), '612345678');
  await userEvent.type(exactField(t('auth.field.password')), 'piscina-verano-2026');
  await userEvent.type(exactField(t('auth.field.repeatPassword')), 'piscina-verano-2026');
  await userEvent.click(page().getByRole('button', { name: t('auth.register.submit') }));
}

export const RegisterForm: Story = { parameters: screen('/registrarse') };

/** Each rule shows beside its field when the field is left; Continue stays disabled. */
export const RegisterFieldErrors: Story = {
  parameters: screen('/registrarse'),
  play: async (context) => {
    const t = textOf(context);
    await page().findByRole('heading', { level: 1, name: t('auth.register.title') });
    await userEvent.type(field(t('auth.field.phone')), '61234567');
    await userEvent.type(field(t('auth.field.email')), 'maria@');
    await userEvent.tab();
    await expect(field(t('auth.field.phone'))).toHaveAccessibleDescription(
      expect.stringContaining(t('auth.error.phoneInvalid')),
    );
    await expect(field(t('auth.field.email'))).toBeInvalid();
    await expect(page().getByRole('button', { name: t('auth.register.submit') })).toBeDisabled();
  },
};

export const RegisterAccountExists: Story = {
  parameters: screen('/registrarse', { scenario: { 'POST /user/register': 'account_exists' } }),
  play: async (context) => {
    await fillRegistration(context);
    await expectServerMessage('POST /user/register', 'account_exists');
  },
};

export const RegisterCodeNotDelivered: Story = {
  parameters: screen('/registrarse', {
    scenario: { 'POST /user/register': 'code_delivery_failed' },
  }),
  play: async (context) => {
    await fillRegistration(context);
    await expectServerMessage('POST /user/register', 'code_delivery_failed');
  },
};

/** Too many passwords being hashed at once: the server's own words, in the resident's language. */
export const RegisterServerBusy: Story = {
  parameters: screen('/registrarse', { scenario: { 'POST /user/register': 'server_busy' } }),
  play: async (context) => {
    await fillRegistration(context);
    await expectServerMessage('POST /user/register', 'server_busy');
  },
};

/** Step 2: the code sent by SMS. */
export const RegisterCodeStep: Story = {
  parameters: screen('/registrarse'),
  play: async (context) => {
    await fillRegistration(context);
    await expect(
      await page().findByLabelText(textOf(context)('auth.field.smsCode'), { exact: false }, LOADED),
    ).toBeVisible();
  },
};

export const RegisterCodeWrong: Story = {
  parameters: screen('/registrarse', { scenario: { 'POST /user/verify': 'invalid_code' } }),
  play: async (context) => {
    const t = textOf(context);
    await fillRegistration(context);
    await userEvent.type(
      await page().findByLabelText(t('auth.field.smsCode'), { exact: false }),
      '123456',
    );
    await userEvent.click(page().getByRole('button', { name: t('auth.register.verify') }));
    await expectServerMessage('POST /user/verify', 'invalid_code');
  },
};

async function askRecovery(context: Context) {
  const t = textOf(context);
  await page().findByRole('heading', { level: 1, name: t('auth.recovery.title') });
  await userEvent.type(field(t('auth.field.email')), 'maria@example.es');
  await userEvent.click(page().getByRole('button', { name: t('auth.recovery.sendCode') }));
}

export const RecoveryEmailStep: Story = { parameters: screen('/recuperar-cuenta') };

export const RecoveryCodeStep: Story = {
  parameters: screen('/recuperar-cuenta'),
  play: async (context) => {
    await askRecovery(context);
    await expect(
      await page().findByLabelText(textOf(context)('auth.field.emailCode'), { exact: false }),
    ).toBeVisible();
  },
};

async function resetPassword(context: Context) {
  const t = textOf(context);
  await askRecovery(context);
  await userEvent.type(
    await page().findByLabelText(t('auth.field.emailCode'), { exact: false }),
    '123456',
  );
  await userEvent.type(exactField(t('auth.field.newPassword')), 'piscina-inverno-2026');
  await userEvent.type(exactField(t('auth.field.repeatNewPassword')), 'piscina-inverno-2026');
  await userEvent.click(page().getByRole('button', { name: t('auth.recovery.changePassword') }));
}

export const RecoveryCodeInvalid: Story = {
  parameters: screen('/recuperar-cuenta', {
    scenario: { 'POST /user/password-recovery/verify': 'invalid_code' },
  }),
  play: async (context) => {
    await resetPassword(context);
    await expectServerMessage('POST /user/password-recovery/verify', 'invalid_code');
  },
};

export const RecoveryDone: Story = {
  parameters: screen('/recuperar-cuenta'),
  play: async (context) => {
    await resetPassword(context);
    await expect(
      await page().findByText(textOf(context)('auth.recovery.passwordChanged')),
    ).toBeVisible();
  },
};
