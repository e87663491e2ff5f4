import { cleanup, configure, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { describe, expect, it } from 'vitest';
import { resolve } from 'node:path';
import { councilForPage, loadCouncil } from '../../../../bff/src/council.ts';
import { council, showCouncil, type Council } from '../../config/council';
import { I18nProvider } from '../../i18n/i18n-provider';
import type { Locale } from '../../i18n/locales';
import { getToken, setToken } from '../../lib/session';
import { flashState } from '../../lib/flash';
import { fakeToken, mockApi } from '../../testing/mock-api';
import { AppLayout } from './app-layout';
import { CONSENT_KEY } from './cookie-consent';

// screens render slowly when the whole suite runs in parallel
configure({ asyncUtilTimeout: 5000 });

function renderAt(path: string, locale?: Locale, state?: unknown) {
  const page = (name: string) => <p>{name}</p>;
  const router = createMemoryRouter(
    [
      {
        element: <AppLayout />,
        children: [
          { path: '/login', element: page('login screen') },
          { path: '/registrarse', element: page('register screen') },
          { path: '/dashboard', element: page('dashboard screen') },
          { path: '*', element: page('other screen') },
        ],
      },
    ],
    { initialEntries: [{ pathname: path, state }] },
  );
  render(
    <I18nProvider locale={locale}>
      <RouterProvider router={router} />
    </I18nProvider>,
  );
  return router;
}

describe('shell', () => {
  it.each(['/login', '/registrarse'])(
    'hides logout and uses the login background on %s',
    (path) => {
      renderAt(path, 'en');
      expect(screen.queryByRole('button', { name: 'Log out' })).not.toBeInTheDocument();
      expect(document.querySelector('[data-layout]')).toHaveAttribute('data-layout', 'login');
    },
  );

  it.each(['/actividades', '/sorteos/7', '/privacidad', '/pago-ok'])(
    'shows a visitor who is not signed in no logout on %s',
    async (path) => {
      localStorage.setItem(CONSENT_KEY, 'true');
      renderAt(path, 'es');
      expect(await screen.findByText('other screen')).toBeInTheDocument();
      expect(screen.queryByRole('button', { name: 'Cerrar sesión' })).not.toBeInTheDocument();
      expect(screen.queryByRole('link', { name: 'Mi cuenta' })).not.toBeInTheDocument();
    },
  );

  it('shows no logout for an expired token, and shows it to a signed-in resident', async () => {
    localStorage.setItem(CONSENT_KEY, 'true');
    setToken(fakeToken({ exp: Math.floor(Date.now() / 1000) - 60 }));
    renderAt('/actividades', 'es');
    expect(await screen.findByText('other screen')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Cerrar sesión' })).not.toBeInTheDocument();
    cleanup();
    setToken(fakeToken());
    renderAt('/actividades', 'es');
    expect(await screen.findByRole('button', { name: 'Cerrar sesión' })).toBeInTheDocument();
  });

  it('logs out from other pages: the server ends the token, it is removed, back to /login', async () => {
    const user = userEvent.setup({ delay: null });
    localStorage.setItem(CONSENT_KEY, 'true');
    const token = fakeToken();
    setToken(token);
    const api = mockApi({
      'POST /api/user/logout': { status: 204 },
      'GET /api/config': {
        body: {
          maintenance_mode: false,
          payments_enabled: true,
          global_discount: 0,
          deadline_date: null,
          payments_open: true,
          today: '2026-11-21',
        },
      },
    });
    const router = renderAt('/dashboard', 'en');
    expect(await screen.findByText('dashboard screen')).toBeInTheDocument();
    expect(document.querySelector('[data-layout]')).toHaveAttribute('data-layout', 'default');
    await user.click(screen.getByRole('button', { name: 'Log out' }));
    expect(getToken()).toBeNull();
    expect(router.state.location.pathname).toBe('/login');
    expect(screen.getByText('login screen')).toBeInTheDocument();
    // the server was asked to end that very token
    await waitFor(() =>
      expect(api.calls.find((c) => c.path === '/api/user/logout')?.method).toBe('POST'),
    );
    const logout = api.calls.find((c) => c.path === '/api/user/logout');
    expect(logout?.headers.get('Authorization')).toBe(`Bearer ${token}`);
  });

  it.each([
    ['offline', { networkError: true }],
    [
      'the token already ended (401)',
      { status: 401, body: { detail: 'x', code: 'not_authenticated' } },
    ],
  ] as const)('forgets the token even when the logout call fails: %s', async (_case, answer) => {
    const user = userEvent.setup({ delay: null });
    localStorage.setItem(CONSENT_KEY, 'true');
    setToken(fakeToken());
    const api = mockApi({ 'POST /api/user/logout': answer });
    const router = renderAt('/aviso-legal', 'en');
    await user.click(screen.getByRole('button', { name: 'Log out' }));
    expect(getToken()).toBeNull();
    expect(router.state.location.pathname).toBe('/login');
    await waitFor(() => expect(api.calls.some((c) => c.path === '/api/user/logout')).toBe(true));
    expect(router.state.location.pathname).toBe('/login');
    expect(getToken()).toBeNull();
  });

  it('has a skip link to main, the council title and a logo link to /dashboard', () => {
    renderAt('/login', 'gl');
    expect(screen.getByRole('link', { name: 'Saltar ao contido principal' })).toHaveAttribute(
      'href',
      '#main',
    );
    expect(screen.getByRole('main')).toHaveAttribute('id', 'main');
    const home = screen.getByRole('link', { name: new RegExp(council.portalTitle.gl) });
    expect(home).toHaveAttribute('href', '/dashboard');
    // the app is served from the site's root: the logo's address is absolute
    expect(within(home).getByRole('img', { name: council.name })).toHaveAttribute(
      'src',
      '/council/logo.svg',
    );
  });

  it('switches language: texts, <html lang> and the remembered choice', async () => {
    const user = userEvent.setup({ delay: null });
    setToken(fakeToken());
    renderAt('/aviso-legal', 'es');
    expect(screen.getByRole('button', { name: 'Cerrar sesión' })).toBeInTheDocument();
    expect(document.documentElement.lang).toBe('es');
    const languages = screen.getByRole('group', { name: 'Idioma' });
    await user.click(within(languages).getByRole('button', { name: /English/ }));
    expect(screen.getByRole('button', { name: 'Log out' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: new RegExp(council.portalTitle.en) })).toBeVisible();
    expect(document.documentElement.lang).toBe('en');
    expect(localStorage.getItem('lang')).toBe('en');
    await user.click(within(languages).getByRole('button', { name: /Galego/ }));
    expect(screen.getByRole('button', { name: 'Pechar sesión' })).toBeInTheDocument();
    expect(document.documentElement.lang).toBe('gl');
    expect(within(languages).getByRole('button', { name: /Galego/ })).toHaveAttribute(
      'aria-pressed',
      'true',
    );
  });

  it.each([
    ['es', '/privacidad'],
    ['en', '/privacy'],
    ['gl', '/privacidade'],
  ] as const)('[%s] footer and cookie banner link to %s', (locale, path) => {
    renderAt('/login', locale);
    const legal = screen.getByRole('contentinfo');
    const hrefs = within(legal)
      .getAllByRole('link')
      .map((link) => link.getAttribute('href'));
    expect(hrefs).toEqual([
      path,
      '/aviso-legal',
      '/nigran-info',
      '/accesibilidad',
      ...council.social.map((item) => item.url),
    ]);
    const banner = screen.getByRole('region', { name: /./ });
    expect(within(banner).getByRole('link')).toHaveAttribute('href', path);
  });

  it('links the footer to the second bundled council’s own pages, none named after another council', () => {
    const bundled = structuredClone(council);
    const ejemplo = loadCouncil(
      resolve(import.meta.dirname, '../../../../councils/ejemplo/council.json'),
    );
    showCouncil(councilForPage(ejemplo) as unknown as Council);
    try {
      renderAt('/login', 'es');
      const footer = screen.getByRole('contentinfo');
      expect(footer).toHaveTextContent('Plaza Mayor, 1, 28999 Villaejemplo');
      const hrefs = within(footer)
        .getAllByRole('link')
        .map((link) => link.getAttribute('href'));
      expect(hrefs).toContain('/concello');
      expect(hrefs.filter((href) => /nigran/i.test(href ?? ''))).toEqual([]);
      expect(
        within(footer).getByRole('link', { name: 'Información de contacto del Ayuntamiento' }),
      ).toHaveAttribute('href', '/concello');
    } finally {
      showCouncil(bundled);
    }
  });

  it('shows the cookie banner until accepted, then never again', async () => {
    const user = userEvent.setup({ delay: null });
    renderAt('/login', 'en');
    const banner = screen.getByRole('region', { name: 'Notice about storage in your browser' });
    expect(banner).toHaveTextContent('no analytics or third-party cookies');
    await user.click(within(banner).getByRole('button', { name: 'Accept' }));
    expect(screen.queryByRole('region', { name: /storage/ })).not.toBeInTheDocument();
    expect(localStorage.getItem(CONSENT_KEY)).toBe('true');
    expect(screen.getByRole('main')).toHaveFocus();
  });

  it('stays away once accepted', () => {
    localStorage.setItem(CONSENT_KEY, 'true');
    renderAt('/login', 'en');
    expect(screen.queryByRole('region', { name: /storage/ })).not.toBeInTheDocument();
  });

  it('opens the help modal with both phones, the e-mail and the hours; Escape closes it', async () => {
    const user = userEvent.setup({ delay: null });
    renderAt('/login', 'en');
    const helpButton = screen.getByRole('button', { name: 'Help' });
    await user.click(helpButton);
    const dialog = await screen.findByRole('dialog', { name: 'Need help?' });
    for (const phone of council.phones) {
      expect(within(dialog).getByRole('link', { name: phone })).toHaveAttribute(
        'href',
        expect.stringMatching(/^tel:/),
      );
    }
    expect(within(dialog).getByRole('link', { name: council.email })).toHaveAttribute(
      'href',
      `mailto:${council.email}`,
    );
    expect(dialog).toHaveTextContent('Monday to Friday, 8:00 to 17:00');
    await user.keyboard('{Escape}');
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(helpButton).toHaveFocus();
  });

  it('closes the help modal on a click outside', async () => {
    const user = userEvent.setup({ delay: null });
    renderAt('/login', 'es');
    await user.click(screen.getByRole('button', { name: 'Ayuda' }));
    const dialog = await screen.findByRole('dialog', { name: '¿Necesitas ayuda?' });
    expect(dialog).toHaveTextContent('De lunes a viernes, de 8:00 a 17:00');
    const overlay = document.querySelector('[data-slot="dialog-overlay"]');
    if (!overlay) throw new Error('no overlay');
    await user.pointer({ keys: '[MouseLeft]', target: overlay });
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });

  it('shows a success message carried by the navigation', () => {
    renderAt('/dashboard', 'en', flashState('auth.register.verified'));
    expect(screen.getByRole('status')).toHaveTextContent(
      'Registration verified successfully. Welcome!',
    );
  });
});
