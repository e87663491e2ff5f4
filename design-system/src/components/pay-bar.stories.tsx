import * as React from 'react';
import type { Meta, StoryObj } from '@storybook/react-vite';
import type { Locale } from '../lib/format.ts';
import { narrow } from '../stories-support/preview-annotations.tsx';
import { storyLocale, storyText } from '../stories-support/sample-text.ts';
import { DiscountModal } from './discount-modal.tsx';
import { PayBar } from './pay-bar.tsx';

type DemoProps = {
  locale: Locale;
  reason?: 'select' | 'deadline';
  discountAvailable?: boolean;
  loading?: boolean;
};

/** PayBar wired to the DiscountModal the way the dashboard does it. */
function Demo({ locale, reason, discountAvailable = true, loading = false }: DemoProps) {
  const t = storyText({ globals: { locale } });
  const [discount, setDiscount] = React.useState(false);
  const [asking, setAsking] = React.useState(false);
  const base = 95.5;
  return (
    <>
      <PayBar
        locale={locale}
        amount={discount ? base * 0.5 : base * 0.75}
        amountLabel={t.amountToPay}
        payLabel={t.pay}
        onPay={() => {}}
        loading={loading}
        disabled={reason !== undefined}
        disabledReason={
          reason === 'deadline'
            ? t.deadlineExpired
            : reason === 'select'
              ? t.selectActivities
              : undefined
        }
        discountAvailable={discountAvailable}
        discountLabel={t.applyDiscount}
        discountChecked={discount}
        onDiscountChange={(checked) => (checked ? setAsking(true) : setDiscount(false))}
      />
      <DiscountModal
        open={asking}
        title={t.discountTitle}
        declaration={<p>{t.discountDeclaration}</p>}
        documentHref="./assets/bonificacion.pdf"
        documentLabel={t.discountDocument}
        acceptLabel={t.accept}
        cancelLabel={t.cancel}
        onAccept={() => {
          setDiscount(true);
          setAsking(false);
        }}
        onCancel={() => setAsking(false)}
      />
    </>
  );
}

const meta: Meta<typeof PayBar> = {
  title: 'Payments/PayBar',
  component: PayBar,
  render: (_args, ctx) => <Demo locale={storyLocale(ctx)} />,
};
export default meta;
type Story = StoryObj<typeof PayBar>;

export const Default: Story = {};
export const WithoutDiscount: Story = {
  render: (_args, ctx) => <Demo locale={storyLocale(ctx)} discountAvailable={false} />,
};
export const NothingSelected: Story = {
  render: (_args, ctx) => <Demo locale={storyLocale(ctx)} reason="select" />,
};
export const DeadlineExpired: Story = {
  render: (_args, ctx) => <Demo locale={storyLocale(ctx)} reason="deadline" />,
};
export const Loading: Story = {
  render: (_args, ctx) => <Demo locale={storyLocale(ctx)} loading />,
};
export const Galician: Story = { globals: { locale: 'gl' } };
export const Narrow: Story = { ...narrow };
