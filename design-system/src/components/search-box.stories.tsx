import type { Meta, StoryObj } from '@storybook/react-vite';
import { narrow } from '../stories-support/preview-annotations.tsx';
import { storyText } from '../stories-support/sample-text.ts';
import { SearchBox } from './search-box.tsx';

const meta: Meta<typeof SearchBox> = {
  title: 'Forms/SearchBox',
  component: SearchBox,
  render: (args, ctx) => <SearchBox {...args} label={storyText(ctx).search} />,
};
export default meta;
type Story = StoryObj<typeof SearchBox>;

export const Default: Story = {};
export const WithValue: Story = { args: { defaultValue: 'Pérez' } };
export const Disabled: Story = { args: { disabled: true } };
export const Narrow: Story = { ...narrow };
