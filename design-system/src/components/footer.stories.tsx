import type { Meta, StoryObj } from '@storybook/react-vite';
import { narrow } from '../stories-support/preview-annotations.tsx';
import { storyText, type SampleText } from '../stories-support/sample-text.ts';
import { Footer } from './footer.tsx';

function Demo({ t }: { t: SampleText }) {
  return (
    <Footer
      socialLabel={t.socialLabel}
      socialLinks={[
        { href: 'https://www.facebook.com/', label: 'Facebook' },
        { href: 'https://www.instagram.com/', label: 'Instagram' },
      ]}
      legalLabel={t.legalLabel}
      legalLinks={[
        { href: t.privacyHref, label: t.privacy },
        { href: '/aviso-legal', label: t.legalNotice },
        { href: '/concello', label: t.councilInfo },
      ]}
      accessibilityLink={{ href: '/accesibilidad', label: t.accessibility }}
      note={t.copyright}
    />
  );
}

const meta: Meta<typeof Footer> = {
  title: 'Portal/Footer',
  component: Footer,
  parameters: { layout: 'fullscreen' },
  render: (_args, ctx) => <Demo t={storyText(ctx)} />,
};
export default meta;
type Story = StoryObj<typeof Footer>;

export const Default: Story = {};
export const Galician: Story = { globals: { locale: 'gl' } };
export const Narrow: Story = { ...narrow };
