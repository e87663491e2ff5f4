import { sql } from 'kysely';
import { groupBy } from '../lib/group-by.js';
import { compiledStatement, idList, idsIn, pairsIn } from './compiled-query.js';
import type { Database, Executor } from './database.js';
import { paymentPersonKeys } from './search-keys.js';
import type {
  Flag,
  PaidBy,
  PaymentItemsTable,
  PayMethod,
  PaymentsTable,
  PaymentStatus,
} from './schema.js';
import type { Selectable } from 'kysely';

export type { PaymentStatus, PayMethod } from './schema.js';

/** A payment as stored, but for its search and sort keys, which stay inside the data layer. */
export type PaymentRow = Omit<Selectable<PaymentsTable>, 'person_key' | 'person_sort_key'>;

export type PaymentItemRow = Selectable<PaymentItemsTable>;

export interface ManagedPersonRow {
  id: number;
  first_name: string;
  last_name: string;
  dni: string | null;
}

export interface EnrolledActivityRow {
  activity_id: number;
  name: string;
  price_cents: number;
  is_paid: number;
  paid_payment_id: number | null;
  paid_amount_cents: number | null;
  /** The activity's parts, JSON (services/fees/parts.ts); '[]' one payment. */
  parts: string;
  /** How many of its parts are paid, the first ones. */
  parts_paid: number;
  /** The activity's registration fee, charged with the fee's first payment (migration 460). */
  registration_fee_cents: number;
  /** How much of what was paid was the registration fee. */
  registration_fee_paid_cents: number;
}

export interface NewPayment {
  order_code: string;
  locale: 'es' | 'en' | 'gl';
  /** Null only for a direct debit collected after its account was deleted. */
  user_id: number | null;
  enrolment_id: number;
  person_name: string;
  person_dni: string;
  amount_cents: number;
  use_discount: boolean;
  gateway: PaymentsTable['gateway'];
  merchant_code: string;
  terminal: string;
  /** A resident's choice, or `direct_debit` for a collected SEPA debit (migration 480). */
  pay_method: PaidBy;
  now: string;
}

export interface NewNotification {
  payment_id: number | null;
  order_code: string | null;
  signature_ok: boolean;
  response_code: string | null;
  amount_cents: number | null;
  outcome: string;
  parameters: string | null;
  ip: string | null;
  now: string;
}

/**
 * The status staff see: what happened at the gateway, or how much was given back. A payment
 * keeps its stored status (paid, duplicate) when refunded; refunded_cents tells the rest.
 */
export type PaymentView = PaymentStatus | 'refunded' | 'partially_refunded';

export function viewStatus(payment: {
  status: PaymentStatus;
  amount_cents: number;
  refunded_cents: number;
}): PaymentView {
  if (payment.refunded_cents > 0) {
    return payment.refunded_cents >= payment.amount_cents ? 'refunded' : 'partially_refunded';
  }
  return payment.status;
}

/** Every column but the search and sort keys, which stay inside the data layer. */
export const paymentColumns = [
  'id',
  'order_code',
  'user_id',
  'enrolment_id',
  'person_name',
  'person_dni',
  'amount_cents',
  'refunded_cents',
  'use_discount',
  'status',
  'locale',
  'gateway',
  'merchant_code',
  'terminal',
  'response_code',
  'authorisation_code',
  'verification_code',
  'receipt_mailed_at',
  'checked_at',
  'created_at',
  'updated_at',
  'paid_at',
  'pay_method',
  'bank_pay_method',
] as const;

// A checkout and the bank's notification run these: compiled once (compiled-query.ts).
const findManagedPerson = compiledStatement(
  (db, p: { userId: number; enrolmentId: number }, { rowLocks }) =>
    db
      .selectFrom('enrolments as e')
      .innerJoin('user_persons as up', 'up.enrolment_id', 'e.id')
      .select(['e.id', 'e.first_name', 'e.last_name', 'e.dni'])
      .where('up.user_id', '=', p.userId)
      .where('e.id', '=', p.enrolmentId)
      .$if(rowLocks, (q) => q.forUpdate('up')),
);
/** What a payment reads of an enrolled activity (EnrolledActivityRow). */
const ENROLLED_ACTIVITY_COLUMNS = [
  'a.id as activity_id',
  'a.name',
  'a.price_cents',
  'ea.is_paid',
  'ea.paid_payment_id',
  'ea.paid_amount_cents',
  'a.parts',
  'ea.parts_paid',
  'a.registration_fee_cents',
  'ea.registration_fee_paid_cents',
] as const;
const enrolledActivities = (db: Executor, enrolmentId: number) =>
  db
    .selectFrom('enrolment_activities as ea')
    .innerJoin('activities as a', 'a.id', 'ea.activity_id')
    .select(ENROLLED_ACTIVITY_COLUMNS)
    .where('ea.enrolment_id', '=', enrolmentId);
const findEnrolledActivity = compiledStatement(
  (db, p: { enrolmentId: number; activityId: number }) =>
    enrolledActivities(db, p.enrolmentId).where('ea.activity_id', '=', p.activityId),
);
const findEnrolledActivities = compiledStatement(
  (db, p: { enrolmentId: number; activityIds: string }, target) =>
    enrolledActivities(db, p.enrolmentId)
      .where('ea.activity_id', 'in', idsIn(target, p.activityIds))
      .orderBy('ea.activity_id'),
);
const lockEnrolledActivities = compiledStatement(
  (db, p: { enrolmentId: number; activityIds: string }, target) =>
    enrolledActivities(db, p.enrolmentId)
      .where('ea.activity_id', 'in', idsIn(target, p.activityIds))
      .orderBy('ea.activity_id')
      .$if(target.rowLocks, (q) => q.forUpdate('ea')),
);
const lockEnrolledPairs = compiledStatement((db, p: { pairs: string }, target) =>
  db
    .selectFrom('enrolment_activities as ea')
    .innerJoin('activities as a', 'a.id', 'ea.activity_id')
    .select(['ea.enrolment_id', ...ENROLLED_ACTIVITY_COLUMNS])
    .where(sql`(ea.enrolment_id, ea.activity_id)`, 'in', pairsIn(target, p.pairs))
    .orderBy('ea.activity_id')
    .orderBy('ea.enrolment_id')
    .$if(target.rowLocks, (q) => q.forUpdate('ea')),
);
const findByOrder = compiledStatement((db, p: { orderCode: string }) =>
  db.selectFrom('payments').select(paymentColumns).where('order_code', '=', p.orderCode),
);
const lockByOrder = compiledStatement((db, p: { orderCode: string }, { rowLocks }) =>
  db
    .selectFrom('payments')
    .select(paymentColumns)
    .where('order_code', '=', p.orderCode)
    .$if(rowLocks, (q) => q.forUpdate()),
);
const itemsOf = compiledStatement((db, p: { paymentId: number }) =>
  db
    .selectFrom('payment_items')
    .selectAll()
    .where('payment_id', '=', p.paymentId)
    .orderBy('activity_id')
    // a family's payment: two people's items of one activity, always in the same order
    .orderBy('enrolment_id'),
);
interface StatusChange {
  id: number;
  status: PaymentStatus;
  now: string;
  responseCode: string | null;
  authorisationCode: string | null;
  paidAt: string | null;
  payMethod: PayMethod | null;
  bankPayMethod: string | null;
  verificationCode: string | null;
}
const statusChange = (db: Executor, p: StatusChange) =>
  db
    .updateTable('payments')
    .set((eb) => ({
      status: p.status,
      response_code: eb.fn.coalesce(eb.val(p.responseCode), eb.ref('response_code')),
      authorisation_code: eb.fn.coalesce(eb.val(p.authorisationCode), eb.ref('authorisation_code')),
      paid_at: eb.fn.coalesce(eb.val(p.paidAt), eb.ref('paid_at')),
      pay_method: eb.fn.coalesce(eb.val(p.payMethod), eb.ref('pay_method')),
      bank_pay_method: eb.fn.coalesce(eb.val(p.bankPayMethod), eb.ref('bank_pay_method')),
      // kept once given (a receipt's check code never changes)
      verification_code: eb.fn.coalesce(eb.ref('verification_code'), eb.val(p.verificationCode)),
      updated_at: p.now,
    }))
    .where('id', '=', p.id);
const setStatus = compiledStatement((db, p: StatusChange) => statusChange(db, p));
const setStatusFrom = compiledStatement((db, p: StatusChange & { from: PaymentStatus }) =>
  statusChange(db, p).where('status', '=', p.from),
);
const recordNotification = compiledStatement(
  (db, p: Omit<NewNotification, 'signature_ok' | 'now'> & { signature_ok: Flag; now: string }) =>
    db
      .insertInto('payment_notifications')
      .values({
        payment_id: p.payment_id,
        order_code: p.order_code,
        response_code: p.response_code,
        amount_cents: p.amount_cents,
        outcome: p.outcome,
        parameters: p.parameters,
        ip: p.ip,
        signature_ok: p.signature_ok,
        received_at: p.now,
      })
      .returning('id'),
);
interface ItemPaid {
  enrolmentId: number;
  activityId: number;
  now: string;
  paymentId: number;
  amountCents: number;
  registrationFeeCents: number;
}
/** A whole fee paid by an item (markItemPaid). */
const markWholePaid = compiledStatement((db, p: ItemPaid) =>
  db
    .updateTable('enrolment_activities')
    .set({
      is_paid: 1,
      paid_at: p.now,
      paid_payment_id: p.paymentId,
      paid_amount_cents: p.amountCents,
      registration_fee_paid_cents: p.registrationFeeCents,
    })
    .where('enrolment_id', '=', p.enrolmentId)
    .where('activity_id', '=', p.activityId)
    .where('is_paid', '=', 0),
);
/** Parts up to `partTo` paid by an item, right after the parts already paid. */
const markPartsPaid = compiledStatement(
  (db, p: ItemPaid & { isPaid: Flag; partsPaidBefore: number; partTo: number }) =>
    db
      .updateTable('enrolment_activities')
      .set((eb) => ({
        is_paid: p.isPaid,
        parts_paid: p.partTo,
        paid_at: p.now,
        paid_payment_id: p.paymentId,
        paid_amount_cents: eb(eb.fn.coalesce('paid_amount_cents', eb.val(0)), '+', p.amountCents),
        registration_fee_paid_cents: eb('registration_fee_paid_cents', '+', p.registrationFeeCents),
      }))
      .where('enrolment_id', '=', p.enrolmentId)
      .where('activity_id', '=', p.activityId)
      .where('is_paid', '=', 0)
      .where('parts_paid', '=', p.partsPaidBefore),
);
const insertPaymentUnlessOrderTaken = compiledStatement(
  (
    db,
    p: Omit<NewPayment, 'use_discount'> & {
      use_discount: Flag;
      person_key: string;
      person_sort_key: string;
    },
  ) =>
    db
      .insertInto('payments')
      .values({
        order_code: p.order_code,
        locale: p.locale,
        user_id: p.user_id,
        enrolment_id: p.enrolment_id,
        person_name: p.person_name,
        person_dni: p.person_dni,
        amount_cents: p.amount_cents,
        gateway: p.gateway,
        merchant_code: p.merchant_code,
        terminal: p.terminal,
        pay_method: p.pay_method,
        person_key: p.person_key,
        person_sort_key: p.person_sort_key,
        use_discount: p.use_discount,
        status: 'pending',
        created_at: p.now,
        updated_at: p.now,
      })
      .onConflict((oc) => oc.column('order_code').doNothing())
      .returning('id'),
);
const pendingOverlapping = compiledStatement(
  (db, p: { userId: number; enrolmentId: number; activityIds: string }, target) =>
    db
      .selectFrom('payments as p')
      .select(paymentColumns.map((column) => `p.${column}` as const))
      .where('p.user_id', '=', p.userId)
      .where('p.status', '=', 'pending')
      .where((eb) =>
        eb.exists(
          eb
            .selectFrom('payment_items as i')
            .select('i.payment_id')
            .whereRef('i.payment_id', '=', 'p.id')
            .where('i.enrolment_id', '=', p.enrolmentId)
            .where('i.activity_id', 'in', idsIn(target, p.activityIds)),
        ),
      )
      .orderBy('p.id'),
);

/**
 * Many items paid at once (markItemsPaid), each as markWholePaid or markPartsPaid would: one
 * statement whatever their number, at most one item per fee. The list travels as one JSON
 * parameter, `[[enrolment, activity, payment, cents, registration cents, part_from, part_to,
 * is_paid], …]` (part_from and part_to null for a whole fee); the rows changed answer with the
 * payment that paid them.
 */
const markManyPaid = compiledStatement((db, p: { items: string; now: string }, target) => {
  const listed =
    target.engine === 'postgres'
      ? sql`(select (x->>0)::integer as enrolment_id, (x->>1)::integer as activity_id,
            (x->>2)::integer as payment_id, (x->>3)::integer as amount_cents,
            (x->>4)::integer as registration_fee_cents, (x->>5)::integer as part_from,
            (x->>6)::integer as part_to, (x->>7)::integer as is_paid
          from jsonb_array_elements(cast(${p.items} as jsonb)) as x)`
      : sql`(select value ->> 0 as enrolment_id, value ->> 1 as activity_id,
            value ->> 2 as payment_id, value ->> 3 as amount_cents,
            value ->> 4 as registration_fee_cents, value ->> 5 as part_from,
            value ->> 6 as part_to, value ->> 7 as is_paid
          from json_each(${p.items}))`;
  return sql<{ paid_payment_id: number }>`update enrolment_activities as ea set
      is_paid = v.is_paid,
      parts_paid = coalesce(v.part_to, ea.parts_paid),
      paid_at = ${p.now},
      paid_payment_id = v.payment_id,
      paid_amount_cents = case when v.part_to is null then v.amount_cents
        else coalesce(ea.paid_amount_cents, 0) + v.amount_cents end,
      registration_fee_paid_cents = case when v.part_to is null then v.registration_fee_cents
        else ea.registration_fee_paid_cents + v.registration_fee_cents end
    from ${listed} as v
    where ea.enrolment_id = v.enrolment_id and ea.activity_id = v.activity_id and ea.is_paid = 0
      and (v.part_to is null or ea.parts_paid = v.part_from - 1)
    returning paid_payment_id`;
});
/**
 * The receipt e-mail's claim: the one caller whose update changes the row sends it. Not durable
 * (compiled-query.ts): a claim lost in a power cut, with the mail already gone, lets the
 * receipts' retry send that one receipt again; every paid order's receipt waited for a flush of
 * the WAL for it (docs/performance.md, deadline day).
 */
const claimReceipt = compiledStatement(
  (db, p: { id: number; now: string }) =>
    db
      .updateTable('payments')
      .set({ receipt_mailed_at: p.now })
      .where('id', '=', p.id)
      .where('receipt_mailed_at', 'is', null),
  { durable: false },
);
/** Payments that paid nothing (their fee was paid some other way): duplicates, no receipt code. */
const markDuplicates = compiledStatement((db, p: { ids: string }, target) =>
  db
    .updateTable('payments')
    .set({ status: 'duplicate', verification_code: null })
    .where('id', 'in', idsIn(target, p.ids)),
);

/** A payment already paid when it is stored: a collected direct debit (insertPaidPayments). */
export interface PaidPayment extends Omit<NewPayment, 'use_discount' | 'now'> {
  verification_code: string;
}

export type NewPaymentItem = Omit<
  PaymentItemRow,
  'refund_id' | 'person_name' | 'family_difference_id' | 'family_difference_member'
> & {
  person_name?: string | null;
  family_difference_id?: number | null;
  family_difference_member?: string | null;
};

export function createPaymentsRepo(db: Database) {
  const payments = (executor = db.q()) => executor.selectFrom('payments').select(paymentColumns);
  return {
    /**
     * The person when this user manages them. Locks the link for the rest of the transaction
     * (PostgreSQL), so one account's payments for one person start one after another.
     */
    findManagedPerson: (
      userId: number,
      enrolmentId: number,
    ): Promise<ManagedPersonRow | undefined> =>
      findManagedPerson.first(db, { userId, enrolmentId }),
    /** One enrolled activity; `lock` holds its row until the transaction ends (PostgreSQL). */
    findEnrolledActivity: (
      enrolmentId: number,
      activityId: number,
      options: { lock?: boolean } = {},
    ): Promise<EnrolledActivityRow | undefined> =>
      options.lock === true
        ? lockEnrolledActivities.first(db, { enrolmentId, activityIds: idList([activityId]) })
        : findEnrolledActivity.first(db, { enrolmentId, activityId }),
    /**
     * Some of a person's enrolled activities in one read, by activity id (those enrolled only);
     * `lock` holds their rows until the transaction ends (PostgreSQL).
     */
    findEnrolledActivities: (
      enrolmentId: number,
      activityIds: readonly number[],
      options: { lock?: boolean } = {},
    ): Promise<EnrolledActivityRow[]> =>
      (options.lock === true ? lockEnrolledActivities : findEnrolledActivities).rows(db, {
        enrolmentId,
        activityIds: idList(activityIds),
      }),
    /**
     * The new payment's id, or undefined when another payment already has its order number
     * (the caller draws another): no read of the number first.
     */
    async insertPaymentUnlessOrderTaken(payment: NewPayment): Promise<number | undefined> {
      const row = await insertPaymentUnlessOrderTaken.first(db, {
        ...payment,
        ...paymentPersonKeys(payment),
        use_discount: payment.use_discount ? 1 : 0,
      });
      return row?.id;
    },
    async insertPayment(payment: NewPayment): Promise<number> {
      const { now, use_discount, ...fields } = payment;
      const row = await db
        .q()
        .insertInto('payments')
        .values({
          ...fields,
          ...paymentPersonKeys(payment),
          use_discount: use_discount ? 1 : 0,
          status: 'pending',
          created_at: now,
          updated_at: now,
        })
        .returning('id')
        .executeTakeFirstOrThrow();
      return row.id;
    },
    /** A payment's lines, one statement for all of them. */
    async insertItems(
      items: readonly (Omit<
        PaymentItemRow,
        'refund_id' | 'person_name' | 'family_difference_id' | 'family_difference_member'
      > & {
        person_name?: string | null;
        family_difference_id?: number | null;
        family_difference_member?: string | null;
      })[],
    ): Promise<void> {
      if (items.length > 0)
        await db
          .q()
          .insertInto('payment_items')
          .values([...items])
          .execute();
    },
    /**
     * Payments stored already paid at `now`, with their receipt's code, in one statement: their
     * ids by order number. One whose order number was taken meanwhile is not stored (absent from
     * the answer): the caller draws another.
     */
    async insertPaidPayments(
      rows: readonly PaidPayment[],
      now: string,
    ): Promise<Map<string, number>> {
      if (rows.length === 0) return new Map();
      const stored = await db
        .q()
        .insertInto('payments')
        .values(
          rows.map((row) => ({
            ...row,
            ...paymentPersonKeys(row),
            use_discount: 0 as const,
            status: 'paid' as const,
            created_at: now,
            updated_at: now,
            paid_at: now,
          })),
        )
        .onConflict((oc) => oc.column('order_code').doNothing())
        .returning(['id', 'order_code'])
        .execute();
      return new Map(stored.map((row) => [row.order_code, row.id]));
    },
    /**
     * These payments paid nothing after all (their fees were paid some other way): the money
     * came all the same, kept as duplicates without a receipt's code. One statement.
     */
    async markDuplicates(ids: readonly number[]): Promise<void> {
      if (ids.length > 0) await markDuplicates.run(db, { ids: idList(ids) });
    },
    /** People's full names by id (the ones that exist). */
    async personNames(ids: readonly number[]): Promise<Map<number, string>> {
      if (ids.length === 0) return new Map();
      const rows = await db
        .q()
        .selectFrom('enrolments')
        .select(['id', 'first_name', 'last_name'])
        .where('id', 'in', [...ids])
        .execute();
      return new Map(rows.map((row) => [row.id, `${row.first_name} ${row.last_name}`.trim()]));
    },
    /** `lock` holds the row until the transaction ends (PostgreSQL). */
    findById: (id: number, options: { lock?: boolean } = {}): Promise<PaymentRow | undefined> =>
      payments()
        .where('id', '=', id)
        .$if(db.rowLocks && options.lock === true, (q) => q.forUpdate())
        .executeTakeFirst(),
    /** A payment of one of the people this account manages, or undefined. */
    findForResident: (userId: number, paymentId: number): Promise<PaymentRow | undefined> =>
      db
        .q()
        .selectFrom('payments as p')
        .innerJoin('user_persons as up', 'up.enrolment_id', 'p.enrolment_id')
        .select(paymentColumns.map((column) => `p.${column}` as const))
        .where('up.user_id', '=', userId)
        .where('p.id', '=', paymentId)
        .executeTakeFirst(),
    /** The payment this account started most recently. */
    latestOfUser: (userId: number): Promise<PaymentRow | undefined> =>
      payments().where('user_id', '=', userId).orderBy('id', 'desc').limit(1).executeTakeFirst(),
    findByVerificationCode: (code: string): Promise<PaymentRow | undefined> =>
      payments().where('verification_code', '=', code).executeTakeFirst(),
    async addRefunded(id: number, cents: number, now: string): Promise<void> {
      await db
        .q()
        .updateTable('payments')
        .set((eb) => ({ refunded_cents: eb('refunded_cents', '+', cents), updated_at: now }))
        .where('id', '=', id)
        .execute();
    },
    /** Pending payments created before `createdBefore` not asked about since `checkedBefore`. */
    dueForCheck: (createdBefore: string, checkedBefore: string, limit: number) =>
      payments()
        .where('status', '=', 'pending')
        .where('created_at', '<=', createdBefore)
        .where((eb) => eb.or([eb('checked_at', 'is', null), eb('checked_at', '<=', checkedBefore)]))
        .orderBy('created_at')
        .limit(limit)
        .execute(),
    async markChecked(id: number, now: string): Promise<void> {
      await db.q().updateTable('payments').set({ checked_at: now }).where('id', '=', id).execute();
    },
    /** True for the one caller that may send this payment's confirmation e-mail. */
    async claimReceiptMail(id: number, now: string): Promise<boolean> {
      const result = await claimReceipt.run(db, { id, now });
      return result.numAffectedRows === 1n;
    },
    async releaseReceiptMail(id: number): Promise<void> {
      await db
        .q()
        .updateTable('payments')
        .set({ receipt_mailed_at: null })
        .where('id', '=', id)
        .execute();
    },
    /** Paid payments since `since` whose confirmation e-mail has not gone (a retry). */
    receiptsToMail: (since: string, limit: number) =>
      payments()
        .where('status', '=', 'paid')
        .where('receipt_mailed_at', 'is', null)
        .where('paid_at', '>=', since)
        .orderBy('paid_at')
        .limit(limit)
        .execute(),
    /**
     * Makes an item this payment paid pending again (refunded); the enrolment stays. Parts of a
     * fee in parts: only the last ones paid can be (refunds.ts checks it); the ones before stay
     * paid, with the payment of the part before as the latest.
     */
    async unpayItem(item: PaymentItemRow): Promise<void> {
      if (item.part_from === null || item.part_to === null) {
        await db
          .q()
          .updateTable('enrolment_activities')
          .set({
            is_paid: 0,
            paid_at: null,
            paid_payment_id: null,
            paid_amount_cents: null,
            registration_fee_paid_cents: 0,
          })
          .where('enrolment_id', '=', item.enrolment_id)
          .where('activity_id', '=', item.activity_id)
          .where('paid_payment_id', '=', item.payment_id)
          .execute();
        return;
      }
      const left = item.part_from - 1;
      const before =
        left === 0
          ? undefined
          : await db
              .q()
              .selectFrom('payment_items as pi')
              .innerJoin('payments as p', 'p.id', 'pi.payment_id')
              .select(['p.id', 'p.paid_at'])
              .where('pi.enrolment_id', '=', item.enrolment_id)
              .where('pi.activity_id', '=', item.activity_id)
              .where('pi.part_to', '=', left)
              .where('pi.refund_id', 'is', null)
              .where('p.status', '=', 'paid')
              .orderBy('p.paid_at', 'desc')
              .limit(1)
              .executeTakeFirst();
      await db
        .q()
        .updateTable('enrolment_activities')
        .set((eb) => ({
          is_paid: 0,
          parts_paid: left,
          paid_at: before?.paid_at ?? null,
          paid_payment_id: before?.id ?? null,
          paid_amount_cents: left === 0 ? null : eb('paid_amount_cents', '-', item.amount_cents),
          registration_fee_paid_cents: eb(
            'registration_fee_paid_cents',
            '-',
            item.registration_fee_cents,
          ),
        }))
        .where('enrolment_id', '=', item.enrolment_id)
        .where('activity_id', '=', item.activity_id)
        .where('parts_paid', '=', item.part_to)
        // a fee staff marked paid at the desk after some parts stays paid: theirs to undo
        .where((eb) =>
          eb.or([eb('is_paid', '=', 0), eb('parts_paid', '=', item.part_of ?? item.part_to!)]),
        )
        .execute();
    },
    /** The payment of this order; `lock` holds its row until the transaction ends (PostgreSQL). */
    findByOrder: (
      orderCode: string,
      options: { lock?: boolean } = {},
    ): Promise<PaymentRow | undefined> =>
      (options.lock === true ? lockByOrder : findByOrder).first(db, { orderCode }),
    items: (paymentId: number): Promise<PaymentItemRow[]> => itemsOf.rows(db, { paymentId }),
    /**
     * The enrolled activities of these (person, activity) pairs in one read, locked until the
     * transaction ends (PostgreSQL) in activity order, then person: the order every payment
     * locks them in.
     */
    lockEnrolledPairs: (
      pairs: readonly { enrolment_id: number; activity_id: number }[],
    ): Promise<(EnrolledActivityRow & { enrolment_id: number })[]> =>
      pairs.length === 0
        ? Promise.resolve([])
        : lockEnrolledPairs.rows(db, {
            pairs: idList(pairs.map((pair) => [pair.enrolment_id, pair.activity_id])),
          }),
    /** Pending payments of this user that cover any of these activities of this person. */
    async pendingOverlapping(
      userId: number,
      enrolmentId: number,
      activityIds: number[],
    ): Promise<PaymentRow[]> {
      if (activityIds.length === 0) return [];
      return pendingOverlapping.rows(db, { userId, enrolmentId, activityIds: idList(activityIds) });
    },
    /**
     * Moves the payment to `status`; with `from`, only while it still is in that status (false
     * when it was no longer: a concurrent notification got there first).
     */
    async setStatus(
      id: number,
      status: PaymentStatus,
      now: string,
      extra: {
        responseCode?: string | null;
        authorisationCode?: string | null;
        paidAt?: string | null;
        /** How the bank says it was paid: the method, when it is one the portal knows… */
        payMethod?: PayMethod | null;
        /** …and its Ds_ProcessedPayMethod exactly as it came. */
        bankPayMethod?: string | null;
        /** The receipt's check code, written only if the payment has none yet. */
        verificationCode?: string | null;
        from?: PaymentStatus;
      } = {},
    ): Promise<boolean> {
      const change: StatusChange = {
        id,
        status,
        now,
        responseCode: extra.responseCode ?? null,
        authorisationCode: extra.authorisationCode ?? null,
        paidAt: extra.paidAt ?? null,
        payMethod: extra.payMethod ?? null,
        bankPayMethod: extra.bankPayMethod ?? null,
        verificationCode: extra.verificationCode ?? null,
      };
      const result = await (extra.from === undefined
        ? setStatus.run(db, change)
        : setStatusFrom.run(db, { ...change, from: extra.from }));
      return result.numAffectedRows === 1n;
    },
    /**
     * Marks one enrolled activity paid by this payment; false when it was already paid or is
     * gone. An item of parts pays them only right after the parts already paid: the whole fee is
     * paid with its last part, and what was paid adds up.
     */
    async markItemPaid(item: PaymentItemRow, now: string): Promise<boolean> {
      if (item.part_from !== null && item.part_to !== null) {
        const parts = await markPartsPaid.run(db, {
          enrolmentId: item.enrolment_id,
          activityId: item.activity_id,
          isPaid: item.part_to === item.part_of ? 1 : 0,
          partsPaidBefore: item.part_from - 1,
          partTo: item.part_to,
          now,
          paymentId: item.payment_id,
          amountCents: item.amount_cents,
          registrationFeeCents: item.registration_fee_cents,
        });
        return parts.numAffectedRows === 1n;
      }
      const result = await markWholePaid.run(db, {
        enrolmentId: item.enrolment_id,
        activityId: item.activity_id,
        now,
        paymentId: item.payment_id,
        amountCents: item.amount_cents,
        registrationFeeCents: item.registration_fee_cents,
      });
      return result.numAffectedRows === 1n;
    },
    /**
     * Marks many items' enrolled activities paid, as markItemPaid would one after the other in
     * this order: the payments (ids) whose item paid something. One statement a round: a round
     * takes the next item of each fee, so a fee with several parts in the list pays them in
     * order, each after the one before (as many rounds as the most items of one fee, never more).
     */
    async markItemsPaid(items: readonly PaymentItemRow[], now: string): Promise<Set<number>> {
      const paid = new Set<number>();
      const rounds: PaymentItemRow[][] = [];
      const seen = new Map<string, number>();
      for (const item of items) {
        const key = `${item.enrolment_id}:${item.activity_id}`;
        const round = seen.get(key) ?? 0;
        seen.set(key, round + 1);
        (rounds[round] ??= []).push(item);
      }
      for (const round of rounds) {
        const rows = await markManyPaid.rows(db, {
          now,
          items: JSON.stringify(
            round.map((item) => {
              const parts = item.part_from !== null && item.part_to !== null;
              return [
                item.enrolment_id,
                item.activity_id,
                item.payment_id,
                item.amount_cents,
                item.registration_fee_cents,
                parts ? item.part_from : null,
                parts ? item.part_to : null,
                !parts || item.part_to === item.part_of ? 1 : 0,
              ];
            }),
          ),
        });
        for (const row of rows) paid.add(Number(row.paid_payment_id));
      }
      return paid;
    },
    async recordNotification(notification: NewNotification): Promise<number> {
      const row = await recordNotification.first(db, {
        ...notification,
        signature_ok: notification.signature_ok ? 1 : 0,
      });
      return row!.id;
    },
    /** Drops the notifications that failed their signature, received before `before` (ISO). */
    async pruneRejectedNotifications(before: string): Promise<number> {
      const result = await db
        .q()
        .deleteFrom('payment_notifications')
        .where('signature_ok', '=', 0)
        .where('received_at', '<', before)
        .executeTakeFirst();
      return Number(result.numDeletedRows);
    },
    residentPayments: (userId: number): Promise<PaymentRow[]> =>
      db
        .q()
        .selectFrom('payments as p')
        .innerJoin('user_persons as up', 'up.enrolment_id', 'p.enrolment_id')
        .select(paymentColumns.map((column) => `p.${column}` as const))
        .where('up.user_id', '=', userId)
        // a duplicate too: the resident was charged for it and sees it given back
        .where('p.status', 'in', ['paid', 'duplicate'])
        // a duplicate has no paid_at: it was charged when it last changed (as the view shows it)
        .orderBy((eb) => eb.fn.coalesce('p.paid_at', 'p.updated_at'), 'desc')
        .orderBy('p.id', 'desc')
        .execute(),
    /** Items of many payments at once, by payment id. */
    async itemsByPayment(paymentIds: number[]): Promise<Map<number, PaymentItemRow[]>> {
      const out = new Map<number, PaymentItemRow[]>();
      for (let i = 0; i < paymentIds.length; i += 500) {
        const chunk = paymentIds.slice(i, i + 500);
        if (chunk.length === 0) continue;
        const rows = await db
          .q()
          .selectFrom('payment_items')
          .selectAll()
          .where('payment_id', 'in', chunk)
          .orderBy('payment_id')
          .orderBy('activity_id')
          .execute();
        for (const [id, items] of groupBy(rows, (row) => row.payment_id)) out.set(id, items);
      }
      return out;
    },
  };
}

export type PaymentsRepo = ReturnType<typeof createPaymentsRepo>;
