import type { AuditRepo } from '../../data/audit-repo.js';
import type { ConfigRepo, ConfigRow } from '../../data/config-repo.js';
import type { JointFit, ReminderChannel } from '../../data/schema.js';
import type { Database } from '../../data/database.js';
import { invalid } from '../errors.js';
import { isCivilDate } from '../../lib/madrid-date.js';
import { changedFields, recordAdminWrite, type Actor } from './audit-trail.js';

export interface AdminConfigView {
  id: number;
  maintenance_mode: boolean;
  payments_enabled: boolean;
  global_discount: number;
  deadline_date: string | null;
  reminders_enabled: boolean;
  reminder_days: number[];
  reminder_channel: ReminderChannel;
  joint_fit: JointFit;
  bizum_enabled: boolean;
  direct_debit_enabled: boolean;
  /** The council file has the creditor data: only then may `direct_debit_enabled` be switched on. */
  direct_debit_available: boolean;
  direct_debit_notice_days: number;
  /** Euros. */
  direct_debit_return_fee: number;
}

/** The spec's four fields; the reminder fields and `joint_fit`, when left out, keep their saved values. */
export interface ConfigInput {
  maintenance_mode: boolean;
  payments_enabled: boolean;
  global_discount: number;
  deadline_date: string | null;
  reminders_enabled?: boolean;
  reminder_days?: number[];
  reminder_channel?: ReminderChannel;
  /** Left out: the saved rule stays. */
  joint_fit?: JointFit;
  /** Left out: the saved switch stays. */
  bizum_enabled?: boolean;
  /** Left out: the saved direct debit settings stay. */
  direct_debit_enabled?: boolean;
  direct_debit_notice_days?: number;
  direct_debit_return_fee?: number;
}

export const MAX_REMINDER_DAY = 60;

/** Whole days from 1 to 60, each once, ten at most (the contract says so; checked here too). */
export function reminderDaysProblem(days: number[]): string | null {
  const valid =
    days.length <= 10 &&
    new Set(days).size === days.length &&
    days.every((d) => Number.isInteger(d) && d >= 1 && d <= MAX_REMINDER_DAY);
  return valid ? null : 'reminder_days_invalid';
}

export const toAdminConfig = (row: ConfigRow, hasCreditorData: boolean): AdminConfigView => ({
  id: row.id,
  maintenance_mode: row.maintenance_mode,
  payments_enabled: row.payments_enabled,
  global_discount: row.global_discount_bp / 10000,
  deadline_date: row.deadline_date,
  reminders_enabled: row.reminders_enabled,
  reminder_days: row.reminder_days,
  reminder_channel: row.reminder_channel,
  joint_fit: row.joint_fit,
  bizum_enabled: row.bizum_enabled,
  direct_debit_enabled: row.direct_debit_enabled,
  direct_debit_available: hasCreditorData,
  direct_debit_notice_days: row.direct_debit_notice_days,
  direct_debit_return_fee: row.direct_debit_return_fee_cents / 100,
});

/**
 * The discount arrives as a fraction (0.5 = 50 %). The form's step is 0.1 %, so at most three
 * decimals; it is kept in basis points.
 */
export function discountProblem(value: unknown): string | null {
  if (typeof value !== 'number' || !Number.isFinite(value) || value < 0 || value > 1) {
    return 'global_discount_out_of_range';
  }
  const thousandths = value * 1000;
  if (Math.abs(thousandths - Math.round(thousandths)) > 1e-6) return 'global_discount_step';
  return null;
}

export function createAdminSettingsService(deps: {
  db: Database;
  config: ConfigRepo;
  audit: AuditRepo;
  /** Whether the council file has the creditor data direct debit needs (council.ts `sepa`). */
  hasCreditorData: boolean;
}) {
  const { db, config, audit } = deps;
  return {
    current: async () => toAdminConfig(await config.get(), deps.hasCreditorData),

    async update(actor: Actor, input: ConfigInput): Promise<AdminConfigView> {
      const problem = discountProblem(input.global_discount);
      if (problem)
        throw invalid([{ loc: ['body', 'global_discount'], msg: problem, type: problem }]);
      if (input.deadline_date !== null && !isCivilDate(input.deadline_date)) {
        throw invalid([
          { loc: ['body', 'deadline_date'], msg: 'invalid_date', type: 'invalid_date' },
        ]);
      }
      const daysProblem = input.reminder_days ? reminderDaysProblem(input.reminder_days) : null;
      if (daysProblem) {
        throw invalid([{ loc: ['body', 'reminder_days'], msg: daysProblem, type: daysProblem }]);
      }
      if (input.direct_debit_enabled === true && !deps.hasCreditorData) {
        throw invalid([
          {
            loc: ['body', 'direct_debit_enabled'],
            msg: 'direct_debit_unavailable',
            type: 'direct_debit_unavailable',
          },
        ]);
      }
      return db.transaction(async () => {
        const saved = await config.get({ lock: true });
        const before = toAdminConfig(saved, deps.hasCreditorData);
        await config.save({
          maintenance_mode: input.maintenance_mode,
          payments_enabled: input.payments_enabled,
          global_discount_bp: Math.round(input.global_discount * 10000),
          deadline_date: input.deadline_date,
          reminders_enabled: input.reminders_enabled ?? saved.reminders_enabled,
          reminder_days: input.reminder_days ?? saved.reminder_days,
          reminder_channel: input.reminder_channel ?? saved.reminder_channel,
          joint_fit: input.joint_fit ?? saved.joint_fit,
          bizum_enabled: input.bizum_enabled ?? saved.bizum_enabled,
          direct_debit_enabled: input.direct_debit_enabled ?? saved.direct_debit_enabled,
          direct_debit_notice_days:
            input.direct_debit_notice_days ?? saved.direct_debit_notice_days,
          direct_debit_return_fee_cents:
            input.direct_debit_return_fee === undefined
              ? saved.direct_debit_return_fee_cents
              : Math.round(input.direct_debit_return_fee * 100),
        });
        const after = toAdminConfig(await config.get(), deps.hasCreditorData);
        await recordAdminWrite(
          audit,
          actor,
          'config.update',
          'config',
          1,
          changedFields(before, after),
        );
        return after;
      });
    },
  };
}

export type AdminSettingsService = ReturnType<typeof createAdminSettingsService>;
