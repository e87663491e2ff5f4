import type { FieldErrors } from '../../../lib/forms/field-errors';
import { formResult, trimAll, type FormCheck } from '../components/form-check';

export type EnrolmentField = 'firstName' | 'lastName' | 'dni' | 'email' | 'phone';
export type EnrolmentFormValues = Record<EnrolmentField, string> & { activityIds: string[] };

export interface EnrolmentPayload {
  first_name: string;
  last_name: string;
  dni: string | null;
  email: string | null;
  phone: string;
  activity_ids: number[];
}

export const emptyEnrolmentForm: EnrolmentFormValues = {
  firstName: '',
  lastName: '',
  dni: '',
  email: '',
  phone: '',
  activityIds: [],
};

/** A person on record without a DNI (a child a resident added) may stay without one. */
export const dniIsOptional = (editing: { dni: string | null } | null) => editing?.dni === null;

/**
 * first name, last name, dni and phone are required ('Por favor, completa todos los campos
 * obligatorios'), the DNI but when editing someone who has none; an empty email is sent as null.
 */
export function checkEnrolmentForm(
  raw: EnrolmentFormValues,
  editing: { dni: string | null } | null = null,
): FormCheck<EnrolmentField, EnrolmentPayload> {
  const { activityIds, ...texts } = raw;
  const v = trimAll(texts);
  const errors: FieldErrors<EnrolmentField> = {};
  if (!v.firstName) errors.firstName = 'admin.enrolments.required.firstName';
  if (!v.lastName) errors.lastName = 'admin.enrolments.required.lastName';
  if (!v.dni && !dniIsOptional(editing)) errors.dni = 'admin.enrolments.required.dni';
  if (!v.phone) errors.phone = 'admin.enrolments.required.phone';
  const missing = Object.keys(errors).length > 0;
  return formResult(errors, missing ? 'admin.enrolments.completeRequired' : null, () => ({
    first_name: v.firstName,
    last_name: v.lastName,
    dni: v.dni ? v.dni.toUpperCase() : null,
    email: v.email || null,
    phone: v.phone,
    activity_ids: activityIds.map(Number),
  }));
}
