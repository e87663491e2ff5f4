import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, userEvent, within } from 'storybook/test';
import {
  expectServerMessage,
  page,
  screen,
  screenMeta,
  textOf,
} from '../../stories-support/screen-story';

export default { ...screenMeta, title: 'Screens/My account' } satisfies Meta;
type Story = StoryObj;

export const Account: Story = {
  parameters: screen('/mi-cuenta', { session: 'resident' }),
  play: async (context) => {
    const t = textOf(context);
    await expect(
      await page().findByRole('button', { name: t('account.delete.button') }, { timeout: 5000 }),
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
      await page().findByRole('button', { name: t('account.delete.button') }, { timeout: 5000 }),
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
      await page().findByRole('region', { name: t('account.password.title') }, { timeout: 5000 }),
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
      await page().findByRole(
        'button',
        { name: t('account.unsubscribe.button') },
        { timeout: 5000 },
      ),
    ).toBeVisible();
  },
};
