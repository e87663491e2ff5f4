import type { AuditRepo } from '../../data/audit-repo.js';
import type { ConfigRepo, ConfigRow } from '../../data/config-repo.js';
import type { Database } from '../../data/database.js';
import { invalid } from '../../http/errors.js';
import { isCivilDate } from '../../lib/madrid-date.js';
import { changedFields, recordAdminWrite, type Actor } from './audit-trail.js';

export interface AdminConfigView {
  id: number;
  maintenance_mode: boolean;
  payments_enabled: boolean;
  global_discount: number;
  deadline_date: string | null;
}

export interface ConfigInput {
  maintenance_mode: boolean;
  payments_enabled: boolean;
  global_discount: number;
  deadline_date: string | null;
}

export const toAdminConfig = (row: ConfigRow): AdminConfigView => ({
  id: row.id,
  maintenance_mode: row.maintenance_mode,
  payments_enabled: row.payments_enabled,
  global_discount: row.global_discount_bp / 10000,
  deadline_date: row.deadline_date,
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
}) {
  const { db, config, audit } = deps;
  return {
    current: async () => toAdminConfig(await config.get()),

    async update(actor: Actor, input: ConfigInput): Promise<AdminConfigView> {
      const problem = discountProblem(input.global_discount);
      if (problem)
        throw invalid([{ loc: ['body', 'global_discount'], msg: problem, type: problem }]);
      if (input.deadline_date !== null && !isCivilDate(input.deadline_date)) {
        throw invalid([
          { loc: ['body', 'deadline_date'], msg: 'invalid_date', type: 'invalid_date' },
        ]);
      }
      return db.transaction(async () => {
        const before = toAdminConfig(await config.get({ lock: true }));
        await config.save({
          maintenance_mode: input.maintenance_mode,
          payments_enabled: input.payments_enabled,
          global_discount_bp: Math.round(input.global_discount * 10000),
          deadline_date: input.deadline_date,
        });
        const after = toAdminConfig(await config.get());
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
