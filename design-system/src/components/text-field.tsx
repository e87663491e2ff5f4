import type * as React from 'react';
import { cn } from '../lib/cn.ts';
import type { DefaultValueProp, DisabledProp } from '../lib/documented-props.ts';
import {
  Field,
  inputClasses,
  useFieldWiring,
  type FieldTextProps,
  type InputTextSize,
  type InputWidth,
} from './field.tsx';

export type TextFieldProps = Omit<
  React.ComponentProps<'input'>,
  'children' | 'disabled' | 'defaultValue'
> &
  FieldTextProps &
  DisabledProp &
  DefaultValueProp & {
    /** Class for the wrapper (label + hint + error + input); `className` goes to the <input>. */
    containerClassName?: string;
    /** The input's width: the whole line (default), its content's, or short (a number). */
    width?: InputWidth;
    /** Larger digits, for a code typed from a phone. */
    textSize?: InputTextSize;
  };

/**
 * Labelled text input. Every other prop (type, value, onChange, maxLength, inputMode,
 * autoComplete, required, readOnly...) goes to the <input>.
 */
export function TextField({ className, type = 'text', width, textSize, ...props }: TextFieldProps) {
  const { fieldProps, controlProps, rest } = useFieldWiring(props);
  return (
    <Field {...fieldProps}>
      <input
        data-slot="text-field"
        type={type}
        className={cn(inputClasses({ width, text: textSize }), className)}
        {...rest}
        {...controlProps}
      />
    </Field>
  );
}
