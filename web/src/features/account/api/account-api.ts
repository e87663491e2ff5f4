import { api, detailMessage } from '../../../lib/api/client';
import type { components } from '../../../lib/api/schema.gen';
import { fileNameOf, saveBlob } from '../../../lib/download';

export type Me = components['schemas']['Me'];

/** The server's answer to an action: done, or the message to show (its detail, if it sent one). */
export type ActionResult = { ok: true } | { ok: false; status: number; message: string | null };

async function action(
  call: Promise<{ error?: unknown; response: Response }>,
): Promise<ActionResult> {
  try {
    const { error, response } = await call;
    if (response.ok) return { ok: true };
    return { ok: false, status: response.status, message: detailMessage(error, '') || null };
  } catch {
    return { ok: false, status: 0, message: null };
  }
}

/** An answer's data, or the message to show: the first field problem of a 422, else its detail. */
type DataOrMessage<T> = { ok: true; data: T } | { ok: false; message: string | null };

async function dataOrMessage<T>(
  call: Promise<{ data?: T; error?: unknown }>,
): Promise<DataOrMessage<T>> {
  try {
    const { data, error } = await call;
    if (data !== undefined) return { ok: true, data };
    return { ok: false, message: validationMessage(error) ?? (detailMessage(error, '') || null) };
  } catch {
    return { ok: false, message: null };
  }
}

/** POST /user/me/password: the new session's token, or the message to show. */
export function changeMyPassword(current: string, next: string, repeat: string) {
  return dataOrMessage(
    api.POST('/user/me/password', {
      body: { current_password: current, new_password: next, repeat_password: repeat },
    }),
  );
}

export type Contact = 'email' | 'phone';

/** POST /user/me/email or /user/me/phone: the password again and the new value; a code goes there. */
export function requestContactChange(contact: Contact, value: string, password: string) {
  return dataOrMessage<unknown>(
    contact === 'email'
      ? api.POST('/user/me/email', { body: { email: value, password } })
      : api.POST('/user/me/phone', { body: { phone: value, password } }),
  );
}

/** POST /user/me/{email,phone}/verify: the account as changed, or the message to show. */
export function verifyContactChange(contact: Contact, value: string, code: string) {
  return dataOrMessage<Me>(
    contact === 'email'
      ? api.POST('/user/me/email/verify', { body: { email: value, code } })
      : api.POST('/user/me/phone/verify', { body: { phone: value, code } }),
  );
}

/**
 * POST /user/me/email/confirm: a code to the account's own address; it comes back through
 * verifyContactChange('email', that address, code).
 */
export function requestEmailConfirmation() {
  return dataOrMessage<unknown>(api.POST('/user/me/email/confirm'));
}

/** The first message of a 422's list (the server's words for the field that is wrong). */
function validationMessage(error: unknown): string | null {
  const detail = (error as { detail?: unknown } | null | undefined)?.detail;
  if (!Array.isArray(detail)) return null;
  const first = detail[0] as { msg?: unknown } | undefined;
  return typeof first?.msg === 'string' ? first.msg : null;
}

/** GET /user/me: the signed-in account. */
export async function fetchMe(): Promise<Me> {
  const { data } = await api.GET('/user/me');
  if (!data) throw new Error('account could not be loaded');
  return data;
}

/** PATCH /user/me: payment reminders on or off; the saved account, or null when it failed. */
export async function saveReminders(reminders: boolean): Promise<Me | null> {
  try {
    const { data } = await api.PATCH('/user/me', { body: { reminders } });
    return data ?? null;
  } catch {
    return null;
  }
}

/** GET /user/me/export, saved as the file the server names; false when it failed. */
export async function downloadMyData(): Promise<boolean> {
  try {
    const { data, response } = await api.GET('/user/me/export', { parseAs: 'blob' });
    if (!data) return false;
    saveBlob(data as Blob, fileNameOf(response, 'mis-datos.json'));
    return true;
  } catch {
    return false;
  }
}

/** DELETE /user/me with the account's password. */
export function deleteMyAccount(password: string): Promise<ActionResult> {
  return action(api.DELETE('/user/me', { body: { password } }));
}

/** POST /reminders/unsubscribe: the e-mail link's token, no session needed. */
export function unsubscribeReminders(token: string): Promise<ActionResult> {
  return action(api.POST('/reminders/unsubscribe', { body: { token } }));
}
