import type { AccountDataRepo } from '../../data/account-data-repo.js';
import type { AuditRepo } from '../../data/audit-repo.js';
import type { Database } from '../../data/database.js';
import type { RemindersRepo } from '../../data/reminders-repo.js';
import type { UsersRepo } from '../../data/users-repo.js';
import { conflict, unauthorized } from '../errors.js';
import type { Clock } from '../../lib/clock.js';
import { fullName } from '../../lib/clean-name.js';
import { centsToEuros } from '../../lib/money.js';
import { directDebitExport } from '../direct-debit/data-export.js';
import { paidParts } from '../payments/part-name.js';
import { groupBy } from '../../lib/group-by.js';
import type { Reauthenticate } from '../reauthenticate.js';
import type { RateLimiter } from '../rate-limiter.js';
import type { Actor, CallContext } from './context.js';

export const DELETE_FAILURES_PER_ACCOUNT = 5;

/**
 * Residents' own data rights: everything about their account as a file (access, portability),
 * and deleting the account (erasure) while the council keeps its accounting records.
 */
export function createDataRights(deps: {
  reauthenticate: Reauthenticate;
  db: Database;
  clock: Clock;
  users: UsersRepo;
  accountData: AccountDataRepo;
  reminders: RemindersRepo;
  audit: AuditRepo;
  limiter: RateLimiter;
}) {
  const { db, users, accountData, audit, limiter } = deps;

  return {
    async export(actor: Actor) {
      const user = await users.findById(actor.id);
      if (!user) throw unauthorized();
      const persons = await accountData.persons(user.id);
      const activities = groupBy(
        await accountData.activitiesOf(persons.map((p) => p.id)),
        (row) => row.enrolment_id,
      );
      const payments = await accountData.payments(user.id);
      const paymentIds = payments.map((p) => p.id);
      const items = groupBy(await accountData.itemsOf(paymentIds), (row) => row.payment_id);
      const refunds = groupBy(await accountData.refundsOf(paymentIds), (row) => row.payment_id);
      return {
        format: 'portal-data-export/1' as const,
        exported_at: deps.clock.now().toISOString(),
        account: {
          id: user.id,
          dni: user.dni,
          phone: user.phone,
          email: user.email,
          role: user.role,
          locale: user.locale,
          reminders: user.reminders_opt_out === 0,
          created_at: user.created_at,
        },
        persons: persons.map((person) => ({
          full_name: fullName(person),
          dni: person.dni,
          email: person.email,
          phone: person.phone,
          linked_at: person.linked_at,
          activities: (activities.get(person.id) ?? []).map((a) => ({
            name: a.name,
            price: centsToEuros(a.price_cents),
            is_paid: a.is_paid === 1,
            paid_at: a.paid_at,
            paid_amount: a.paid_amount_cents === null ? null : centsToEuros(a.paid_amount_cents),
          })),
        })),
        payments: payments.map((payment) => ({
          order: payment.order_code,
          status: payment.status,
          person: payment.person_name,
          amount: centsToEuros(payment.amount_cents),
          refunded_amount: centsToEuros(payment.refunded_cents),
          reduced_fee: payment.use_discount === 1,
          created_at: payment.created_at,
          paid_at: payment.paid_at,
          items: (items.get(payment.id) ?? []).map((item) => ({
            activity: item.activity_name,
            amount: centsToEuros(item.amount_cents),
            parts: paidParts(item),
          })),
          refunds: (refunds.get(payment.id) ?? []).map((refund) => ({
            amount: centsToEuros(refund.amount_cents),
            status: refund.status,
            created_at: refund.created_at,
          })),
        })),
        reminders: (await deps.reminders.forUser(user.id)).map((reminder) => ({
          date: reminder.reminder_date,
          deadline_date: reminder.deadline_date,
          pending_amount: centsToEuros(reminder.pending_cents),
          sms: reminder.sms,
          emails: reminder.emails,
          status: reminder.status,
        })),
        audit: await accountData.audit(user.id),
        ...(await directDebitExport(db, user.id)),
      };
    },

    /**
     * Deletes the account after checking its password. Its links to people go with it (foreign
     * keys); payments keep their records (the account reference is cleared); the sessions end
     * because every call re-reads the account row, which no longer exists.
     */
    async deleteAccount(actor: Actor, password: string, call: CallContext): Promise<void> {
      const user = await users.findById(actor.id);
      if (!user) throw unauthorized();
      await deps.reauthenticate(user, password, {
        bucket: `delete-account:${actor.id}`,
        limit: DELETE_FAILURES_PER_ACCOUNT,
        refusedAction: 'account_delete_refused',
        ip: call.ip,
      });
      await db.transaction(async () => {
        // two administrators deleting themselves at once must not both pass the check
        await db.lock('administrators');
        if (user.role === 'admin' && (await users.countAdmins()) <= 1) {
          throw conflict('last_admin');
        }
        await accountData.erasePersonalTraces(user);
        // every throttling count keyed by the account's DNI, phone, e-mail or id
        await limiter.forget([
          user.dni,
          user.phone,
          ...(user.email ? [user.email.toLowerCase()] : []),
          String(user.id),
        ]);
        await users.delete(user.id);
        await audit.record({
          actorUserId: null,
          actorDni: null,
          action: 'account_deleted_by_owner',
          entity: 'user',
          entityId: user.id,
        });
      });
    },
  };
}

export type DataRights = ReturnType<typeof createDataRights>;
