import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { StrictMode, Suspense, startTransition, type ReactNode } from 'react';
import { createRoot } from 'react-dom/client';
import { useIntl } from 'react-intl';
import { MemoryRouter } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { catalogs } from './catalogs';

function MfaTitle() {
  return <h2>{useIntl().formatMessage({ id: 'auth.mfa.title' })}</h2>;
}

/** React's development warning when a component suspends in use() and then renders without it. */
const conditionalUse = /called use\(\) to suspend in a previous render but did not call use\(\)/;

const errorsAbout = (spy: { mock: { calls: unknown[][] } }, pattern: RegExp) =>
  spy.mock.calls.filter((args) => args.some((arg) => pattern.test(String(arg))));

let unmount = () => {};

/**
 * Renders as main.tsx does: a root of its own, in a transition, in StrictMode, outside the testing
 * library's act() (under act() React does not retry a suspended render when its promise settles,
 * it waits for the test to render again, which hides what a browser does).
 */
function renderAsTheAppDoes(ui: ReactNode): void {
  const scope = globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean };
  const actEnvironment = scope.IS_REACT_ACT_ENVIRONMENT;
  scope.IS_REACT_ACT_ENVIRONMENT = false;
  const root = createRoot(document.body.appendChild(document.createElement('div')));
  startTransition(() => root.render(<StrictMode>{ui}</StrictMode>));
  unmount = () => {
    root.unmount();
    scope.IS_REACT_ACT_ENVIRONMENT = actEnvironment;
  };
}

describe('lazyWithTexts', () => {
  afterEach(() => {
    unmount();
    unmount = () => {};
    vi.restoreAllMocks();
  });

  // first in the file: React issues this warning once per page (here, per test file)
  it('opens a screen whose texts are not loaded yet, as a full page load does, without React warning about use()', async () => {
    vi.resetModules(); // only the public texts, as on a first visit
    const store = await import('./message-store');
    const { I18nProvider } = await import('./i18n-provider');
    const { AppRoutes } = await import('../app/router');
    await store.loadMessages('es', 'public');
    expect(store.isLoaded('es', 'access')).toBe(false);
    const consoleError = vi.spyOn(console, 'error');

    renderAsTheAppDoes(
      <I18nProvider locale="es">
        <MemoryRouter initialEntries={['/registrarse']}>
          <AppRoutes />
        </MemoryRouter>
      </I18nProvider>,
    );

    expect(
      await screen.findByRole('heading', { level: 1, name: catalogs.es['auth.register.title'] }),
    ).toBeInTheDocument();
    expect(store.isLoaded('es', 'access')).toBe(true);
    expect(errorsAbout(consoleError, conditionalUse)).toEqual([]);
  });

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

    renderAsTheAppDoes(
      <I18nProvider locale="gl">
        <Suspense fallback={<p>…</p>}>
          <Step />
        </Suspense>
      </I18nProvider>,
    );

    expect(await screen.findByText('…')).toBeInTheDocument();
    // React retries the suspended render by itself once the texts (the render's request) are here
    expect(
      await screen.findByRole('heading', { name: catalogs.gl['auth.mfa.title'] }),
    ).toBeInTheDocument();
    expect(store.isLoaded('gl', 'access')).toBe(true);
    expect(store.isLoaded('gl', 'resident')).toBe(false);
    expect(loads).toBe(1);
  });

  it('switches language without showing the fallback again (the new texts load first)', async () => {
    vi.resetModules();
    const store = await import('./message-store');
    const { I18nProvider, useLocale } = await import('./i18n-provider');
    const { lazyWithTexts } = await import('./lazy-with-texts');
    await store.loadMessages('gl', 'public');
    await store.loadMessages('en', 'public');
    await import('./groups/gl-access'); // its module arrives at once, during the first render
    const Step = lazyWithTexts(async () => MfaTitle, 'access');
    const consoleError = vi.spyOn(console, 'error');
    function ToEnglish() {
      const { setLocale } = useLocale();
      return <button onClick={() => setLocale('en')}>English</button>;
    }
    let fallbacks = 0;
    function Fallback() {
      fallbacks++;
      return <p>…</p>;
    }

    renderAsTheAppDoes(
      <I18nProvider locale="gl">
        <ToEnglish />
        <Suspense fallback={<Fallback />}>
          <Step />
        </Suspense>
      </I18nProvider>,
    );
    await screen.findByRole('heading', { name: catalogs.gl['auth.mfa.title'] });
    const before = fallbacks;

    await userEvent.click(screen.getByRole('button', { name: 'English' }));

    expect(
      await screen.findByRole('heading', { name: catalogs.en['auth.mfa.title'] }),
    ).toBeInTheDocument();
    await waitFor(() => expect(store.isLoaded('en', 'access')).toBe(true));
    expect(fallbacks).toBe(before);
    // nor any render with the texts missing (react-intl reports a missing message as an error)
    expect(consoleError).not.toHaveBeenCalled();
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
