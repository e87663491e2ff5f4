import type { Meta, StoryObj } from '@storybook/react-vite';
import { EmailAddress } from './email-address.tsx';

const meta: Meta<typeof EmailAddress> = {
  title: 'Primitives/EmailAddress',
  component: EmailAddress,
  args: { value: 'xoana.fernandez.outeiro@concello-de-exemplo.gal' },
};
export default meta;
type Story = StoryObj<typeof EmailAddress>;

export const Default: Story = {};
/** In a column narrower than the address: it wraps after the @ and before dots, never mid-word. */
export const NarrowColumn: Story = {
  render: (args) => (
    <div style={{ width: '10rem', border: '1px dashed currentColor' }}>
      <EmailAddress {...args} />
    </div>
  ),
};
