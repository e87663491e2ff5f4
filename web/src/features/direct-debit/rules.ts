import type { FieldErrors } from '../../lib/forms/field-errors';
import type { DirectDebit, MandateCreate, Refusal } from './api/direct-debit-api';

export type MandateField = keyof MandateCreate;
export const MANDATE_FIELDS: readonly MandateField[] = ['iban', 'holder_name', 'holder_dni'];

/** The fields the resident left empty, as message ids (the server checks the rest). */
export function mandateFormErrors(values: MandateCreate): FieldErrors<MandateField> {
  const errors: FieldErrors<MandateField> = {};
  for (const field of MANDATE_FIELDS) {
    if (values[field].trim() === '') errors[field] = `payments.directDebit.form.${field}.required`;
  }
  return errors;
}

/** The server's IBAN refusals belong on the IBAN field, with the server's own reason. */
export function ibanRefusal(refusal: Refusal): boolean {
  return refusal.code === 'invalid_iban' || refusal.code === 'iban_not_sepa';
}

/** The key of a fee: its person and activity (the dashboard's lines, a domiciled fee alike). */
export const feeKey = (personActivityId: number, activityId: number) =>
  `${personActivityId}-${activityId}`;

/** The fees on a mandate now (cancelled or ended ones are paid by card or Bizum again). */
export function domiciledByFee(debits: readonly DirectDebit[]): Map<string, DirectDebit> {
  const byFee = new Map<string, DirectDebit>();
  for (const debit of debits) {
    if (debit.status !== 'active') continue;
    byFee.set(feeKey(debit.person_activity_id, debit.activity_id), debit);
  }
  return byFee;
}

/** A fee can come off its mandate while none of its parts is with the bank. */
export const canUndomicile = (debit: DirectDebit) =>
  !debit.lines.some((line) => line.direct_debit.status === 'in_remittance');

/** What the dashboard knows of a pending line (a fee, or one part of it). */
export interface PendingLine {
  id: number;
  person_activity_id: number;
  name: string;
  dni?: string | null;
  amount_due: number | null;
  amount: number;
}

/** A pending fee not on a mandate: what "Domiciliar" offers. */
export interface UndomiciledFee {
  key: string;
  personActivityId: number;
  activityId: number;
  name: string;
  dni: string | null;
  amount: number;
}

/** The pending fees (their parts together) that no mandate collects yet. */
export function undomiciledFees(
  pending: readonly PendingLine[],
  domiciled: ReadonlyMap<string, DirectDebit>,
): UndomiciledFee[] {
  const fees = new Map<string, UndomiciledFee>();
  for (const line of pending) {
    const key = feeKey(line.person_activity_id, line.id);
    if (domiciled.has(key)) continue;
    const fee = fees.get(key) ?? {
      key,
      personActivityId: line.person_activity_id,
      activityId: line.id,
      name: line.name,
      dni: line.dni ?? null,
      amount: 0,
    };
    fee.amount = Math.round((fee.amount + (line.amount_due ?? line.amount)) * 100) / 100;
    fees.set(key, fee);
  }
  return [...fees.values()];
}

/**
 * The lines of domiciled fees with the bank now (in a remittance sent, not yet collected or
 * returned), keyed as the dashboard keys its lines (person:activity[:part]), with the day the bank
 * collects them: the dashboard does not let them be paid by card or Bizum as well.
 */
export function sentToBank(debits: readonly DirectDebit[]): Map<string, string> {
  const out = new Map<string, string>();
  for (const debit of debits)
    for (const line of debit.lines) {
      const { status, collection_date } = line.direct_debit;
      if (line.kind !== 'fee' || status !== 'in_remittance' || !collection_date) continue;
      const key = `${debit.person_activity_id}:${debit.activity_id}`;
      out.set(line.part ? `${key}:${line.part.number}` : key, collection_date);
    }
  return out;
}
