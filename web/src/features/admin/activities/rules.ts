import type { FieldErrors } from '../../../lib/forms/field-errors';
import { isoToMadridLocal, madridLocalToIso } from '../../../lib/madrid-time';
import type { Activity, ActivityWrite } from '../api/activities';
import { formResult, trimAll, type FormCheck } from '../components/form-check';
import type { Msg } from '../components/messages';
import {
  checkDrawSettings,
  drawFieldOf,
  drawSettingsToForm,
  emptyDrawSettings,
  type DrawSettingsField,
  type GroupField,
  type GroupRow,
} from './draw-settings';
import {
  checkParts,
  partFieldOf,
  partsByOf,
  partsPayload,
  partsToForm,
  type PartField,
  type PartRow,
  type PartsBy,
  type PartsField,
} from './parts-rules';

/** The texts an activity has in each language (besides the one staff wrote first). */
export const TEXT_LANGUAGES = ['es', 'en', 'gl'] as const;
export const TEXT_KINDS = ['description', 'schedule', 'venue'] as const;
type TextLanguage = (typeof TEXT_LANGUAGES)[number];
export type TextKind = (typeof TEXT_KINDS)[number];
/**
 * The texts the contract marks multi-line (`x-multiline` in openapi.yaml's ActivityWrite): edited
 * in a TextArea, line breaks and all. The venue is one line.
 */
export const MULTILINE_TEXT_KINDS: ReadonlySet<TextKind> = new Set(['description', 'schedule']);
/** `descriptionGl`, `venueEn`…: one text in one language. */
export type TextField = `${TextKind}${Capitalize<TextLanguage>}`;
export const textField = (kind: TextKind, lang: TextLanguage): TextField =>
  `${kind}${lang === 'es' ? 'Es' : lang === 'en' ? 'En' : 'Gl'}`;
const TEXT_FIELDS: TextField[] = TEXT_KINDS.flatMap((kind) =>
  TEXT_LANGUAGES.map((lang) => textField(kind, lang)),
);

export type ActivityField =
  | TextField
  | DrawSettingsField
  | 'name'
  | 'price'
  | 'registrationFee'
  | 'startDate'
  | 'allocation'
  | 'capacity'
  | 'openAt'
  | 'closeAt'
  | 'offerHours'
  | 'claimsDays'
  | 'waitlistEndsAt'
  | 'freePlacesAt'
  | 'description'
  | 'schedule'
  | 'venue'
  | 'minBirthYear'
  | 'maxBirthYear'
  | 'ageOn'
  | 'feeGroup';

/** A price band as the form holds it: ages and price as typed; `key` keeps React's rows apart. */
export interface TariffRow {
  key: number;
  minAge: string;
  /** Empty: "and over" (no upper age). */
  maxAge: string;
  price: string;
  isDefault: boolean;
}
export type TariffPart = 'minAge' | 'maxAge' | 'price' | 'default';
/** A band's field as the error summary names it: `tariff.<row>.<part>`. */
export type TariffField = `tariff.${number}.${TariffPart}`;
export type ActivityErrorField = ActivityField | TariffField | GroupField | PartField | PartsField;

export type ActivityFormValues = Record<ActivityField, string> & {
  /** Empty: one price for everyone. */
  tariffs: TariffRow[];
  reductionsApply: boolean;
  /** Ordered, group 1 first (draw-settings.ts). */
  priorityGroups: GroupRow[];
  /** The fee in parts, in order (parts-rules.ts); empty: one payment. */
  parts: PartRow[];
  /** Whether the parts are given in percent or by weight. */
  partsBy: PartsBy;
};

export type ActivityPayload = ActivityWrite;

export const emptyActivityForm: ActivityFormValues = {
  name: '',
  price: '',
  registrationFee: '',
  startDate: '',
  allocation: 'none',
  capacity: '',
  openAt: '',
  closeAt: '',
  offerHours: '72',
  claimsDays: '',
  waitlistEndsAt: '',
  freePlacesAt: '',
  description: '',
  schedule: '',
  venue: '',
  ...(Object.fromEntries(TEXT_FIELDS.map((field) => [field, ''])) as Record<TextField, string>),
  minBirthYear: '',
  maxBirthYear: '',
  ageOn: '',
  feeGroup: '',
  tariffs: [],
  reductionsApply: true,
  parts: [],
  partsBy: 'percent',
  ...emptyDrawSettings,
};

let nextRowKey = 1;
export const tariffRow = (row: Partial<Omit<TariffRow, 'key'>> = {}): TariffRow => ({
  key: nextRowKey++,
  minAge: '',
  maxAge: '',
  price: '',
  isDefault: false,
  ...row,
});

/** The bands to start from: 0–17 and 18 and over, the adults' band the default. */
export function startingBands(priceText: string): TariffRow[] {
  return [
    tariffRow({ minAge: '0', maxAge: '17', price: priceText }),
    tariffRow({ minAge: '18', maxAge: '', price: priceText, isDefault: true }),
  ];
}

/** An activity as the form shows it; times in Madrid's wall clock. */
export function activityToForm(
  activity: Activity,
  priceTextOf: (price: number) => string,
  locale = 'es',
): ActivityFormValues {
  return {
    name: activity.name,
    price: priceTextOf(activity.price),
    registrationFee: activity.registration_fee ? priceTextOf(activity.registration_fee) : '',
    startDate: activity.start_date ?? '',
    allocation: activity.allocation,
    capacity: activity.capacity === null ? '' : String(activity.capacity),
    openAt: activity.applications_open_at ? isoToMadridLocal(activity.applications_open_at) : '',
    closeAt: activity.applications_close_at ? isoToMadridLocal(activity.applications_close_at) : '',
    offerHours: String(activity.offer_hours),
    claimsDays: activity.claims_days == null ? '' : String(activity.claims_days),
    waitlistEndsAt: activity.waitlist_ends_at ? isoToMadridLocal(activity.waitlist_ends_at) : '',
    freePlacesAt: activity.free_places_at ? isoToMadridLocal(activity.free_places_at) : '',
    description: activity.description ?? '',
    schedule: activity.schedule ?? '',
    venue: activity.venue ?? '',
    ...(Object.fromEntries(
      TEXT_KINDS.flatMap((kind) =>
        TEXT_LANGUAGES.map((lang) => [textField(kind, lang), activity.texts?.[lang]?.[kind] ?? '']),
      ),
    ) as Record<TextField, string>),
    minBirthYear: activity.min_birth_year === null ? '' : String(activity.min_birth_year),
    maxBirthYear: activity.max_birth_year === null ? '' : String(activity.max_birth_year),
    ageOn: activity.age_on ?? '',
    feeGroup: activity.fee_group ?? '',
    tariffs: activity.tariffs.map((band) =>
      tariffRow({
        minAge: String(band.min_age),
        maxAge: band.max_age === null ? '' : String(band.max_age),
        price: priceTextOf(band.price),
        isDefault: band.default,
      }),
    ),
    reductionsApply: activity.reductions_apply,
    parts: partsToForm(activity, locale),
    partsBy: partsByOf(activity),
    ...drawSettingsToForm(activity),
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

/** An age from 0 to 130, or null. */
const age = (text: string) => wholeNumber(text.trim(), 0, 130);

interface Band {
  row: number;
  min: number;
  max: number | null;
}

/**
 * The price bands, checked as the server checks them (and each message naming the ages): every
 * age and price readable, a band ending no earlier than it starts, bands from 0 with no age left
 * out and none in two bands, the last open-ended ("and over"), one band marked for a person
 * without a birth date. Returns the problems per field of a row.
 */
export function checkTariffs(rows: readonly TariffRow[]): Partial<Record<TariffField, Msg>> {
  const problems: Partial<Record<TariffField, Msg>> = {};
  const put = (row: number, part: TariffPart, id: string, values?: Record<string, number>) => {
    const field: TariffField = `tariff.${row}.${part}`;
    problems[field] ??= { id: `admin.activities.tariff.${id}`, ...(values ? { values } : {}) };
  };
  const bands: Band[] = [];
  rows.forEach((row, index) => {
    const min = age(row.minAge);
    const openEnded = row.maxAge.trim() === '';
    const max = openEnded ? null : age(row.maxAge);
    const readable = min !== null && (openEnded || max !== null);
    if (min === null) put(index, 'minAge', 'minAgeInvalid', { row: index + 1 });
    if (!openEnded && max === null) put(index, 'maxAge', 'maxAgeInvalid', { row: index + 1 });
    if (parsePrice(row.price) === null) {
      if (!readable) put(index, 'price', 'priceRow', { row: index + 1 });
      else if (max === null) put(index, 'price', 'priceOpen', { from: min });
      else put(index, 'price', 'price', { from: min, to: max });
    }
    if (!readable) return;
    if (max !== null && max < min) put(index, 'maxAge', 'order', { from: min, to: max });
    else bands.push({ row: index, min, max });
  });
  if (rows.length === 0 || bands.length < rows.length) return problems;

  const sorted = [...bands].sort((a, b) => a.min - b.min || a.row - b.row);
  const first = sorted[0]!;
  if (first.min > 0) put(first.row, 'minAge', ...gap(0, first.min - 1));
  for (let i = 1; i < sorted.length; i++) {
    const before = sorted[i - 1]!;
    const band = sorted[i]!;
    if (before.max === null) put(band.row, 'minAge', ...overlap(band.min, band.max));
    else if (band.min <= before.max)
      put(
        band.row,
        'minAge',
        ...overlap(band.min, band.max === null ? before.max : Math.min(before.max, band.max)),
      );
    else if (band.min > before.max + 1)
      put(band.row, 'minAge', ...gap(before.max + 1, band.min - 1));
  }
  const last = sorted[sorted.length - 1]!;
  if (last.max !== null && !sorted.some((b) => b.max === null))
    put(last.row, 'maxAge', 'openEnd', { from: last.max + 1 });
  if (!rows.some((row) => row.isDefault)) put(first.row, 'default', 'noDefault');
  return problems;
}

type Problem = [id: string, values: Record<string, number>];

/** Ages no band prices: one age or a span. */
const gap = (from: number, to: number): Problem =>
  from === to ? ['gapOne', { from }] : ['gap', { from, to }];

/** Ages in two bands: one age, a span, or every age from one on. */
function overlap(from: number, to: number | null): Problem {
  if (to === null) return ['overlapOpen', { from }];
  return from === to ? ['overlapOne', { from }] : ['overlap', { from, to }];
}

/**
 * name and price are required ('complete_all_required_fields'); the price is a number ≥ 0 (with
 * prices by age, the bands' rules instead, and the default band's price is the activity's). With
 * places (first come or lottery): the places and the applications window are required, the
 * window opens before it closes, an offer waits 1–720 hours, and the earliest year of birth is
 * not after the latest.
 */
export function checkActivityForm(
  raw: ActivityFormValues,
): FormCheck<ActivityErrorField, ActivityPayload> {
  const { tariffs, reductionsApply, priorityGroups, parts, partsBy, ...texts } = raw;
  const v = trimAll(texts);
  const errors: FieldErrors<ActivityErrorField> = {};
  let missing = false;
  const require = (field: ActivityField, id: string) => {
    errors[field] = id;
    missing = true;
  };
  if (!v.name) require('name', 'admin.activities.required.name');
  const byAge = tariffs.length > 0;
  const price = parsePrice(v.price);
  if (!byAge) {
    if (!v.price) require('price', 'admin.activities.required.price');
    else if (price === null) errors.price = 'admin.activities.invalidPrice';
  }
  const bandProblems = byAge ? checkTariffs(tariffs) : {};
  const partProblems = checkParts(parts, partsBy);
  const registrationFee = v.registrationFee ? parsePrice(v.registrationFee) : 0;
  if (registrationFee === null) errors.registrationFee = 'admin.activities.invalidRegistrationFee';

  const allocation = (v.allocation || 'none') as ActivityWrite['allocation'] & string;
  const withPlaces = allocation !== 'none';
  const capacity = wholeNumber(v.capacity, 1, 100_000);
  const openAt = madridLocalToIso(v.openAt);
  const closeAt = madridLocalToIso(v.closeAt);
  const offerHours = wholeNumber(v.offerHours || '72', 1, 720);
  const lottery = allocation === 'lottery';
  const claimsDays = lottery && v.claimsDays ? wholeNumber(v.claimsDays, 1, 30) : null;
  const waitlistEndsAt = v.waitlistEndsAt ? madridLocalToIso(v.waitlistEndsAt) : null;
  const freePlacesAt = v.freePlacesAt ? madridLocalToIso(v.freePlacesAt) : null;
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
    if (lottery && v.claimsDays && claimsDays === null)
      errors.claimsDays = 'admin.activities.invalidClaimsDays';
    if (v.waitlistEndsAt && waitlistEndsAt === null)
      errors.waitlistEndsAt = 'admin.activities.invalidDateTime';
    else if (waitlistEndsAt && closeAt && waitlistEndsAt <= closeAt)
      errors.waitlistEndsAt = 'admin.activities.waitlistEndOrder';
    if (v.freePlacesAt && freePlacesAt === null)
      errors.freePlacesAt = 'admin.activities.invalidDateTime';
    else if (freePlacesAt && closeAt && freePlacesAt <= closeAt)
      errors.freePlacesAt = 'admin.activities.freePlacesOrder';
    else if (freePlacesAt && waitlistEndsAt && freePlacesAt < waitlistEndsAt)
      errors.freePlacesAt = 'admin.activities.freePlacesAfterWaitlist';
    if (v.minBirthYear && minYear === null) errors.minBirthYear = 'admin.activities.invalidYear';
    if (v.maxBirthYear && maxYear === null) errors.maxBirthYear = 'admin.activities.invalidYear';
    if (minYear !== null && maxYear !== null && minYear > maxYear)
      errors.maxBirthYear = 'admin.activities.yearsOrder';
  }
  const draw = checkDrawSettings(
    { ...v, priorityGroups },
    { allocation, capacity, openAt: withPlaces ? openAt : null },
  );
  Object.assign(errors, draw.errors);
  const bands = tariffs.map((row) => ({
    min_age: age(row.minAge) ?? 0,
    max_age: row.maxAge.trim() === '' ? null : age(row.maxAge),
    price: parsePrice(row.price) ?? 0,
    default: row.isDefault,
  }));
  return formResult(
    errors,
    missing ? 'admin.msg.complete_all_required_fields' : null,
    () => ({
      name: v.name,
      price: byAge ? (bands.find((band) => band.default)?.price ?? 0) : (price ?? 0),
      start_date: v.startDate || null,
      allocation,
      tariffs: bands,
      age_on: v.ageOn || null,
      reductions_apply: reductionsApply,
      fee_group: v.feeGroup || null,
      parts: partsPayload(parts, partsBy),
      registration_fee: registrationFee ?? 0,
      ...(withPlaces
        ? {
            capacity,
            applications_open_at: openAt,
            applications_close_at: closeAt,
            offer_hours: offerHours ?? 72,
            claims_days: claimsDays,
            waitlist_ends_at: waitlistEndsAt,
            free_places_at: freePlacesAt,
            description: v.description || null,
            schedule: v.schedule || null,
            venue: v.venue || null,
            texts: textsOf(v),
            min_birth_year: minYear,
            max_birth_year: maxYear,
            ...draw.payload,
          }
        : {}),
    }),
    { ...bandProblems, ...partProblems, ...draw.details },
  );
}

/** The texts by language staff filled in (the server keeps none of the empty ones). */
function textsOf(v: Record<TextField, string>): NonNullable<ActivityWrite['texts']> {
  const texts: NonNullable<ActivityWrite['texts']> = {};
  for (const lang of TEXT_LANGUAGES) {
    const filled = TEXT_KINDS.filter((kind) => v[textField(kind, lang)]);
    if (filled.length > 0)
      texts[lang] = Object.fromEntries(filled.map((kind) => [kind, v[textField(kind, lang)]]));
  }
  return texts;
}

/** The form field a 422 item of the server names (loc after "body"), if the form has it. */
export function activityFieldOf(loc: readonly (string | number)[]): ActivityErrorField | null {
  const draw = drawFieldOf(loc);
  if (draw) return draw;
  const partField = partFieldOf(loc);
  if (partField) return partField;
  const [name, index, part] = loc;
  if (
    name === 'texts' &&
    TEXT_LANGUAGES.includes(index as TextLanguage) &&
    TEXT_KINDS.includes(part as TextKind)
  )
    return textField(part as TextKind, index as TextLanguage);
  if (name === 'tariffs' && typeof index === 'number') {
    const parts: Record<string, TariffPart> = {
      min_age: 'minAge',
      max_age: 'maxAge',
      price: 'price',
      default: 'default',
    };
    const found = typeof part === 'string' ? parts[part] : undefined;
    return found ? `tariff.${index}.${found}` : null;
  }
  const fields: Record<string, ActivityField> = {
    name: 'name',
    price: 'price',
    registration_fee: 'registrationFee',
    start_date: 'startDate',
    capacity: 'capacity',
    applications_open_at: 'openAt',
    applications_close_at: 'closeAt',
    offer_hours: 'offerHours',
    claims_days: 'claimsDays',
    waitlist_ends_at: 'waitlistEndsAt',
    free_places_at: 'freePlacesAt',
    min_birth_year: 'minBirthYear',
    max_birth_year: 'maxBirthYear',
    age_on: 'ageOn',
    fee_group: 'feeGroup',
  };
  return typeof name === 'string' ? (fields[name] ?? null) : null;
}
