import type * as React from 'react';
import {
  Field,
  inputClasses,
  useFieldWiring,
  type FieldTextProps,
} from '@portal/design-system/components/field.tsx';
import { cn } from '@portal/design-system/lib/cn.ts';

/** A labelled multi-line text (a proof's description, a refusal's reason), wired like TextField. */
export function TextArea({
  className,
  ...props
}: Omit<React.ComponentProps<'textarea'>, 'children'> & FieldTextProps) {
  const { fieldProps, controlProps, rest } = useFieldWiring(props);
  return (
    <Field {...fieldProps}>
      <textarea rows={3} className={cn(inputClasses(), className)} {...rest} {...controlProps} />
    </Field>
  );
}
