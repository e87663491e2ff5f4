import type { Meta, StoryObj } from '@storybook/react-vite';
import { storyText } from '../stories-support/sample-text.ts';
import { TextLink } from './text-link.tsx';

const meta: Meta<typeof TextLink> = {
  title: 'Primitives/TextLink',
  component: TextLink,
  render: (args, ctx) => (
    <TextLink {...args} href="/recuperar-cuenta">
      {storyText(ctx).moreInfo}
    </TextLink>
  ),
};
export default meta;
type Story = StoryObj<typeof TextLink>;

export const Default: Story = {};
export const Download: Story = {
  render: (args, ctx) => (
    <TextLink {...args} href="./assets/bonificacion.pdf" download>
      {storyText(ctx).discountDocument}
    </TextLink>
  ),
};
