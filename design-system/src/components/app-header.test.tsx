import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { AppHeader, type AppHeaderProps } from './app-header.tsx';

function setup(props: Partial<AppHeaderProps> = {}) {
  const onLocaleChange = vi.fn();
  const onLogout = vi.fn();
  render(
    <AppHeader
      title="Actividades deportivas"
      logoSrc="/logo.svg"
      logoAlt="Concello de Nigrán"
      languageSwitcher={{
        locale: 'es',
        onLocaleChange,
        label: 'Idioma',
        languageNames: { es: 'Español', en: 'English', gl: 'Galego' },
      }}
      logoutLabel="Cerrar sesión"
      onLogout={onLogout}
      {...props}
    />,
  );
  return { onLocaleChange, onLogout };
}

describe('AppHeader', () => {
  it('links logo and title to /dashboard', () => {
    setup();
    const link = screen.getByRole('link', { name: 'Concello de Nigrán Actividades deportivas' });
    expect(link).toHaveAttribute('href', '/dashboard');
  });

  it('uses renderLink for the router', () => {
    setup({
      renderLink: ({ href, children, className }) => (
        <a href={`#router${href}`} className={className} data-router="">
          {children}
        </a>
      ),
    });
    expect(screen.getByRole('link')).toHaveAttribute('href', '#router/dashboard');
  });

  it('has ES/EN/GL buttons with lang and aria-pressed', async () => {
    const { onLocaleChange } = setup();
    const group = screen.getByRole('group', { name: 'Idioma' });
    const es = within(group).getByRole('button', { name: /Español/ });
    const gl = within(group).getByRole('button', { name: /Galego/ });
    expect(es).toHaveAttribute('lang', 'es');
    expect(es).toHaveAttribute('aria-pressed', 'true');
    expect(gl).toHaveAttribute('lang', 'gl');
    expect(gl).toHaveAttribute('aria-pressed', 'false');
    expect(within(group).getByRole('button', { name: /English/ })).toHaveAttribute('lang', 'en');
    await userEvent.click(gl);
    expect(onLocaleChange).toHaveBeenCalledWith('gl');
    await userEvent.click(es);
    expect(onLocaleChange).toHaveBeenCalledTimes(1);
  });

  it('logs out, and the button can be hidden', async () => {
    const { onLogout } = setup();
    await userEvent.click(screen.getByRole('button', { name: 'Cerrar sesión' }));
    expect(onLogout).toHaveBeenCalledOnce();
  });

  it('hides logout', () => {
    setup({ showLogout: false });
    expect(screen.queryByRole('button', { name: 'Cerrar sesión' })).toBeNull();
  });
});
