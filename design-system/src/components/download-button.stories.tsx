import type { Meta, StoryObj } from '@storybook/react-vite';
import { narrow } from '../stories-support/preview-annotations.tsx';
import { paymentText } from '../stories-support/payment-sample-text.ts';
import { DownloadButton } from './download-button.tsx';

const meta: Meta<typeof DownloadButton> = {
  title: 'Actions/DownloadButton',
  component: DownloadButton,
  render: (args, ctx) => (
    <DownloadButton {...args} label={paymentText(ctx).download} onDownload={() => {}} />
  ),
};
export default meta;
type Story = StoryObj<typeof DownloadButton>;

export const Ready: Story = {};
export const Downloading: Story = { args: { loading: true } };
export const Failed: Story = {
  render: (_args, ctx) => (
    <DownloadButton
      label={paymentText(ctx).download}
      onDownload={() => {}}
      error={paymentText(ctx).downloadFailed}
    />
  ),
};
export const Narrow: Story = { ...narrow };
