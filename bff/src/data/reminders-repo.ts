import type { Database } from './database.js';
import { inNameOrder } from './lists/name-order.js';
import type { Locale, RemindersSentTable } from './schema.js';
import type { Selectable } from 'kysely';

export type ReminderRow = Selectable<RemindersSentTable>;

/** One unpaid activity of a person an account manages, with what the reminder needs. */
export interface PendingLine {
  user_id: number;
  phone: string;
  email: string | null;
  locale: Locale;
  reminders_opt_out: 0 | 1;
  enrolment_id: number;
  first_name: string;
  last_name: string;
  activity_id: number;
  activity_name: string;
  price_cents: number;
  /** The activity's parts as stored (JSON; '[]' one payment), how many are paid, for how much. */
  parts: string;
  parts_paid: number;
  /** The activity's registration fee, charged with the fee's first payment (migration 460). */
  registration_fee_cents: number;
  /** How much of what was paid was the registration fee. */
  registration_fee_paid_cents: number;
  paid_amount_cents: number | null;
}

export function createRemindersRepo(db: Database) {
  return {
    /** Every unpaid activity of every verified account's people, by account. */
    pendingLines: (): Promise<PendingLine[]> =>
      inNameOrder(
        db
          .q()
          .selectFrom('users as u')
          .innerJoin('user_persons as up', 'up.user_id', 'u.id')
          .innerJoin('enrolments as e', 'e.id', 'up.enrolment_id')
          .innerJoin('enrolment_activities as ea', 'ea.enrolment_id', 'e.id')
          .innerJoin('activities as a', 'a.id', 'ea.activity_id')
          .select([
            'u.id as user_id',
            'u.phone',
            'u.email',
            'u.locale',
            'u.reminders_opt_out',
            'e.id as enrolment_id',
            'e.first_name',
            'e.last_name',
            'a.id as activity_id',
            'a.name as activity_name',
            'a.price_cents',
            'a.parts',
            'ea.parts_paid',
            'a.registration_fee_cents',
            'ea.registration_fee_paid_cents',
            'ea.paid_amount_cents',
          ])
          .where('u.verified', '=', 1)
          .where('ea.is_paid', '=', 0)
          .orderBy('u.id'),
      ).execute(),

    /** The stored parts of every activity whose fee is paid in parts (their days to remind of). */
    activityParts: (): Promise<string[]> =>
      db
        .q()
        .selectFrom('activities')
        .select('parts')
        .where('parts', '<>', '[]')
        .execute()
        .then((rows) => rows.map((row) => row.parts)),

    /**
     * Takes the (account, day) slot; false when any run took it before. The unique key makes
     * this the one place that decides, across processes and restarts.
     */
    async claim(values: {
      user_id: number;
      reminder_date: string;
      deadline_date: string;
      run_id: number;
      locale: Locale;
      pending_cents: number;
      persons: number;
      created_at: string;
    }): Promise<number | null> {
      const row = await db
        .q()
        .insertInto('reminders_sent')
        .values({ ...values, status: 'claimed' })
        .onConflict((oc) => oc.columns(['user_id', 'reminder_date']).doNothing())
        .returning('id')
        .executeTakeFirst();
      return row?.id ?? null;
    },

    async finish(
      id: number,
      outcome: { status: 'sent' | 'failed'; sms: number; emails: number },
    ): Promise<void> {
      await db.q().updateTable('reminders_sent').set(outcome).where('id', '=', id).execute();
    },

    async startRun(values: {
      reminder_date: string;
      deadline_date: string;
      trigger: 'job' | 'staff';
      started_at: string;
    }): Promise<number> {
      const row = await db
        .q()
        .insertInto('reminder_runs')
        .values(values)
        .returning('id')
        .executeTakeFirstOrThrow();
      return row.id;
    },

    async finishRun(
      id: number,
      totals: { sent: number; skipped: number; sms: number; emails: number; finished_at: string },
    ): Promise<void> {
      await db.q().updateTable('reminder_runs').set(totals).where('id', '=', id).execute();
    },

    /** A run that sent nothing and nobody asked for leaves no trace (the job runs all day). */
    async dropRun(id: number): Promise<void> {
      await db.q().deleteFrom('reminder_runs').where('id', '=', id).execute();
    },

    recentRuns: (limit: number) =>
      db.q().selectFrom('reminder_runs').selectAll().orderBy('id', 'desc').limit(limit).execute(),

    async seasonTotals(
      deadline: string,
    ): Promise<{ messages: number; sms: number; emails: number }> {
      const row = await db
        .q()
        .selectFrom('reminders_sent')
        .select((eb) => [
          eb.fn.countAll<number>().as('messages'),
          eb.fn.coalesce(eb.fn.sum<number>('sms'), eb.lit(0)).as('sms'),
          eb.fn.coalesce(eb.fn.sum<number>('emails'), eb.lit(0)).as('emails'),
        ])
        .where('deadline_date', '=', deadline)
        .where('status', '=', 'sent')
        .executeTakeFirstOrThrow();
      return { messages: Number(row.messages), sms: Number(row.sms), emails: Number(row.emails) };
    },

    forUser: (userId: number): Promise<ReminderRow[]> =>
      db
        .q()
        .selectFrom('reminders_sent')
        .selectAll()
        .where('user_id', '=', userId)
        .orderBy('id')
        .execute(),
  };
}

export type RemindersRepo = ReturnType<typeof createRemindersRepo>;
