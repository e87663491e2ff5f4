import { sql } from 'kysely';
import type { Database } from './database.js';

/** A person's fee in parts with paid parts, as what it owes back is worked out from it. */
export interface PaidPartsRow {
  enrolment_id: number;
  activity_id: number;
  name: string;
  parts: string;
  parts_paid: number;
  paid_amount_cents: number | null;
  /** How much of `paid_amount_cents` was the registration fee (migration 460). */
  registration_fee_paid_cents: number;
  owed_back_cents: number;
  refunded_back_cents: number;
}

type Fee = { enrolment_id: number; activity_id: number };

/**
 * What fees in parts owe back (migration 490): the excess their paid parts charged over the fee
 * as a later reduction made it. Every change is one conditional statement on the fee's row, so
 * two servers (or two clicks) can never give the same cents back twice.
 */
export function createOwedBackRepo(db: Database) {
  const fee = (f: Fee) =>
    db
      .q()
      .updateTable('enrolment_activities')
      .where('enrolment_id', '=', f.enrolment_id)
      .where('activity_id', '=', f.activity_id);
  return {
    /** The person's fees in parts some of whose parts are paid. */
    async paidParts(enrolmentId: number): Promise<PaidPartsRow[]> {
      const rows = await db
        .q()
        .selectFrom('enrolment_activities as ea')
        .innerJoin('activities as a', 'a.id', 'ea.activity_id')
        .select([
          'ea.enrolment_id',
          'ea.activity_id',
          'a.name',
          'a.parts',
          'ea.parts_paid',
          'ea.paid_amount_cents',
          'ea.registration_fee_paid_cents',
          'ea.owed_back_cents',
          'ea.refunded_back_cents',
        ])
        .where('ea.enrolment_id', '=', enrolmentId)
        .where('ea.parts_paid', '>', 0)
        .where('a.parts', '<>', '[]')
        .execute();
      return rows.map((row) => ({
        ...row,
        parts_paid: Number(row.parts_paid),
        paid_amount_cents: row.paid_amount_cents === null ? null : Number(row.paid_amount_cents),
        registration_fee_paid_cents: Number(row.registration_fee_paid_cents),
        owed_back_cents: Number(row.owed_back_cents),
        refunded_back_cents: Number(row.refunded_back_cents),
      }));
    },

    /** Everyone with a fee in parts some of whose parts are paid (a change of the fee rules). */
    async peopleWithPaidParts(): Promise<number[]> {
      const rows = await db
        .q()
        .selectFrom('enrolment_activities as ea')
        .innerJoin('activities as a', 'a.id', 'ea.activity_id')
        .select('ea.enrolment_id')
        .distinct()
        .where('ea.parts_paid', '>', 0)
        .where('a.parts', '<>', '[]')
        .orderBy('ea.enrolment_id')
        .execute();
      return rows.map((row) => row.enrolment_id);
    },

    /** Sets what the fee owes back, unless a refund of it changed it meanwhile (`was`). */
    async set(f: Fee, was: number, cents: number): Promise<boolean> {
      const result = await fee(f)
        .set({ owed_back_cents: cents })
        .where('owed_back_cents', '=', was)
        .executeTakeFirst();
      return Number(result.numUpdatedRows) === 1;
    },

    /** What one person's fees owe back, by activity (0 when nothing). */
    async ofPerson(enrolmentId: number): Promise<Map<number, number>> {
      const rows = await db
        .q()
        .selectFrom('enrolment_activities')
        .select(['activity_id', 'owed_back_cents'])
        .where('enrolment_id', '=', enrolmentId)
        .where('owed_back_cents', '>', 0)
        .execute();
      return new Map(rows.map((row) => [row.activity_id, Number(row.owed_back_cents)]));
    },

    /** What these fees owe back, keyed `enrolment:activity` (only those owing something). */
    async ofFees(fees: readonly Fee[]): Promise<Map<string, number>> {
      const out = new Map<string, number>();
      const persons = [...new Set(fees.map((f) => f.enrolment_id))];
      for (let i = 0; i < persons.length; i += 500) {
        const rows = await db
          .q()
          .selectFrom('enrolment_activities')
          .select(['enrolment_id', 'activity_id', 'owed_back_cents'])
          .where('enrolment_id', 'in', persons.slice(i, i + 500))
          .where('owed_back_cents', '>', 0)
          .execute();
        for (const row of rows)
          out.set(`${row.enrolment_id}:${row.activity_id}`, Number(row.owed_back_cents));
      }
      return out;
    },

    /**
     * Takes `cents` off what the fee owes back for a refund being asked of the bank; false (and
     * nothing changed) when it owes less than that.
     */
    async take(f: Fee, cents: number): Promise<boolean> {
      const result = await fee(f)
        .set({ owed_back_cents: sql`owed_back_cents - ${cents}` })
        .where('owed_back_cents', '>=', cents)
        .executeTakeFirst();
      return Number(result.numUpdatedRows) === 1;
    },

    /** The bank refused the refund: the fee owes it again. */
    async putBack(f: Fee, cents: number): Promise<void> {
      await fee(f)
        .set({ owed_back_cents: sql`owed_back_cents + ${cents}` })
        .execute();
    },

    /** The bank gave it back. */
    async refunded(f: Fee, cents: number): Promise<void> {
      await fee(f)
        .set({ refunded_back_cents: sql`refunded_back_cents + ${cents}` })
        .execute();
    },

    /**
     * A paid part of the fee was refunded whole (`cents` back to the resident, the registration
     * fee it carried left out): what it owed back shrinks by as much (the fee now is unchanged:
     * paid − registration fee paid − refunded back − owed back).
     */
    async lowerBy(f: Fee, cents: number): Promise<void> {
      await fee(f)
        .set({
          owed_back_cents: sql`CASE WHEN owed_back_cents > ${cents} THEN owed_back_cents - ${cents} ELSE 0 END`,
        })
        .where('owed_back_cents', '>', 0)
        .execute();
    },
  };
}

export type OwedBackRepo = ReturnType<typeof createOwedBackRepo>;
