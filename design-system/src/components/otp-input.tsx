import type * as React from 'react';
import { cn } from '../lib/cn.ts';
import { TextField, type TextFieldProps } from './text-field.tsx';

export type OtpInputProps = Omit<
  TextFieldProps,
  'type' | 'inputMode' | 'autoComplete' | 'maxLength' | 'value' | 'onChange' | 'pattern'
> & {
  /** The digits typed so far. */
  value: string;
  /** Receives digits only, at most `length` of them. */
  onValueChange: (value: string) => void;
  /** Number of digits, 6 by default. */
  length?: number;
  /** The input's own change event, called before onValueChange. */
  onChange?: React.ChangeEventHandler<HTMLInputElement>;
};

/** One-time code: a single numeric input with autocomplete="one-time-code" (SMS autofill). */
export function OtpInput({
  value,
  onValueChange,
  onChange,
  length = 6,
  className,
  ...props
}: OtpInputProps) {
  return (
    <TextField
      data-slot="otp-input"
      type="text"
      inputMode="numeric"
      autoComplete="one-time-code"
      pattern="[0-9]*"
      maxLength={length}
      spellCheck={false}
      value={value}
      onChange={(event) => {
        onChange?.(event);
        onValueChange(event.target.value.replace(/\D/g, '').slice(0, length));
      }}
      width="fit"
      textSize="text-lead"
      className={cn('font-mono tracking-[0.4em]', className)}
      size={length + 2}
      {...props}
    />
  );
}
