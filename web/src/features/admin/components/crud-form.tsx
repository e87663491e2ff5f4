import type { ReactNode } from 'react';
import { FormattedMessage } from 'react-intl';
import { Button } from '@portal/design-system/components/button.tsx';
import { FormErrorSummary } from '../../../lib/forms/form-error-summary';
import { summaryProps, type FormErrorState } from './form-error-state';
import { useFormatMsg } from './messages';

/** What a section's state gives its form (see useCrudSection). */
export interface CrudFormControls<F extends string> {
  errors: FormErrorState<F>;
  busy: boolean;
  onSubmit: () => void;
  onCancelEdit: () => void;
}

/**
 * The create/edit form of a section: the error summary first, the fields, then "Create" (or
 * "Save changes" while editing) and, while editing, "Cancel edit".
 */
export function CrudForm<F extends string>({
  errors,
  order,
  fieldId,
  editing,
  busy,
  createId,
  saveChangesId,
  onSubmit,
  onCancelEdit,
  children,
}: CrudFormControls<F> & {
  order: readonly F[];
  fieldId: (field: F) => string;
  editing: boolean;
  createId: string;
  saveChangesId: string;
  children: ReactNode;
}) {
  const format = useFormatMsg();
  return (
    <form
      noValidate
      className="flex max-w-xl flex-col gap-5"
      onSubmit={(event) => {
        event.preventDefault();
        onSubmit();
      }}
    >
      <FormErrorSummary {...summaryProps(errors, order, fieldId, format)} />
      {children}
      <div className="flex flex-wrap gap-3">
        <Button type="submit" loading={busy}>
          <FormattedMessage id={editing ? saveChangesId : createId} />
        </Button>
        {editing ? (
          <Button type="button" variant="secondary" onClick={onCancelEdit}>
            <FormattedMessage id="admin.common.cancelEdit" />
          </Button>
        ) : null}
      </div>
    </form>
  );
}
