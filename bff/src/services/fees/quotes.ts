import type { CircumstancesRepo } from '../../data/circumstances-repo.js';
import type { FamilyFeeRow, FeeRulesRows, FeesRepo } from '../../data/fees-repo.js';
import type { Locale } from '../../i18n/index.js';
import type { Clock } from '../../lib/clock.js';
import { madridDate } from '../../lib/madrid-date.js';
import {
  computeFee,
  familyPositions,
  tariffOf,
  type Breakdown,
  type FeeActivity,
  type FeeRules,
  type GroupFee,
  type ReductionRule,
  type Tariff,
} from './compute.js';
import { parseTariffs } from './tariffs.js';

/** `rules`: fees as the council's ordinance writes them; `simple`: the spec's global discount. */
export type FeeMode = 'simple' | 'rules';

export type Names = Record<Locale, string>;

/**
 * A fee's breakdown as a payment item keeps it (payment_items.breakdown, JSON, cents): the
 * circumstance's name in every language as it was when charged, so a receipt or a list in any
 * language shows what was charged, whatever staff rename or remove later.
 */
export interface StoredBreakdown {
  tariff_price_cents: number;
  tariff: Breakdown['tariff'];
  reduction:
    | (Omit<NonNullable<Breakdown['reduction']>, 'name'> & {
        name: Names;
      })
    | null;
  family_discount: Breakdown['family_discount'];
}

export interface Quote {
  activity_id: number;
  amount_cents: number;
  breakdown: StoredBreakdown;
}

const feeActivity = (row: {
  price_cents: number;
  tariffs: readonly Tariff[];
  age_on: string | null;
  start_date: string | null;
  reductions_apply?: number;
}): FeeActivity => ({
  price_cents: row.price_cents,
  tariffs: row.tariffs,
  age_on: row.age_on,
  start_date: row.start_date,
  reductions_apply: row.reductions_apply !== 0,
});

/** An activity's reductions: its own rule for a circumstance, else the council-wide one. */
export function rulesFor(activityId: number, rows: FeeRulesRows): FeeRules {
  const own = new Map<number, ReductionRule>();
  const councilWide = new Map<number, ReductionRule>();
  for (const row of rows.reductions) {
    const rule: ReductionRule =
      row.percent_bp !== null
        ? { circumstance_id: row.circumstance_id, percent_bp: row.percent_bp }
        : { circumstance_id: row.circumstance_id, price_cents: row.price_cents ?? 0 };
    if (row.activity_id === activityId) own.set(row.circumstance_id, rule);
    else if (row.activity_id === null) councilWide.set(row.circumstance_id, rule);
  }
  for (const [id, rule] of own) councilWide.set(id, rule);
  return {
    reductions: [...councilWide.values()],
    family: rows.family,
    cumulative: rows.cumulative,
  };
}

/** The dashboard's order: by start date (none last), then name, then id. */
const byText = (a: string, b: string) => (a < b ? -1 : a > b ? 1 : 0);
const dashboardOrder = (a: FamilyFeeRow, b: FamilyFeeRow) =>
  Number(a.start_date === null) - Number(b.start_date === null) ||
  byText(a.start_date ?? '', b.start_date ?? '') ||
  byText(a.name_sort_key, b.name_sort_key) ||
  a.activity_id - b.activity_id;

/** A person's fees: their enrolled activities in the dashboard's order and each one's fee. */
export interface PersonFees {
  rows: FamilyFeeRow[];
  /** By activity id; paid ones too (what they would cost now: callers show what was paid). */
  quotes: Map<number, Quote>;
}

/**
 * Every fee of one person, computed by compute.ts from what the database holds now: the rules
 * (read on each call: never a cache in the process, so a change staff make is seen at once by
 * every server), the approvals in force today (Europe/Madrid) and the person's place among their
 * family's fees of each fee group. The residents' activities call shows these amounts and the
 * checkout charges exactly them, computed again inside its transaction.
 */
export function createFeeQuotes(deps: {
  fees: FeesRepo;
  circumstances: Pick<CircumstancesRepo, 'approvalsInForce' | 'names'>;
  clock: Clock;
}) {
  const { fees, circumstances, clock } = deps;
  // today in Madrid, worked out once a minute (formatting a date in a time zone costs more than
  // the rest of a fee's arithmetic)
  let minute = NaN;
  let day = '';
  const todayInMadrid = () => {
    const now = clock.now();
    const current = Math.floor(now.getTime() / 60_000);
    if (current !== minute) {
      minute = current;
      day = madridDate(now);
    }
    return day;
  };

  return {
    /** `rules` as soon as any circumstance, age band or family discount exists. */
    mode: async (): Promise<FeeMode> => ((await fees.anyRules()) ? 'rules' : 'simple'),

    /** The rules and, when a reduction exists, the circumstances' names: what the catalogue tells. */
    async catalogueTerms(): Promise<{
      rules: FeeRulesRows & { any: boolean };
      names: Map<number, Names>;
    }> {
      const rules = await fees.rules();
      const names = rules.reductions.length > 0 ? await circumstances.names() : new Map();
      return { rules, names };
    },

    /**
     * The fees of a person some account manages, or null in the simple mode (no rule at all):
     * one statement says which, with the rules, so the simple mode pays for one round trip.
     */
    async forPerson(enrolmentId: number): Promise<PersonFees | null> {
      const rules = await fees.rules();
      if (!rules.any) return null;
      const today = todayInMadrid();
      // one after the other: side by side a call would hold two of PostgreSQL's pooled
      // connections at once
      const family = await fees.familyFees(enrolmentId);
      const approvals =
        rules.reductions.length > 0
          ? await circumstances.approvalsInForce([enrolmentId], today)
          : [];
      const rows = family.filter((row) => row.enrolment_id === enrolmentId).sort(dashboardOrder);
      const tariffs = new Map<number, Tariff[]>();
      const tariffsOf = (row: { activity_id: number; tariffs: string }) => {
        let parsed = tariffs.get(row.activity_id);
        if (!parsed) {
          parsed = parseTariffs(row.tariffs);
          tariffs.set(row.activity_id, parsed);
        }
        return parsed;
      };

      // each fee's place among the family's fees of its group (paid ones count too)
      const groups = new Set(rows.flatMap((row) => (row.fee_group ? [row.fee_group] : [])));
      const places = new Map<string, number>();
      if (rules.family.length > 0 && groups.size > 0) {
        const byGroup = new Map<string, GroupFee[]>();
        for (const fee of family) {
          if (fee.fee_group === null || !groups.has(fee.fee_group)) continue;
          const price = tariffOf(
            feeActivity({ ...fee, tariffs: tariffsOf(fee) }),
            fee.birth_date,
            today,
          ).price_cents;
          const list = byGroup.get(fee.fee_group) ?? [];
          list.push({
            key: `${fee.enrolment_id}:${fee.activity_id}`,
            price_cents: price,
            enrolment_id: fee.enrolment_id,
            activity_id: fee.activity_id,
          });
          byGroup.set(fee.fee_group, list);
        }
        for (const list of byGroup.values())
          for (const [key, place] of familyPositions(list)) places.set(key, place);
      }

      const held = approvals.map((row) => ({ circumstance_id: row.circumstance_id, name: '' }));
      const computed = rows.map((row) => ({
        row,
        fee: computeFee({
          activity: feeActivity({ ...row, tariffs: tariffsOf(row) }),
          birthDate: row.birth_date,
          today,
          approvals: held,
          rules: rulesFor(row.activity_id, rules),
          member: row.fee_group ? (places.get(`${enrolmentId}:${row.activity_id}`) ?? null) : null,
        }),
      }));
      // the circumstances' names (a handful of rows) only when a reduction applies
      const names = computed.some(({ fee }) => fee.breakdown.reduction !== null)
        ? await circumstances.names()
        : new Map<number, Names>();
      const quotes = new Map<number, Quote>();
      for (const { row, fee } of computed) {
        const { reduction } = fee.breakdown;
        quotes.set(row.activity_id, {
          activity_id: row.activity_id,
          amount_cents: fee.amount_cents,
          breakdown: {
            ...fee.breakdown,
            reduction: reduction && {
              ...reduction,
              name: names.get(reduction.circumstance_id) ?? { es: '', en: '', gl: '' },
            },
          },
        });
      }
      return { rows, quotes };
    },
  };
}

export type FeeQuotes = ReturnType<typeof createFeeQuotes>;
