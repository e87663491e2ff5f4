import { act, render, screen } from '@testing-library/react';
import { Suspense } from 'react';
import { useIntl } from 'react-intl';
import { describe, expect, it, vi } from 'vitest';
import { catalogs } from './catalogs';

function MfaTitle() {
  return <h2>{useIntl().formatMessage({ id: 'auth.mfa.title' })}</h2>;
}

describe('lazyWithTexts', () => {
  it('shows a lazy part once its code and its group of texts have both arrived', async () => {
    vi.resetModules(); // a store with nothing loaded, unlike every other test's
    const store = await import('./message-store');
    const { I18nProvider } = await import('./i18n-provider');
    const { lazyWithTexts } = await import('./lazy-with-texts');
    await store.loadMessages('gl', 'public');
    let loads = 0;
    const Step = lazyWithTexts(async () => {
      loads++;
      return MfaTitle;
    }, 'access');

    const ui = (
      <I18nProvider locale="gl">
        <Suspense fallback={<p>…</p>}>
          <Step />
        </Suspense>
      </I18nProvider>
    );
    const view = render(ui);
    expect(screen.getByText('…')).toBeInTheDocument();
    // the request the render started (nothing else asked for these texts)
    await vi.waitFor(() => expect(store.isLoaded('gl', 'access')).toBe(true));
    // a browser replays the suspended render when the texts arrive (the e2e auth and mfa specs go
    // through it); under jsdom and the testing library's act() it waits for the next render
    await act(async () => view.rerender(ui));
    expect(
      await screen.findByRole('heading', { name: catalogs.gl['auth.mfa.title'] }),
    ).toBeInTheDocument();
    expect(store.isLoaded('gl', 'access')).toBe(true);
    expect(store.isLoaded('gl', 'resident')).toBe(false);
    expect(loads).toBe(1);
  });

  it('preload asks for the code and the texts before anything renders', async () => {
    vi.resetModules();
    const store = await import('./message-store');
    const { lazyWithTexts } = await import('./lazy-with-texts');
    let loads = 0;
    const Step = lazyWithTexts(async () => {
      loads++;
      return MfaTitle;
    }, 'access');
    Step.preload('en');
    expect(loads).toBe(1);
    await vi.waitFor(() => expect(store.isLoaded('en', 'access')).toBe(true));
    expect(store.messagesFor('en')['auth.mfa.title']).toBe(catalogs.en['auth.mfa.title']);
  });
});
