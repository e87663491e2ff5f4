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
  /** Offer card and Bizum (the council has Bizum on). */
  bizum?: boolean;
  /** List what is paid: a whole fee and two parts of a fee in parts. */
  parts?: boolean;
};

/** PayBar wired to the DiscountModal the way the dashboard does it. */
function Demo({
  locale,
  reason,
  discountAvailable = true,
  loading = false,
  bizum = false,
  parts = false,
}: DemoProps) {
  const t = storyText({ globals: { locale } });
  const [discount, setDiscount] = React.useState(false);
  const [method, setMethod] = React.useState('card');
  const [asking, setAsking] = React.useState(false);
  const base = 95.5;
  return (
    <>
      <PayBar
        locale={locale}
        // with parts, the sum of the lines listed
        amount={parts ? 97.5 : discount ? base * 0.5 : base * 0.75}
        amountLabel={t.amountToPay}
        payLabel={method === 'bizum' ? t.payByBizum : t.pay}
        onPay={() => {}}
        methods={
          bizum
            ? [
                { value: 'card', label: t.payMethodCard },
                { value: 'bizum', label: t.payMethodBizum },
              ]
            : undefined
        }
        method={method}
        onMethodChange={setMethod}
        methodLegend={t.payMethod}
        lines={
          parts
            ? [
                { id: '4:1', label: 'Yoga', amount: 30 },
                { id: '4:8:1', label: 'Escola de natación', detail: t.partOf(1, 2), amount: 33.75 },
                { id: '4:8:2', label: 'Escola de natación', detail: t.partOf(2, 2), amount: 33.75 },
              ]
            : undefined
        }
        linesLabel={t.payLines}
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
/** The council takes Bizum: a radio group offers Tarjeta and Bizum (arrow keys move the choice). */
export const WithBizum: Story = {
  render: (_args, ctx) => <Demo locale={storyLocale(ctx)} bizum />,
};
export const WithBizumEnglish: Story = {
  globals: { locale: 'en' },
  render: (_args, ctx) => <Demo locale={storyLocale(ctx)} bizum />,
};
export const WithBizumGalician: Story = {
  globals: { locale: 'gl' },
  render: (_args, ctx) => <Demo locale={storyLocale(ctx)} bizum />,
};
export const Galician: Story = { globals: { locale: 'gl' } };
export const Narrow: Story = { ...narrow };
/**
 * A fee in parts: the bar lists what it pays (a whole fee and two parts, each with its amount)
 * above the choice of card or Bizum.
 */
export const WithParts: Story = {
  render: (_args, ctx) => <Demo locale={storyLocale(ctx)} bizum parts discountAvailable={false} />,
};
export const WithPartsEnglish: Story = {
  globals: { locale: 'en' },
  render: (_args, ctx) => <Demo locale={storyLocale(ctx)} bizum parts discountAvailable={false} />,
};
export const WithPartsGalician: Story = {
  globals: { locale: 'gl' },
  render: (_args, ctx) => <Demo locale={storyLocale(ctx)} bizum parts discountAvailable={false} />,
};
