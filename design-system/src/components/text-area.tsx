import type * as React from 'react';
import { cn } from '../lib/cn.ts';
import type { DefaultValueProp, DisabledProp } from '../lib/documented-props.ts';
import { Field, inputClasses, useFieldWiring, type FieldTextProps } from './field.tsx';

export type TextAreaProps = Omit<
  React.ComponentProps<'textarea'>,
  'children' | 'disabled' | 'defaultValue'
> &
  FieldTextProps &
  DisabledProp &
  DefaultValueProp & {
    /** Class for the wrapper (label + hint + error + textarea); `className` goes to the <textarea>. */
    containerClassName?: string;
    /** Lines of text shown before it scrolls (default 4); it can be made taller by hand. */
    rows?: number;
  };

/**
 * Labelled text of several lines: Enter starts a new line and line breaks are kept (an activity's
 * description, its schedule, notes). Every other prop (value, onChange, maxLength, required...)
 * goes to the <textarea>. A text of one line uses **TextField**.
 */
export function TextArea({ className, rows = 4, ...props }: TextAreaProps) {
  const { fieldProps, controlProps, rest } = useFieldWiring(props);
  return (
    <Field {...fieldProps}>
      <textarea
        data-slot="text-area"
        rows={rows}
        className={cn(inputClasses(), 'resize-y', className)}
        {...rest}
        {...controlProps}
      />
    </Field>
  );
}
