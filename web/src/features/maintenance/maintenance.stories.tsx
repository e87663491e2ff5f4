import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, within } from 'storybook/test';
import { screen, screenMeta, textOf } from '../../stories-support/screen-story';

export default {
  ...screenMeta,
  title: 'Screens/Maintenance',
  // written here, not only in screenMeta: Storybook's index reads a story file's tags as written
  tags: ['!autodocs'],
} satisfies Meta;
type Story = StoryObj;

const maintenance = { 'GET /config': 'maintenance' };

/** Staff have turned maintenance on: every resident screen shows this instead. */
export const Dashboard: Story = {
  parameters: screen('/dashboard', { session: 'resident', scenario: maintenance }),
  play: async (context) => {
    const t = textOf(context);
    await expect(
      await within(document.body).findByRole('heading', {
        level: 1,
        name: t('maintenance.enabled'),
      }),
    ).toBeVisible();
  },
};

/** The login stays open during maintenance, so staff can get in to turn it off. */
export const LoginStaysOpen: Story = {
  parameters: screen('/login', { scenario: maintenance }),
  play: async (context) => {
    const t = textOf(context);
    await expect(
      await within(document.body).findByRole('heading', { level: 1, name: t('auth.login.title') }),
    ).toBeVisible();
  },
};
