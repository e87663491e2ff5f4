import type { Meta, StoryObj } from '@storybook/react-vite';
import { storyText } from '../stories-support/sample-text.ts';
import { PercentInput } from './percent-input.tsx';

const meta: Meta<typeof PercentInput> = {
  title: 'Forms/PercentInput',
  component: PercentInput,
  render: (args, ctx) => {
    const t = storyText(ctx);
    return (
      <PercentInput
        {...args}
        label={t.discount}
        hint={t.discountHint}
        errorPrefix={t.errorPrefix}
      />
    );
  },
};
export default meta;
type Story = StoryObj<typeof PercentInput>;

export const Default: Story = { args: { defaultValue: '50' } };
export const WithError: Story = {
  render: (args, ctx) => {
    const t = storyText(ctx);
    return (
      <PercentInput
        {...args}
        label={t.discount}
        hint={t.discountHint}
        error={t.discountError}
        errorPrefix={t.errorPrefix}
        defaultValue="120"
      />
    );
  },
};
export const Disabled: Story = { args: { disabled: true, defaultValue: '25.5' } };
