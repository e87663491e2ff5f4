import { sql } from 'kysely';
import type { Database } from './database.js';
import { inNameOrder } from './lists/name-order.js';
import { personColumns } from './persons-repo.js';

/**
 * What the portal holds about one account, for its own export (GDPR articles 15 and 20), and
 * the erasure of that account's personal data where records must stay (article 17). Every query
 * is bound to the one account id.
 */
export function createAccountDataRepo(db: Database) {
  const auditAbout = (userId: number) =>
    db
      .q()
      .selectFrom('audit_log')
      .where((eb) =>
        eb.or([
          eb('actor_user_id', '=', userId),
          eb.and([eb('entity', '=', 'user'), eb('entity_id', '=', String(userId))]),
        ]),
      );
  return {
    persons: (userId: number) =>
      inNameOrder(
        db
          .q()
          .selectFrom('user_persons as up')
          .innerJoin('enrolments as e', 'e.id', 'up.enrolment_id')
          .select([...personColumns, 'up.created_at as linked_at'])
          .where('up.user_id', '=', userId),
      ).execute(),

    activitiesOf: (enrolmentIds: number[]) =>
      enrolmentIds.length === 0
        ? Promise.resolve([])
        : db
            .q()
            .selectFrom('enrolment_activities as ea')
            .innerJoin('activities as a', 'a.id', 'ea.activity_id')
            .select([
              'ea.enrolment_id',
              'a.name',
              'a.price_cents',
              'ea.is_paid',
              'ea.paid_at',
              'ea.paid_amount_cents',
            ])
            .where('ea.enrolment_id', 'in', enrolmentIds)
            .orderBy('a.name_sort_key')
            .execute(),

    payments: (userId: number) =>
      db
        .q()
        .selectFrom('payments')
        .select([
          'id',
          'order_code',
          'status',
          'person_name',
          'amount_cents',
          'refunded_cents',
          'use_discount',
          'created_at',
          'paid_at',
        ])
        .where('user_id', '=', userId)
        .orderBy('id')
        .execute(),

    itemsOf: (paymentIds: number[]) =>
      paymentIds.length === 0
        ? Promise.resolve([])
        : db
            .q()
            .selectFrom('payment_items')
            .select([
              'payment_id',
              'activity_name',
              'amount_cents',
              'part_from',
              'part_to',
              'part_of',
            ])
            .where('payment_id', 'in', paymentIds)
            .orderBy('activity_name')
            .execute(),

    refundsOf: (paymentIds: number[]) =>
      paymentIds.length === 0
        ? Promise.resolve([])
        : db
            .q()
            .selectFrom('payment_refunds')
            .select(['payment_id', 'amount_cents', 'status', 'created_at'])
            .where('payment_id', 'in', paymentIds)
            .orderBy('id')
            .execute(),

    audit: (userId: number) =>
      auditAbout(userId)
        .select(['at', 'action', 'entity', 'entity_id', 'ip'])
        .orderBy('id')
        .execute(),

    /**
     * Before the account row goes: the audit trail keeps what happened and when, but no longer
     * who (masked DNI, the account's phone and e-mail in details, its addresses, the key its
     * repeated refusals were counted under); codes, rate counters and development messages that
     * name its DNI, phone or e-mail go.
     */
    async erasePersonalTraces(user: {
      id: number;
      dni: string;
      phone: string;
      email: string | null;
    }) {
      await db
        .q()
        .updateTable('audit_log')
        .set({ actor_dni: null, ip: null, repeat_key: null })
        .where('actor_user_id', '=', user.id)
        .execute();
      await db
        .q()
        .updateTable('audit_log')
        .set({ details: null, ip: null, repeat_key: null })
        .where('entity', '=', 'user')
        .where('entity_id', '=', String(user.id))
        .execute();
      await db.q().deleteFrom('one_time_codes').where('subject', '=', user.dni).execute();
      const recipients = [user.phone, ...(user.email ? [user.email.toLowerCase()] : [])];
      await db
        .q()
        .deleteFrom('outbox')
        .where(sql`lower(recipient)`, 'in', recipients)
        .execute();
    },
  };
}

export type AccountDataRepo = ReturnType<typeof createAccountDataRepo>;
