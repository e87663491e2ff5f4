import type * as React from 'react';
import { cn } from '../lib/cn.ts';
import type { DisabledProp } from '../lib/documented-props.ts';
import { Field, inputClasses, useFieldWiring, type FieldTextProps } from './field.tsx';

export type SelectOption = { value: string; label: string; disabled?: boolean };

export type SelectFieldProps = Omit<
  React.ComponentProps<'select'>,
  'children' | 'multiple' | 'disabled'
> &
  FieldTextProps &
  DisabledProp & {
    /** The choices, each a value and its label. */
    options: readonly SelectOption[];
    /** Optional first option with value "" (e.g. "Choose a person"). */
    placeholder?: string;
    /** Class for the wrapper (label + hint + error + select). */
    containerClassName?: string;
  };

/** Labelled native <select> (the most accessible choice on phones and with screen readers). */
export function SelectField({ options, placeholder, className, ...props }: SelectFieldProps) {
  const { fieldProps, controlProps, rest } = useFieldWiring(props);
  return (
    <Field {...fieldProps}>
      <select
        data-slot="select-field"
        className={cn(inputClasses({ width: 'fit' }), 'max-w-full pr-8', className)}
        {...rest}
        {...controlProps}
      >
        {placeholder !== undefined ? <option value="">{placeholder}</option> : null}
        {options.map((option) => (
          <option key={option.value} value={option.value} disabled={option.disabled}>
            {option.label}
          </option>
        ))}
      </select>
    </Field>
  );
}
