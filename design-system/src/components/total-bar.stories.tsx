import type { Meta, StoryObj } from '@storybook/react-vite';
import { narrow } from '../stories-support/preview-annotations.tsx';
import { storyLocale, storyText } from '../stories-support/sample-text.ts';
import { TotalBar } from './total-bar.tsx';

const meta: Meta<typeof TotalBar> = {
  title: 'Payments/TotalBar',
  component: TotalBar,
  args: { amount: 71.625 },
  render: (args, ctx) => (
    <TotalBar {...args} label={storyText(ctx).totalLabel} locale={storyLocale(ctx)} />
  ),
};
export default meta;
type Story = StoryObj<typeof TotalBar>;

export const Default: Story = {};
export const Zero: Story = { args: { amount: 0 } };
export const LargeAmount: Story = { args: { amount: 12345.678 } };
export const English: Story = { globals: { locale: 'en' } };
export const Narrow: Story = { ...narrow };
