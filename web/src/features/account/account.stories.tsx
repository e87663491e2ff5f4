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
