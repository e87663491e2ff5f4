import type { Meta, StoryObj } from '@storybook/react-vite';
import { storyText } from '../stories-support/sample-text.ts';
import { HelpButton } from './help-button.tsx';

const meta: Meta<typeof HelpButton> = {
  title: 'Portal/HelpButton',
  component: HelpButton,
  render: (args, ctx) => (
    <HelpButton {...args} label={storyText(ctx).help} position={args.position ?? 'static'} />
  ),
};
export default meta;
type Story = StoryObj<typeof HelpButton>;

export const Default: Story = {};
/** As in the app: floating at the bottom right of the viewport. */
export const Floating: Story = { args: { position: 'fixed' } };
