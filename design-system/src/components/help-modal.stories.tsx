import * as React from 'react';
import type { Meta, StoryObj } from '@storybook/react-vite';
import { narrow } from '../stories-support/preview-annotations.tsx';
import { storyText, type SampleText } from '../stories-support/sample-text.ts';
import { HelpButton } from './help-button.tsx';
import { HelpModal } from './help-modal.tsx';

function Demo({ t, initialOpen = true }: { t: SampleText; initialOpen?: boolean }) {
  const [open, setOpen] = React.useState(initialOpen);
  return (
    <>
      <HelpButton label={t.help} position="static" onClick={() => setOpen(true)} />
      <HelpModal
        open={open}
        onOpenChange={setOpen}
        title={t.helpTitle}
        description={t.helpIntro}
        closeLabel={t.close}
        phoneLabel={t.phoneLabel}
        phones={['986 000 001', '986 000 002']}
        emailLabel={t.emailLabel}
        email="deportes@example.org"
        hoursLabel={t.hoursLabel}
        hours={t.hours}
      />
    </>
  );
}

const meta: Meta<typeof HelpModal> = {
  title: 'Portal/HelpModal',
  component: HelpModal,
  render: (_args, ctx) => <Demo t={storyText(ctx)} />,
};
export default meta;
type Story = StoryObj<typeof HelpModal>;

export const Open: Story = {};
export const Closed: Story = {
  render: (_args, ctx) => <Demo t={storyText(ctx)} initialOpen={false} />,
};
export const English: Story = { globals: { locale: 'en' } };
export const Narrow: Story = { ...narrow };
