import type { FieldErrors } from '../../../lib/forms/field-errors';
import { isoToMadridLocal, madridLocalToIso } from '../../../lib/madrid-time';
import type { Activity, ActivityWrite } from '../api/activities';
import { formResult, trimAll, type FormCheck } from '../components/form-check';

export type ActivityField =
  | 'name'
  | 'price'
  | 'startDate'
  | 'allocation'
  | 'capacity'
  | 'openAt'
  | 'closeAt'
  | 'offerHours'
  | 'description'
  | 'schedule'
  | 'venue'
  | 'minBirthYear'
  | 'maxBirthYear';
export type ActivityFormValues = Record<ActivityField, string>;

export type ActivityPayload = ActivityWrite;

export const emptyActivityForm: ActivityFormValues = {
  name: '',
  price: '',
  startDate: '',
  allocation: 'none',
  capacity: '',
  openAt: '',
  closeAt: '',
  offerHours: '72',
  description: '',
  schedule: '',
  venue: '',
  minBirthYear: '',
  maxBirthYear: '',
};

/** An activity as the form shows it; times in Madrid's wall clock. */
export function activityToForm(activity: Activity, priceText: string): ActivityFormValues {
  return {
    name: activity.name,
    price: priceText,
    startDate: activity.start_date ?? '',
    allocation: activity.allocation,
    capacity: activity.capacity === null ? '' : String(activity.capacity),
    openAt: activity.applications_open_at ? isoToMadridLocal(activity.applications_open_at) : '',
    closeAt: activity.applications_close_at ? isoToMadridLocal(activity.applications_close_at) : '',
    offerHours: String(activity.offer_hours),
    description: activity.description ?? '',
    schedule: activity.schedule ?? '',
    venue: activity.venue ?? '',
    minBirthYear: activity.min_birth_year === null ? '' : String(activity.min_birth_year),
    maxBirthYear: activity.max_birth_year === null ? '' : String(activity.max_birth_year),
  };
}

/** A whole number within limits, or null. */
function wholeNumber(text: string, min: number, max: number): number | null {
  if (!/^\d+$/.test(text)) return null;
  const value = Number(text);
  return value >= min && value <= max ? value : null;
}

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

/**
 * name and price are required ('complete_all_required_fields'); the price is a number ≥ 0. With
 * places (first come or lottery): the places and the applications window are required, the
 * window opens before it closes, an offer waits 1–720 hours, and the earliest year of birth is
 * not after the latest.
 */
export function checkActivityForm(
  raw: ActivityFormValues,
): FormCheck<ActivityField, ActivityPayload> {
  const v = trimAll(raw);
  const errors: FieldErrors<ActivityField> = {};
  let missing = false;
  const require = (field: ActivityField, id: string) => {
    errors[field] = id;
    missing = true;
  };
  if (!v.name) require('name', 'admin.activities.required.name');
  const price = parsePrice(v.price);
  if (!v.price) require('price', 'admin.activities.required.price');
  else if (price === null) errors.price = 'admin.activities.invalidPrice';

  const allocation = (v.allocation || 'none') as ActivityWrite['allocation'] & string;
  const withPlaces = allocation !== 'none';
  const capacity = wholeNumber(v.capacity, 1, 100_000);
  const openAt = madridLocalToIso(v.openAt);
  const closeAt = madridLocalToIso(v.closeAt);
  const offerHours = wholeNumber(v.offerHours || '72', 1, 720);
  const minYear = v.minBirthYear ? wholeNumber(v.minBirthYear, 1900, 2100) : null;
  const maxYear = v.maxBirthYear ? wholeNumber(v.maxBirthYear, 1900, 2100) : null;
  if (withPlaces) {
    if (!v.capacity) require('capacity', 'admin.activities.required.capacity');
    else if (capacity === null) errors.capacity = 'admin.activities.invalidCapacity';
    if (!v.openAt) require('openAt', 'admin.activities.required.openAt');
    else if (openAt === null) errors.openAt = 'admin.activities.invalidDateTime';
    if (!v.closeAt) require('closeAt', 'admin.activities.required.closeAt');
    else if (closeAt === null) errors.closeAt = 'admin.activities.invalidDateTime';
    if (openAt && closeAt && openAt >= closeAt) errors.closeAt = 'admin.activities.windowOrder';
    if (offerHours === null) errors.offerHours = 'admin.activities.invalidOfferHours';
    if (v.minBirthYear && minYear === null) errors.minBirthYear = 'admin.activities.invalidYear';
    if (v.maxBirthYear && maxYear === null) errors.maxBirthYear = 'admin.activities.invalidYear';
    if (minYear !== null && maxYear !== null && minYear > maxYear)
      errors.maxBirthYear = 'admin.activities.yearsOrder';
  }
  return formResult(errors, missing ? 'admin.msg.complete_all_required_fields' : null, () => ({
    name: v.name,
    price: price ?? 0,
    start_date: v.startDate || null,
    allocation,
    ...(withPlaces
      ? {
          capacity,
          applications_open_at: openAt,
          applications_close_at: closeAt,
          offer_hours: offerHours ?? 72,
          description: v.description || null,
          schedule: v.schedule || null,
          venue: v.venue || null,
          min_birth_year: minYear,
          max_birth_year: maxYear,
        }
      : {}),
  }));
}
