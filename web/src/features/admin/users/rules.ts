import type { FieldErrors } from '../../../lib/forms/field-errors';
import { formResult, trimAll, looksLikeEmail, type FormCheck } from '../components/form-check';

export const PASSWORD_MIN_LENGTH = 8;

export type UserField = 'dni' | 'phone' | 'email' | 'password' | 'repeatPassword';
export type UserFormValues = Record<UserField, string>;
export type UserFormMode = 'create' | 'edit';

export interface UserPayload {
  dni: string;
  phone: string;
  email: string | null;
  password?: string;
  repeat_password?: string;
}

export const emptyUserForm: UserFormValues = {
  dni: '',
  phone: '',
  email: '',
  password: '',
  repeatPassword: '',
};

/**
 * dni, phone and (on create) password are required → 'complete_all_required_fields'; a non-empty
 * email must look like an address → 'invalid_email'; passwords must match →
 * 'passwords_do_not_match'. Values are trimmed. On edit an empty password keeps the current one,
 * so it is only sent when filled.
 */
export function checkUserForm(
  raw: UserFormValues,
  mode: UserFormMode,
): FormCheck<UserField, UserPayload> {
  const v = trimAll(raw);
  const errors: FieldErrors<UserField> = {};
  let missing = false;
  if (!v.dni) {
    errors.dni = 'admin.users.required.dni';
    missing = true;
  }
  if (!v.phone) {
    errors.phone = 'admin.users.required.phone';
    missing = true;
  }
  if (v.email && !looksLikeEmail(v.email)) errors.email = 'admin.msg.invalid_email';
  if (mode === 'create' && !v.password) {
    errors.password = 'admin.users.required.password';
    missing = true;
  } else if (v.password && v.password.length < PASSWORD_MIN_LENGTH) {
    errors.password = 'admin.users.passwordTooShort';
  }
  if (v.password !== v.repeatPassword) errors.repeatPassword = 'admin.msg.passwords_do_not_match';

  return formResult(errors, missing ? 'admin.msg.complete_all_required_fields' : null, () => ({
    dni: v.dni.toUpperCase(),
    phone: v.phone,
    email: v.email || null,
    ...(v.password ? { password: v.password, repeat_password: v.repeatPassword } : {}),
  }));
}
