import type { Meta, StoryObj } from '@storybook/react-vite';
import { storyText } from '../stories-support/sample-text.ts';
import { Loading, Spinner } from './spinner.tsx';

const meta: Meta<typeof Loading> = {
  title: 'Primitives/Loading',
  component: Loading,
  render: (args, ctx) => <Loading {...args} label={storyText(ctx).loading} />,
};
export default meta;
type Story = StoryObj<typeof Loading>;

export const Default: Story = {};
export const SpinnerOnly: Story = {
  render: () => <Spinner size="lg" className="text-primary" />,
};
