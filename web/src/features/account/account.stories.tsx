import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, userEvent, within } from 'storybook/test';
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
  title: 'Screens/My account',
  // written here, not only in screenMeta: Storybook's index reads a story file's tags as written
  tags: ['!autodocs'],
} satisfies Meta;
type Story = StoryObj;

export const Account: Story = {
  parameters: screen('/mi-cuenta', { session: 'resident' }),
  play: async (context) => {
    const t = textOf(context);
    await expect(
      await page().findByRole('button', { name: t('account.delete.button') }, LOADED),
    ).toBeVisible();
  },
};

/** Deleting the account with a wrong password: the server's answer, nothing deleted. */
export const DeleteWrongPassword: Story = {
  parameters: screen('/mi-cuenta', {
    session: 'resident',
    scenario: { 'DELETE /user/me': 'wrong_password' },
  }),
  play: async (context) => {
    const t = textOf(context);
    await userEvent.click(
      await page().findByRole('button', { name: t('account.delete.button') }, LOADED),
    );
    const dialog = await page().findByRole('alertdialog');
    await userEvent.type(within(dialog).getByLabelText(t('account.delete.password')), 'no-es-esta');
    await userEvent.click(
      within(dialog).getByRole('button', { name: t('account.delete.confirm') }),
    );
    await expectServerMessage('DELETE /user/me', 'wrong_password', within(dialog));
  },
};

/** Changing the password with a wrong current one: the server's answer, nothing changed. */
export const ChangePasswordWrong: Story = {
  parameters: screen('/mi-cuenta', {
    session: 'resident',
    scenario: { 'POST /user/me/password': 'wrong_password' },
  }),
  play: async (context) => {
    const t = textOf(context);
    const section = within(
      await page().findByRole('region', { name: t('account.password.title') }, LOADED),
    );
    await userEvent.type(section.getByLabelText(t('account.password.current')), 'no-es-esta');
    await userEvent.type(
      section.getByLabelText(t('account.password.new')),
      'pista-de-atletismo-2027',
    );
    await userEvent.type(
      section.getByLabelText(t('account.password.repeat')),
      'pista-de-atletismo-2027',
    );
    await userEvent.click(section.getByRole('button', { name: t('account.password.submit') }));
    await expectServerMessage('POST /user/me/password', 'wrong_password', section);
  },
};

export const Unsubscribe: Story = {
  parameters: screen('/recordatorios/baja?token=abc'),
  play: async (context) => {
    const t = textOf(context);
    await expect(
      await page().findByRole('button', { name: t('account.unsubscribe.button') }, LOADED),
    ).toBeVisible();
  },
};

/** Confirming the e-mail: the code is right, but another account has confirmed that address. */
export const EmailTaken: Story = {
  parameters: screen('/mi-cuenta', {
    session: 'resident',
    scenario: { 'GET /user/me': 'unconfirmed', 'POST /user/me/email/verify': 'email_taken' },
  }),
  play: async (context) => {
    const t = textOf(context);
    await userEvent.click(
      await page().findByRole('button', { name: t('account.confirm.send') }, LOADED),
    );
    await userEvent.type(
      await page().findByLabelText(t('account.contact.code'), {}, LOADED),
      '482913',
    );
    await userEvent.click(page().getByRole('button', { name: t('account.confirm.submit') }));
    await expectServerMessage('POST /user/me/email/verify', 'email_taken');
  },
};

/** Asking for a confirmation code for an address confirmed meanwhile (another tab). */
export const EmailAlreadyConfirmed: Story = {
  parameters: screen('/mi-cuenta', {
    session: 'resident',
    scenario: {
      'GET /user/me': 'unconfirmed',
      'POST /user/me/email/confirm': 'already_confirmed',
    },
  }),
  play: async (context) => {
    const t = textOf(context);
    await userEvent.click(
      await page().findByRole('button', { name: t('account.confirm.send') }, LOADED),
    );
    await expectServerMessage('POST /user/me/email/confirm', 'already_confirmed');
  },
};

/** Asking for a confirmation code when the address was removed meanwhile (another tab). */
export const EmailConfirmationNoEmail: Story = {
  parameters: screen('/mi-cuenta', {
    session: 'resident',
    scenario: { 'GET /user/me': 'unconfirmed', 'POST /user/me/email/confirm': 'no_email' },
  }),
  play: async (context) => {
    const t = textOf(context);
    await userEvent.click(
      await page().findByRole('button', { name: t('account.confirm.send') }, LOADED),
    );
    await expectServerMessage('POST /user/me/email/confirm', 'no_email');
  },
};

/** Mi cuenta's reductions: one request in each state, in words, with the document kept. */
export const ReductionsStates: Story = {
  parameters: screen('/mi-cuenta', {
    session: 'resident',
    scenario: { 'GET /config': 'rules', 'GET /user/circumstances': 'states' },
  }),
  play: async (context) => {
    const t = textOf(context);
    const region = within(
      await page().findByRole('region', { name: t('account.reductions.title') }, LOADED),
    );
    // the requests arrive on their own, after the section shows
    const list = await region.findByRole(
      'list',
      { name: t('account.reductions.listLabel') },
      LOADED,
    );
    await expect(within(list).getAllByRole('listitem')).toHaveLength(4);
    await expect(list).toHaveTextContent(
      t('account.reductions.status', {
        status: t('persons.reduction.status.refusedBecause', {
          reason: 'El documento no se puede leer.',
        }),
      }),
    );
    await expect(
      region.getByRole('button', {
        name: t('account.reductions.download', {
          circumstance: 'Familia numerosa general',
          person: 'Xoán López Pereira',
        }),
      }),
    ).toBeVisible();
  },
};

/** Fee rules in place and nothing asked yet. */
export const ReductionsNone: Story = {
  parameters: screen('/mi-cuenta', {
    session: 'resident',
    scenario: { 'GET /config': 'rules', 'GET /user/circumstances': 'none' },
  }),
  play: async (context) => {
    const t = textOf(context);
    await expect(await page().findByText(t('account.reductions.empty'), {}, LOADED)).toBeVisible();
  },
};
