import * as React from 'react';
import type { Meta, StoryObj } from '@storybook/react-vite';
import { narrow } from '../stories-support/preview-annotations.tsx';
import { paymentText, type PaymentSampleText } from '../stories-support/payment-sample-text.ts';
import { formatEuros } from '../lib/format.ts';
import { storyLocale } from '../stories-support/sample-text.ts';
import { Alert } from './alert.tsx';
import { RefundDialog } from './refund-dialog.tsx';

function Demo({
  t,
  locale,
  reasonError = false,
  loading = false,
  refused = false,
  whole = false,
}: {
  t: PaymentSampleText;
  locale: 'es' | 'en' | 'gl';
  reasonError?: boolean;
  loading?: boolean;
  refused?: boolean;
  whole?: boolean;
}) {
  const amounts = [33.75, 64.13];
  const [checked, setChecked] = React.useState([true, !whole ? false : true]);
  const [reason, setReason] = React.useState(reasonError ? '' : 'Baja por lesión');
  const total = amounts.reduce((sum, amount, i) => (checked[i] ? sum + amount : sum), 0);
  return (
    <RefundDialog
      open
      title={t.refundTitle}
      description={t.refundDescription}
      itemsLegend={t.refundItems}
      items={t.activities.map((label, i) => ({
        id: String(i),
        label,
        amount: formatEuros(amounts[i]!, locale),
        checked: checked[i]!,
        disabled: whole,
      }))}
      onItemChange={(id, value) =>
        setChecked((current) => current.map((c, i) => (String(i) === id ? value : c)))
      }
      totalLabel={t.refundTotal}
      total={formatEuros(total, locale)}
      reasonLabel={t.refundReason}
      reasonHint={t.refundReasonHint}
      reason={reason}
      onReasonChange={setReason}
      reasonError={reasonError ? t.refundReasonError : null}
      errorPrefix={t.errorPrefix}
      confirmLabel={t.refundConfirm}
      cancelLabel={t.cancel}
      onConfirm={() => {}}
      onCancel={() => {}}
      loading={loading}
      error={refused ? <Alert variant="error">{t.refundRefused}</Alert> : null}
    />
  );
}

const meta: Meta<typeof RefundDialog> = {
  title: 'Overlays/RefundDialog',
  component: RefundDialog,
  parameters: {
    docs: {
      description: {
        component:
          'Staff only: refunds all or part of a payment, with the amount left to refund and the reason. Use **ConfirmDialog** for confirmations without an amount.',
      },
    },
  },
  render: (_args, ctx) => <Demo t={paymentText(ctx)} locale={storyLocale(ctx)} />,
};
export default meta;
type Story = StoryObj<typeof RefundDialog>;

export const OneActivity: Story = {};
export const DuplicateRefundedWhole: Story = {
  render: (_args, ctx) => <Demo t={paymentText(ctx)} locale={storyLocale(ctx)} whole />,
};
export const MissingReason: Story = {
  render: (_args, ctx) => <Demo t={paymentText(ctx)} locale={storyLocale(ctx)} reasonError />,
};
export const Refunding: Story = {
  render: (_args, ctx) => <Demo t={paymentText(ctx)} locale={storyLocale(ctx)} loading />,
};
export const GatewayRefused: Story = {
  render: (_args, ctx) => <Demo t={paymentText(ctx)} locale={storyLocale(ctx)} refused />,
};
export const Narrow: Story = { ...narrow };
