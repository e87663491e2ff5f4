import type * as React from 'react';
import { cn } from '../lib/cn.ts';
import {
  Field,
  fieldControlProps,
  inputClassName,
  useFieldId,
  type FieldTextProps,
} from './field.tsx';

export type SelectOption = { value: string; label: string; disabled?: boolean };

export type SelectFieldProps = Omit<React.ComponentProps<'select'>, 'children' | 'multiple'> &
  FieldTextProps & {
    options: readonly SelectOption[];
    /** Optional first option with value "" (e.g. "Choose a person"). */
    placeholder?: string;
    containerClassName?: string;
  };

/** Labelled native <select> (the most accessible choice on phones and with screen readers). */
export function SelectField({
  id: idProp,
  label,
  hint,
  error,
  errorPrefix,
  optionalText,
  options,
  placeholder,
  containerClassName,
  className,
  'aria-describedby': ariaDescribedBy,
  ...props
}: SelectFieldProps) {
  const id = useFieldId(idProp);
  return (
    <Field
      id={id}
      label={label}
      hint={hint}
      error={error}
      errorPrefix={errorPrefix}
      optionalText={optionalText}
      className={containerClassName}
    >
      <select
        data-slot="select-field"
        className={cn(inputClassName, 'w-auto max-w-full pr-8', className)}
        {...props}
        {...fieldControlProps(id, { hint, error }, ariaDescribedBy)}
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
