import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, within } from 'storybook/test';
import { screen, screenMeta, textOf } from '../../stories-support/screen-story';

export default {
  ...screenMeta,
  title: 'Screens/Payment result',
  // written here, not only in screenMeta: Storybook's index reads a story file's tags as written
  tags: ['!autodocs'],
} satisfies Meta;
type Story = StoryObj;

const page = () => within(document.body);
const latest = (example: string) =>
  screen('/pago-ok', { session: 'resident', scenario: { 'GET /user/payments/latest': example } });

/** /pago-ok once the bank's notification has arrived: the receipt can be downloaded. */
export const Received: Story = {
  parameters: latest('paid'),
  play: async (context) => {
    const t = textOf(context);
    await expect(
      await page().findByRole('heading', { level: 1, name: t('payments.ok.received.title') }),
    ).toBeVisible();
  },
};

/** /pago-ok before the bank has confirmed: the page keeps asking (no need to pay again). */
export const Checking: Story = {
  parameters: latest('pending'),
  play: async (context) => {
    const t = textOf(context);
    await expect(
      await page().findByRole('heading', { level: 1, name: t('payments.ok.checking.title') }),
    ).toBeVisible();
  },
};

export const NotAuthorised: Story = {
  parameters: latest('failed'),
  play: async (context) => {
    const t = textOf(context);
    await expect(
      await page().findByRole('heading', { level: 1, name: t('payments.ok.failed.title') }),
    ).toBeVisible();
  },
};

/** /pago-ok on an account with no payment (paid from another browser): it stops asking at once. */
export const NoPayment: Story = {
  parameters: latest('not_found'),
  play: async (context) => {
    const t = textOf(context);
    await expect(
      await page().findByRole('heading', { level: 1, name: t('payments.ok.none.title') }),
    ).toBeVisible();
  },
};

/** /pago-ok in a browser without a session: open to anyone, it says to sign in and asks nothing. */
export const SignedOut: Story = {
  parameters: screen('/pago-ok', { session: null }),
  play: async (context) => {
    const t = textOf(context);
    await expect(
      await page().findByRole('heading', { level: 1, name: t('payments.ok.signedOut.title') }),
    ).toBeVisible();
  },
};

/** /pago-ko: the bank's page reported a failure. */
export const Failed: Story = {
  parameters: screen('/pago-ko', { session: 'resident' }),
  play: async (context) => {
    const t = textOf(context);
    await expect(await page().findByText(t('payments.ko.message'))).toBeVisible();
  },
};
