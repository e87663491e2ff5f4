import type { FormErrorState } from './form-error-state';
import { useT } from './messages';

/**
 * The props every text input of a form shares: id, value, change handler and the translated
 * error. `setText` stores the new text of one field.
 */
export function useFieldProps<F extends string>(
  values: Record<F, string>,
  errors: FormErrorState<F>,
  fieldId: (field: F) => string,
  setText: (field: F, text: string) => void,
) {
  const t = useT();
  return (name: F) => ({
    id: fieldId(name),
    value: values[name],
    onChange: (event: React.ChangeEvent<HTMLInputElement>) => setText(name, event.target.value),
    error: errors.fields[name] ? t(errors.fields[name]) : undefined,
    errorPrefix: t('admin.common.errorPrefix'),
  });
}
