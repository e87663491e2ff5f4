import type { Meta, StoryObj } from '@storybook/react-vite';
import { narrow } from '../stories-support/preview-annotations.tsx';
import { storyText } from '../stories-support/sample-text.ts';
import { CookieBanner } from './cookie-banner.tsx';

const meta: Meta<typeof CookieBanner> = {
  title: 'Portal/CookieBanner',
  component: CookieBanner,
  parameters: { layout: 'fullscreen' },
  render: (args, ctx) => {
    const t = storyText(ctx);
    return (
      <CookieBanner
        {...args}
        label={t.cookiesLabel}
        text={t.cookiesText}
        privacyLink={{ href: t.privacyHref, label: t.privacy }}
        acceptLabel={t.accept}
        onAccept={() => {}}
        position={args.position ?? 'static'}
      />
    );
  },
};
export default meta;
type Story = StoryObj<typeof CookieBanner>;

export const Default: Story = {};
/** As in the app: fixed to the bottom of the viewport. */
export const Fixed: Story = { args: { position: 'fixed' } };
export const Galician: Story = { globals: { locale: 'gl' } };
export const Narrow: Story = { ...narrow };
