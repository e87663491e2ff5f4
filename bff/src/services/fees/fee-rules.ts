import type { AuditRepo } from '../../data/audit-repo.js';
import type { Database } from '../../data/database.js';
import type { FeeRulesRows, FeesRepo, ReductionRuleRow } from '../../data/fees-repo.js';
import { centsToEuros, eurosToCents, isStaffAmount } from '../../lib/money.js';
import { recordAdminWrite, type Actor } from '../admin/audit-trail.js';
import type { OwedBack } from './owed-back.js';
import { invalid, type ValidationIssue } from '../errors.js';

/** The fee rules as the API carries them (euros, percentages). */
export interface FeeRulesView {
  reductions: {
    circumstance_id: number;
    activity_id: number | null;
    /** Null (or left out): every fee group; else only this group's activities. */
    fee_group?: string | null;
    percent: number | null;
    price: number | null;
  }[];
  family_discounts: { fee_group?: string | null; from_member: number; percent: number }[];
  cumulative: boolean;
}

const MAX_GROUP = 80;

/** A fee group as activities keep it (spaces folded); null for none; false when unusable. */
export function cleanFeeGroup(value: string | null | undefined): string | null | false {
  if (value === null || value === undefined) return null;
  if (typeof value !== 'string') return false;
  const text = value.normalize('NFC').trim().replace(/\s+/g, ' ');
  return text.length === 0 || text.length > MAX_GROUP ? false : text;
}

/** Basis points to the API's percentage (2000 → 20, 125 → 1.25). */
export const bpToPercent = (bp: number): number => bp / 100;

/** A percentage from 0 to 100 in steps of 0.1 as basis points; null when it is not one. */
export function percentToBp(percent: number): number | null {
  if (!Number.isFinite(percent) || percent < 0 || percent > 100) return null;
  const tenths = Math.round(percent * 10);
  return Math.abs(percent * 10 - tenths) < 1e-6 ? tenths * 10 : null;
}

export const toFeeRulesView = (rules: FeeRulesRows): FeeRulesView => ({
  reductions: rules.reductions.map((rule) => ({
    circumstance_id: rule.circumstance_id,
    activity_id: rule.activity_id,
    fee_group: rule.fee_group,
    percent: rule.percent_bp === null ? null : bpToPercent(rule.percent_bp),
    price: rule.price_cents === null ? null : centsToEuros(rule.price_cents),
  })),
  family_discounts: rules.family.map((rule) => ({
    fee_group: rule.fee_group,
    from_member: rule.from_member,
    percent: bpToPercent(rule.percent_bp),
  })),
  cumulative: rules.cumulative,
});

/**
 * The council's reductions by circumstance, family discounts and whether they stack: read, and
 * replaced as a whole in one transaction (audited before and after). Every wrong rule is named
 * by its place in the list, and nothing is stored while any is wrong.
 */
export function createFeeRulesService(deps: {
  db: Database;
  fees: FeesRepo;
  audit: AuditRepo;
  /** What fees in parts owe back, worked out again once the rules change (owed-back.ts). */
  owedBack?: Pick<OwedBack, 'recomputeEveryone'>;
}) {
  const { db, fees, audit } = deps;

  async function checked(input: FeeRulesView): Promise<Omit<FeeRulesRows, 'ages'>> {
    const issues: ValidationIssue[] = [];
    const issue = (
      list: 'reductions' | 'family_discounts',
      index: number,
      field: string,
      msg: string,
    ) => issues.push({ loc: ['body', list, index, field], msg, type: msg });

    const reductions: ReductionRuleRow[] = [];
    const seen = new Set<string>();
    const circumstances = await fees.existingCircumstances(
      input.reductions.map((r) => r.circumstance_id),
    );
    const activities = await fees.existingActivities(
      input.reductions.flatMap((r) => (r.activity_id === null ? [] : [r.activity_id])),
    );
    input.reductions.forEach((rule, index) => {
      if (!circumstances.has(rule.circumstance_id))
        issue('reductions', index, 'circumstance_id', 'fees_unknown_circumstance');
      if (rule.activity_id !== null && !activities.has(rule.activity_id))
        issue('reductions', index, 'activity_id', 'fees_unknown_activity');
      const feeGroup = cleanFeeGroup(rule.fee_group);
      if (feeGroup === false) issue('reductions', index, 'fee_group', 'fees_group_invalid');
      else if (feeGroup !== null && rule.activity_id !== null)
        issue('reductions', index, 'fee_group', 'fees_group_and_activity');
      const key = `${rule.circumstance_id}:${rule.activity_id ?? ''}:${feeGroup || ''}`;
      if (seen.has(key)) issue('reductions', index, 'circumstance_id', 'fees_rule_twice');
      seen.add(key);
      let percentBp: number | null = null;
      let priceCents: number | null = null;
      if ((rule.percent === null) === (rule.price === null)) {
        issue('reductions', index, 'percent', 'fees_percent_or_price');
      } else if (rule.percent !== null) {
        percentBp = percentToBp(rule.percent);
        if (percentBp === null) issue('reductions', index, 'percent', 'fees_percent_invalid');
      } else if (rule.price !== null) {
        if (!Number.isFinite(rule.price) || rule.price < 0)
          issue('reductions', index, 'price', 'invalid_price');
        else if (!isStaffAmount(rule.price)) issue('reductions', index, 'price', 'amount_too_high');
        else priceCents = eurosToCents(rule.price);
      }
      reductions.push({
        circumstance_id: rule.circumstance_id,
        activity_id: rule.activity_id,
        fee_group: feeGroup || null,
        percent_bp: percentBp,
        price_cents: priceCents,
      });
    });

    const members = new Set<string>();
    const family = input.family_discounts.map((rule, index) => {
      const feeGroup = cleanFeeGroup(rule.fee_group);
      if (feeGroup === false) issue('family_discounts', index, 'fee_group', 'fees_group_invalid');
      if (!Number.isInteger(rule.from_member) || rule.from_member < 2 || rule.from_member > 20)
        issue('family_discounts', index, 'from_member', 'fees_family_from_member');
      const key = `${feeGroup || ''}:${rule.from_member}`;
      if (members.has(key)) issue('family_discounts', index, 'from_member', 'fees_family_twice');
      members.add(key);
      const percentBp = percentToBp(rule.percent);
      if (percentBp === null) issue('family_discounts', index, 'percent', 'fees_percent_invalid');
      return {
        fee_group: feeGroup || null,
        from_member: rule.from_member,
        percent_bp: percentBp ?? 0,
      };
    });

    if (issues.length > 0) throw invalid(issues);
    return { reductions, family, cumulative: input.cumulative };
  }

  return {
    get: async (): Promise<FeeRulesView> => toFeeRulesView(await fees.rules()),

    async update(actor: Actor, input: FeeRulesView): Promise<FeeRulesView> {
      return db.transaction(async () => {
        // two staff saving at once replace the set one after the other
        await db.lock('fee-rules');
        const rules = await checked(input);
        const before = toFeeRulesView(await fees.rules());
        await fees.replaceRules(rules);
        const after = toFeeRulesView(await fees.rules());
        // a paid part may now exceed the fee as the new rules make it: owed back, in this save
        const owedBack =
          deps.owedBack && JSON.stringify(before) !== JSON.stringify(after)
            ? await deps.owedBack.recomputeEveryone()
            : [];
        await recordAdminWrite(audit, actor, 'fee_rules.update', 'fee_rules', null, {
          before,
          after,
          ...(owedBack.length > 0 && {
            owed_back: owedBack.map((fee) => ({
              enrolment_id: fee.enrolment_id,
              activity_id: fee.activity_id,
              owed_back_cents: fee.owed_back_cents,
            })),
          }),
        });
        return after;
      });
    },
  };
}

export type FeeRulesService = ReturnType<typeof createFeeRulesService>;
