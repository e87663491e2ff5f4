import { screen, within } from '@testing-library/react';
import type { ReactElement } from 'react';
import { describe, expect, it } from 'vitest';
import { council } from '../../config/council';
import { legalCatalogs as catalogs } from './components/legal-messages';
import { locales, type Locale } from '../../i18n/locales';
import { renderScreen } from '../../testing/render';
import { AccessibilityPage } from './accessibility-page';
import { CouncilInfoPage } from './council-info-page';
import { LegalNoticePage } from './legal-notice-page';
import { PrivacyPage } from './privacy-page';

const text = (locale: Locale, id: string) => {
  const message = catalogs[locale][id];
  if (!message) throw new Error(`missing ${id}`);
  return message;
};

const pages: [string, () => ReactElement, string, string[]][] = [
  [
    'privacy',
    () => <PrivacyPage />,
    'legal.privacy.title',
    [
      'basic.title',
      'controller.title',
      'dpo.title',
      'data.title',
      'purposes.title',
      'basis.title',
      'recipients.title',
      'retention.title',
      'rights.title',
      'storage.title',
    ].map((id) => `legal.privacy.${id}`),
  ],
  [
    'legal notice',
    () => <LegalNoticePage />,
    'legal.notice.title',
    ['owner', 'purpose', 'conditions', 'ip', 'liability', 'data', 'law'].map(
      (id) => `legal.notice.${id}.title`,
    ),
  ],
  [
    'accessibility statement',
    () => <AccessibilityPage />,
    'legal.a11y.title',
    ['status', 'gaps', 'preparation', 'feedback', 'enforcement'].map(
      (id) => `legal.a11y.${id}.title`,
    ),
  ],
];

describe.each(locales)('legal pages in %s', (locale) => {
  it.each(pages)('%s shows its title and section headings', (_name, page, title, headings) => {
    renderScreen(page(), { locale });
    expect(screen.getByRole('heading', { level: 1, name: text(locale, title) })).toBeVisible();
    const found = screen.getAllByRole('heading', { level: 2 }).map((h) => h.textContent);
    expect(found).toEqual(headings.map((id) => text(locale, id)));
    expect(document.title).toContain(text(locale, title));
  });

  it('council info shows the address, phones, fax and a sports-department mail link', () => {
    renderScreen(<CouncilInfoPage />, { locale });
    expect(
      screen.getByRole('heading', { level: 1, name: text(locale, 'legal.info.title') }),
    ).toBeVisible();
    expect(screen.getByText(council.address)).toBeVisible();
    expect(screen.getByText(council.fax)).toBeVisible();
    for (const phone of council.phones) {
      expect(screen.getByRole('link', { name: phone })).toHaveAttribute(
        'href',
        expect.stringMatching(/^tel:\+34/),
      );
    }
    expect(screen.getByRole('link', { name: new RegExp(council.sportsEmail) })).toHaveAttribute(
      'href',
      `mailto:${council.sportsEmail}`,
    );
  });
});

describe('legal texts', () => {
  it('privacy names the controller, DPO, processors, AEPD and the three storage items', () => {
    renderScreen(<PrivacyPage />, { locale: 'en' });
    const table = screen.getByRole('table');
    expect(within(table).getByRole('rowheader', { name: 'Controller' })).toBeVisible();
    expect(table).toHaveTextContent(council.name);
    expect(screen.getByText(new RegExp(`tax ID \\(CIF\\) ${council.cif}`))).toBeVisible();
    for (const link of screen.getAllByRole('link', { name: council.dpoEmail })) {
      expect(link).toHaveAttribute('href', `mailto:${council.dpoEmail}`);
    }
    expect(screen.getByText(/Redsys Servicios de Procesamiento/)).toBeVisible();
    expect(screen.getByText(/The SMS provider/)).toBeVisible();
    expect(screen.getByText(/Spanish Data Protection Agency \(www\.aepd\.es/)).toBeVisible();
    for (const key of ['token', 'lang', 'cookie-consent-accepted']) {
      expect(screen.getByText(new RegExp(`^${key}:`))).toBeVisible();
    }
    expect(screen.getByText(/no analytics or advertising tools/)).toBeVisible();
  });

  it.each(locales)(
    'privacy (%s) says how the proofs of a reduction are kept: encrypted, who sees them, deleted 30 days after the decision',
    (locale) => {
      renderScreen(<PrivacyPage />, { locale });
      const retention = screen.getByRole('region', {
        name: text(locale, 'legal.privacy.retention.title'),
      });
      const item = within(retention).getByText(
        text(locale, 'legal.privacy.retention.circumstanceDocuments'),
      );
      expect(item.tagName).toBe('LI');
      expect(item.textContent).toMatch(/30/);
      expect(screen.getByText(text(locale, 'legal.privacy.data.circumstances'))).toBeVisible();
    },
  );

  it('the legal notice gives owner, CIF and address, and links to the privacy page of the language', () => {
    renderScreen(<LegalNoticePage />, { locale: 'gl' });
    expect(screen.getByText(`CIF: ${council.cif}`)).toBeVisible();
    expect(screen.getByText(`Enderezo: ${council.address}`)).toBeVisible();
    expect(screen.getByRole('link', { name: 'política de privacidade e cookies' })).toHaveAttribute(
      'href',
      '/privacidade',
    );
  });

  it('the accessibility statement gives the 20 working-day answer and the preparation date', () => {
    renderScreen(<AccessibilityPage />, { locale: 'es' });
    expect(
      screen.getByText(/responderemos en un plazo máximo de 20 días hábiles\.$/),
    ).toBeVisible();
    expect(
      screen.getByText('Esta declaración se preparó el 27 de noviembre de 2026.'),
    ).toBeVisible();
    expect(screen.getByText(/parcialmente conforme con el RD 1112\/2018/)).toBeVisible();
  });
});
