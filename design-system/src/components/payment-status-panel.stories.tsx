import type { Meta, StoryObj } from '@storybook/react-vite';
import { narrow } from '../stories-support/preview-annotations.tsx';
import { paymentText, type PaymentSampleText } from '../stories-support/payment-sample-text.ts';
import { DownloadButton } from './download-button.tsx';
import { PaymentStatusPanel, type PaymentStatusState } from './payment-status-panel.tsx';

function Demo({ t, state }: { t: PaymentSampleText; state: PaymentStatusState }) {
  const title = {
    checking: t.checkingTitle,
    received: t.receivedTitle,
    failed: t.failedTitle,
    unknown: t.unknownTitle,
  };
  const message = {
    checking: t.checkingMessage,
    received: t.receivedMessage,
    failed: t.failedMessage,
    unknown: t.unknownMessage,
  };
  return (
    <PaymentStatusPanel state={state} title={title[state]} message={message[state]}>
      {state === 'received' ? <DownloadButton label={t.download} onDownload={() => {}} /> : null}
    </PaymentStatusPanel>
  );
}

const meta: Meta<typeof PaymentStatusPanel> = {
  title: 'Feedback/PaymentStatusPanel',
  component: PaymentStatusPanel,
  render: (_args, ctx) => <Demo t={paymentText(ctx)} state="checking" />,
};
export default meta;
type Story = StoryObj<typeof PaymentStatusPanel>;

export const Checking: Story = {};
export const Received: Story = {
  render: (_args, ctx) => <Demo t={paymentText(ctx)} state="received" />,
};
export const Failed: Story = {
  render: (_args, ctx) => <Demo t={paymentText(ctx)} state="failed" />,
};
/** The app has stopped asking (no answer in time, or no payment): nothing spins. */
export const Unknown: Story = {
  render: (_args, ctx) => <Demo t={paymentText(ctx)} state="unknown" />,
};
export const Narrow: Story = {
  ...narrow,
  render: (_args, ctx) => <Demo t={paymentText(ctx)} state="received" />,
};
