import type { Meta, StoryObj } from '@storybook/react-vite';
import { narrow } from '../stories-support/preview-annotations.tsx';
import { storyText } from '../stories-support/sample-text.ts';
import { Alert } from './alert.tsx';

const meta: Meta<typeof Alert> = {
  title: 'Feedback/Alert',
  component: Alert,
  parameters: {
    docs: {
      description: {
        component:
          'A message about the page or the last action: `info`, `success`, `warning` or `error`. Errors of a form that the person must fix go in **ErrorSummary** instead (it links each field); an Alert is for what is not tied to one field (the server refused, a load failed).',
      },
    },
  },
  render: (args, ctx) => {
    const t = storyText(ctx);
    return (
      <Alert {...args} variant="info" title={t.infoTitle}>
        {t.infoBody}
      </Alert>
    );
  },
};
export default meta;
type Story = StoryObj<typeof Alert>;

export const Info: Story = {};
export const Success: Story = {
  render: (args, ctx) => (
    <Alert {...args} variant="success" title={storyText(ctx).successTitle}>
      {storyText(ctx).successBody}
    </Alert>
  ),
};
export const ErrorAlert: Story = {
  render: (args, ctx) => (
    <Alert {...args} variant="error" title={storyText(ctx).errorTitle}>
      {storyText(ctx).errorBody}
    </Alert>
  ),
};
export const MessageOnly: Story = {
  render: (args, ctx) => (
    <Alert {...args} variant="error">
      {storyText(ctx).onePerson}
    </Alert>
  ),
};
export const LongText: Story = {
  render: (args, ctx) => (
    <Alert {...args} variant="info" title={storyText(ctx).longText}>
      {storyText(ctx).longText}
    </Alert>
  ),
};
export const Narrow: Story = { ...narrow };
