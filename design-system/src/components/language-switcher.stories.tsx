import * as React from 'react';
import type { Meta, StoryObj } from '@storybook/react-vite';
import type { Locale } from '../lib/format.ts';
import { languageNames, storyLocale, storyText } from '../stories-support/sample-text.ts';
import { LanguageSwitcher } from './language-switcher.tsx';

function Demo({ initial, tone }: { initial: Locale; tone: 'dark' | 'light' }) {
  const [locale, setLocale] = React.useState<Locale>(initial);
  return (
    <div className={tone === 'dark' ? 'bg-header p-3' : 'p-3'}>
      <LanguageSwitcher
        locale={locale}
        onLocaleChange={setLocale}
        label={storyText({ globals: { locale } }).language}
        languageNames={languageNames}
        tone={tone}
      />
    </div>
  );
}

const meta: Meta<typeof LanguageSwitcher> = {
  title: 'Portal/LanguageSwitcher',
  component: LanguageSwitcher,
  render: (_args, ctx) => <Demo initial={storyLocale(ctx)} tone="dark" />,
};
export default meta;
type Story = StoryObj<typeof LanguageSwitcher>;

export const OnHeader: Story = {};
export const OnLight: Story = {
  render: (_args, ctx) => <Demo initial={storyLocale(ctx)} tone="light" />,
};
export const Galician: Story = { globals: { locale: 'gl' } };
