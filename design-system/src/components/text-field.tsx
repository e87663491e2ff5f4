import type * as React from 'react';
import { cn } from '../lib/cn.ts';
import { Field, inputClassName, useFieldWiring, type FieldTextProps } from './field.tsx';

export type TextFieldProps = Omit<React.ComponentProps<'input'>, 'children'> &
  FieldTextProps & {
    /** Class for the wrapper (label + hint + error + input); `className` goes to the <input>. */
    containerClassName?: string;
  };

/**
 * Labelled text input. Every other prop (type, value, onChange, maxLength, inputMode,
 * autoComplete, required, readOnly...) goes to the <input>.
 */
export function TextField({ className, type = 'text', ...props }: TextFieldProps) {
  const { fieldProps, controlProps, rest } = useFieldWiring(props);
  return (
    <Field {...fieldProps}>
      <input
        data-slot="text-field"
        type={type}
        className={cn(inputClassName, className)}
        {...rest}
        {...controlProps}
      />
    </Field>
  );
}
