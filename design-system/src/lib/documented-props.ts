import type * as React from 'react';

/**
 * Props the components take from React or Radix, declared again here with a description, so that
 * Storybook's props tables (which show only the package's own declarations, see
 * stories-support/docgen-options.ts) describe them too. Use as `Omit<Theirs, 'prop'> & Ours`.
 */

/** Radix's `asChild`. */
export type AsChildProp = {
  /**
   * Renders its one child element instead of its own, with its behaviour and attributes merged
   * onto it (Radix's Slot); default false.
   */
  asChild?: boolean;
};

/** A control's `disabled`. */
export type DisabledProp = {
  /**
   * Cannot be used or focused, and is shown greyed out; prefer explaining why next to it. (A
   * button that is busy takes `loading` instead, which keeps the focus.)
   */
  disabled?: boolean;
};

/** A text control's uncontrolled first value. */
export type DefaultValueProp = {
  /** The text the field starts with when it is not controlled by `value`. */
  defaultValue?: React.ComponentProps<'input'>['defaultValue'];
};

/** A checkbox's uncontrolled first state. */
export type DefaultCheckedProp = {
  /** Ticked when it first shows, when it is not controlled by `checked`. */
  defaultChecked?: boolean;
};

/** A Radix part's props, with `asChild` described. */
export type WithAsChild<Part extends React.ElementType> = Omit<
  React.ComponentProps<Part>,
  'asChild'
> &
  AsChildProp;
