import type { Meta, StoryObj } from '@storybook/react-vite';
import { narrow } from '../stories-support/preview-annotations.tsx';
import { storyText } from '../stories-support/sample-text.ts';
import { DiscountModal } from './discount-modal.tsx';

const meta: Meta<typeof DiscountModal> = {
  title: 'Payments/DiscountModal',
  component: DiscountModal,
  parameters: {
    docs: {
      description: {
        component:
          "The reduction's declaration: shown when a resident ticks “apply the reduction”; Accept turns the reduced amounts on, Cancel leaves the box unticked. It links the reduction document (PDF).\n\nNot a general confirmation: for “are you sure?” before deleting or removing, use **ConfirmDialog**.",
      },
    },
  },
  render: (args, ctx) => {
    const t = storyText(ctx);
    return (
      <DiscountModal
        {...args}
        open
        title={t.discountTitle}
        declaration={<p>{t.discountDeclaration}</p>}
        documentHref="./assets/bonificacion.pdf"
        documentLabel={t.discountDocument}
        acceptLabel={t.accept}
        cancelLabel={t.cancel}
        onAccept={() => {}}
        onCancel={() => {}}
      />
    );
  },
};
export default meta;
type Story = StoryObj<typeof DiscountModal>;

export const Open: Story = {};
export const LongDeclaration: Story = {
  render: (args, ctx) => {
    const t = storyText(ctx);
    return (
      <DiscountModal
        {...args}
        open
        title={t.discountTitle}
        declaration={
          <>
            <p>{t.discountDeclaration}</p>
            <p>{t.longText}</p>
            <p>{t.longText}</p>
          </>
        }
        documentHref="./assets/bonificacion.pdf"
        documentLabel={t.discountDocument}
        acceptLabel={t.accept}
        cancelLabel={t.cancel}
        onAccept={() => {}}
        onCancel={() => {}}
      />
    );
  },
};
export const English: Story = { globals: { locale: 'en' } };
export const Narrow: Story = { ...narrow };
