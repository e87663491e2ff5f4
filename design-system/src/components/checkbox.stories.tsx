import type { Meta, StoryObj } from '@storybook/react-vite';
import { storyText } from '../stories-support/sample-text.ts';
import { CheckboxField } from './checkbox.tsx';

const meta: Meta<typeof CheckboxField> = {
  title: 'Forms/Checkbox',
  component: CheckboxField,
  render: (args, ctx) => <CheckboxField {...args} label={storyText(ctx).rememberMe} />,
};
export default meta;
type Story = StoryObj<typeof CheckboxField>;

export const Default: Story = {};
export const Checked: Story = { args: { defaultChecked: true } };
export const WithHint: Story = {
  render: (args, ctx) => (
    <CheckboxField
      {...args}
      label={storyText(ctx).applyDiscount}
      hint={storyText(ctx).discountDeclaration}
    />
  ),
};
export const Disabled: Story = { args: { disabled: true } };
export const DisabledChecked: Story = { args: { disabled: true, defaultChecked: true } };
export const LongText: Story = {
  render: (args, ctx) => (
    <div className="max-w-sm">
      <CheckboxField {...args} label={storyText(ctx).longText} />
    </div>
  ),
};
