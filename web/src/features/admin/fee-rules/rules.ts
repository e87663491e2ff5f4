import type { FieldErrors } from '../../../lib/forms/field-errors';
import type { FeeRules } from '../api/fee-rules';
import { parsePrice, priceToText } from '../activities/rules';
import { formResult, type FormCheck } from '../components/form-check';
import type { Msg } from '../components/messages';

export interface ReductionRow {
  key: number;
  circumstanceId: string;
  /** '' for every activity (council-wide, or the fee group's). */
  activityId: string;
  /** '' for every fee group; else the rule is for this group's activities (no activity then). */
  feeGroup: string;
  kind: 'percent' | 'price';
  percent: string;
  price: string;
}

export interface FamilyRow {
  key: number;
  /** '' for every fee group without steps of its own. */
  feeGroup: string;
  fromMember: string;
  percent: string;
}

export interface FeeRulesFormValues {
  reductions: ReductionRow[];
  family: FamilyRow[];
  cumulative: boolean;
}

export type ReductionPart = 'circumstance' | 'activity' | 'percent' | 'price';
export type FamilyPart = 'feeGroup' | 'fromMember' | 'percent';
export type FeeRulesField =
  `reduction.${number}.${ReductionPart}` | `family.${number}.${FamilyPart}`;

let nextKey = 1;
export const reductionRow = (row: Partial<Omit<ReductionRow, 'key'>> = {}): ReductionRow => ({
  key: nextKey++,
  circumstanceId: '',
  activityId: '',
  feeGroup: '',
  kind: 'percent',
  percent: '',
  price: '',
  ...row,
});
export const familyRow = (row: Partial<Omit<FamilyRow, 'key'>> = {}): FamilyRow => ({
  key: nextKey++,
  feeGroup: '',
  fromMember: '',
  percent: '',
  ...row,
});

const percentText = (percent: number, locale: string) =>
  locale === 'en' ? String(percent) : String(percent).replace('.', ',');

/** Where a rule applies, as the "where" choice says it: an activity, a fee group, or everywhere. */
export const GROUP_PREFIX = 'group:';
export const whereValue = (row: Pick<ReductionRow, 'activityId' | 'feeGroup'>): string =>
  row.feeGroup ? `${GROUP_PREFIX}${row.feeGroup}` : row.activityId;
export const whereToRow = (value: string): Pick<ReductionRow, 'activityId' | 'feeGroup'> =>
  value.startsWith(GROUP_PREFIX)
    ? { activityId: '', feeGroup: value.slice(GROUP_PREFIX.length) }
    : { activityId: value, feeGroup: '' };

/** Rules grouped as an ordinance reads: every group first, then each group by name. */
const byGroup = <T extends { fee_group?: string | null }>(rules: readonly T[]): T[] =>
  [...rules].sort((a, b) => (a.fee_group ?? '').localeCompare(b.fee_group ?? ''));

export function feeRulesToForm(rules: FeeRules, locale: string): FeeRulesFormValues {
  return {
    reductions: byGroup(rules.reductions).map((rule) =>
      reductionRow({
        circumstanceId: String(rule.circumstance_id),
        activityId: rule.activity_id === null ? '' : String(rule.activity_id),
        feeGroup: rule.fee_group ?? '',
        kind: rule.price !== null ? 'price' : 'percent',
        percent: rule.percent === null ? '' : percentText(rule.percent, locale),
        price: rule.price === null ? '' : priceToText(rule.price, locale),
      }),
    ),
    family: byGroup(rules.family_discounts).map((rule) =>
      familyRow({
        feeGroup: rule.fee_group ?? '',
        fromMember: String(rule.from_member),
        percent: percentText(rule.percent, locale),
      }),
    ),
    cumulative: rules.cumulative,
  };
}

/** "20", "12,5" or "12.5" → the percent, 0 to 100 with at most one decimal; else null. */
export function parseRulePercent(text: string): number | null {
  const normalized = text.trim().replace(',', '.');
  if (!/^\d{1,3}(\.\d)?$/.test(normalized)) return null;
  const value = Number(normalized);
  return value <= 100 ? value : null;
}

/** The family member a discount starts from: a whole number from 2 to 20. */
export function parseFromMember(text: string): number | null {
  const trimmed = text.trim();
  if (!/^\d{1,2}$/.test(trimmed)) return null;
  const value = Number(trimmed);
  return value >= 2 && value <= 20 ? value : null;
}

/**
 * The rules as the server checks them: each reduction names a circumstance and gives exactly
 * one of a percent off (0–100, one decimal) or a fixed price (0 or more), once per circumstance
 * and activity; each family discount starts from the 2nd to the 20th member, once each, with a
 * percent from 0 to 100.
 */
export function checkFeeRules(v: FeeRulesFormValues): FormCheck<FeeRulesField, FeeRules> {
  const errors: FieldErrors<FeeRulesField> = {};
  const details: Partial<Record<FeeRulesField, Msg>> = {};
  const seen = new Set<string>();
  v.reductions.forEach((row, i) => {
    if (!row.circumstanceId)
      errors[`reduction.${i}.circumstance`] = 'admin.feeRules.required.circumstance';
    if (row.kind === 'percent' && parseRulePercent(row.percent) === null)
      errors[`reduction.${i}.percent`] = 'admin.feeRules.percentRange';
    if (row.kind === 'price' && parsePrice(row.price) === null)
      errors[`reduction.${i}.price`] = 'admin.feeRules.priceInvalid';
    const pair = `${row.circumstanceId}/${row.activityId}/${row.feeGroup}`;
    if (row.circumstanceId && seen.has(pair))
      details[`reduction.${i}.activity`] = {
        id: 'admin.feeRules.duplicateReduction',
        values: { row: i + 1 },
      };
    seen.add(pair);
  });
  const members = new Set<string>();
  v.family.forEach((row, i) => {
    const from = parseFromMember(row.fromMember);
    const step = `${row.feeGroup}/${from}`;
    if (from === null) errors[`family.${i}.fromMember`] = 'admin.feeRules.fromMemberRange';
    else if (members.has(step))
      details[`family.${i}.fromMember`] = {
        id: 'admin.feeRules.duplicateFamily',
        values: { member: from },
      };
    if (from !== null) members.add(step);
    if (parseRulePercent(row.percent) === null)
      errors[`family.${i}.percent`] = 'admin.feeRules.percentRange';
  });
  return formResult(
    errors,
    null,
    () => ({
      reductions: v.reductions.map((row) => ({
        circumstance_id: Number(row.circumstanceId),
        activity_id: row.activityId ? Number(row.activityId) : null,
        fee_group: row.feeGroup || null,
        percent: row.kind === 'percent' ? parseRulePercent(row.percent) : null,
        price: row.kind === 'price' ? parsePrice(row.price) : null,
      })),
      // in the rows' order, so the server's 422 items point at the rows as shown
      family_discounts: v.family.map((row) => ({
        fee_group: row.feeGroup || null,
        from_member: parseFromMember(row.fromMember) ?? 2,
        percent: parseRulePercent(row.percent) ?? 0,
      })),
      cumulative: v.cumulative,
    }),
    details,
  );
}

/** The form field a 422 item of the server names (loc after "body"). */
export function feeRulesFieldOf(loc: readonly (string | number)[]): FeeRulesField | null {
  const [list, index, part] = loc;
  if (typeof index !== 'number') return null;
  if (list === 'reductions') {
    const parts: Record<string, ReductionPart> = {
      circumstance_id: 'circumstance',
      activity_id: 'activity',
      fee_group: 'activity',
      percent: 'percent',
      price: 'price',
    };
    const found = typeof part === 'string' ? parts[part] : 'percent';
    return found ? `reduction.${index}.${found}` : null;
  }
  if (list === 'family_discounts') {
    if (part === 'fee_group') return `family.${index}.feeGroup`;
    return part === 'percent' ? `family.${index}.percent` : `family.${index}.fromMember`;
  }
  return null;
}
