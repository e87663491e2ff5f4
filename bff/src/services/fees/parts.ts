import type { ValidationIssue } from '../errors.js';

/**
 * One part of a fee paid in parts, as stored: its share, in basis points of the fee or as a weight
 * among the parts' weights (all parts one way or the other), and its last day.
 */
export type FeePart = { due_date: string } & (
  { percent_bp: number; weight?: undefined } | { weight: number; percent_bp?: undefined }
);

/** A part as the API carries it: percent with at most two decimals, or a whole weight 1–1000. */
export interface FeePartView {
  percent?: number | undefined;
  weight?: number | undefined;
  due_date: string;
}

export const MAX_PARTS = 12;
export const MAX_WEIGHT = 1000;
const WHOLE_BP = 10_000;

const storedPart = (part: {
  percent_bp?: number | undefined;
  weight?: number | undefined;
  due_date: string;
}): FeePart =>
  part.weight !== undefined && part.weight !== null
    ? { weight: part.weight, due_date: part.due_date }
    : { percent_bp: part.percent_bp ?? 0, due_date: part.due_date };

/** The stored JSON of an activity's parts; '[]' (or nothing readable) is one payment. */
export function parseParts(json: string | null | undefined): FeePart[] {
  if (!json || json === '[]') return [];
  const value: unknown = JSON.parse(json);
  if (!Array.isArray(value)) return [];
  return value.map((part: FeePart) => storedPart(part));
}

export const partsToJson = (parts: readonly FeePart[]): string =>
  JSON.stringify(parts.map(storedPart));

export const toPartView = (part: FeePart): FeePartView =>
  part.weight !== undefined
    ? { weight: part.weight, due_date: part.due_date }
    : { percent: part.percent_bp / 100, due_date: part.due_date };

/** Each part's share of the fee as a fraction `units / whole` (basis points, or weights). */
export function partUnits(parts: readonly FeePart[]): { units: number[]; whole: number } {
  const units = parts.map((part) => part.weight ?? part.percent_bp);
  const byWeight = parts.some((part) => part.weight !== undefined);
  return { units, whole: byWeight ? units.reduce((sum, u) => sum + u, 0) : WHOLE_BP };
}

type PartsIssue = ValidationIssue;
const partIssue = (index: number, field: string, type: string): PartsIssue => ({
  loc: ['body', 'parts', index, field],
  msg: type,
  type,
  params: { number: index + 1, max: MAX_WEIGHT },
});

/** A part's weight: a whole number 1–1000. */
const weightIssue = (weight: number, index: number): PartsIssue[] =>
  Number.isInteger(weight) && weight >= 1 && weight <= MAX_WEIGHT
    ? []
    : [partIssue(index, 'weight', 'parts_weight')];

/** A part's percent: above 0, up to 100, two decimals at most. */
function percentIssue(percent: number, index: number): PartsIssue[] {
  const bp = Math.round(percent * 100);
  return bp <= 0 || bp > WHOLE_BP || Math.abs(percent * 100 - bp) > 1e-6
    ? [partIssue(index, 'percent', 'parts_percent')]
    : [];
}

/**
 * The parts staff wrote, checked: at most 12, each given by percent (shares adding up to exactly
 * 100 %) or all by weight (whole numbers 1–1000), never mixed, each part's last day after the one
 * before. One part alone is no split: it is refused too (one payment is the empty list). Empty:
 * one payment.
 */
export function checkParts(input: readonly FeePartView[]): {
  parts: FeePart[];
  issues: ValidationIssue[];
} {
  const issues: ValidationIssue[] = [];
  if (input.length === 0) return { parts: [], issues };
  if (input.length > MAX_PARTS) {
    issues.push({
      loc: ['body', 'parts'],
      msg: 'parts_too_many',
      type: 'parts_too_many',
      params: { max: MAX_PARTS },
    });
    return { parts: [], issues };
  }
  if (input.length === 1) {
    issues.push({ loc: ['body', 'parts'], msg: 'parts_one', type: 'parts_one' });
    return { parts: [], issues };
  }
  const byWeight = input[0]!.weight !== undefined && input[0]!.weight !== null;
  const parts: FeePart[] = [];
  let mixed = false;
  input.forEach((p, index) => {
    const hasWeight = p.weight !== undefined && p.weight !== null;
    const hasPercent = p.percent !== undefined && p.percent !== null;
    if (hasWeight === hasPercent || hasWeight !== byWeight) {
      issues.push(partIssue(index, hasWeight ? 'weight' : 'percent', 'parts_mixed'));
      mixed = true;
      return;
    }
    if (hasWeight) {
      issues.push(...weightIssue(p.weight!, index));
      parts.push({ weight: p.weight!, due_date: p.due_date });
    } else {
      issues.push(...percentIssue(p.percent!, index));
      parts.push({ percent_bp: Math.round(p.percent! * 100), due_date: p.due_date });
    }
    const before = input[index - 1];
    if (before && p.due_date <= before.due_date)
      issues.push({
        loc: ['body', 'parts', index, 'due_date'],
        msg: 'parts_order',
        type: 'parts_order',
        params: { number: index + 1, previous: index },
      });
  });
  if (mixed || byWeight) return { parts, issues };
  const total = parts.reduce((sum, p) => sum + (p.percent_bp ?? 0), 0);
  if (total !== WHOLE_BP)
    issues.push({
      loc: ['body', 'parts'],
      msg: 'parts_total',
      type: 'parts_total',
      params: { total: (total / 100).toLocaleString('en', { maximumFractionDigits: 2 }) },
    });
  return { parts, issues };
}

/** A part of a person's fee: its number (from 1), its amount now and whether it is paid. */
export interface PartLine {
  number: number;
  of: number;
  due_date: string;
  /** What the part charges (or charged): its share of the fee, plus the registration fee for part 1. */
  amount_cents: number;
  /** How much of `amount_cents` is the registration fee (part 1 only). */
  registration_fee_cents: number;
  paid: boolean;
}

/** What has been paid of a fee in parts. */
export interface PaidSoFar {
  partsPaid: number;
  /** What the paid parts charged, the registration fee paid with part 1 included. */
  paidCents: number;
  wholePaid: boolean;
  /** How much of `paidCents` was the registration fee (0 if none). */
  registrationPaidCents?: number;
  /**
   * What each paid part charged of the fee, the registration fee left out (chargedPerPart); its
   * amounts are then shown as they are.
   */
  charged?: readonly number[];
}

/**
 * A person's fee split into its parts. Nothing paid: each part is its share of the fee rounded
 * to the cent, the last taking the rounding. Once the first parts are paid (`partsPaid`, always
 * the first ones; `paidCents` what they charged), the parts not yet paid share what is left of
 * the fee (never below 0) in their own proportions, the last of them taking the rounding: what
 * was paid plus what is due is the fee as it is now, whatever it was when the first parts were
 * paid. The paid parts show what each charged (`charged`) or else their planned share of what
 * was paid, the last paid one taking its rounding. Shares are by percent or by weight.
 * The registration fee (never split, reduced nor re-priced) goes with part 1: `registrationCents`
 * while it is unpaid, what was paid with it once paid.
 */
export function splitFee(
  parts: readonly FeePart[],
  feeCents: number,
  paid: PaidSoFar,
  registrationCents = 0,
): PartLine[] {
  const of = parts.length;
  const partsPaid = paid.wholePaid ? of : Math.min(paid.partsPaid, of);
  const registrationPaid = partsPaid > 0 ? (paid.registrationPaidCents ?? 0) : 0;
  const feePaid = paid.paidCents - registrationPaid;
  const { units, whole } = partUnits(parts);
  const lines: PartLine[] = [];
  const line = (index: number, cents: number, isPaid: boolean): PartLine => {
    const number = index + 1;
    const registration = number !== 1 ? 0 : partsPaid > 0 ? registrationPaid : registrationCents;
    return {
      number,
      of,
      due_date: parts[index]!.due_date,
      amount_cents: Math.max(0, cents) + registration,
      registration_fee_cents: registration,
      paid: isPaid,
    };
  };
  // the paid parts: what each charged, or shares of what was paid
  let paidLeft = feePaid;
  const paidUnits = units.slice(0, partsPaid).reduce((sum, u) => sum + u, 0);
  for (let index = 0; index < partsPaid; index++) {
    const charged = paid.charged?.length === partsPaid ? paid.charged[index] : undefined;
    const amount =
      charged ??
      (index === partsPaid - 1 ? paidLeft : Math.round((feePaid * units[index]!) / paidUnits));
    paidLeft -= amount;
    lines.push(line(index, amount, true));
  }
  // the parts still due: what is left of the fee, in their own proportions
  const left = Math.max(0, feeCents - (partsPaid > 0 ? feePaid : 0));
  const dueUnits = units.slice(partsPaid).reduce((sum, u) => sum + u, 0);
  let dueLeft = left;
  for (let index = partsPaid; index < of; index++) {
    const amount =
      index === of - 1 ? dueLeft : Math.round((left * units[index]!) / (dueUnits || whole));
    dueLeft -= amount;
    lines.push(line(index, amount, false));
  }
  return lines;
}

/** An enrolled fee as the tables hold it: its parts and what was paid of it. */
export interface EnrolledFee {
  parts: string;
  parts_paid: number;
  is_paid: number;
  paid_amount_cents: number | null;
  registration_fee_cents: number;
  registration_fee_paid_cents: number;
}

/** The registration fee still to charge: the activity's, until the fee's first payment. */
export const registrationDue = (row: Omit<EnrolledFee, 'parts' | 'paid_amount_cents'>): number =>
  row.is_paid === 1 || row.parts_paid > 0 ? 0 : row.registration_fee_cents;

/**
 * An enrolled fee in parts split as splitFee does, from what the tables say was paid (a fee
 * marked paid by staff before amounts were kept: the fee as it is); the registration fee with
 * part 1. `charged`: what each paid part charged of the fee (chargedPerPart), when known.
 */
export function splitEnrolledFee(
  row: EnrolledFee,
  feeCents: number,
  charged?: readonly number[],
): PartLine[] {
  return splitFee(
    parseParts(row.parts),
    feeCents,
    {
      partsPaid: row.parts_paid,
      paidCents: row.paid_amount_cents ?? (row.is_paid === 1 ? feeCents : 0),
      wholePaid: row.is_paid === 1,
      registrationPaidCents: row.registration_fee_paid_cents,
      ...(charged ? { charged } : {}),
    },
    registrationDue(row),
  );
}

/**
 * A payment item of a fee in parts, as stored: the parts it paid, what it charged and how much
 * of that was the registration fee (migration 460; with part 1 only).
 */
export interface ChargedItem {
  part_from: number;
  part_to: number;
  amount_cents: number;
  registration_fee_cents?: number;
}

/**
 * What each part paid charged of the fee, in order from the 1st (the payment items not given
 * back), the registration fee left out: an item of one part is that part's amount; an item of
 * several shares its amount in their proportions (percent or weight), the last of them taking the
 * rounding. Empty when the items do not cover the first parts.
 */
export function chargedPerPart(parts: readonly FeePart[], items: readonly ChargedItem[]): number[] {
  const { units } = partUnits(parts);
  const out: number[] = [];
  for (const item of [...items].sort((a, b) => a.part_from - b.part_from)) {
    if (item.part_from !== out.length + 1 || item.part_to > parts.length) return [];
    const covered = units.slice(item.part_from - 1, item.part_to);
    const coveredUnits = covered.reduce((sum, u) => sum + u, 0);
    const cents = item.amount_cents - (item.registration_fee_cents ?? 0);
    let left = cents;
    covered.forEach((u, index) => {
      const amount =
        index === covered.length - 1 ? left : Math.round((cents * u) / (coveredUnits || WHOLE_BP));
      left -= amount;
      out.push(amount);
    });
  }
  return out;
}

/**
 * What a fee in parts owes back: what its paid parts charged above the fee as it is now (a
 * reduction approved after they were paid), the registration fee paid with part 1 left out (it
 * is never reduced); 0 when the fee is not in parts, none is paid, or what was paid is within the
 * fee.
 */
export function owedBack(
  parts: readonly FeePart[],
  feeCents: number,
  paid: { partsPaid: number; paidCents: number; registrationPaidCents?: number },
): number {
  if (parts.length === 0 || paid.partsPaid === 0) return 0;
  return Math.max(0, paid.paidCents - (paid.registrationPaidCents ?? 0) - feeCents);
}
