import type { ValidationIssue } from '../errors.js';

/** One part of a fee paid in parts, as stored: its share in basis points and its last day. */
export interface FeePart {
  percent_bp: number;
  due_date: string;
}

/** A part as the API carries it: percent with at most two decimals. */
export interface FeePartView {
  percent: number;
  due_date: string;
}

export const MAX_PARTS = 12;
const WHOLE_BP = 10_000;

/** The stored JSON of an activity's parts; '[]' (or nothing readable) is one payment. */
export function parseParts(json: string | null | undefined): FeePart[] {
  if (!json || json === '[]') return [];
  const value: unknown = JSON.parse(json);
  if (!Array.isArray(value)) return [];
  return value.map((part: FeePart) => ({ percent_bp: part.percent_bp, due_date: part.due_date }));
}

export const partsToJson = (parts: readonly FeePart[]): string =>
  JSON.stringify(parts.map((p) => ({ percent_bp: p.percent_bp, due_date: p.due_date })));

export const toPartView = (part: FeePart): FeePartView => ({
  percent: part.percent_bp / 100,
  due_date: part.due_date,
});

/**
 * The parts staff wrote, checked: at most 12, none of 0 %, shares adding up to exactly 100 %,
 * each part's last day after the one before. One part alone is no split: it is refused too
 * (one payment is the empty list). Empty: one payment.
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
  const parts = input.map((p) => ({
    percent_bp: Math.round(p.percent * 100),
    due_date: p.due_date,
  }));
  parts.forEach((part, index) => {
    const hundredths = input[index]!.percent * 100;
    if (
      part.percent_bp <= 0 ||
      part.percent_bp > WHOLE_BP ||
      Math.abs(hundredths - part.percent_bp) > 1e-6
    )
      issues.push({
        loc: ['body', 'parts', index, 'percent'],
        msg: 'parts_percent',
        type: 'parts_percent',
        params: { number: index + 1 },
      });
    const before = parts[index - 1];
    if (before && part.due_date <= before.due_date)
      issues.push({
        loc: ['body', 'parts', index, 'due_date'],
        msg: 'parts_order',
        type: 'parts_order',
        params: { number: index + 1, previous: index },
      });
  });
  const total = parts.reduce((sum, p) => sum + p.percent_bp, 0);
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
  amount_cents: number;
  paid: boolean;
}

/**
 * A person's fee split into its parts. Nothing paid: each part is its share of the fee rounded
 * to the cent, the last taking the rounding. Once the first parts are paid (`partsPaid`, always
 * the first ones; `paidCents` what they charged), the parts not yet paid share what is left of
 * the fee (never below 0) in their own proportions, the last of them taking the rounding: what
 * was paid plus what is due is the fee as it is now, whatever it was when the first parts were
 * paid. The paid parts show their planned share of what was paid, the last paid one taking its
 * rounding.
 */
export function splitFee(
  parts: readonly FeePart[],
  feeCents: number,
  paid: {
    partsPaid: number;
    paidCents: number;
    wholePaid: boolean;
    /** What each paid part charged (chargedPerPart); its amounts are then shown as they are. */
    charged?: readonly number[];
  },
): PartLine[] {
  const of = parts.length;
  const partsPaid = paid.wholePaid ? of : Math.min(paid.partsPaid, of);
  const lines: PartLine[] = [];
  // the paid parts: shares of what was paid
  let paidLeft = paid.paidCents;
  const paidBp = parts.slice(0, partsPaid).reduce((sum, p) => sum + p.percent_bp, 0);
  parts.slice(0, partsPaid).forEach((part, index) => {
    const number = index + 1;
    const charged = paid.charged?.length === partsPaid ? paid.charged[index] : undefined;
    const amount =
      charged ??
      (number === partsPaid ? paidLeft : Math.round((paid.paidCents * part.percent_bp) / paidBp));
    paidLeft -= amount;
    lines.push({
      number,
      of,
      due_date: part.due_date,
      amount_cents: Math.max(0, amount),
      paid: true,
    });
  });
  // the parts still due: what is left of the fee, in their own proportions
  const left = Math.max(0, feeCents - (partsPaid > 0 ? paid.paidCents : 0));
  const due = parts.slice(partsPaid);
  const dueBp = due.reduce((sum, p) => sum + p.percent_bp, 0);
  let dueLeft = left;
  due.forEach((part, index) => {
    const number = partsPaid + index + 1;
    const amount =
      number === of ? dueLeft : Math.round((left * part.percent_bp) / (dueBp || WHOLE_BP));
    dueLeft -= amount;
    lines.push({ number, of, due_date: part.due_date, amount_cents: amount, paid: false });
  });
  return lines;
}

/** A payment item of a fee in parts, as stored: the parts it paid and what it charged. */
export interface ChargedItem {
  part_from: number;
  part_to: number;
  amount_cents: number;
}

/**
 * What each part paid charged, in order from the 1st (the payment items not given back): an item
 * of one part is that part's amount; an item of several shares its amount in their proportions,
 * the last of them taking the rounding. Empty when the items do not cover the first parts.
 */
export function chargedPerPart(parts: readonly FeePart[], items: readonly ChargedItem[]): number[] {
  const out: number[] = [];
  for (const item of [...items].sort((a, b) => a.part_from - b.part_from)) {
    if (item.part_from !== out.length + 1 || item.part_to > parts.length) return [];
    const covered = parts.slice(item.part_from - 1, item.part_to);
    const bp = covered.reduce((sum, p) => sum + p.percent_bp, 0);
    let left = item.amount_cents;
    covered.forEach((part, index) => {
      const amount =
        index === covered.length - 1
          ? left
          : Math.round((item.amount_cents * part.percent_bp) / (bp || WHOLE_BP));
      left -= amount;
      out.push(amount);
    });
  }
  return out;
}

/**
 * What a fee in parts owes back: what its paid parts charged above the fee as it is now (a
 * reduction approved after they were paid); 0 when the fee is not in parts, none is paid, or
 * what was paid is within the fee.
 */
export function owedBack(
  parts: readonly FeePart[],
  feeCents: number,
  paid: { partsPaid: number; paidCents: number },
): number {
  if (parts.length === 0 || paid.partsPaid === 0) return 0;
  return Math.max(0, paid.paidCents - feeCents);
}
