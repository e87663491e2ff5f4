import { CompiledQuery, sql } from 'kysely';
import type { CircumstanceNames } from './circumstances-repo.js';
import { compiledStatement, idList, idsIn } from './compiled-query.js';
import type { Database } from './database.js';

/**
 * A fee of someone in a person's family (the person included): the activity's fee as the
 * computation reads it (tariffs still JSON text in cents), the person's birth date, and whether
 * it is paid and for how much.
 */
export interface FamilyFeeRow {
  enrolment_id: number;
  activity_id: number;
  name: string;
  name_sort_key: string;
  price_cents: number;
  start_date: string | null;
  tariffs: string;
  age_on: string | null;
  reductions_apply: number;
  fee_group: string | null;
  birth_date: string | null;
  is_paid: number;
  paid_amount_cents: number | null;
  /** The activity's parts, JSON (services/fees/parts.ts); '[]' one payment. */
  parts: string;
  parts_paid: number;
  /** The activity's registration fee, charged with the fee's first payment (migration 460). */
  registration_fee_cents: number;
  /** How much of what was paid was the registration fee. */
  registration_fee_paid_cents: number;
}

export interface ReductionRuleRow {
  circumstance_id: number;
  activity_id: number | null;
  /** Null: every fee group (or the one activity of activity_id). */
  fee_group: string | null;
  percent_bp: number | null;
  price_cents: number | null;
}

export interface FamilyDiscountRow {
  /** Null: every fee group without steps of its own. */
  fee_group: string | null;
  from_member: number;
  percent_bp: number;
}

/** A circumstance with ages: by age (held by everyone within them) or a declaration bounded by them. */
export interface CircumstanceAges {
  circumstance_id: number;
  by_age: boolean;
  min_age: number | null;
  max_age: number | null;
}

/** A payment item that paid parts of a fee: its parts, what it charged, the registration fee in it. */
export interface ChargedItemRow {
  part_from: number;
  part_to: number;
  amount_cents: number;
  registration_fee_cents: number;
}

export interface FeeRulesRows {
  reductions: ReductionRuleRow[];
  family: FamilyDiscountRow[];
  cumulative: boolean;
  /** The circumstances by age or with ages (read with the rules: no other round trip). */
  ages: CircumstanceAges[];
}

/** The rules as read (fees-repo rules()): whether any exists, and every circumstance's names. */
export type FeeRulesWithNames = FeeRulesRows & {
  any: boolean;
  /** Every circumstance's name in es, en and gl, by id (a fee's reduction names its own). */
  names: Map<number, CircumstanceNames>;
};

/**
 * Whether any fee rule exists: a circumstance, an activity with age bands, or a family discount.
 * Three EXISTS, each stopping at its first row (the activities' is a scan of the catalogue, a few
 * hundred rows at most).
 */
const ANY_RULES = sql<number>`CASE WHEN
  EXISTS (SELECT 1 FROM circumstances)
  OR EXISTS (SELECT 1 FROM family_discounts)
  OR EXISTS (SELECT 1 FROM activities WHERE tariffs <> '[]')
  THEN 1 ELSE 0 END`;

/**
 * Whether any rule exists and the rules themselves (kind 'm' the mode, 'r' a reduction, 'f' a
 * family discount, 'c' the cumulative flag, 'a' a circumstance: b its min_age, percent_bp its
 * max_age, price_cents 1 by age, and its names), in one statement compiled once
 * (compiled-query.ts): every resident's activities and every checkout read it. The
 * circumstances' names come with them (a few dozen rows) because a fee with a reduction names
 * it: read apart, they were one more round trip on every dashboard read and on each person of
 * a checkout once a reduction by age applies to most children (issue 60; docs/performance.md).
 */
const feeRules = compiledStatement(
  () =>
    sql<{
      kind: string;
      a: number;
      b: number | null;
      percent_bp: number | null;
      price_cents: number | null;
      fee_group: string | null;
      name_es: string | null;
      name_en: string | null;
      name_gl: string | null;
    }>`
        SELECT 'm' AS kind, ${ANY_RULES} AS a, NULL AS b, NULL AS percent_bp, NULL AS price_cents,
          NULL AS fee_group, NULL AS name_es, NULL AS name_en, NULL AS name_gl
        UNION ALL
        SELECT 'r', circumstance_id, activity_id, percent_bp, price_cents, fee_group, NULL, NULL,
          NULL
        FROM reduction_rules
        UNION ALL
        SELECT 'f', from_member, NULL, percent_bp, NULL, fee_group, NULL, NULL, NULL
        FROM family_discounts
        UNION ALL
        SELECT 'a', id, min_age, max_age, CASE WHEN review = 'age' THEN 1 ELSE 0 END, NULL,
          name_es, name_en, name_gl
        FROM circumstances
        UNION ALL
        SELECT 'c', fees_cumulative, NULL, NULL, NULL, NULL, NULL, NULL, NULL
        FROM config WHERE id = 1`,
);

/** What a fee is computed from: an enrolment's activity (`ea`), the activity (`a`), the person (`e`). */
const FEE_COLUMNS = [
  'ea.enrolment_id',
  'ea.activity_id',
  'a.name',
  'a.name_sort_key',
  'a.price_cents',
  'a.start_date',
  'a.tariffs',
  'a.age_on',
  'a.reductions_apply',
  'a.fee_group',
  'e.birth_date',
  'ea.is_paid',
  'ea.paid_amount_cents',
  'a.parts',
  'ea.parts_paid',
  'a.registration_fee_cents',
  'ea.registration_fee_paid_cents',
] as const;

/** The statement of familyFees (below), for one person's id (the plan test reads its plan). */
export const familyFeesQuery = (db: Database, enrolmentId: number) =>
  db
    .q()
    .selectFrom('user_persons as me')
    .innerJoin('user_persons as up', 'up.user_id', 'me.user_id')
    .innerJoin('enrolment_activities as ea', 'ea.enrolment_id', 'up.enrolment_id')
    .innerJoin('activities as a', 'a.id', 'ea.activity_id')
    .innerJoin('enrolments as e', 'e.id', 'ea.enrolment_id')
    .select(FEE_COLUMNS)
    .distinct()
    .where('me.enrolment_id', '=', enrolmentId);

/** familyFees for many people in one statement: each row with the person it was read for. */
const familiesFees = compiledStatement((db, p: { ids: string }, target) =>
  db
    .selectFrom('user_persons as me')
    .innerJoin('user_persons as up', 'up.user_id', 'me.user_id')
    .innerJoin('enrolment_activities as ea', 'ea.enrolment_id', 'up.enrolment_id')
    .innerJoin('activities as a', 'a.id', 'ea.activity_id')
    .innerJoin('enrolments as e', 'e.id', 'ea.enrolment_id')
    .select(['me.enrolment_id as for_person', ...FEE_COLUMNS])
    .distinct()
    .where('me.enrolment_id', 'in', idsIn(target, p.ids)),
);

/** People a statement of familiesFeesOf reads for (their families' rows, a few each). */
const FAMILIES_PER_STATEMENT = 1000;

/** Every enrolled fee with what fees are computed from (services/fees/pending-fees.ts). */
const allFeesQuery = (db: Database) =>
  db
    .reads()
    .selectFrom('enrolment_activities as ea')
    .innerJoin('activities as a', 'a.id', 'ea.activity_id')
    .innerJoin('enrolments as e', 'e.id', 'ea.enrolment_id')
    .select(FEE_COLUMNS);

/**
 * What fees are computed from (services/fees/quotes.ts): the council's rules, read on every call
 * (three tiny tables; never cached in the process, so every server sees a change at once) and a
 * person's family's fees (the approvals in force are circumstances-repo.ts's).
 */
export function createFeesRepo(db: Database) {
  let familyStatement: string | undefined;
  return {
    /**
     * Every enrolled fee (paid ones too: they count for the family discounts) and which accounts
     * manage whom, for the money pending under the rules: two statements, whatever the count.
     */
    async allFees(): Promise<{
      rows: FamilyFeeRow[];
      managers: { user_id: number; enrolment_id: number }[];
    }> {
      const rows = await allFeesQuery(db).execute();
      const managers = await db
        .reads()
        .selectFrom('user_persons')
        .select(['user_id', 'enrolment_id'])
        .execute();
      return { rows, managers };
    },

    /** Whether any fee rule exists (the rules mode). */
    async anyRules(): Promise<boolean> {
      const { rows } = await sql<{ rules: number }>`SELECT ${ANY_RULES} AS rules`.execute(db.q());
      return Number(rows[0]?.rules ?? 0) === 1;
    },

    /**
     * Whether any rule exists and, when one does, the reductions, the family discounts and
     * whether they stack: one round trip whatever the mode.
     */
    async rules(): Promise<FeeRulesWithNames> {
      const rows = await feeRules.rows(db, {});
      const out = {
        any: false,
        reductions: [],
        family: [],
        cumulative: false,
        ages: [],
        names: new Map(),
      } as FeeRulesWithNames;
      const numberOrNull = (value: number | null) => (value === null ? null : Number(value));
      for (const row of rows) {
        if (row.kind === 'm') out.any = Number(row.a) === 1;
        else if (row.kind === 'r')
          out.reductions.push({
            circumstance_id: Number(row.a),
            activity_id: numberOrNull(row.b),
            fee_group: row.fee_group,
            percent_bp: numberOrNull(row.percent_bp),
            price_cents: numberOrNull(row.price_cents),
          });
        else if (row.kind === 'f')
          out.family.push({
            fee_group: row.fee_group,
            from_member: Number(row.a),
            percent_bp: Number(row.percent_bp),
          });
        else if (row.kind === 'a') {
          out.names.set(Number(row.a), {
            es: row.name_es ?? '',
            en: row.name_en ?? '',
            gl: row.name_gl ?? '',
          });
          if (row.b !== null || row.percent_bp !== null)
            out.ages.push({
              circumstance_id: Number(row.a),
              by_age: Number(row.price_cents) === 1,
              min_age: numberOrNull(row.b),
              max_age: numberOrNull(row.percent_bp),
            });
        } else out.cumulative = Number(row.a) === 1;
      }
      const group = (value: string | null) => value ?? '';
      out.reductions.sort(
        (x, y) =>
          x.circumstance_id - y.circumstance_id ||
          (x.activity_id ?? 0) - (y.activity_id ?? 0) ||
          group(x.fee_group).localeCompare(group(y.fee_group)),
      );
      out.family.sort(
        (x, y) =>
          group(x.fee_group).localeCompare(group(y.fee_group)) || x.from_member - y.from_member,
      );
      return out;
    },

    /** Replaces every reduction and family discount and sets whether they stack. */
    async replaceRules(rules: Omit<FeeRulesRows, 'ages'>): Promise<void> {
      await db.q().deleteFrom('reduction_rules').execute();
      await db.q().deleteFrom('family_discounts').execute();
      if (rules.reductions.length > 0)
        await db.q().insertInto('reduction_rules').values(rules.reductions).execute();
      if (rules.family.length > 0)
        await db.q().insertInto('family_discounts').values(rules.family).execute();
      await db
        .q()
        .updateTable('config')
        .set({ fees_cumulative: rules.cumulative ? 1 : 0, updated_at: new Date().toISOString() })
        .where('id', '=', 1)
        .execute();
    },

    /** Which of these circumstances exist. */
    async existingCircumstances(ids: readonly number[]): Promise<Set<number>> {
      if (ids.length === 0) return new Set();
      const rows = await db
        .q()
        .selectFrom('circumstances')
        .select('id')
        .where('id', 'in', [...ids])
        .execute();
      return new Set(rows.map((row) => row.id));
    },

    /** Which of these activities exist. */
    async existingActivities(ids: readonly number[]): Promise<Set<number>> {
      if (ids.length === 0) return new Set();
      const rows = await db
        .q()
        .selectFrom('activities')
        .select('id')
        .where('id', 'in', [...ids])
        .execute();
      return new Set(rows.map((row) => row.id));
    },

    /**
     * The breakdowns a person's paid fees were charged by (the payment item that paid each), by
     * activity: null for one paid without a breakdown (the simple mode, or marked paid by staff).
     */
    async paidBreakdowns(enrolmentId: number): Promise<Map<number, string | null>> {
      const rows = await db
        .q()
        .selectFrom('enrolment_activities as ea')
        .innerJoin('payment_items as pi', (join) =>
          join
            .onRef('pi.payment_id', '=', 'ea.paid_payment_id')
            .onRef('pi.enrolment_id', '=', 'ea.enrolment_id')
            .onRef('pi.activity_id', '=', 'ea.activity_id'),
        )
        .select(['ea.activity_id', 'pi.breakdown'])
        .where('ea.enrolment_id', '=', enrolmentId)
        .where((eb) => eb.or([eb('ea.is_paid', '=', 1), eb('ea.parts_paid', '>', 0)]))
        .execute();
      return new Map(rows.map((row) => [row.activity_id, row.breakdown]));
    },

    /**
     * The payment items that paid parts of a person's fees in parts and were not given back, by
     * activity (paid payments only): what each part charged (services/fees/parts.ts).
     */
    async chargedParts(enrolmentId: number): Promise<Map<number, ChargedItemRow[]>> {
      const rows = await db
        .q()
        .selectFrom('payment_items as pi')
        .innerJoin('payments as p', 'p.id', 'pi.payment_id')
        .select([
          'pi.activity_id',
          'pi.part_from',
          'pi.part_to',
          'pi.amount_cents',
          'pi.registration_fee_cents',
        ])
        .where('pi.enrolment_id', '=', enrolmentId)
        .where('pi.part_from', 'is not', null)
        .where('pi.refund_id', 'is', null)
        .where('p.status', '=', 'paid')
        .execute();
      const out = new Map<number, ChargedItemRow[]>();
      for (const row of rows) {
        const list = out.get(row.activity_id) ?? [];
        list.push({
          part_from: Number(row.part_from),
          part_to: Number(row.part_to),
          amount_cents: Number(row.amount_cents),
          registration_fee_cents: Number(row.registration_fee_cents),
        });
        out.set(row.activity_id, list);
      }
      return out;
    },

    /**
     * familyFees of many people at once, by person (one without an account managing them has
     * none): a statement per 1,000 people, whatever the fees (a remittance's thousands of debits).
     */
    async familiesFeesOf(enrolmentIds: readonly number[]): Promise<Map<number, FamilyFeeRow[]>> {
      const out = new Map<number, FamilyFeeRow[]>();
      const people = [...new Set(enrolmentIds)];
      for (let i = 0; i < people.length; i += FAMILIES_PER_STATEMENT) {
        const rows = await familiesFees.rows(db, {
          ids: idList(people.slice(i, i + FAMILIES_PER_STATEMENT)),
        });
        for (const { for_person, ...row } of rows) {
          const person = Number(for_person);
          const list = out.get(person);
          if (list) list.push(row);
          else out.set(person, [row]);
        }
      }
      return out;
    },

    /**
     * Every fee of the person's family, paid or not: of everyone managed by any account that
     * manages the person, the person included (a person no account manages has none). One
     * statement, led by the person's own links, a handful of rows; the caller picks the fee
     * groups, since a condition on fee_group here led SQLite to start from that column's index
     * and read every fee of the group (12 ms instead of 0.1 at 10,000 people; bench/fees.mjs).
     * Its text is built once: building it took 45 of the 190 µs a call took at 100,000 people.
     */
    async familyFees(enrolmentId: number): Promise<FamilyFeeRow[]> {
      familyStatement ??= familyFeesQuery(db, 0).compile().sql;
      const query: CompiledQuery<FamilyFeeRow> = CompiledQuery.raw(familyStatement, [enrolmentId]);
      return (await db.q().executeQuery(query)).rows;
    },
  };
}

export type FeesRepo = ReturnType<typeof createFeesRepo>;
