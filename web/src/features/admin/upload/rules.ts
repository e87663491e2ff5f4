import type { MessageId } from '../../../lib/forms/field-errors';

/** No file → 'please_select_file'; a name not ending in .xlsx → 'invalid_file_type'. */
export function checkUploadFile(file: File | null | undefined): MessageId | null {
  if (!file) return 'admin.msg.please_select_file';
  if (!file.name.toLowerCase().endsWith('.xlsx')) return 'admin.msg.invalid_file_type';
  return null;
}

export interface RowError {
  row: number | string;
  column: string | null;
  msg: string;
}

/**
 * The row-by-row errors of a rejected upload (422 `invalid_rows`, detail items with
 * loc [sheet row, column header]), or null when the error is of another kind.
 */
export function uploadRowErrors(error: unknown): RowError[] | null {
  const body = error as { code?: unknown; detail?: unknown } | null | undefined;
  if (body?.code !== 'invalid_rows' || !Array.isArray(body.detail)) return null;
  return body.detail.map((item: { loc?: unknown; msg?: unknown }) => {
    const loc = Array.isArray(item?.loc) ? item.loc : [];
    const row = typeof loc[0] === 'number' || typeof loc[0] === 'string' ? loc[0] : '?';
    const column = loc[1] === undefined || loc[1] === null ? null : String(loc[1]);
    return { row, column, msg: typeof item?.msg === 'string' ? item.msg : '' };
  });
}
