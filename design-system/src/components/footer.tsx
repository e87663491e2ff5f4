import type * as React from 'react';
import { cn } from '../lib/cn.ts';
import { defaultRenderLink, type RenderLink } from './text-link.tsx';

export type FooterLink = {
  href: string;
  label: string;
  /** External sites (social networks) are plain <a>, never routed. */
  external?: boolean;
};

export type FooterProps = Omit<React.ComponentProps<'footer'>, 'children'> & {
  /** Two social networks. */
  socialLinks: readonly FooterLink[];
  /** Accessible name of the social list, e.g. "Social networks". */
  socialLabel: string;
  /** The three legal pages (privacy, legal notice, council info). */
  legalLinks: readonly FooterLink[];
  /** Accessible name of the legal navigation, e.g. "Legal information". */
  legalLabel: string;
  /** The accessibility statement page, shown beside the legal links. */
  accessibilityLink: FooterLink;
  /** Small print under the links, e.g. "© Concello de Nigrán". */
  note?: React.ReactNode;
  /** Render the internal links with the app's router (a plain <a> by default). */
  renderLink?: RenderLink;
};

const linkClass =
  'rounded-sm text-footer-foreground underline underline-offset-4 hover:decoration-2 focus-ring-inverse';

/** The council's footer: legal pages, accessibility statement, contact and support hours. */
export function Footer({
  socialLinks,
  socialLabel,
  legalLinks,
  legalLabel,
  accessibilityLink,
  note,
  renderLink = defaultRenderLink,
  className,
  ...props
}: FooterProps) {
  const link = (item: FooterLink) =>
    item.external ? (
      <a href={item.href} className={linkClass} rel="noopener noreferrer">
        {item.label}
      </a>
    ) : (
      renderLink({ href: item.href, className: linkClass, children: item.label })
    );

  return (
    <footer
      data-slot="footer"
      className={cn('mt-auto bg-footer text-small text-footer-foreground', className)}
      {...props}
    >
      <div className="mx-auto flex max-w-6xl flex-col gap-4 px-4 py-6">
        <nav aria-label={legalLabel}>
          <ul className="flex flex-wrap gap-x-6 gap-y-2 max-narrow:flex-col">
            {[...legalLinks, accessibilityLink].map((item) => (
              <li key={item.href}>{link(item)}</li>
            ))}
          </ul>
        </nav>
        <nav aria-label={socialLabel}>
          <ul className="flex flex-wrap gap-x-6 gap-y-2">
            {socialLinks.map((item) => (
              <li key={item.href}>{link({ ...item, external: item.external ?? true })}</li>
            ))}
          </ul>
        </nav>
        {note ? <p>{note}</p> : null}
      </div>
    </footer>
  );
}
