import * as React from 'react';
import { cn } from '../lib/cn.ts';
import { Button } from './button.tsx';
import {
  Field,
  fieldControlProps,
  inputClassName,
  useFieldId,
  type FieldTextProps,
} from './field.tsx';

export type PasswordFieldProps = Omit<React.ComponentProps<'input'>, 'children' | 'type'> &
  FieldTextProps & {
    /** Toggle text while hidden, e.g. "Show password". */
    showLabel: string;
    /** Toggle text while visible, e.g. "Hide password". */
    hideLabel: string;
    containerClassName?: string;
  };

/** Password input with a show/hide toggle (aria-pressed, aria-controls). */
export function PasswordField({
  id: idProp,
  label,
  hint,
  error,
  errorPrefix,
  optionalText,
  showLabel,
  hideLabel,
  containerClassName,
  className,
  autoComplete = 'current-password',
  'aria-describedby': ariaDescribedBy,
  ...props
}: PasswordFieldProps) {
  const id = useFieldId(idProp);
  const [visible, setVisible] = React.useState(false);
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
      <div className="flex gap-2 max-narrow:flex-col">
        <input
          data-slot="password-field"
          type={visible ? 'text' : 'password'}
          autoComplete={autoComplete}
          autoCapitalize="none"
          spellCheck={false}
          className={cn(inputClassName, 'flex-1', className)}
          {...props}
          {...fieldControlProps(id, { hint, error }, ariaDescribedBy)}
        />
        <Button
          type="button"
          variant="secondary"
          data-slot="password-toggle"
          aria-controls={id}
          aria-pressed={visible}
          onClick={() => setVisible((v) => !v)}
          disabled={props.disabled}
          className="shrink-0"
        >
          {visible ? hideLabel : showLabel}
        </Button>
      </div>
    </Field>
  );
}
