import type { CircumstancesRepo } from '../../data/circumstances-repo.js';
import type {
  FamilyFeeRow,
  FeeRulesRows,
  FeeRulesWithNames,
  FeesRepo,
} from '../../data/fees-repo.js';
import type { Clock } from '../../lib/clock.js';
import { madridDate } from '../../lib/madrid-date.js';
import {
  computeFee,
  familyPositions,
  tariffOf,
  type Approval,
  type Fee,
  type FeeActivity,
  type FeeRules,
  type ReductionRule,
  type Tariff,
} from './compute.js';
import type { ChargedItem } from './parts.js';
import { readStoredBreakdown, type Names, type StoredBreakdown } from './stored-breakdown.js';
import { parseTariffs } from './tariffs.js';
import { registrationDue } from './parts.js';

/** `rules`: fees as the council's ordinance writes them; `simple`: the spec's global discount. */
export type FeeMode = 'simple' | 'rules';

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
  registration_fee_cents?: number;
  parts_paid?: number;
  is_paid?: number;
}): FeeActivity => ({
  price_cents: row.price_cents,
  tariffs: row.tariffs,
  age_on: row.age_on,
  start_date: row.start_date,
  reductions_apply: row.reductions_apply !== 0,
  // the registration fee goes with the fee's first payment, never again
  registration_fee_cents: registrationDue({
    registration_fee_cents: row.registration_fee_cents ?? 0,
    registration_fee_paid_cents: 0,
    parts_paid: row.parts_paid ?? 0,
    is_paid: row.is_paid ?? 0,
  }),
});

/**
 * An activity's rules. A reduction: its own rule for a circumstance, else its fee group's, else
 * the council-wide one. Family steps: its group's own steps when the group has any, else the
 * steps for every group.
 */
export function rulesFor(
  activityId: number,
  feeGroup: string | null,
  rows: Pick<FeeRulesRows, 'reductions' | 'family' | 'cumulative'>,
): FeeRules {
  const rank = (row: FeeRulesRows['reductions'][number]): number =>
    row.activity_id !== null
      ? row.activity_id === activityId
        ? 3
        : 0
      : row.fee_group !== null
        ? row.fee_group === feeGroup
          ? 2
          : 0
        : 1;
  const chosen = new Map<number, { rank: number; rule: ReductionRule }>();
  for (const row of rows.reductions) {
    const r = rank(row);
    if (r === 0 || (chosen.get(row.circumstance_id)?.rank ?? 0) >= r) continue;
    const rule: ReductionRule =
      row.percent_bp !== null
        ? { circumstance_id: row.circumstance_id, percent_bp: row.percent_bp }
        : { circumstance_id: row.circumstance_id, price_cents: row.price_cents ?? 0 };
    chosen.set(row.circumstance_id, { rank: r, rule });
  }
  return {
    reductions: [...chosen.values()].map(({ rule }) => rule),
    family: familyStepsFor(feeGroup, rows.family),
    cumulative: rows.cumulative,
  };
}

/** A fee group's family steps: its own when it has any, else those for every group. */
export function familyStepsFor(
  feeGroup: string | null,
  family: FeeRulesRows['family'],
): FeeRulesRows['family'] {
  if (feeGroup === null) return [];
  const own = family.filter((step) => step.fee_group === feeGroup);
  return own.length > 0 ? own : family.filter((step) => step.fee_group === null);
}

/** The dashboard's order: by start date (none last), then name, then id. */
const byText = (a: string, b: string) => (a < b ? -1 : a > b ? 1 : 0);
const dashboardOrder = (a: FamilyFeeRow, b: FamilyFeeRow) =>
  Number(a.start_date === null) - Number(b.start_date === null) ||
  byText(a.start_date ?? '', b.start_date ?? '') ||
  byText(a.name_sort_key, b.name_sort_key) ||
  a.activity_id - b.activity_id;

/** An activity as the catalogue's quotes price it (the activities table's fee columns). */
export type ProspectiveActivity = { id: number } & Pick<
  FamilyFeeRow,
  | 'name'
  | 'name_sort_key'
  | 'price_cents'
  | 'start_date'
  | 'tariffs'
  | 'age_on'
  | 'reductions_apply'
  | 'fee_group'
  | 'registration_fee_cents'
>;

/**
 * One person's fee for one activity among their family's fees: the age band, the approvals held
 * and the fee's place among the family's fees of its group (paid ones count too).
 */
export function createPricing(rules: FeeRulesRows, today: string) {
  const tariffs = new Map<number, Tariff[]>();
  const tariffsOf = (row: { activity_id: number; tariffs: string }) => {
    let parsed = tariffs.get(row.activity_id);
    if (!parsed) {
      parsed = parseTariffs(row.tariffs);
      tariffs.set(row.activity_id, parsed);
    }
    return parsed;
  };
  // positions by family list and group: a person's fees share one family list
  const positions = new WeakMap<readonly FamilyFeeRow[], Map<string, Map<string, number>>>();
  const placeInGroup = (
    enrolmentId: number,
    row: FamilyFeeRow,
    family: readonly FamilyFeeRow[],
  ): number | null => {
    const group = row.fee_group;
    if (group === null || familyStepsFor(group, rules.family).length === 0) return null;
    let byGroup = positions.get(family);
    if (!byGroup) {
      byGroup = new Map();
      positions.set(family, byGroup);
    }
    let places = byGroup.get(group);
    if (!places) {
      places = familyPositions(
        family
          .filter((fee) => fee.fee_group === group)
          .map((fee) => ({
            key: `${fee.enrolment_id}:${fee.activity_id}`,
            price_cents: tariffOf(
              feeActivity({ ...fee, tariffs: tariffsOf(fee) }),
              fee.birth_date,
              today,
            ).price_cents,
            enrolment_id: fee.enrolment_id,
            activity_id: fee.activity_id,
          })),
      );
      byGroup.set(group, places);
    }
    return places.get(`${enrolmentId}:${row.activity_id}`) ?? null;
  };
  return {
    fee: (
      enrolmentId: number,
      row: FamilyFeeRow,
      family: readonly FamilyFeeRow[],
      approvals: readonly Approval[],
    ): Fee =>
      computeFee({
        activity: feeActivity({ ...row, tariffs: tariffsOf(row) }),
        birthDate: row.birth_date,
        today,
        approvals,
        rules: rulesFor(row.activity_id, row.fee_group, rules),
        member: placeInGroup(enrolmentId, row, family),
      }),
  };
}

/** What paying a fee whole charges now: the fee and the registration fee still due. */
const withRegistration = (quote: Quote): ChargedFee => ({
  amount_cents: quote.amount_cents + (quote.breakdown.registration_fee_cents ?? 0),
  breakdown: quote.breakdown,
});

/** A fee as a resident reads it: what paying it charges now, or what was paid and how. */
export interface ChargedFee {
  amount_cents: number;
  breakdown: StoredBreakdown | null;
}

/** A person's fees: their enrolled activities in the dashboard's order and each one's fee. */
export interface PersonFees {
  rows: FamilyFeeRow[];
  /** By activity id; paid ones too (what they would cost now: callers show what was paid). */
  quotes: Map<number, Quote>;
  /** By activity id, the paid fees' breakdowns as charged (null: paid without one). */
  paid: Map<number, StoredBreakdown | null>;
  /** Every fee of the person's family (themselves too): who has paid which (family-earned.ts). */
  family: FamilyFeeRow[];
  /** By activity id, what each paid part of a fee in parts charged (parts.ts chargedPerPart). */
  charged: Map<number, ChargedItem[]>;
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
  circumstances: Pick<CircumstancesRepo, 'approvalsHeld'>;
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
      rules: FeeRulesWithNames;
      names: Map<number, Names>;
    }> {
      const rules = await fees.rules();
      return { rules, names: rules.names };
    },

    /**
     * The fees of a person some account manages, or null in the simple mode (no rule at all):
     * one statement says which, with the rules, so the simple mode pays for one round trip.
     */
    async forPerson(enrolmentId: number): Promise<PersonFees | null> {
      const fees = await forPeople([enrolmentId]);
      return fees && fees.get(enrolmentId)!;
    },

    /**
     * The quotes of many people's fees at once (forPerson's `quotes`), by person then activity:
     * the rules, their families' fees (by chunks of people), the approvals and the
     * circumstances' names read once for all, not a round trip per person (a remittance built
     * under the rules prices thousands of debits). Null in the simple mode.
     */
    async quotesOf(
      enrolmentIds: readonly number[],
    ): Promise<Map<number, Map<number, Quote>> | null> {
      const rules = await fees.rules();
      if (!rules.any) return null;
      const today = todayInMadrid();
      const people = [...new Set(enrolmentIds)];
      const families = await fees.familiesFeesOf(people);
      const approvals = await approvalsOf(rules, people);
      const pricing = createPricing(rules, today);
      const priced = people.map((id) => {
        const family = families.get(id) ?? [];
        const held = approvals.get(id) ?? [];
        return {
          id,
          computed: family
            .filter((row) => row.enrolment_id === id)
            .map((row) => ({ row, fee: pricing.fee(id, row, family, held) })),
        };
      });
      const names = namesFor(
        rules,
        priced.flatMap(({ computed }) => computed),
      );
      return new Map(priced.map(({ id, computed }) => [id, named(computed, names)]));
    },

    /**
     * The fees of several people at once (a family's payment), by person, or null in the simple
     * mode: the rules, the circumstances' names and everyone's approvals read once for all.
     */
    forPeople,

    /**
     * What each person would pay for each of their activities if they held a place now (the
     * catalogue's quotes), by person and activity: each one priced alone beside the person's
     * family's fees, as the checkout would price it; an activity the person is enrolled in,
     * their own fee (a paid one, what was paid and how). The rules, the approvals and the
     * circumstances' names are read once for all of them. Null in the simple mode.
     */
    async prospective(
      asked: readonly {
        person: { id: number; birth_date: string | null };
        activities: readonly ProspectiveActivity[];
      }[],
    ): Promise<Map<number, Map<number, ChargedFee>> | null> {
      const rules = await fees.rules();
      if (!rules.any) return null;
      const today = todayInMadrid();
      const pricing = createPricing(rules, today);
      const wanted = asked.filter(({ activities }) => activities.length > 0);
      const approvals = await approvalsOf(
        rules,
        wanted.map(({ person }) => person.id),
      );
      // one after the other: side by side they would hold several pooled connections at once
      const priced = [];
      for (const { person, activities } of wanted) {
        const family = await fees.familyFees(person.id);
        const held = approvals.get(person.id) ?? [];
        const computed = activities.map((activity) => {
          const own = family.find(
            (row) => row.enrolment_id === person.id && row.activity_id === activity.id,
          );
          const row: FamilyFeeRow = own ?? {
            ...activity,
            enrolment_id: person.id,
            activity_id: activity.id,
            birth_date: person.birth_date,
            is_paid: 0,
            paid_amount_cents: null,
            parts: '[]',
            parts_paid: 0,
            registration_fee_paid_cents: 0,
          };
          return { row, fee: pricing.fee(person.id, row, own ? family : [...family, row], held) };
        });
        priced.push({ person, computed, paid: await paidOf(person.id, family) });
      }
      const names = namesFor(
        rules,
        priced.flatMap(({ computed }) => computed),
      );
      const out = new Map<number, Map<number, ChargedFee>>();
      for (const { person, computed, paid } of priced) {
        const quotes = named(computed, names);
        out.set(
          person.id,
          new Map(
            computed.map(({ row }) => {
              const quote = quotes.get(row.activity_id)!;
              return [
                row.activity_id,
                row.is_paid === 1
                  ? {
                      amount_cents: row.paid_amount_cents ?? quote.amount_cents,
                      breakdown: paid.get(row.activity_id) ?? null,
                    }
                  : withRegistration(quote),
              ];
            }),
          ),
        );
      }
      return out;
    },
  };

  /**
   * The fees of several people at once (a family's payment), by person, or null in the simple
   * mode: the rules with the circumstances' names and everyone's approvals are read once for
   * all of them, each person's family's fees once per person (two people of one payment may
   * not share every account that manages them).
   */
  async function forPeople(
    enrolmentIds: readonly number[],
  ): Promise<Map<number, PersonFees> | null> {
    const rules = await fees.rules();
    if (!rules.any) return null;
    const today = todayInMadrid();
    const pricing = createPricing(rules, today);
    // one after the other: side by side a call would hold two of PostgreSQL's pooled
    // connections at once
    const approvals = await approvalsOf(rules, enrolmentIds);
    const out = new Map<number, PersonFees>();
    for (const enrolmentId of enrolmentIds) {
      if (out.has(enrolmentId)) continue;
      const family = await fees.familyFees(enrolmentId);
      const held = approvals.get(enrolmentId) ?? [];
      const rows = family.filter((row) => row.enrolment_id === enrolmentId).sort(dashboardOrder);
      const computed = rows.map((row) => ({
        row,
        fee: pricing.fee(enrolmentId, row, family, held),
      }));
      const quotes = named(computed, namesFor(rules, computed));
      const paid = await paidOf(enrolmentId, rows);
      const charged = rows.some((row) => row.parts_paid > 0)
        ? await fees.chargedParts(enrolmentId)
        : new Map<number, ChargedItem[]>();
      out.set(enrolmentId, { rows, quotes, paid, charged, family });
    }
    return out;
  }

  /** The breakdowns the paid ones of these fees were charged by (read only when one is paid). */
  async function paidOf(
    enrolmentId: number,
    rows: readonly FamilyFeeRow[],
  ): Promise<Map<number, StoredBreakdown | null>> {
    if (
      !rows.some(
        (row) => row.enrolment_id === enrolmentId && (row.is_paid === 1 || row.parts_paid > 0),
      )
    )
      return new Map();
    const stored = await fees.paidBreakdowns(enrolmentId);
    return new Map([...stored].map(([id, json]) => [id, readStoredBreakdown(json)]));
  }

  /**
   * What each of these people holds, by person (read only when a reduction exists): their
   * approvals with their last days (computeFee keeps those in force on each activity's reference
   * day) and every circumstance by age; a circumstance's ages go with it.
   */
  async function approvalsOf(
    rules: FeeRulesRows,
    enrolmentIds: readonly number[],
  ): Promise<Map<number, Approval[]>> {
    const byPerson = new Map<number, Approval[]>();
    if (rules.reductions.length === 0 || enrolmentIds.length === 0) return byPerson;
    const ages = new Map(rules.ages.map((row) => [row.circumstance_id, row]));
    const byAge = rules.ages.filter((row) => row.by_age);
    for (const id of enrolmentIds)
      byPerson.set(
        id,
        byAge.map((row) => ({ ...row, name: '' })),
      );
    for (const row of await circumstances.approvalsHeld(enrolmentIds)) {
      const bounds = ages.get(row.circumstance_id);
      byPerson.get(row.enrolment_id)?.push({
        circumstance_id: row.circumstance_id,
        name: '',
        valid_until: row.valid_until,
        min_age: bounds?.min_age ?? null,
        max_age: bounds?.max_age ?? null,
      });
    }
    return byPerson;
  }

  /** The circumstances' names, read with the rules (fees-repo rules()), when a reduction applies. */
  function namesFor(
    rules: FeeRulesWithNames,
    computed: readonly { fee: Fee }[],
  ): Map<number, Names> {
    return computed.some(({ fee }) => fee.breakdown.reduction !== null)
      ? rules.names
      : new Map<number, Names>();
  }

  /** The quotes of computed fees, their circumstances named. */
  function named(
    computed: readonly { row: FamilyFeeRow; fee: Fee }[],
    names: Map<number, Names>,
  ): Map<number, Quote> {
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
    return quotes;
  }
}

export type FeeQuotes = ReturnType<typeof createFeeQuotes>;
