import type { Insertable, Selectable } from 'kysely';
import type { Database } from './database.js';
import type {
  CircumstanceDocumentsTable,
  CircumstanceRequestsTable,
  CircumstancesTable,
  Locale,
} from './schema.js';

/** One approval in force: the person (enrolment) holds the circumstance today. */
export interface ApprovalInForce {
  enrolment_id: number;
  circumstance_id: number;
}

/** An approval of a person's with its last day, in force or not. */
export interface ApprovalHeld extends ApprovalInForce {
  valid_until: string;
}

/** A circumstance's name in each language. */
export type CircumstanceNames = Record<Locale, string>;

export type CircumstanceRow = Selectable<CircumstancesTable>;
export type CircumstanceFields = Omit<CircumstanceRow, 'id' | 'created_at' | 'updated_at'>;
export type CircumstanceRequestRow = Selectable<CircumstanceRequestsTable>;
export type NewCircumstanceRequest = Omit<Insertable<CircumstanceRequestsTable>, 'id'>;
export type DocumentRow = Selectable<CircumstanceDocumentsTable>;

/** A request as staff's and residents' views read it: with its person, circumstance and document. */
export interface RequestWithNames extends CircumstanceRequestRow {
  first_name: string;
  last_name: string;
  dni: string | null;
  name_es: string;
  name_en: string;
  name_gl: string;
  validity_months: number | null;
  /** The kept document's type; null without one or once deleted. */
  document_type: DocumentRow['content_type'] | null;
}

/** Ids (or rows) one statement takes at most (well under both engines' parameter limits). */
const CHUNK = 1_000;

function chunks<T>(items: readonly T[]): T[][] {
  const out: T[][] = [];
  for (let i = 0; i < items.length; i += CHUNK) out.push(items.slice(i, i + CHUNK));
  return out;
}

/** Documents one retention statement deletes (a few MB each: the writer is never held long). */
export const DOCUMENT_PRUNE_BATCH = 100;

/**
 * The council's circumstances and the requests and approvals of them (migration 300). An approval
 * is in force while its status is 'approved' and its valid_until (the last day, Europe/Madrid) is
 * today or later; past it, it reads as expired.
 */
/** What a request is shown with: its person's name and DNI, its circumstance, its document's type. */
export const REQUEST_NAMES = [
  'e.first_name',
  'e.last_name',
  'e.dni',
  'c.name_es',
  'c.name_en',
  'c.name_gl',
  'c.validity_months',
  'd.content_type as document_type',
] as const;

export function createCircumstancesRepo(db: Database) {
  const withNames = () =>
    db
      .q()
      .selectFrom('circumstance_requests as r')
      .innerJoin('enrolments as e', 'e.id', 'r.enrolment_id')
      .innerJoin('circumstances as c', 'c.id', 'r.circumstance_id')
      .leftJoin('circumstance_documents as d', 'd.request_id', 'r.id')
      .selectAll('r')
      .select(REQUEST_NAMES);

  return {
    /**
     * The circumstances each of these people holds in force on `today` ('YYYY-MM-DD'): one
     * query per thousand people on the (enrolment_id, status, valid_until) index.
     */
    async approvalsInForce(
      enrolmentIds: readonly number[],
      today: string,
    ): Promise<ApprovalInForce[]> {
      const found: ApprovalInForce[] = [];
      for (const part of chunks([...new Set(enrolmentIds)])) {
        const rows = await db
          .q()
          .selectFrom('circumstance_requests')
          .select(['enrolment_id', 'circumstance_id'])
          .distinct()
          .where('enrolment_id', 'in', part)
          .where('status', '=', 'approved')
          .where('valid_until', '>=', today)
          .execute();
        found.push(...rows);
      }
      return found;
    },

    /**
     * Every circumstance these people were approved, each with its latest last day (the fees
     * keep those in force on each activity's reference day): a handful of rows a person, read
     * on the (enrolment_id, status, valid_until) index.
     */
    async approvalsHeld(enrolmentIds: readonly number[]): Promise<ApprovalHeld[]> {
      const found: ApprovalHeld[] = [];
      for (const part of chunks([...new Set(enrolmentIds)])) {
        const rows = await db
          .q()
          .selectFrom('circumstance_requests')
          .select(['enrolment_id', 'circumstance_id'])
          .select((eb) => eb.fn.max('valid_until').as('valid_until'))
          .where('enrolment_id', 'in', part)
          .where('status', '=', 'approved')
          .where('valid_until', 'is not', null)
          .groupBy(['enrolment_id', 'circumstance_id'])
          .execute();
        for (const row of rows)
          found.push({
            enrolment_id: row.enrolment_id,
            circumstance_id: row.circumstance_id,
            valid_until: row.valid_until as string,
          });
      }
      return found;
    },

    /** Every circumstance's name in es, en and gl, by id. */
    async names(): Promise<Map<number, CircumstanceNames>> {
      const rows = await db
        .q()
        .selectFrom('circumstances')
        .select(['id', 'name_es', 'name_en', 'name_gl'])
        .execute();
      return new Map(rows.map((r) => [r.id, { es: r.name_es, en: r.name_en, gl: r.name_gl }]));
    },

    // --- the council's list ---

    list: (): Promise<CircumstanceRow[]> =>
      db.q().selectFrom('circumstances').selectAll().orderBy('id').execute(),

    find: (id: number): Promise<CircumstanceRow | undefined> =>
      db.q().selectFrom('circumstances').selectAll().where('id', '=', id).executeTakeFirst(),

    async insert(fields: CircumstanceFields, now: string): Promise<number> {
      const row = await db
        .q()
        .insertInto('circumstances')
        .values({ ...fields, created_at: now, updated_at: now })
        .returning('id')
        .executeTakeFirstOrThrow();
      return row.id;
    },

    update: (id: number, fields: CircumstanceFields, now: string) =>
      db
        .q()
        .updateTable('circumstances')
        .set({ ...fields, updated_at: now })
        .where('id', '=', id)
        .execute(),

    /** Its reduction rules go with it (ON DELETE CASCADE). */
    delete: (id: number) => db.q().deleteFrom('circumstances').where('id', '=', id).execute(),

    /** Whether any request or approval, of any state, refers to it. */
    async inUse(id: number): Promise<boolean> {
      const row = await db
        .q()
        .selectFrom('circumstance_requests')
        .select('id')
        .where('circumstance_id', '=', id)
        .limit(1)
        .executeTakeFirst();
      return row !== undefined;
    },

    /** Per circumstance: approvals in force on `today`, and requests waiting for review. */
    async counts(today: string): Promise<Map<number, { approved: number; pending: number }>> {
      const rows = await db
        .q()
        .selectFrom('circumstance_requests')
        .select((eb) => [
          'circumstance_id',
          eb.fn
            .sum<number | string>(
              eb
                .case()
                .when(eb.and([eb('status', '=', 'approved'), eb('valid_until', '>=', today)]))
                .then(1)
                .else(0)
                .end(),
            )
            .as('approved'),
          eb.fn
            .sum<number | string>(eb.case().when('status', '=', 'pending').then(1).else(0).end())
            .as('pending'),
        ])
        .where('status', 'in', ['approved', 'pending'])
        .groupBy('circumstance_id')
        .execute();
      return new Map(
        rows.map((r) => [
          r.circumstance_id,
          { approved: Number(r.approved), pending: Number(r.pending) },
        ]),
      );
    },

    // --- requests and approvals ---

    async insertRequest(row: NewCircumstanceRequest): Promise<number> {
      const inserted = await db
        .q()
        .insertInto('circumstance_requests')
        .values(row)
        .returning('id')
        .executeTakeFirstOrThrow();
      return inserted.id;
    },

    findRequest: (id: number): Promise<RequestWithNames | undefined> =>
      withNames().where('r.id', '=', id).executeTakeFirst() as Promise<
        RequestWithNames | undefined
      >,

    /** The request, locked until the transaction ends where the engine has row locks. */
    lockRequest: (id: number): Promise<CircumstanceRequestRow | undefined> =>
      db
        .q()
        .selectFrom('circumstance_requests')
        .selectAll()
        .where('id', '=', id)
        .$if(db.rowLocks, (q) => q.forUpdate())
        .executeTakeFirst(),

    /** Writes a decision, only over the status it was read in; false when it had changed. */
    async decide(
      id: number,
      from: CircumstanceRequestRow['status'],
      fields: Pick<
        CircumstanceRequestRow,
        'status' | 'valid_until' | 'reason_code' | 'reason' | 'decided_by' | 'decided_at'
      >,
      now: string,
    ): Promise<boolean> {
      const result = await db
        .q()
        .updateTable('circumstance_requests')
        .set({ ...fields, updated_at: now })
        .where('id', '=', id)
        .where('status', '=', from)
        .executeTakeFirst();
      return result.numUpdatedRows === 1n;
    },

    // --- household requests (migration 470) ---

    /** Makes the request part of a household request (its first row names itself). */
    async setHousehold(id: number, householdId: number): Promise<void> {
      await db
        .q()
        .updateTable('circumstance_requests')
        .set({ household_id: householdId })
        .where('id', '=', id)
        .execute();
    },

    /** Every row of a household request, the first first, with each person's name. */
    householdRows: (householdIds: readonly number[]) =>
      householdIds.length === 0
        ? Promise.resolve([])
        : db
            .q()
            .selectFrom('circumstance_requests as r')
            .innerJoin('enrolments as e', 'e.id', 'r.enrolment_id')
            .selectAll('r')
            .select(['e.first_name', 'e.last_name'])
            .where('r.household_id', 'in', [...householdIds])
            .orderBy('r.id')
            .execute(),

    /** Gives a request's row to another person (the first row stays the household's). */
    async setPerson(id: number, enrolmentId: number, now: string): Promise<void> {
      await db
        .q()
        .updateTable('circumstance_requests')
        .set({ enrolment_id: enrolmentId, updated_at: now })
        .where('id', '=', id)
        .execute();
    },

    /** The person's request of the circumstance waiting for review, if any. */
    pendingOf: (enrolmentId: number, circumstanceId: number) =>
      db
        .q()
        .selectFrom('circumstance_requests')
        .select('id')
        .where('enrolment_id', '=', enrolmentId)
        .where('circumstance_id', '=', circumstanceId)
        .where('status', '=', 'pending')
        .executeTakeFirst(),

    /** The person's approval of the circumstance in force on `today` lasting longest, if any. */
    inForce: (enrolmentId: number, circumstanceId: number, today: string) =>
      db
        .q()
        .selectFrom('circumstance_requests')
        .select(['id', 'valid_until'])
        .where('enrolment_id', '=', enrolmentId)
        .where('status', '=', 'approved')
        .where('valid_until', '>=', today)
        .where('circumstance_id', '=', circumstanceId)
        .orderBy('valid_until', 'desc')
        .executeTakeFirst(),

    /**
     * The requests and approvals of the people this account manages, newest first, with whether
     * this account sent a document that is still kept.
     */
    forAccount: (userId: number): Promise<RequestWithNames[]> =>
      withNames()
        .innerJoin('user_persons as up', 'up.enrolment_id', 'r.enrolment_id')
        .where('up.user_id', '=', userId)
        .orderBy('r.created_at', 'desc')
        .orderBy('r.id', 'desc')
        .execute() as Promise<RequestWithNames[]>,

    // --- the import ---

    /** The records' people with these DNIs: id by DNI. */
    async enrolmentsByDni(dnis: readonly string[]): Promise<Map<string, number>> {
      const out = new Map<string, number>();
      for (const part of chunks(dnis)) {
        const rows = await db
          .q()
          .selectFrom('enrolments')
          .select(['id', 'dni'])
          .where('dni', 'in', part)
          .execute();
        for (const row of rows) if (row.dni) out.set(row.dni, row.id);
      }
      return out;
    },

    /** The approvals of one circumstance in force on `today` for these people, longest each. */
    async inForceOf(
      circumstanceId: number,
      enrolmentIds: readonly number[],
      today: string,
    ): Promise<Map<number, { id: number; valid_until: string }>> {
      const out = new Map<number, { id: number; valid_until: string }>();
      for (const part of chunks(enrolmentIds)) {
        const rows = await db
          .q()
          .selectFrom('circumstance_requests')
          .select(['id', 'enrolment_id', 'valid_until'])
          .where('enrolment_id', 'in', part)
          .where('status', '=', 'approved')
          .where('valid_until', '>=', today)
          .where('circumstance_id', '=', circumstanceId)
          .execute();
        for (const row of rows) {
          const seen = out.get(row.enrolment_id);
          if (row.valid_until && (!seen || row.valid_until > seen.valid_until))
            out.set(row.enrolment_id, { id: row.id, valid_until: row.valid_until });
        }
      }
      return out;
    },

    async insertRequests(rows: readonly NewCircumstanceRequest[]): Promise<void> {
      for (const part of chunks(rows))
        await db.q().insertInto('circumstance_requests').values(part).execute();
    },

    async extend(ids: readonly number[], validUntil: string, now: string): Promise<void> {
      for (const part of chunks(ids))
        await db
          .q()
          .updateTable('circumstance_requests')
          .set({ valid_until: validUntil, updated_at: now })
          .where('id', 'in', part)
          .execute();
    },

    // --- documents ---

    insertDocument: (row: DocumentRow) =>
      db.q().insertInto('circumstance_documents').values(row).execute(),

    findDocument: (requestId: number): Promise<DocumentRow | undefined> =>
      db
        .q()
        .selectFrom('circumstance_documents')
        .selectAll()
        .where('request_id', '=', requestId)
        .executeTakeFirst(),

    /** From when the request's document may be deleted (the decision plus the retention days). */
    scheduleDeletion: (requestId: number, deleteAfter: string) =>
      db
        .q()
        .updateTable('circumstance_documents')
        .set({ delete_after: deleteAfter })
        .where('request_id', '=', requestId)
        .execute(),

    /**
     * Deletes the documents whose time has come, a batch a statement; a pending request's
     * document has no delete_after and stays. Answers how many.
     */
    async pruneDocuments(now: string): Promise<number> {
      let deleted = 0;
      for (;;) {
        const batch = db
          .q()
          .selectFrom('circumstance_documents')
          .select('request_id')
          .where('delete_after', '<=', now)
          .limit(DOCUMENT_PRUNE_BATCH);
        const result = await db
          .q()
          .deleteFrom('circumstance_documents')
          .where('request_id', 'in', batch)
          .executeTakeFirst();
        const n = Number(result.numDeletedRows);
        deleted += n;
        if (n < DOCUMENT_PRUNE_BATCH) return deleted;
      }
    },
  };
}

export type CircumstancesRepo = ReturnType<typeof createCircumstancesRepo>;
