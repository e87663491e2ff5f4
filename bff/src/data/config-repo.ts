import { compiledStatement } from './compiled-query.js';
import type { Database, Executor } from './database.js';
import type { JointFit, ReminderChannel } from './schema.js';

export interface ConfigRow {
  id: number;
  maintenance_mode: boolean;
  payments_enabled: boolean;
  /** Basis points: 5000 = 50 %. */
  global_discount_bp: number;
  deadline_date: string | null;
  reminders_enabled: boolean;
  /** Whole days before deadline_date, the furthest first ([7, 1]). */
  reminder_days: number[];
  reminder_channel: ReminderChannel;
  /** The council's rule for places left when a joint group does not fit (services/season/draw.ts). */
  joint_fit: JointFit;
  /** Residents may pay by Bizum (the council's Redsys terminal must have it switched on). */
  bizum_enabled: boolean;
  /** Residents may pay by SEPA direct debit (migration 480). */
  direct_debit_enabled: boolean;
  /** Days of notice before a debit (default 14). */
  direct_debit_notice_days: number;
  /** Cents added as a line of its own to a returned debit (default 0). */
  direct_debit_return_fee_cents: number;
}

function parseDays(json: string): number[] {
  const value: unknown = JSON.parse(json);
  return Array.isArray(value) ? value.filter((d): d is number => Number.isInteger(d)) : [];
}

/** The one settings row, compiled once (compiled-query.ts): most calls read it. */
const settingsRead = (db: Executor, lock: boolean) =>
  db
    .selectFrom('config')
    .select([
      'id',
      'maintenance_mode',
      'payments_enabled',
      'global_discount_bp',
      'deadline_date',
      'reminders_enabled',
      'reminder_days',
      'reminder_channel',
      'joint_fit',
      'bizum_enabled',
      'direct_debit_enabled',
      'direct_debit_notice_days',
      'direct_debit_return_fee_cents',
    ])
    .where('id', '=', 1)
    .$if(lock, (q) => q.forUpdate());
const settings = compiledStatement((db) => settingsRead(db, false));
const settingsLocked = compiledStatement((db, _p, { rowLocks }) => settingsRead(db, rowLocks));

/** The one settings row, read on most calls (maintenance, deadline, discount). */
export function createConfigRepo(db: Database) {
  return {
    /** `lock` holds the row until the transaction ends (PostgreSQL): for a read-then-save. */
    async get(options: { lock?: boolean } = {}): Promise<ConfigRow> {
      const row = await (options.lock === true ? settingsLocked : settings).first(db, {});
      if (!row) throw new Error('config row missing');
      return {
        ...row,
        maintenance_mode: row.maintenance_mode === 1,
        payments_enabled: row.payments_enabled === 1,
        reminders_enabled: row.reminders_enabled === 1,
        bizum_enabled: row.bizum_enabled === 1,
        direct_debit_enabled: row.direct_debit_enabled === 1,
        reminder_days: parseDays(row.reminder_days),
      };
    },
    async save(values: Omit<ConfigRow, 'id'>): Promise<void> {
      await db
        .q()
        .updateTable('config')
        .set({
          maintenance_mode: values.maintenance_mode ? 1 : 0,
          payments_enabled: values.payments_enabled ? 1 : 0,
          global_discount_bp: values.global_discount_bp,
          deadline_date: values.deadline_date,
          reminders_enabled: values.reminders_enabled ? 1 : 0,
          reminder_days: JSON.stringify([...values.reminder_days].sort((a, b) => b - a)),
          reminder_channel: values.reminder_channel,
          joint_fit: values.joint_fit,
          bizum_enabled: values.bizum_enabled ? 1 : 0,
          direct_debit_enabled: values.direct_debit_enabled ? 1 : 0,
          direct_debit_notice_days: values.direct_debit_notice_days,
          direct_debit_return_fee_cents: values.direct_debit_return_fee_cents,
          updated_at: new Date().toISOString(),
        })
        .where('id', '=', 1)
        .execute();
    },
  };
}

export type ConfigRepo = ReturnType<typeof createConfigRepo>;
