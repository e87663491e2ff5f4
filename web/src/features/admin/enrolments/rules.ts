import type { FieldErrors } from '../../../lib/forms/field-errors';
import { formResult, trimAll, type FormCheck } from '../components/form-check';

export type EnrolmentField = 'firstName' | 'lastName' | 'birthDate' | 'dni' | 'email' | 'phone';
export type EnrolmentFormValues = Record<EnrolmentField, string> & { activityIds: string[] };

export interface EnrolmentPayload {
  first_name: string;
  last_name: string;
  dni: string | null;
  email: string | null;
  phone: string;
  birth_date: string | null;
  activity_ids: number[];
}

/** The person being edited, as far as the form's rules care. */
export type EditedPerson = { dni: string | null; birth_date?: string | null } | null;

export const emptyEnrolmentForm: EnrolmentFormValues = {
  firstName: '',
  lastName: '',
  birthDate: '',
  dni: '',
  email: '',
  phone: '',
  activityIds: [],
};

/** A person on record without a DNI (a child a resident added) may stay without one. */
export const dniIsOptional = (editing: EditedPerson) => editing?.dni === null;

/** A birth date on record can be corrected but not removed (the server refuses it too). */
export const birthDateIsRequired = (editing: EditedPerson) =>
  editing !== null && (editing.birth_date ?? null) !== null;

/** The form's field a 422 item's `loc` (after "body") names. */
export function enrolmentFieldOf(loc: readonly (string | number)[]): EnrolmentField | null {
  const fields: Record<string, EnrolmentField> = {
    first_name: 'firstName',
    last_name: 'lastName',
    birth_date: 'birthDate',
    dni: 'dni',
    email: 'email',
    phone: 'phone',
  };
  return fields[String(loc[0])] ?? null;
}

/**
 * first name, last name, dni and phone are required ('Por favor, completa todos los campos
 * obligatorios'), the DNI but when editing someone who has none; an empty email is sent as null,
 * and so is an empty birth date, but over a date on record (it can only be corrected).
 */
export function checkEnrolmentForm(
  raw: EnrolmentFormValues,
  editing: EditedPerson = null,
): FormCheck<EnrolmentField, EnrolmentPayload> {
  const { activityIds, ...texts } = raw;
  const v = trimAll(texts);
  const errors: FieldErrors<EnrolmentField> = {};
  if (!v.firstName) errors.firstName = 'admin.enrolments.required.firstName';
  if (!v.lastName) errors.lastName = 'admin.enrolments.required.lastName';
  if (!v.birthDate && birthDateIsRequired(editing))
    errors.birthDate = 'admin.enrolments.birthDateNotRemovable';
  if (!v.dni && !dniIsOptional(editing)) errors.dni = 'admin.enrolments.required.dni';
  if (!v.phone) errors.phone = 'admin.enrolments.required.phone';
  const missing = Object.keys(errors).length > 0;
  return formResult(errors, missing ? 'admin.enrolments.completeRequired' : null, () => ({
    first_name: v.firstName,
    last_name: v.lastName,
    dni: v.dni ? v.dni.toUpperCase() : null,
    email: v.email || null,
    phone: v.phone,
    birth_date: v.birthDate || null,
    activity_ids: activityIds.map(Number),
  }));
}
