import type { Meta, StoryObj } from '@storybook/react-vite';
import { narrow } from '../stories-support/preview-annotations.tsx';
import { storyText } from '../stories-support/sample-text.ts';
import { TextField } from './text-field.tsx';

const meta: Meta<typeof TextField> = {
  title: 'Forms/TextField',
  component: TextField,
  parameters: {
    docs: {
      description: {
        component:
          'A labelled input with its hint and its error, linked by `aria-describedby`. Passwords use **PasswordField** (show/hide), SMS and e-mail codes **OtpInput** (one field, digits only, autocomplete one-time-code).',
      },
    },
  },
  render: (args, ctx) => {
    const t = storyText(ctx);
    return (
      <TextField
        {...args}
        id="phone"
        label={t.phone}
        hint={t.phoneHint}
        errorPrefix={t.errorPrefix}
        type="tel"
        inputMode="numeric"
        autoComplete="tel-national"
        maxLength={9}
      />
    );
  },
};
export default meta;
type Story = StoryObj<typeof TextField>;

export const Default: Story = {};
export const WithValue: Story = { args: { defaultValue: '600123456' } };
export const WithError: Story = {
  render: (args, ctx) => {
    const t = storyText(ctx);
    return (
      <TextField
        {...args}
        id="phone"
        label={t.phone}
        hint={t.phoneHint}
        error={t.phoneError}
        errorPrefix={t.errorPrefix}
        type="tel"
        inputMode="numeric"
        maxLength={9}
        defaultValue="6001"
      />
    );
  },
};
export const Optional: Story = {
  render: (_args, ctx) => {
    const t = storyText(ctx);
    return (
      <TextField
        label={t.email}
        optionalText={t.optional}
        errorPrefix={t.errorPrefix}
        type="email"
        autoComplete="email"
        spellCheck={false}
      />
    );
  },
};
export const Disabled: Story = { args: { disabled: true, defaultValue: '600123456' } };
export const ReadOnly: Story = {
  render: (_args, ctx) => {
    const t = storyText(ctx);
    return (
      <TextField label={t.dni} errorPrefix={t.errorPrefix} readOnly defaultValue="12345678Z" />
    );
  },
};
export const LongText: Story = {
  render: (_args, ctx) => {
    const t = storyText(ctx);
    return (
      <TextField
        label={t.longText}
        hint={t.longText}
        error={t.longText}
        errorPrefix={t.errorPrefix}
      />
    );
  },
};
export const Narrow: Story = { ...narrow, render: WithError.render };
