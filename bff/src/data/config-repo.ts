import type { Db } from './db.js';
import { readCacheFor } from './read-cache.js';

export interface ConfigRow {
  id: number;
  maintenance_mode: boolean;
  payments_enabled: boolean;
  /** Basis points: 5000 = 50 %. */
  global_discount_bp: number;
  deadline_date: string | null;
}

interface RawRow {
  id: number;
  maintenance_mode: number;
  payments_enabled: number;
  global_discount_bp: number;
  deadline_date: string | null;
}

export function createConfigRepo(db: Db) {
  const select = db.prepare<[], RawRow>(
    'SELECT id, maintenance_mode, payments_enabled, global_discount_bp, deadline_date FROM config WHERE id = 1',
  );
  const update = db.prepare(
    `UPDATE config SET maintenance_mode = @maintenance_mode, payments_enabled = @payments_enabled,
       global_discount_bp = @global_discount_bp, deadline_date = @deadline_date,
       updated_at = strftime('%Y-%m-%dT%H:%M:%fZ', 'now') WHERE id = 1`,
  );
  // read by most calls (maintenance, deadline, discount); the cache empties on any write
  const cache = readCacheFor(db);
  const load = (): ConfigRow => {
    const row = select.get();
    if (!row) throw new Error('config row missing');
    return {
      ...row,
      maintenance_mode: row.maintenance_mode === 1,
      payments_enabled: row.payments_enabled === 1,
    };
  };
  return {
    get: (): Readonly<ConfigRow> => cache.read('config', load),
    save(values: Omit<ConfigRow, 'id'>): void {
      update.run({
        maintenance_mode: values.maintenance_mode ? 1 : 0,
        payments_enabled: values.payments_enabled ? 1 : 0,
        global_discount_bp: values.global_discount_bp,
        deadline_date: values.deadline_date,
      });
    },
  };
}

export type ConfigRepo = ReturnType<typeof createConfigRepo>;
