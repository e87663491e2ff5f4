import type * as React from 'react';
import { cn } from '../lib/cn.ts';
import {
  Field,
  fieldControlProps,
  inputClassName,
  useFieldId,
  type FieldTextProps,
} from './field.tsx';

export type TextFieldProps = Omit<React.ComponentProps<'input'>, 'children'> &
  FieldTextProps & {
    /** Class for the wrapper (label + hint + error + input); `className` goes to the <input>. */
    containerClassName?: string;
  };

/**
 * Labelled text input. Every other prop (type, value, onChange, maxLength, inputMode,
 * autoComplete, required, readOnly...) goes to the <input>.
 */
export function TextField({
  id: idProp,
  label,
  hint,
  error,
  errorPrefix,
  optionalText,
  containerClassName,
  className,
  type = 'text',
  'aria-describedby': ariaDescribedBy,
  ...props
}: TextFieldProps) {
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
      <input
        data-slot="text-field"
        type={type}
        className={cn(inputClassName, className)}
        {...props}
        {...fieldControlProps(id, { hint, error }, ariaDescribedBy)}
      />
    </Field>
  );
}
