import type { Meta, StoryObj } from '@storybook/react-vite';
import { storyText } from '../stories-support/sample-text.ts';
import { DateInput } from './date-input.tsx';

const meta: Meta<typeof DateInput> = {
  title: 'Forms/DateInput',
  component: DateInput,
  render: (args, ctx) => {
    const t = storyText(ctx);
    return (
      <DateInput
        {...args}
        label={t.deadline}
        optionalText={t.optional}
        errorPrefix={t.errorPrefix}
      />
    );
  },
};
export default meta;
type Story = StoryObj<typeof DateInput>;

export const Default: Story = {};
export const WithValue: Story = { args: { defaultValue: '2026-09-30' } };
export const Disabled: Story = { args: { disabled: true, defaultValue: '2026-09-30' } };
