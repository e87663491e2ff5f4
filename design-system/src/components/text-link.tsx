import type * as React from 'react';
import { cn } from '../lib/cn.ts';

export const textLinkClassName =
  'rounded-sm text-link underline underline-offset-4 hover:text-link-hover hover:decoration-2 focus-ring';

export type TextLinkProps = Omit<React.ComponentProps<'a'>, 'href' | 'children' | 'download'> & {
  /** Where it goes: a path of the portal, an `https://` address or a file to download. */
  href: string;
  /** The link's text, which says where it goes (never "click here"). */
  children: React.ReactNode;
  /**
   * Saves the file instead of opening it (a PDF the council publishes); a string names the saved
   * file. Say so in the text ("Download the form (PDF)").
   */
  download?: boolean | string;
};

/**
 * Underlined text link in the council link colour. A router's link gets the same look from
 * `textLinkClassName`.
 */
export function TextLink({ className, ...props }: TextLinkProps) {
  return <a data-slot="text-link" className={cn(textLinkClassName, className)} {...props} />;
}

/** Props given to a `renderLink` callback: render them on your router's link component. */
export type RenderLinkProps = {
  href: string;
  className?: string;
  children: React.ReactNode;
  'aria-current'?: 'page';
};

/** Lets portal pieces use the app's router link without depending on a router. */
export type RenderLink = (props: RenderLinkProps) => React.ReactElement;

export const defaultRenderLink: RenderLink = (props) => <a {...props} />;
