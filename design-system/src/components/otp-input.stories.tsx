import * as React from 'react';
import type { Meta, StoryObj } from '@storybook/react-vite';
import { narrow } from '../stories-support/preview-annotations.tsx';
import { storyText, type SampleText } from '../stories-support/sample-text.ts';
import { OtpInput } from './otp-input.tsx';

function OtpDemo({ t, error, initial = '' }: { t: SampleText; error?: string; initial?: string }) {
  const [value, setValue] = React.useState(initial);
  return (
    <OtpInput
      label={t.otp}
      hint={t.otpHint}
      error={error}
      errorPrefix={t.errorPrefix}
      value={value}
      onValueChange={setValue}
    />
  );
}

const meta: Meta<typeof OtpInput> = {
  title: 'Forms/OtpInput',
  component: OtpInput,
  parameters: {
    docs: {
      description: {
        component:
          'A one-time code (SMS, e-mail or authenticator app): one numeric field with `autocomplete=one-time-code`, so phones offer the code from the message. Not for passwords (**PasswordField**).',
      },
    },
  },
  render: (_args, ctx) => <OtpDemo t={storyText(ctx)} />,
};
export default meta;
type Story = StoryObj<typeof OtpInput>;

export const Default: Story = {};
export const WithError: Story = {
  render: (_args, ctx) => (
    <OtpDemo t={storyText(ctx)} error={storyText(ctx).otpError} initial="12" />
  ),
};
export const Narrow: Story = { ...narrow };
