import type { Meta, StoryObj } from '@storybook/react-vite';
import { narrow } from '../stories-support/preview-annotations.tsx';
import { storyText } from '../stories-support/sample-text.ts';
import { PasswordField } from './password-field.tsx';

const meta: Meta<typeof PasswordField> = {
  title: 'Forms/PasswordField',
  component: PasswordField,
  parameters: {
    docs: {
      description: {
        component:
          'A password with a show/hide button and the rules as a hint. For codes received by SMS or e-mail use **OtpInput**.',
      },
    },
  },
  render: (args, ctx) => {
    const t = storyText(ctx);
    return (
      <PasswordField
        {...args}
        label={t.password}
        hint={t.passwordHint}
        errorPrefix={t.errorPrefix}
        showLabel={t.showPassword}
        hideLabel={t.hidePassword}
        autoComplete="new-password"
      />
    );
  },
};
export default meta;
type Story = StoryObj<typeof PasswordField>;

export const Default: Story = {};
export const WithError: Story = {
  render: (args, ctx) => {
    const t = storyText(ctx);
    return (
      <PasswordField
        {...args}
        label={t.password}
        hint={t.passwordHint}
        error={t.passwordError}
        errorPrefix={t.errorPrefix}
        showLabel={t.showPassword}
        hideLabel={t.hidePassword}
        defaultValue="abc"
      />
    );
  },
};
export const Disabled: Story = { args: { disabled: true } };
export const Narrow: Story = { ...narrow };
