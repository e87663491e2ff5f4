import type * as React from 'react';
import { Slot } from 'radix-ui';
import { cn } from '../lib/cn.ts';

export const textLinkClassName =
  'rounded-sm text-link underline underline-offset-4 hover:text-link-hover hover:decoration-2 focus-ring';

export type TextLinkProps = React.ComponentProps<'a'> & {
  /** Style the single child (e.g. a router <Link>) instead of rendering an <a>. */
  asChild?: boolean;
};

/** Underlined text link in the council link colour. */
export function TextLink({ asChild = false, className, ...props }: TextLinkProps) {
  const Comp = asChild ? Slot.Root : 'a';
  return <Comp data-slot="text-link" className={cn(textLinkClassName, className)} {...props} />;
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
