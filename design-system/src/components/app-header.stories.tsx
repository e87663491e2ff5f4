import * as React from 'react';
import type { Meta, StoryObj } from '@storybook/react-vite';
import type { Locale } from '../lib/format.ts';
import { narrow } from '../stories-support/preview-annotations.tsx';
import { languageNames, storyLocale, storyText } from '../stories-support/sample-text.ts';
import { AppHeader } from './app-header.tsx';

const logo =
  'data:image/svg+xml,' +
  encodeURIComponent(
    '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 40 40"><rect width="40" height="40" rx="6" fill="#1a4480"/><path d="M8 30V14l12-6 12 6v16z" fill="#fff"/><rect x="17" y="20" width="6" height="10" fill="#1a4480"/></svg>',
  );

function Demo({
  initial,
  showLogout = true,
  longTitle = false,
}: {
  initial: Locale;
  showLogout?: boolean;
  longTitle?: boolean;
}) {
  const [locale, setLocale] = React.useState<Locale>(initial);
  const t = storyText({ globals: { locale } });
  return (
    <AppHeader
      title={longTitle ? t.longText : t.portalTitle}
      logoSrc={logo}
      logoAlt={t.logoAlt}
      languageSwitcher={{
        locale,
        onLocaleChange: setLocale,
        label: t.language,
        languageNames,
      }}
      logoutLabel={t.logout}
      onLogout={() => {}}
      showLogout={showLogout}
      accountLink={{ href: '#', label: t.myAccount }}
    />
  );
}

const meta: Meta<typeof AppHeader> = {
  title: 'Portal/AppHeader',
  component: AppHeader,
  parameters: { layout: 'fullscreen' },
  render: (_args, ctx) => <Demo initial={storyLocale(ctx)} />,
};
export default meta;
type Story = StoryObj<typeof AppHeader>;

export const Default: Story = {};
/** /login and /registrarse: no logout button. */
export const LoggedOut: Story = {
  render: (_args, ctx) => <Demo initial={storyLocale(ctx)} showLogout={false} />,
};
export const LongTitle: Story = {
  render: (_args, ctx) => <Demo initial={storyLocale(ctx)} longTitle />,
};
export const English: Story = { globals: { locale: 'en' } };
export const Galician: Story = { globals: { locale: 'gl' } };
export const Narrow: Story = { ...narrow };
