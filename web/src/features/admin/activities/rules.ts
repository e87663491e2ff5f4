import type { FieldErrors } from '../../../lib/forms/field-errors';
import { formResult, trimAll, type FormCheck } from '../components/form-check';

export type ActivityField = 'name' | 'price' | 'startDate';
export type ActivityFormValues = Record<ActivityField, string>;

export interface ActivityPayload {
  name: string;
  price: number;
  start_date: string | null;
}

export const emptyActivityForm: ActivityFormValues = { name: '', price: '', startDate: '' };

export const PRICE_MAX = 100_000;

/** "12,5" or "12.50" → 12.5 (rounded to the cent); null when not a number from 0 to PRICE_MAX. */
export function parsePrice(text: string): number | null {
  const normalized = text.trim().replace(',', '.');
  if (!/^(\d+(\.\d*)?|\.\d+)$/.test(normalized)) return null;
  const value = Number(normalized);
  if (!Number.isFinite(value) || value < 0 || value > PRICE_MAX) return null;
  return Math.round(value * 100) / 100;
}

/** Price as the form shows it: 85.5 → "85,50" (es, gl) or "85.50" (en). */
export function priceToText(price: number, locale: string): string {
  const text = price.toFixed(2);
  return locale === 'en' ? text : text.replace('.', ',');
}

/** name and price are required ('complete_all_required_fields'); the price is a number ≥ 0. */
export function checkActivityForm(
  raw: ActivityFormValues,
): FormCheck<ActivityField, ActivityPayload> {
  const v = trimAll(raw);
  const errors: FieldErrors<ActivityField> = {};
  let missing = false;
  if (!v.name) {
    errors.name = 'admin.activities.required.name';
    missing = true;
  }
  const price = parsePrice(v.price);
  if (!v.price) {
    errors.price = 'admin.activities.required.price';
    missing = true;
  } else if (price === null) {
    errors.price = 'admin.activities.invalidPrice';
  }
  return formResult(errors, missing ? 'admin.msg.complete_all_required_fields' : null, () => ({
    name: v.name,
    price: price ?? 0,
    start_date: v.startDate || null,
  }));
}
