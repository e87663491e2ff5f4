import { render, screen } from '@testing-library/react';
import { useIntl } from 'react-intl';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { I18nProvider } from './i18n-provider';

/** Chromium's Intl has no Galician data: it supports neither gl nor gl-ES. */
function withoutGalicianData() {
  const withoutGalician = (tags: string[]) => tags.filter((tag) => !tag.startsWith('gl'));
  const numbers = Intl.NumberFormat.supportedLocalesOf.bind(Intl.NumberFormat);
  vi.spyOn(Intl.NumberFormat, 'supportedLocalesOf').mockImplementation((locales, options) =>
    withoutGalician(numbers(locales, options)),
  );
  const dates = Intl.DateTimeFormat.supportedLocalesOf.bind(Intl.DateTimeFormat);
  vi.spyOn(Intl.DateTimeFormat, 'supportedLocalesOf').mockImplementation((locales, options) =>
    withoutGalician(dates(locales, options)),
  );
}

function Amount() {
  return <p>{useIntl().formatNumber(1234.5)}</p>;
}

describe('I18nProvider', () => {
  afterEach(() => {
    vi.restoreAllMocks();
  });

  it('formats Galician with Spanish conventions and no MissingDataError where the runtime has no Galician data', () => {
    withoutGalicianData();
    const consoleError = vi.spyOn(console, 'error');

    render(
      <I18nProvider locale="gl">
        <Amount />
      </I18nProvider>,
    );

    expect(screen.getByText('1234,5')).toBeInTheDocument(); // Spanish groups from five digits
    expect(consoleError).not.toHaveBeenCalled();
  });

  it('formats Galician as Galician where the runtime has its data', () => {
    render(
      <I18nProvider locale="gl">
        <Amount />
      </I18nProvider>,
    );
    expect(screen.getByText('1.234,5')).toBeInTheDocument(); // Galician groups four digits
    expect(document.documentElement.lang).toBe('gl');
  });
});
