import type { Meta, StoryObj } from '@storybook/react-vite';
import { narrow } from '../stories-support/preview-annotations.tsx';
import { storyText, type SampleText } from '../stories-support/sample-text.ts';
import { ErrorSummary } from './error-summary.tsx';
import { TextField } from './text-field.tsx';

function Form({ t }: { t: SampleText }) {
  return (
    <form noValidate className="flex max-w-md flex-col gap-6">
      <ErrorSummary
        title={t.summaryTitle}
        errors={[
          { fieldId: 'dni', message: t.dniError },
          { fieldId: 'phone', message: t.phoneError },
        ]}
      />
      <TextField id="dni" label={t.dni} error={t.dniError} errorPrefix={t.errorPrefix} />
      <TextField
        id="phone"
        label={t.phone}
        error={t.phoneError}
        errorPrefix={t.errorPrefix}
        inputMode="numeric"
        maxLength={9}
      />
    </form>
  );
}

const meta: Meta<typeof ErrorSummary> = {
  title: 'Feedback/ErrorSummary',
  component: ErrorSummary,
  parameters: {
    docs: {
      description: {
        component:
          "The list of a form's errors, at the top of the form, each a link to its field (GOV.UK pattern). It takes focus when the form is submitted with errors, and the page title starts with “Error:”. One field's own message goes beside the field (TextField's `error`).",
      },
    },
  },
  render: (_args, ctx) => <Form t={storyText(ctx)} />,
};
export default meta;
type Story = StoryObj<typeof ErrorSummary>;

/** With the fields it links to. */
export const Default: Story = {};
/** Server error without fields (e.g. login failed). */
export const DescriptionOnly: Story = {
  render: (_args, ctx) => (
    <ErrorSummary
      title={storyText(ctx).summaryTitle}
      description={storyText(ctx).errorBody}
      errors={[]}
    />
  ),
};
export const Narrow: Story = { ...narrow };
