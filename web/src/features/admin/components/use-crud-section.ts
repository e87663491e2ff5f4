import { useState, type RefObject } from 'react';
import type { ApiResult } from '../api/result';
import type { FormCheck } from './form-check';
import type { CrudFormControls } from './crud-form';
import { hasErrors, noErrors, type FormErrorState } from './form-error-state';
import { serverMsg, type Notice } from './messages';
import { conflictFieldError, serverFieldErrors } from './server-errors';
import { useReportErrors } from './page-errors';
import { warningTexts } from './warnings-list';

export interface CrudSectionOptions<T extends { id: number }, V, F extends string, P> {
  /** The form's heading: it takes focus on "New" and "Edit". */
  formHeading: RefObject<HTMLHeadingElement | null>;
  /** Key under which the section tells the page that its form shows errors. */
  errorsKey: string;
  emptyValues: V;
  /** The form's values when editing `item`. */
  toValues: (item: T) => V;
  /** The client-side rules; `editing` is the row being edited, or null when creating. */
  check: (values: V, editing: T | null) => FormCheck<F, P>;
  create: (payload: P) => Promise<ApiResult<unknown>>;
  update: (id: number, payload: P) => Promise<ApiResult<unknown>>;
  remove: (id: number) => Promise<ApiResult<unknown>>;
  /** Message ids: success notices and the fallbacks when the server gives no detail. */
  messages: {
    created: string;
    /** Defaults to `created`. */
    updated?: string;
    saveError: string;
    deleted: string;
    deleteError: string;
  };
  /** Called after a successful save or delete (e.g. reload the list). */
  onChanged: () => void;
  /** Extra state of the section to clear when the form goes back to "create". */
  onReset?: () => void;
  /** Extra state of the section to fill when editing starts. */
  onEdit?: (item: T) => void;
  /** The form's field a 422 item's `loc` (after "body") names, to show the server's text there. */
  serverField?: (loc: readonly (string | number)[]) => F | null;
  /** The form's field a 409's `code` is about, to show the server's text there. */
  conflictField?: (code: string) => F | null;
}

/**
 * The state machine shared by the admin sections that list rows and edit them in a form: values,
 * errors (with the attempt counter that re-focuses the summary), the section's notice, saving,
 * the row being edited, and the row waiting for delete confirmation. `startEdit` and
 * `setToDelete` are the rows' Edit and Delete actions; `form` and `deleteDialog` are the props of
 * CrudForm and DeleteDialog.
 */
export function useCrudSection<T extends { id: number }, V, F extends string, P>(
  options: CrudSectionOptions<T, V, F, P>,
) {
  const { emptyValues, messages } = options;
  const [notice, setNotice] = useState<Notice | null>(null);
  const [editing, setEditing] = useState<T | null>(null);
  const [values, setValues] = useState<V>(emptyValues);
  const [errors, setErrors] = useState<FormErrorState<F>>(noErrors);
  const [saving, setSaving] = useState(false);
  const [toDelete, setToDelete] = useState<T | null>(null);
  const [deleting, setDeleting] = useState(false);
  useReportErrors(options.errorsKey, hasErrors(errors));

  const focusForm = () => setTimeout(() => options.formHeading.current?.focus());

  function resetForm() {
    setEditing(null);
    setValues(emptyValues);
    options.onReset?.();
    setErrors(noErrors());
  }

  function startNew() {
    resetForm();
    setNotice(null);
    focusForm();
  }

  function startEdit(item: T) {
    setEditing(item);
    setValues(options.toValues(item));
    options.onEdit?.(item);
    setErrors(noErrors());
    setNotice(null);
    focusForm();
  }

  async function submit() {
    if (saving) return;
    const check = options.check(values, editing);
    if (!check.ok) {
      setErrors((e) => ({
        fields: check.errors,
        ...(check.details ? { details: check.details } : {}),
        summary: check.summary ? { id: check.summary } : null,
        attempt: e.attempt + 1,
      }));
      return;
    }
    setSaving(true);
    setNotice(null);
    const answer = editing
      ? await options.update(editing.id, check.payload)
      : await options.create(check.payload);
    setSaving(false);
    if (!answer.ok) {
      const details =
        answer.status === 422 && options.serverField
          ? serverFieldErrors(answer.error, options.serverField)
          : answer.status === 409 && options.conflictField
            ? conflictFieldError(answer.error, options.conflictField)
            : null;
      setErrors((e) => ({
        fields: {},
        ...(details ? { details } : {}),
        summary: details ? null : serverMsg(answer.error, messages.saveError),
        attempt: e.attempt + 1,
      }));
      return;
    }
    const saved = editing ? (messages.updated ?? messages.created) : messages.created;
    setNotice({ variant: 'success', message: { id: saved }, warnings: warningTexts(answer.data) });
    resetForm();
    options.onChanged();
  }

  async function confirmDelete() {
    if (!toDelete || deleting) return;
    setDeleting(true);
    const answer = await options.remove(toDelete.id);
    setDeleting(false);
    if (answer.ok) {
      setNotice({ variant: 'success', message: { id: messages.deleted } });
      if (editing?.id === toDelete.id) resetForm();
      options.onChanged();
    } else {
      setNotice({ variant: 'error', message: serverMsg(answer.error, messages.deleteError) });
    }
    setToDelete(null);
  }

  const form: CrudFormControls<F> = {
    errors,
    busy: saving,
    onSubmit: submit,
    onCancelEdit: resetForm,
  };
  const deleteDialog = {
    open: toDelete !== null,
    deleting,
    onConfirm: confirmDelete,
    onCancel: () => setToDelete(null),
  };
  return {
    notice,
    /** For the section's other actions, so one notice area says what happened last. */
    setNotice,
    editing,
    values,
    setValues,
    toDelete,
    setToDelete,
    startNew,
    startEdit,
    form,
    deleteDialog,
  };
}
