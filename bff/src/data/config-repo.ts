import type { Database } from './database.js';

export interface ConfigRow {
  id: number;
  maintenance_mode: boolean;
  payments_enabled: boolean;
  /** Basis points: 5000 = 50 %. */
  global_discount_bp: number;
  deadline_date: string | null;
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
        ])
        .where('id', '=', 1)
        .$if(db.rowLocks && options.lock === true, (q) => q.forUpdate())
        .executeTakeFirst();
      if (!row) throw new Error('config row missing');
      return {
        ...row,
        maintenance_mode: row.maintenance_mode === 1,
        payments_enabled: row.payments_enabled === 1,
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
          updated_at: new Date().toISOString(),
        })
        .where('id', '=', 1)
        .execute();
    },
  };
}

export type ConfigRepo = ReturnType<typeof createConfigRepo>;
