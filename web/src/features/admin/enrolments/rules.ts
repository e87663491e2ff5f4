import type { FieldErrors } from '../../../lib/forms/field-errors';
import { formResult, trimAll, type FormCheck } from '../components/form-check';

export type EnrolmentField = 'firstName' | 'lastName' | 'dni' | 'email' | 'phone';
export type EnrolmentFormValues = Record<EnrolmentField, string> & { activityIds: string[] };

export interface EnrolmentPayload {
  first_name: string;
  last_name: string;
  dni: string;
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

/**
 * first name, last name, dni and phone are required ('Por favor, completa todos los campos
 * obligatorios'); an empty email is sent as null.
 */
export function checkEnrolmentForm(
  raw: EnrolmentFormValues,
): FormCheck<EnrolmentField, EnrolmentPayload> {
  const { activityIds, ...texts } = raw;
  const v = trimAll(texts);
  const errors: FieldErrors<EnrolmentField> = {};
  if (!v.firstName) errors.firstName = 'admin.enrolments.required.firstName';
  if (!v.lastName) errors.lastName = 'admin.enrolments.required.lastName';
  if (!v.dni) errors.dni = 'admin.enrolments.required.dni';
  if (!v.phone) errors.phone = 'admin.enrolments.required.phone';
  const missing = Object.keys(errors).length > 0;
  return formResult(errors, missing ? 'admin.enrolments.completeRequired' : null, () => ({
    first_name: v.firstName,
    last_name: v.lastName,
    dni: v.dni.toUpperCase(),
    email: v.email || null,
    phone: v.phone,
    activity_ids: activityIds.map(Number),
  }));
}
