import { sql, type ExpressionBuilder, type Selectable } from 'kysely';
import type { Database } from './database.js';
import type { DirectDebitsTable, MandatesTable, MandateStatus, Tables } from './schema.js';

export type MandateRow = Selectable<MandatesTable>;
export type DirectDebitRow = Selectable<DirectDebitsTable>;

/** A domiciled fee with what the lists show of it: its person, activity and mandate. */
export interface DirectDebitView extends DirectDebitRow {
  person_name: string;
  activity_name: string;
  mandate_reference: string;
  parts: string;
  parts_paid: number;
  is_paid: number;
  paid_amount_cents: number | null;
  price_cents: number;
  registration_fee_cents: number;
  registration_fee_paid_cents: number;
}

/** SEPA mandates as signed and the fees put on them (migration 480). */
/** No debit of the mandate (as `m`) is with the bank now (in a remittance, not yet collected). */
const noDebitWithTheBank = (eb: ExpressionBuilder<Tables & { m: MandatesTable }, 'm'>) =>
  eb.not(
    eb.exists(
      eb
        .selectFrom('remittance_items as i')
        .select('i.id')
        .whereRef('i.mandate_id', '=', 'm.id')
        .where('i.status', '=', 'in_remittance'),
    ),
  );

export function createMandatesRepo(db: Database) {
  const debitViews = () =>
    db
      .q()
      .selectFrom('direct_debits as d')
      .innerJoin('mandates as m', 'm.id', 'd.mandate_id')
      .innerJoin('enrolments as e', 'e.id', 'd.enrolment_id')
      .innerJoin('activities as a', 'a.id', 'd.activity_id')
      .innerJoin('enrolment_activities as ea', (join) =>
        join
          .onRef('ea.enrolment_id', '=', 'd.enrolment_id')
          .onRef('ea.activity_id', '=', 'd.activity_id'),
      )
      .selectAll('d')
      .select([
        sql<string>`e.first_name || ' ' || e.last_name`.as('person_name'),
        'a.name as activity_name',
        'm.reference as mandate_reference',
        'a.parts',
        'a.price_cents',
        'ea.parts_paid',
        'ea.is_paid',
        'ea.paid_amount_cents',
        'a.registration_fee_cents',
        'ea.registration_fee_paid_cents',
      ]);
  return {
    async insertMandate(
      row: Omit<MandateRow, 'id' | 'status' | 'status_at' | 'last_debit_on' | 'iban_erased_at'>,
    ): Promise<number> {
      const { id } = await db
        .q()
        .insertInto('mandates')
        .values(row)
        .returning('id')
        .executeTakeFirstOrThrow();
      return id;
    },
    async setReference(id: number, reference: string): Promise<void> {
      await db.q().updateTable('mandates').set({ reference }).where('id', '=', id).execute();
    },
    mandate: (id: number): Promise<MandateRow | undefined> =>
      db.q().selectFrom('mandates').selectAll().where('id', '=', id).executeTakeFirst(),
    /** These mandates by id, 500 a statement (a remittance's file names thousands). */
    async mandatesByIds(ids: readonly number[]): Promise<Map<number, MandateRow>> {
      const out = new Map<number, MandateRow>();
      const unique = [...new Set(ids)];
      for (let i = 0; i < unique.length; i += 500)
        for (const row of await db
          .q()
          .selectFrom('mandates')
          .selectAll()
          .where('id', 'in', unique.slice(i, i + 500))
          .execute())
          out.set(row.id, row);
      return out;
    },
    mandatesOfUser: (userId: number): Promise<MandateRow[]> =>
      db
        .q()
        .selectFrom('mandates')
        .selectAll()
        .where('user_id', '=', userId)
        .orderBy('id', 'desc')
        .execute(),
    async setMandateStatus(
      id: number,
      status: MandateStatus,
      now: string,
      from: MandateStatus = 'active',
    ): Promise<boolean> {
      const result = await db
        .q()
        .updateTable('mandates')
        .set({ status, status_at: now })
        .where('id', '=', id)
        .where('status', '=', from)
        .executeTakeFirst();
      return result.numUpdatedRows === 1n;
    },
    async markDebited(mandateIds: number[], day: string): Promise<void> {
      for (let i = 0; i < mandateIds.length; i += 500)
        await db
          .q()
          .updateTable('mandates')
          .set({ last_debit_on: day })
          .where('id', 'in', mandateIds.slice(i, i + 500))
          .execute();
    },
    /**
     * Active mandates last used (collected, or signed when never used) before `until`, with no
     * debit now with the bank: the candidates to lapse (the caller decides by Madrid dates).
     */
    lapseCandidates: (until: string): Promise<MandateRow[]> =>
      db
        .q()
        .selectFrom('mandates as m')
        .selectAll('m')
        .where('m.status', '=', 'active')
        .where((eb) =>
          eb.or([
            eb('m.last_debit_on', '<', until),
            eb.and([eb('m.last_debit_on', 'is', null), eb('m.signed_at', '<', until)]),
          ]),
        )
        .where(noDebitWithTheBank)
        .orderBy('m.id')
        .execute(),
    /**
     * Mandates no longer usable whose IBAN is still kept, last used (collected, or their status
     * changed when never used) before `until`, with no debit now with the bank: the candidates
     * to erase (the caller decides by Madrid dates).
     */
    erasureCandidates: (until: string): Promise<MandateRow[]> =>
      db
        .q()
        .selectFrom('mandates as m')
        .selectAll('m')
        .where('m.status', '!=', 'active')
        .where('m.iban_sealed', 'is not', null)
        .where((eb) =>
          eb.or([
            eb('m.last_debit_on', '<', until),
            eb.and([
              eb('m.last_debit_on', 'is', null),
              eb(eb.fn.coalesce('m.status_at', 'm.signed_at'), '<', until),
            ]),
          ]),
        )
        .where(noDebitWithTheBank)
        .orderBy('m.id')
        .execute(),
    /** Whether a debit of this mandate is with the bank now (in a remittance, not collected). */
    async withTheBank(mandateId: number): Promise<boolean> {
      const row = await db
        .q()
        .selectFrom('remittance_items')
        .select('id')
        .where('mandate_id', '=', mandateId)
        .where('status', '=', 'in_remittance')
        .executeTakeFirst();
      return row !== undefined;
    },
    /** Erases the sealed IBAN of a mandate no longer usable; false when it was already. */
    async eraseIban(id: number, now: string): Promise<boolean> {
      const result = await db
        .q()
        .updateTable('mandates')
        .set({ iban_sealed: null, iban_erased_at: now })
        .where('id', '=', id)
        .where('iban_sealed', 'is not', null)
        .where('status', '!=', 'active')
        .executeTakeFirst();
      return result.numUpdatedRows === 1n;
    },

    async insertDebit(row: {
      mandate_id: number;
      user_id: number;
      enrolment_id: number;
      activity_id: number;
      created_at: string;
    }): Promise<number> {
      const { id } = await db
        .q()
        .insertInto('direct_debits')
        .values(row)
        .returning('id')
        .executeTakeFirstOrThrow();
      return id;
    },
    activeDebitOf: (enrolmentId: number, activityId: number) =>
      db
        .q()
        .selectFrom('direct_debits')
        .selectAll()
        .where('enrolment_id', '=', enrolmentId)
        .where('activity_id', '=', activityId)
        .where('status', '=', 'active')
        .executeTakeFirst(),
    debitView: (id: number): Promise<DirectDebitView | undefined> =>
      debitViews().where('d.id', '=', id).executeTakeFirst(),
    /** The fees on a mandate of the people this account manages, newest first. */
    debitsOfUser: (userId: number): Promise<DirectDebitView[]> =>
      debitViews()
        .where((eb) =>
          eb.exists(
            eb
              .selectFrom('user_persons as up')
              .select('up.user_id')
              .whereRef('up.enrolment_id', '=', 'd.enrolment_id')
              .where('up.user_id', '=', userId),
          ),
        )
        .orderBy('d.id', 'desc')
        .execute(),
    /** Every active debit under an active mandate: what a remittance may take. */
    activeDebits: (): Promise<DirectDebitView[]> =>
      debitViews()
        .where('d.status', '=', 'active')
        .where('m.status', '=', 'active')
        .orderBy('d.id')
        .execute(),
    debitsOfMandate: (mandateId: number): Promise<DirectDebitRow[]> =>
      db.q().selectFrom('direct_debits').selectAll().where('mandate_id', '=', mandateId).execute(),
    async endDebit(
      id: number,
      status: 'cancelled' | 'ended',
      reason: string,
      now: string,
    ): Promise<boolean> {
      const result = await db
        .q()
        .updateTable('direct_debits')
        .set({ status, ended_at: now, ended_reason: reason })
        .where('id', '=', id)
        .where('status', '=', 'active')
        .executeTakeFirst();
      return result.numUpdatedRows === 1n;
    },
    async setNotified(id: number, now: string): Promise<void> {
      await db
        .q()
        .updateTable('direct_debits')
        .set({ notified_at: now })
        .where('id', '=', id)
        .execute();
    },
  };
}

export type MandatesRepo = ReturnType<typeof createMandatesRepo>;
