import type * as React from 'react';
import { Tabs as TabsPrimitive } from 'radix-ui';
import { cn } from '../lib/cn.ts';
import type { WithAsChild } from '../lib/documented-props.ts';

/** Radix Tabs (arrow keys move between tabs, automatic activation). */
export function Tabs({ className, ...props }: WithAsChild<typeof TabsPrimitive.Root>) {
  return (
    <TabsPrimitive.Root
      data-slot="tabs"
      className={cn('flex flex-col gap-4', className)}
      {...props}
    />
  );
}

/** Needs an aria-label (e.g. "Payments") when there is no visible heading naming it. */
export function TabsList({ className, ...props }: WithAsChild<typeof TabsPrimitive.List>) {
  return (
    <TabsPrimitive.List
      data-slot="tabs-list"
      className={cn(
        'flex flex-wrap gap-1 border-b-2 border-border-subtle max-narrow:flex-col max-narrow:border-b-0',
        className,
      )}
      {...props}
    />
  );
}

export function TabsTrigger({ className, ...props }: WithAsChild<typeof TabsPrimitive.Trigger>) {
  return (
    <TabsPrimitive.Trigger
      data-slot="tabs-trigger"
      className={cn(
        '-mb-0.5 min-h-11 cursor-pointer rounded-t-control border-2 border-transparent px-4 py-2 text-body font-semibold text-link',
        'hover:bg-primary-surface focus-ring',
        'data-[state=active]:border-border-subtle data-[state=active]:border-b-background data-[state=active]:bg-background data-[state=active]:text-foreground',
        'max-narrow:mb-0 max-narrow:rounded-control max-narrow:text-left max-narrow:data-[state=active]:border-primary max-narrow:data-[state=active]:border-l-8',
        'disabled:cursor-not-allowed disabled:opacity-60',
        className,
      )}
      {...props}
    />
  );
}

export function TabsContent({ className, ...props }: WithAsChild<typeof TabsPrimitive.Content>) {
  return (
    <TabsPrimitive.Content
      data-slot="tabs-content"
      className={cn('rounded-sm focus-ring', className)}
      {...props}
    />
  );
}
