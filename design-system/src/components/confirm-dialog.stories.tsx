import * as React from 'react';
import type { Meta, StoryObj } from '@storybook/react-vite';
import { narrow } from '../stories-support/preview-annotations.tsx';
import { storyText, type SampleText } from '../stories-support/sample-text.ts';
import { Alert } from './alert.tsx';
import { Button } from './button.tsx';
import { ConfirmDialog } from './confirm-dialog.tsx';

function Demo({
  t,
  initialOpen = true,
  loading = false,
  failed = false,
}: {
  t: SampleText;
  initialOpen?: boolean;
  loading?: boolean;
  failed?: boolean;
}) {
  const [open, setOpen] = React.useState(initialOpen);
  return (
    <>
      <Button variant="danger" onClick={() => setOpen(true)}>
        {t.remove}
      </Button>
      <ConfirmDialog
        open={open}
        title={t.confirmDeleteTitle}
        description={t.confirmDeleteBody}
        confirmLabel={t.remove}
        cancelLabel={t.cancel}
        onConfirm={() => setOpen(false)}
        onCancel={() => setOpen(false)}
        loading={loading}
      >
        {failed ? <Alert variant="error">{t.errorBody}</Alert> : null}
      </ConfirmDialog>
    </>
  );
}

const meta: Meta<typeof ConfirmDialog> = {
  title: 'Overlays/ConfirmDialog',
  component: ConfirmDialog,
  parameters: {
    docs: {
      description: {
        component:
          "Asks before something that cannot be undone (deleting a user, an activity or an enrolment, removing a linked person): a title naming the thing, one sentence of consequence, the destructive action and Cancel. It is an alert dialog, so focus starts on Cancel.\n\n**ConfirmDialog or DiscountModal?** Use ConfirmDialog to confirm an action the person chose; use DiscountModal only for the reduction's declaration, where the person accepts terms and the document that backs them. **RefundDialog** is for staff refunds, which need an amount.",
      },
    },
  },
  render: (_args, ctx) => <Demo t={storyText(ctx)} />,
};
export default meta;
type Story = StoryObj<typeof ConfirmDialog>;

export const Open: Story = {};
export const Closed: Story = {
  render: (_args, ctx) => <Demo t={storyText(ctx)} initialOpen={false} />,
};
export const Loading: Story = { render: (_args, ctx) => <Demo t={storyText(ctx)} loading /> };
export const WithError: Story = { render: (_args, ctx) => <Demo t={storyText(ctx)} failed /> };
export const Narrow: Story = { ...narrow };
