import { TextField, type TextFieldProps } from './text-field.tsx';

export type DateInputProps = Omit<TextFieldProps, 'type'>;

/** Native date picker with a visible label. Value is 'YYYY-MM-DD' (or '' when empty). */
export function DateInput({ className, ...props }: DateInputProps) {
  return (
    <TextField data-slot="date-input" type="date" width="fit" className={className} {...props} />
  );
}
