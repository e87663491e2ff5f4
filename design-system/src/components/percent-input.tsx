import { TextField, type TextFieldProps } from './text-field.tsx';

export type PercentInputProps = Omit<TextFieldProps, 'type' | 'min' | 'max' | 'step' | 'inputMode'>;

/**
 * Percentage 0-100 with one decimal (step 0.1). The value stays a string (what the user typed);
 * the app converts to a fraction and validates on submit. Put "%" in the label text.
 */
export function PercentInput({ className, ...props }: PercentInputProps) {
  return (
    <TextField
      data-slot="percent-input"
      type="number"
      min={0}
      max={100}
      step={0.1}
      inputMode="decimal"
      width="short"
      className={className}
      {...props}
    />
  );
}
