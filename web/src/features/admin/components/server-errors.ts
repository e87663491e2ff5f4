import type { Msg } from './messages';

type Loc = readonly (string | number)[];

/**
 * A 422's items as field errors: each item whose `loc` names a field of the form (`toField`)
 * gives that field the server's own message, in the caller's language. Null when the error is
 * not a list of items or none of them names a field of the form (the summary shows it then).
 */
export function serverFieldErrors<F extends string>(
  error: unknown,
  toField: (loc: Loc) => F | null,
): Partial<Record<F, Msg>> | null {
  const detail = (error as { detail?: unknown } | null | undefined)?.detail;
  if (!Array.isArray(detail)) return null;
  const found: Partial<Record<F, Msg>> = {};
  for (const item of detail as { loc?: unknown; msg?: unknown }[]) {
    const loc = Array.isArray(item?.loc) ? (item.loc as Loc) : [];
    const field = toField(loc[0] === 'body' ? loc.slice(1) : loc);
    if (field && typeof item.msg === 'string' && !found[field]) found[field] = { text: item.msg };
  }
  return Object.keys(found).length > 0 ? found : null;
}

/** A 409 whose `code` is about one field of the form: that field shows the server's text. */
export function conflictFieldError<F extends string>(
  error: unknown,
  toField: (code: string) => F | null,
): Partial<Record<F, Msg>> | null {
  const { code, detail } = (error ?? {}) as { code?: unknown; detail?: unknown };
  const field = typeof code === 'string' ? toField(code) : null;
  if (!field || typeof detail !== 'string') return null;
  return { [field]: { text: detail } } as Partial<Record<F, Msg>>;
}
