import { fieldError, type FormErrorState } from './form-error-state';
import { useFormatMsg, useT } from './messages';

/**
 * The props every text input of a form shares: id, value, change handler and the translated
 * error. `setText` stores the new text of one field. The form's errors may name more fields than
 * its texts (`E`: e.g. the rows of a list).
 */
export function useFieldProps<F extends E, E extends string = F>(
  values: Record<F, string>,
  errors: FormErrorState<E>,
  fieldId: (field: F) => string,
  setText: (field: F, text: string) => void,
) {
  const t = useT();
  const format = useFormatMsg();
  return (name: F) => ({
    id: fieldId(name),
    value: values[name],
    onChange: (event: React.ChangeEvent<HTMLInputElement | HTMLTextAreaElement>) =>
      setText(name, event.target.value),
    error: fieldError(errors, name, format),
    errorPrefix: t('admin.common.errorPrefix'),
  });
}
