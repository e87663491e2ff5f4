import { sql, type Insertable, type Selectable } from 'kysely';
import { compiledStatement, idList, idsIn } from './compiled-query.js';
import type { Database } from './database.js';
import type {
  DirectDebitReturnsTable,
  RemittanceItemsTable,
  RemittanceItemStatus,
  RemittancesTable,
} from './schema.js';

export type RemittanceRow = Selectable<RemittancesTable>;
export type RemittanceItemRow = Selectable<RemittanceItemsTable>;
export type DirectDebitReturnRow = Selectable<DirectDebitReturnsTable>;
/** Who an item's payment is for (`collectionOwner`). */
export interface CollectionOwner {
  item_id: number;
  user_id: number | null;
  locale: 'es' | 'en' | 'gl';
  person_dni: string | null;
}

/** A person's fees the bank is collecting: every checkout reads it, compiled once (compiled-query.ts). */
const feesWithTheBank = compiledStatement(
  (db, p: { enrolmentId: number; activityIds: string }, target) =>
    db
      .selectFrom('remittance_items as i')
      .innerJoin('remittances as r', 'r.id', 'i.remittance_id')
      .select(['i.activity_id', 'i.part_number', 'r.collection_date'])
      .where('i.enrolment_id', '=', p.enrolmentId)
      .where('i.activity_id', 'in', idsIn(target, p.activityIds))
      .where('i.kind', '=', 'fee')
      .where('i.status', '=', 'in_remittance')
      .orderBy('i.activity_id')
      .orderBy('i.part_number'),
);

/** Items collected, each by its payment (`[[item, payment], …]`): one statement for all. */
const setCollected = compiledStatement((db, p: { pairs: string }, target) => {
  const listed =
    target.engine === 'postgres'
      ? sql`(select (x->>0)::integer as item_id, (x->>1)::integer as payment_id
          from jsonb_array_elements(cast(${p.pairs} as jsonb)) as x)`
      : sql`(select value ->> 0 as item_id, value ->> 1 as payment_id from json_each(${p.pairs}))`;
  return sql`update remittance_items set status = 'collected', payment_id = v.payment_id
    from ${listed} as v
    where remittance_items.id = v.item_id and remittance_items.status = 'in_remittance'`;
});

/** Remittances sent to the bank, their items and the returns the bank answered (migration 480). */
export function createRemittancesRepo(db: Database) {
  const owners = (itemIds: readonly number[]) =>
    db
      .q()
      .selectFrom('remittance_items as i')
      .innerJoin('direct_debits as d', 'd.id', 'i.direct_debit_id')
      .innerJoin('mandates as m', 'm.id', 'i.mandate_id')
      .leftJoin('enrolments as e', 'e.id', 'i.enrolment_id')
      .select((eb) => [
        'i.id as item_id',
        eb.fn.coalesce('d.user_id', 'm.user_id').as('user_id'),
        'm.locale',
        'e.dni as person_dni',
      ])
      .where('i.id', 'in', itemIds);
  return {
    async insertRemittance(row: Insertable<RemittancesTable>): Promise<number> {
      const { id } = await db
        .q()
        .insertInto('remittances')
        .values(row)
        .returning('id')
        .executeTakeFirstOrThrow();
      return id;
    },
    async insertItems(rows: Insertable<RemittanceItemsTable>[]): Promise<void> {
      for (let i = 0; i < rows.length; i += 500)
        await db
          .q()
          .insertInto('remittance_items')
          .values(rows.slice(i, i + 500))
          .execute();
    },
    remittance: (id: number, options: { lock?: boolean } = {}) =>
      db
        .q()
        .selectFrom('remittances')
        .selectAll()
        .where('id', '=', id)
        .$if(db.rowLocks && options.lock === true, (q) => q.forUpdate())
        .executeTakeFirst(),
    remittances: () => db.q().selectFrom('remittances').selectAll().orderBy('id', 'desc').execute(),
    /** Sent remittances whose collection date has come. */
    dueForCollection: (today: string) =>
      db
        .q()
        .selectFrom('remittances')
        .selectAll()
        .where('status', '=', 'sent')
        .where('collection_date', '<=', today)
        .orderBy('id')
        .execute(),
    async markCollected(id: number, now: string): Promise<boolean> {
      const result = await db
        .q()
        .updateTable('remittances')
        .set({ status: 'collected', collected_at: now })
        .where('id', '=', id)
        .where('status', '=', 'sent')
        .executeTakeFirst();
      return result.numUpdatedRows === 1n;
    },
    items: (remittanceId: number): Promise<RemittanceItemRow[]> =>
      db
        .q()
        .selectFrom('remittance_items')
        .selectAll()
        .where('remittance_id', '=', remittanceId)
        .orderBy('enrolment_id')
        .orderBy('activity_id')
        .orderBy('part_number')
        .orderBy('id')
        .execute(),
    /** The next `limit` items of a remittance still with the bank after item `afterId`, by id. */
    itemsWithTheBank: (
      remittanceId: number,
      afterId: number,
      limit: number,
    ): Promise<RemittanceItemRow[]> =>
      db
        .q()
        .selectFrom('remittance_items')
        .selectAll()
        .where('remittance_id', '=', remittanceId)
        .where('status', '=', 'in_remittance')
        .where('id', '>', afterId)
        .orderBy('id')
        .limit(limit)
        .execute(),
    /** The mandates a remittance debited on its date: those of its items collected (or left with the bank). */
    async mandatesDebited(remittanceId: number): Promise<number[]> {
      const rows = await db
        .q()
        .selectFrom('remittance_items')
        .select('mandate_id')
        .distinct()
        .where('remittance_id', '=', remittanceId)
        .where('status', 'in', ['collected', 'in_remittance'])
        .execute();
      return rows.map((row) => row.mandate_id);
    },
    /** Every item of these debits, oldest first: their history. */
    itemsOfDebits: async (debitIds: number[]): Promise<RemittanceItemRow[]> => {
      const out: RemittanceItemRow[] = [];
      for (let i = 0; i < debitIds.length; i += 500) {
        const chunk = debitIds.slice(i, i + 500);
        out.push(
          ...(await db
            .q()
            .selectFrom('remittance_items')
            .selectAll()
            .where('direct_debit_id', 'in', chunk)
            .orderBy('id')
            .execute()),
        );
      }
      return out;
    },
    /** Mandates (of these) with an item collected or with the bank: their next debit is RCUR. */
    async mandatesWithHistory(mandateIds: number[]): Promise<Set<number>> {
      const out = new Set<number>();
      for (let i = 0; i < mandateIds.length; i += 500) {
        const rows = await db
          .q()
          .selectFrom('remittance_items')
          .select('mandate_id')
          .distinct()
          .where('mandate_id', 'in', mandateIds.slice(i, i + 500))
          .where('status', 'in', ['in_remittance', 'collected'])
          .execute();
        for (const row of rows) out.add(row.mandate_id);
      }
      return out;
    },
    /**
     * A person's fees (of these activities) with the bank right now: their items `in_remittance`,
     * each with its part (null: the whole fee) and the remittance's collection date. Read in the
     * caller's transaction (checkout refuses paying them by card or Bizum).
     */
    async feesWithTheBank(enrolmentId: number, activityIds: number[]) {
      if (activityIds.length === 0) return [];
      return feesWithTheBank.rows(db, { enrolmentId, activityIds: idList(activityIds) });
    },
    /** Who an item's payment is for: the debit's account, the mandate's language, the DNI. */
    collectionOwner: (itemId: number) => owners([itemId]).executeTakeFirst(),
    /** The same for many items at once (a collection step's), by item id. */
    async collectionOwners(itemIds: readonly number[]) {
      const out = new Map<number, CollectionOwner>();
      if (itemIds.length === 0) return out;
      for (const row of await owners(itemIds).execute()) out.set(row.item_id, row);
      return out;
    },
    item: (id: number) =>
      db.q().selectFrom('remittance_items').selectAll().where('id', '=', id).executeTakeFirst(),
    async setItemStatus(
      id: number,
      status: RemittanceItemStatus,
      from: RemittanceItemStatus,
      paymentId?: number,
    ): Promise<boolean> {
      const result = await db
        .q()
        .updateTable('remittance_items')
        .set({ status, ...(paymentId === undefined ? {} : { payment_id: paymentId }) })
        .where('id', '=', id)
        .where('status', '=', from)
        .executeTakeFirst();
      return result.numUpdatedRows === 1n;
    },
    /** Items still with the bank marked collected, each by its payment, in one statement. */
    async setItemsCollected(paidBy: readonly (readonly [number, number])[]): Promise<void> {
      if (paidBy.length > 0) await setCollected.run(db, { pairs: JSON.stringify(paidBy) });
    },
    /** Inserts the return unless this item already has one; false when it had. */
    async insertReturn(row: Insertable<DirectDebitReturnsTable>): Promise<number | null> {
      const existing = await db
        .q()
        .selectFrom('direct_debit_returns')
        .select('id')
        .where('item_id', '=', row.item_id)
        .executeTakeFirst();
      if (existing) return null;
      const { id } = await db
        .q()
        .insertInto('direct_debit_returns')
        .values(row)
        .returning('id')
        .executeTakeFirstOrThrow();
      return id;
    },
    returnOfItem: (itemId: number) =>
      db
        .q()
        .selectFrom('direct_debit_returns')
        .select('id')
        .where('item_id', '=', itemId)
        .executeTakeFirst(),
    /** Whether a return of this line (fee part or return fee) of the debit was presented again. */
    async representedBefore(
      debitId: number,
      kind: RemittanceItemRow['kind'],
      partNumber: number | null,
    ): Promise<boolean> {
      const row = await db
        .q()
        .selectFrom('direct_debit_returns as r')
        .innerJoin('remittance_items as i', 'i.id', 'r.item_id')
        .select('r.id')
        .where('r.direct_debit_id', '=', debitId)
        .where('r.represent', '=', 1)
        .where('i.kind', '=', kind)
        .$if(partNumber === null, (q) => q.where('i.part_number', 'is', null))
        .$if(partNumber !== null, (q) => q.where('i.part_number', '=', partNumber!))
        .executeTakeFirst();
      return row !== undefined;
    },
    returnsOfRemittance: (remittanceId: number): Promise<DirectDebitReturnRow[]> =>
      db
        .q()
        .selectFrom('direct_debit_returns')
        .selectAll()
        .where('remittance_id', '=', remittanceId)
        .orderBy('id')
        .execute(),
    /** Every return of these debits, oldest first (500 ids a statement, as engines bound them). */
    returnsOfDebits: async (debitIds: number[]): Promise<DirectDebitReturnRow[]> => {
      const out: DirectDebitReturnRow[] = [];
      for (let i = 0; i < debitIds.length; i += 500)
        out.push(
          ...(await db
            .q()
            .selectFrom('direct_debit_returns')
            .selectAll()
            .where('direct_debit_id', 'in', debitIds.slice(i, i + 500))
            .execute()),
        );
      return out.sort((a, b) => a.id - b.id);
    },
    /** Returns of a mandate's debits received since `since` (the season's). */
    async returnsOfMandateSince(mandateId: number, since: string): Promise<number> {
      const row = await db
        .q()
        .selectFrom('direct_debit_returns as r')
        .innerJoin('remittance_items as i', 'i.id', 'r.item_id')
        .select((eb) => eb.fn.countAll<number>().as('n'))
        .where('i.mandate_id', '=', mandateId)
        .where('r.received_at', '>=', since)
        .executeTakeFirst();
      return Number(row?.n ?? 0);
    },
  };
}

export type RemittancesRepo = ReturnType<typeof createRemittancesRepo>;
