import type { FieldErrors, MessageId } from '../../../lib/forms/field-errors';
import type { AdminCircumstance, CircumstanceWrite } from '../api/circumstances';
import { formResult, type FormCheck } from '../components/form-check';

export const LANGUAGES = ['es', 'en', 'gl'] as const;
export type Language = (typeof LANGUAGES)[number];

export type CircumstanceField =
  | `name.${Language}`
  | `proof.${Language}`
  | 'validity'
  | 'months'
  | 'review'
  | 'minAge'
  | 'maxAge'
  | 'scope';

export interface CircumstanceFormValues {
  name: Record<Language, string>;
  proof: Record<Language, string>;
  /** `months`: an approval lasts a number of months; `date`: until a date staff enter. */
  validity: 'months' | 'date';
  months: string;
  /** `age`: applies by itself to the ages below (no proof, no request). */
  review: 'staff' | 'declaration' | 'age';
  /** Ages, as typed: for `age` (first age required) or a `declaration` (both optional). */
  minAge: string;
  maxAge: string;
  /** `person`: asked per person; `household`: once for several of a family's people. */
  scope: 'person' | 'household';
}

export const AGE_MAX = 130;

export const NAME_MAX = 120;
export const PROOF_MAX = 600;

export const emptyCircumstanceForm: CircumstanceFormValues = {
  name: { es: '', en: '', gl: '' },
  proof: { es: '', en: '', gl: '' },
  validity: 'months',
  months: '12',
  review: 'staff',
  minAge: '',
  maxAge: '',
  scope: 'person',
};

export function circumstanceToForm(circumstance: AdminCircumstance): CircumstanceFormValues {
  return {
    name: { ...circumstance.name },
    proof: { ...circumstance.proof },
    validity: circumstance.validity_months === null ? 'date' : 'months',
    months: circumstance.validity_months === null ? '12' : String(circumstance.validity_months),
    review: circumstance.review,
    minAge: circumstance.min_age === null ? '' : String(circumstance.min_age),
    maxAge: circumstance.max_age === null ? '' : String(circumstance.max_age),
    scope: circumstance.scope ?? 'person',
  };
}

/** A whole age from 0 to 130 ("65"); null for empty; undefined when it is not one. */
export function parseAge(text: string): number | null | undefined {
  const trimmed = text.trim();
  if (trimmed === '') return null;
  if (!/^\d{1,3}$/.test(trimmed)) return undefined;
  const age = Number(trimmed);
  return age <= AGE_MAX ? age : undefined;
}

/**
 * A circumstance's ages: by age the first age is required; staff's review takes none (they are
 * not sent); the last age, if any, not below the first.
 */
function checkAges(v: CircumstanceFormValues, errors: FieldErrors<CircumstanceField>) {
  if (v.review === 'staff') return { min_age: null, max_age: null };
  const min = parseAge(v.minAge);
  const max = parseAge(v.maxAge);
  if (min === undefined) errors.minAge = 'admin.circumstances.minAgeRange';
  else if (min === null && v.review === 'age') errors.minAge = 'admin.circumstances.minAgeRequired';
  if (max === undefined || (max !== null && typeof min === 'number' && max < min))
    errors.maxAge = 'admin.circumstances.maxAgeRange';
  return { min_age: min ?? null, max_age: max ?? null };
}

/** Whole months from 1 to 60 ("12"), else null. */
export function parseMonths(text: string): number | null {
  const trimmed = text.trim();
  if (!/^\d{1,2}$/.test(trimmed)) return null;
  const months = Number(trimmed);
  return months >= 1 && months <= 60 ? months : null;
}

/**
 * The name and the proof it needs, in the three languages, are required (at most 120 and 600
 * characters); an approval lasts 1–60 whole months, or until a date staff enter from the
 * document.
 */
export function checkCircumstanceForm(
  v: CircumstanceFormValues,
): FormCheck<CircumstanceField, CircumstanceWrite> {
  const errors: FieldErrors<CircumstanceField> = {};
  let missing = false;
  const texts = (kind: 'name' | 'proof', max: number, tooLong: MessageId) => {
    const out = { es: '', en: '', gl: '' };
    for (const lang of LANGUAGES) {
      const text = v[kind][lang].trim();
      out[lang] = text;
      if (!text) {
        errors[`${kind}.${lang}`] = `admin.circumstances.required.${kind}.${lang}`;
        missing = true;
      } else if (text.length > max) errors[`${kind}.${lang}`] = tooLong;
    }
    return out;
  };
  const name = texts('name', NAME_MAX, 'admin.circumstances.nameTooLong');
  const byAge = v.review === 'age';
  // nobody proves an age: no proof, nothing to last
  const proof = byAge ? null : texts('proof', PROOF_MAX, 'admin.circumstances.proofTooLong');
  const months = parseMonths(v.months);
  if (!byAge && v.validity === 'months' && months === null)
    errors.months = 'admin.circumstances.monthsRange';
  const ages = checkAges(v, errors);
  return formResult(errors, missing ? 'admin.msg.complete_all_required_fields' : null, () => ({
    name,
    ...(proof ? { proof } : {}),
    validity_months: byAge || v.validity !== 'months' ? null : months,
    review: v.review,
    ...ages,
    // an age applies by itself to each person: never a household's
    scope: byAge ? 'person' : v.scope,
  }));
}

/** The form's field a 422 item of the server names (loc after "body"). */
export function circumstanceFieldOf(loc: readonly (string | number)[]): CircumstanceField | null {
  const [name, lang] = loc;
  if ((name === 'name' || name === 'proof') && LANGUAGES.includes(lang as Language)) {
    return `${name}.${lang as Language}`;
  }
  if (name === 'validity_months') return 'months';
  if (name === 'review') return 'review';
  if (name === 'min_age') return 'minAge';
  if (name === 'max_age') return 'maxAge';
  if (name === 'scope') return 'scope';
  return null;
}

export type ImportField = 'circumstance' | 'validUntil' | 'file';

/** The import needs a circumstance, an end date and an .xlsx file. */
export function checkImport(values: {
  circumstanceId: string;
  validUntil: string;
  file: File | null | undefined;
}): FieldErrors<ImportField> {
  const errors: FieldErrors<ImportField> = {};
  if (!values.circumstanceId)
    errors.circumstance = 'admin.circumstances.import.required.circumstance';
  if (!values.validUntil) errors.validUntil = 'admin.circumstances.import.required.validUntil';
  if (!values.file) errors.file = 'admin.msg.please_select_file';
  else if (!values.file.name.toLowerCase().endsWith('.xlsx'))
    errors.file = 'admin.msg.invalid_file_type';
  return errors;
}
