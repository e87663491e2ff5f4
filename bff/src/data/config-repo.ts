import type { Database } from './database.js';
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
}

function parseDays(json: string): number[] {
  const value: unknown = JSON.parse(json);
  return Array.isArray(value) ? value.filter((d): d is number => Number.isInteger(d)) : [];
}

/** The one settings row, read on most calls (maintenance, deadline, discount). */
export function createConfigRepo(db: Database) {
  return {
    /** `lock` holds the row until the transaction ends (PostgreSQL): for a read-then-save. */
    async get(options: { lock?: boolean } = {}): Promise<ConfigRow> {
      const row = await db
        .q()
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
        ])
        .where('id', '=', 1)
        .$if(db.rowLocks && options.lock === true, (q) => q.forUpdate())
        .executeTakeFirst();
      if (!row) throw new Error('config row missing');
      return {
        ...row,
        maintenance_mode: row.maintenance_mode === 1,
        payments_enabled: row.payments_enabled === 1,
        reminders_enabled: row.reminders_enabled === 1,
        bizum_enabled: row.bizum_enabled === 1,
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
          updated_at: new Date().toISOString(),
        })
        .where('id', '=', 1)
        .execute();
    },
  };
}

export type ConfigRepo = ReturnType<typeof createConfigRepo>;
