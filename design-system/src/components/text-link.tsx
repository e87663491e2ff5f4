import type * as React from 'react';
import { cn } from '../lib/cn.ts';

export const textLinkClassName =
  'rounded-sm text-link underline underline-offset-4 hover:text-link-hover hover:decoration-2 focus-ring';

export type TextLinkProps = React.ComponentProps<'a'>;

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
