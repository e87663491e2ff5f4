import type * as React from 'react';
import { cn } from '../lib/cn.ts';
import { LanguageSwitcher, type LanguageSwitcherProps } from './language-switcher.tsx';
import { defaultRenderLink, type RenderLink } from './text-link.tsx';

export type AppHeaderProps = Omit<React.ComponentProps<'header'>, 'title' | 'children'> & {
  /** Portal name shown next to the logo, e.g. "Actividades deportivas". */
  title: React.ReactNode;
  /** Address of the council's logo image. */
  logoSrc: string;
  /** Alt text of the logo, e.g. "Concello de Nigrán". The logo and title link home together. */
  logoAlt: string;
  /** Home link target, "/dashboard" by default. */
  homeHref?: string;
  /** Render the home link with the app's router (e.g. react-router's <Link to={href}>). */
  renderLink?: RenderLink;
  /** Props of the ES/EN/GL switcher (tone is forced to "dark"). */
  languageSwitcher: Omit<LanguageSwitcherProps, 'tone'>;
  /** Text of the logout button, e.g. "Log out". */
  logoutLabel: string;
  /** Called when the logout button is pressed. */
  onLogout: () => void;
  /** Hide the logout button (on /login and /registrarse). Default true. */
  showLogout?: boolean;
  /** "My account" link, shown beside logout (while signed in). */
  accountLink?: { href: string; label: string };
};

/** Council band: logo + title (home link), language switcher, "my account" and logout. */
export function AppHeader({
  title,
  logoSrc,
  logoAlt,
  homeHref = '/dashboard',
  renderLink = defaultRenderLink,
  languageSwitcher,
  logoutLabel,
  onLogout,
  showLogout = true,
  accountLink,
  className,
  ...props
}: AppHeaderProps) {
  return (
    <header
      data-slot="app-header"
      className={cn('bg-header text-header-foreground', className)}
      {...props}
    >
      <div className="mx-auto flex max-w-6xl flex-wrap items-center justify-between gap-3 px-4 py-3">
        {renderLink({
          href: homeHref,
          className:
            'flex min-w-0 items-center gap-3 rounded-control text-header-foreground no-underline focus-ring-inverse',
          children: (
            <>
              <img
                src={logoSrc}
                alt={logoAlt}
                width={48}
                height={48}
                className="h-12 w-auto shrink-0 rounded-sm bg-white p-1 max-narrow:h-10"
              />{' '}
              <span className="text-heading font-bold break-words max-narrow:text-lead">
                {title}
              </span>
            </>
          ),
        })}
        <div className="flex flex-wrap items-center gap-2">
          <LanguageSwitcher {...languageSwitcher} tone="dark" />
          {showLogout && accountLink
            ? renderLink({
                href: accountLink.href,
                className:
                  'inline-flex min-h-11 items-center rounded-control px-3 text-small font-semibold text-header-foreground underline underline-offset-4 hover:bg-white/10 focus-ring-inverse',
                children: accountLink.label,
              })
            : null}
          {showLogout ? (
            <button
              type="button"
              data-slot="logout-button"
              onClick={onLogout}
              className="inline-flex min-h-11 cursor-pointer items-center gap-2 rounded-control border-2 border-header-foreground px-3 text-small font-semibold text-header-foreground hover:bg-white/10 focus-ring-inverse"
            >
              <svg
                aria-hidden="true"
                focusable="false"
                viewBox="0 0 24 24"
                className="size-4"
                fill="none"
                stroke="currentColor"
                strokeWidth="2"
                strokeLinecap="round"
                strokeLinejoin="round"
              >
                <path d="M9 21H5a2 2 0 0 1-2-2V5a2 2 0 0 1 2-2h4M16 17l5-5-5-5M21 12H9" />
              </svg>
              {logoutLabel}
            </button>
          ) : null}
        </div>
      </div>
    </header>
  );
}
