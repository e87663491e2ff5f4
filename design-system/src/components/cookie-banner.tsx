import type * as React from 'react';
import { cn } from '../lib/cn.ts';
import { Button } from './button.tsx';
import { defaultRenderLink, textLinkClassName, type RenderLink } from './text-link.tsx';

export type CookieBannerProps = Omit<React.ComponentProps<'section'>, 'children'> & {
  /** Accessible name of the region, e.g. "Cookies". */
  label: string;
  /** Explanation text. */
  text: React.ReactNode;
  /** Language-specific privacy page, e.g. { href: '/privacidade', label: 'Privacy policy' }. */
  privacyLink: { href: string; label: string };
  /** Text of the accept button, e.g. "Accept". */
  acceptLabel: string;
  /** The app stores the consent flag and stops rendering the banner. */
  onAccept: () => void;
  /** Render the privacy link with the app's router (a plain <a> by default). */
  renderLink?: RenderLink;
  /** "fixed" (default) sticks to the bottom of the viewport. */
  position?: 'fixed' | 'static';
};

/** The storage notice: what the portal keeps in the browser, with a link to the privacy policy. */
export function CookieBanner({
  label,
  text,
  privacyLink,
  acceptLabel,
  onAccept,
  renderLink = defaultRenderLink,
  position = 'fixed',
  className,
  ...props
}: CookieBannerProps) {
  return (
    <section
      data-slot="cookie-banner"
      aria-label={label}
      className={cn(
        'border-t-4 border-primary bg-background text-foreground shadow-[0_-4px_12px_rgba(0,0,0,0.15)]',
        position === 'fixed' && 'fixed inset-x-0 bottom-0 z-50',
        className,
      )}
      {...props}
    >
      <div className="mx-auto flex max-w-6xl items-center gap-4 px-4 py-4 max-narrow:flex-col max-narrow:items-stretch">
        <p className="flex-1 text-body">
          {text}{' '}
          {renderLink({
            href: privacyLink.href,
            className: textLinkClassName,
            children: privacyLink.label,
          })}
        </p>
        <Button type="button" onClick={onAccept} className="shrink-0">
          {acceptLabel}
        </Button>
      </div>
    </section>
  );
}
