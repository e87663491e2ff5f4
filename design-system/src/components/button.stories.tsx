import type { Meta, StoryObj } from '@storybook/react-vite';
import { narrow } from '../stories-support/preview-annotations.tsx';
import { storyText } from '../stories-support/sample-text.ts';
import { Button, buttonVariants } from './button.tsx';

const meta: Meta<typeof Button> = {
  title: 'Primitives/Button',
  component: Button,
  parameters: {
    docs: {
      description: {
        component:
          "`primary` for the one main action of a screen or form, `secondary` for the others, `danger` for destructive actions (always confirmed with **ConfirmDialog**), `link` for an action that looks like a link inside text. `loading` keeps the button's width and announces the wait. Use a link (TextLink), not a button, to go to another page.",
      },
    },
  },
  args: { variant: 'primary', size: 'md', loading: false, disabled: false },
  argTypes: {
    variant: { control: 'inline-radio', options: ['primary', 'secondary', 'danger', 'link'] },
    size: { control: 'inline-radio', options: ['sm', 'md', 'lg'] },
  },
  render: (args, ctx) => <Button {...args}>{storyText(ctx).save}</Button>,
};
export default meta;
type Story = StoryObj<typeof Button>;

export const Primary: Story = {};
export const Secondary: Story = { args: { variant: 'secondary' } };
export const Danger: Story = {
  args: { variant: 'danger' },
  render: (args, ctx) => <Button {...args}>{storyText(ctx).delete}</Button>,
};
export const Link: Story = {
  args: { variant: 'link' },
  render: (args, ctx) => <Button {...args}>{storyText(ctx).moreInfo}</Button>,
};
export const Sizes: Story = {
  render: (_args, ctx) => (
    <div className="flex flex-wrap items-center gap-3">
      <Button size="sm">{storyText(ctx).save}</Button>
      <Button size="md">{storyText(ctx).save}</Button>
      <Button size="lg">{storyText(ctx).save}</Button>
    </div>
  ),
};
export const Loading: Story = {
  args: { loading: true },
  render: (args, ctx) => <Button {...args}>{storyText(ctx).saving}</Button>,
};
export const Disabled: Story = { args: { disabled: true } };
/** A link (e.g. "Create an account") styled as a button: it stays a link for assistive tech. */
export const LinkStyledAsButton: Story = {
  render: (_args, ctx) => (
    <a href="/dashboard" className={buttonVariants({ variant: 'secondary' })}>
      {storyText(ctx).moreInfo}
    </a>
  ),
};
export const LongText: Story = {
  render: (args, ctx) => (
    <div className="max-w-sm">
      <Button {...args} className="text-left">
        {storyText(ctx).longText}
      </Button>
    </div>
  ),
};
export const Narrow: Story = {
  ...narrow,
  render: (args, ctx) => (
    <Button {...args} className="w-full">
      {storyText(ctx).pay}
    </Button>
  ),
};
