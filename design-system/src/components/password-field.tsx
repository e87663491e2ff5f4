import * as React from 'react';
import { cn } from '../lib/cn.ts';
import type { DisabledProp } from '../lib/documented-props.ts';
import { Button } from './button.tsx';
import { Field, inputClasses, useFieldWiring, type FieldTextProps } from './field.tsx';

export type PasswordFieldProps = Omit<
  React.ComponentProps<'input'>,
  'children' | 'type' | 'disabled'
> &
  FieldTextProps &
  DisabledProp & {
    /** Toggle text while hidden, e.g. "Show password". */
    showLabel: string;
    /** Toggle text while visible, e.g. "Hide password". */
    hideLabel: string;
    /** Class for the wrapper (label + hint + error + input + toggle). */
    containerClassName?: string;
  };

/** Password input with a show/hide toggle (aria-pressed, aria-controls). */
export function PasswordField({
  showLabel,
  hideLabel,
  className,
  autoComplete = 'current-password',
  ...props
}: PasswordFieldProps) {
  const { id, fieldProps, controlProps, rest } = useFieldWiring(props);
  const [visible, setVisible] = React.useState(false);
  return (
    <Field {...fieldProps}>
      <div className="flex gap-2 max-narrow:flex-col">
        <input
          data-slot="password-field"
          type={visible ? 'text' : 'password'}
          autoComplete={autoComplete}
          autoCapitalize="none"
          spellCheck={false}
          className={cn(inputClasses(), 'flex-1', className)}
          {...rest}
          {...controlProps}
        />
        <Button
          type="button"
          variant="secondary"
          data-slot="password-toggle"
          aria-controls={id}
          aria-pressed={visible}
          onClick={() => setVisible((v) => !v)}
          disabled={rest.disabled}
          className="shrink-0"
        >
          {visible ? hideLabel : showLabel}
        </Button>
      </div>
    </Field>
  );
}
