import type { MailSender } from '../../adapters/mail/mail-sender.js';
import type { SmsSender } from '../../adapters/sms/sms-sender.js';
import type { Config } from '../../config.js';
import type { AuditRepo } from '../../data/audit-repo.js';
import type { ConfigRepo } from '../../data/config-repo.js';
import type { UsersRepo } from '../../data/users-repo.js';
import { DomainError } from '../errors.js';
import { recordAdminWrite, type Actor } from '../admin/audit-trail.js';
import type { PendingLine, RemindersRepo } from '../../data/reminders-repo.js';
import type { ReminderChannel } from '../../data/schema.js';
import { groupBy } from '../../lib/group-by.js';
import type { Clock } from '../../lib/clock.js';
import { madridDate, madridHour } from '../../lib/madrid-date.js';
import type { Logger } from '../../logger.js';
import type { JobRunner } from '../jobs/job-runner.js';
import { composeReminder, pendingCents, type RuleFees } from './reminder-message.js';
import type { FeeQuotes } from '../fees/quotes.js';
import { isWhole, partDaysOf, partsRemindedToday, partsWithAmounts } from './part-reminders.js';
import { isReminderDay, reminderDay, type NotDueReason } from './schedule.js';
import type { UnsubscribeTokens } from './unsubscribe-token.js';

export interface ReminderRunResult {
  sent: number;
  skipped: number;
  sms: number;
  emails: number;
  date: string;
  reason: NotDueReason | 'busy' | null;
  next_date: string | null;
}

/** How often the job looks whether today's reminders are out: they go out in the morning. */
const JOB_EVERY_MS = 15 * 60_000;
/** Nobody is reminded before this hour (Europe/Madrid) by the job; staff can send earlier. */
const EARLIEST_HOUR = 9;

/**
 * Payment reminders. On each configured day before the deadline every account with something
 * pending gets one message in its language. A fee in parts does not follow the global deadline:
 * each unpaid part is reminded of on the configured days before its own last day, by name ("1.º
 * plazo de 2"), with its amount. "At most one per account per day" rests on the database: each
 * message first claims its (account, day) row, and only the run that claimed it sends; a run that
 * dies after claiming leaves that account unreminded rather than reminded twice. So a part is
 * never reminded of twice on the same day: everything due that day goes in the one message.
 */
export function createReminders(deps: {
  config: Pick<Config, 'council' | 'publicUrl'>;
  clock: Clock;
  settings: ConfigRepo;
  reminders: RemindersRepo;
  sms: SmsSender;
  mail: MailSender;
  unsubscribe: UnsubscribeTokens;
  users: Pick<UsersRepo, 'unsubscribe'>;
  audit: AuditRepo;
  jobs: JobRunner;
  logger: Logger;
  /** The fees under the council's rules (services/fees): what each person has pending. */
  quotes: Pick<FeeQuotes, 'mode' | 'forPerson'>;
}) {
  const { clock, reminders, logger } = deps;

  /** Each person's unpaid fees under the council's rules, by activity; null in the simple mode. */
  async function feesOf(lines: PendingLine[]): Promise<RuleFees> {
    const out = new Map<number, Map<number, number>>();
    for (const id of new Set(lines.map((line) => line.enrolment_id))) {
      const fees = await deps.quotes.forPerson(id);
      if (!fees) return null;
      const own = new Map<number, number>();
      for (const row of fees.rows)
        if (row.is_paid === 0)
          own.set(row.activity_id, fees.quotes.get(row.activity_id)?.amount_cents ?? 0);
      out.set(id, own);
    }
    return out;
  }

  async function deliver(
    account: PendingLine,
    message: ReturnType<typeof composeReminder>,
    channel: ReminderChannel,
  ): Promise<{ sms: number; emails: number }> {
    let sms = 0;
    let emails = 0;
    if (channel !== 'sms' && account.email) {
      await deps.mail.send({
        to: account.email,
        subject: message.subject,
        text: message.mailText,
        senderName: deps.config.council.name,
      });
      emails = 1;
    }
    // "email" never falls back to SMS for an account without an address: SMS cost is the
    // council's choice (send() counts such an account as skipped)
    if (channel !== 'email') {
      await deps.sms.send(
        account.phone,
        message.sms,
        'reminder',
        deps.config.council.smsSender || undefined,
      );
      sms = 1;
    }
    return { sms, emails };
  }

  async function send(trigger: 'job' | 'staff'): Promise<ReminderRunResult> {
    const now = clock.now();
    const today = madridDate(now);
    const config = await deps.settings.get();
    const partDays = partDaysOf(await reminders.activityParts());
    const day = reminderDay(config, today, partDays);
    const result: ReminderRunResult = {
      sent: 0,
      skipped: 0,
      sms: 0,
      emails: 0,
      date: today,
      reason: day.reason,
      next_date: day.nextDate,
    };
    const deadline = config.deadline_date;
    // the global deadline's day reminds of whole fees; a part's own day, of that part
    const wholeDue = day.due && deadline !== null;
    if (!wholeDue && !day.partsDue) return result;
    // the day the messages are counted under (the season's totals): the global deadline, or
    // without one the first of today's parts' last days
    const seasonDate =
      deadline ?? partDays.filter((last) => isReminderDay(config, today, last)).sort()[0] ?? today;

    const runId = await reminders.startRun({
      reminder_date: today,
      deadline_date: seasonDate,
      trigger,
      started_at: now.toISOString(),
    });
    const pending = (await reminders.pendingLines()).filter((line) =>
      isWhole(line) ? wholeDue : partsRemindedToday(line, config, today).length > 0,
    );
    const byAccount = groupBy(pending, (line) => line.user_id);
    const rules = (await deps.quotes.mode()) === 'rules';
    for (const [userId, lines] of byAccount) {
      const account = lines[0];
      if (!account) continue;
      const channel = config.reminder_channel;
      if (account.reminders_opt_out === 1 || (channel === 'email' && !account.email)) {
        result.skipped += 1;
        continue;
      }
      const fees = rules ? await feesOf(lines) : null;
      const whole = lines.filter(isWhole);
      const cents = pendingCents(whole, fees);
      const parts = partsWithAmounts(
        lines.filter((line) => !isWhole(line)),
        (line) => partsRemindedToday(line, config, today),
        fees,
      );
      const claimed = await reminders.claim({
        user_id: userId,
        reminder_date: today,
        deadline_date: seasonDate,
        run_id: runId,
        locale: account.locale,
        pending_cents:
          [...cents.values()].reduce((sum, amount) => sum + amount, 0) +
          parts.reduce((sum, part) => sum + part.cents, 0),
        persons: new Set(lines.map((line) => line.enrolment_id)).size,
        created_at: clock.now().toISOString(),
      });
      if (claimed === null) {
        result.skipped += 1;
        continue;
      }
      try {
        const message = composeReminder({
          locale: account.locale,
          council: deps.config.council.name,
          url: `${deps.config.publicUrl}/dashboard`,
          unsubscribeUrl: `${deps.config.publicUrl}/recordatorios/baja?token=${deps.unsubscribe.make(account.user_id, deps.clock.now().getTime())}`,
          deadline: wholeDue ? deadline : null,
          lines: whole,
          cents,
          parts,
        });
        const counts = await deliver(account, message, channel);
        await reminders.finish(claimed, { status: 'sent', ...counts });
        result.sent += 1;
        result.sms += counts.sms;
        result.emails += counts.emails;
      } catch (err) {
        // not tried again today: the slot is taken, so no account can get two messages
        await reminders.finish(claimed, { status: 'failed', sms: 0, emails: 0 });
        result.skipped += 1;
        logger.warn('reminder not delivered', { user: userId, error: String(err) });
      }
    }
    if (result.sent === 0 && trigger === 'job') {
      await reminders.dropRun(runId);
    } else {
      await reminders.finishRun(runId, {
        sent: result.sent,
        skipped: result.skipped,
        sms: result.sms,
        emails: result.emails,
        finished_at: clock.now().toISOString(),
      });
    }
    return result;
  }

  deps.jobs.register({
    name: 'reminders',
    everyMs: JOB_EVERY_MS,
    ttlMs: 30 * 60_000,
    run: async () => (madridHour(clock.now()) >= EARLIEST_HOUR ? send('job') : null),
  });

  return {
    /**
     * Staff's "send today's reminders now": through the job's lease, so never beside a run. The
     * audit log says who asked and what came of it.
     */
    async runNow(actor: Actor): Promise<ReminderRunResult> {
      const result = await runThroughLease();
      await recordAdminWrite(deps.audit, actor, 'reminders.run', 'reminders', null, { ...result });
      return result;
    },

    /**
     * The reminder e-mail's "stop these reminders" link. An expired link, or one older than the
     * resident's turning reminders back on, does nothing (404).
     */
    async unsubscribe(token: string): Promise<void> {
      const now = clock.now().getTime();
      const link = deps.unsubscribe.read(token, now);
      if (link === null || !(await deps.users.unsubscribe(link.userId, link.issuedAt, now))) {
        throw new DomainError('not_found', 'invalid_unsubscribe_link');
      }
    },

    summary,
  };

  async function runThroughLease(): Promise<ReminderRunResult> {
    const turn = await deps.jobs.runNow('reminders', () => send('staff'));
    if (turn.ran && turn.result) return turn.result;
    const config = await deps.settings.get();
    const today = madridDate(clock.now());
    const day = reminderDay(config, today, partDaysOf(await reminders.activityParts()));
    return {
      sent: 0,
      skipped: 0,
      sms: 0,
      emails: 0,
      date: today,
      reason: 'busy',
      next_date: day.nextDate,
    };
  }

  async function summary() {
    const config = await deps.settings.get();
    const today = madridDate(clock.now());
    const season = config.deadline_date
      ? await reminders.seasonTotals(config.deadline_date)
      : { messages: 0, sms: 0, emails: 0 };
    const runs = await reminders.recentRuns(20);
    return {
      next_date: reminderDay(config, today, partDaysOf(await reminders.activityParts())).nextDate,
      season: { deadline_date: config.deadline_date, ...season },
      runs: runs.map((run) => ({
        id: run.id,
        date: run.reminder_date,
        trigger: run.trigger,
        sent: run.sent,
        skipped: run.skipped,
        sms: run.sms,
        emails: run.emails,
        started_at: run.started_at,
      })),
    };
  }
}

export type Reminders = ReturnType<typeof createReminders>;
