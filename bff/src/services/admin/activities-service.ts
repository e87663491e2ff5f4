import type { ActivitiesRepo, ActivityRow } from '../../data/activities-repo.js';
import type { AuditRepo } from '../../data/audit-repo.js';
import { inTransaction, type Db } from '../../data/db.js';
import { conflict, HttpError, invalid, notFound } from '../../http/errors.js';
import { isCivilDate } from '../../lib/madrid-date.js';
import { centsToEuros, eurosToCents } from '../../lib/money.js';
import { changedFields, recordAdminWrite, type Actor } from './audit-trail.js';

export interface ActivityView {
  id: number;
  name: string;
  price: number;
  start_date: string | null;
}

export interface ActivityInput {
  name: string;
  price: number;
  start_date?: string | null;
}

export const toActivityView = (row: ActivityRow): ActivityView => ({
  id: row.id,
  name: row.name,
  price: centsToEuros(row.price_cents),
  start_date: row.start_date,
});

/** One spelling of a name: trimmed, inner runs of spaces collapsed. */
export const cleanName = (name: string) => name.trim().replace(/\s+/g, ' ');

function checked(input: ActivityInput) {
  const name = cleanName(input.name);
  const startDate = input.start_date ? input.start_date : null;
  const issues = [];
  if (!Number.isFinite(input.price) || input.price < 0) {
    issues.push({ loc: ['body', 'price'], msg: 'invalid_price', type: 'invalid_price' });
  }
  if (startDate !== null && !isCivilDate(startDate)) {
    issues.push({ loc: ['body', 'start_date'], msg: 'invalid_date', type: 'invalid_date' });
  }
  if (issues.length > 0) throw invalid(issues);
  return { name, price_cents: eurosToCents(input.price), start_date: startDate };
}

const auditView = (row: { name: string; price_cents: number; start_date: string | null }) => ({
  name: row.name,
  price: centsToEuros(row.price_cents),
  start_date: row.start_date,
});

const isUniqueViolation = (err: unknown) =>
  (err as { code?: string } | null)?.code === 'SQLITE_CONSTRAINT_UNIQUE';

export function createAdminActivitiesService(deps: {
  db: Db;
  activities: ActivitiesRepo;
  audit: AuditRepo;
}) {
  const { db, activities, audit } = deps;

  const withUniqueName = <T>(fn: () => T): T => {
    try {
      return inTransaction(db, fn);
    } catch (err) {
      if (isUniqueViolation(err)) throw conflict('activity_exists');
      throw err;
    }
  };

  return {
    list: (): ActivityView[] => activities.list().map(toActivityView),

    create(actor: Actor, input: ActivityInput): ActivityView {
      const fields = checked(input);
      return withUniqueName(() => {
        if (activities.findByNameAndDate(fields.name, fields.start_date))
          throw conflict('activity_exists');
        const id = activities.insert(fields);
        recordAdminWrite(audit, actor, 'activity.create', 'activity', id, {
          after: auditView(fields),
        });
        return toActivityView(activities.findById(id) as ActivityRow);
      });
    },

    /** Paid links keep paid_amount_cents, so a new price never rewrites what was paid. */
    update(actor: Actor, id: number, input: ActivityInput): ActivityView {
      const fields = checked(input);
      return withUniqueName(() => {
        const before = activities.findById(id);
        if (!before) throw notFound();
        const same = activities.findByNameAndDate(fields.name, fields.start_date);
        if (same && same.id !== id) throw conflict('activity_exists');
        activities.update(id, fields);
        recordAdminWrite(
          audit,
          actor,
          'activity.update',
          'activity',
          id,
          changedFields(auditView(before), auditView(fields)),
        );
        return toActivityView(activities.findById(id) as ActivityRow);
      });
    },

    /** Refused while anyone has paid it (payment history stays); unpaid links go with it. */
    remove(actor: Actor, id: number): void {
      inTransaction(db, () => {
        const row = activities.findById(id);
        if (!row) throw notFound();
        if (activities.countPaidLinks(id) > 0) {
          throw new HttpError(409, 'has_paid_items', { messageKey: 'activity_has_paid_items' });
        }
        const unlinked = activities.deleteUnpaidLinks(id);
        activities.delete(id);
        recordAdminWrite(audit, actor, 'activity.delete', 'activity', id, {
          before: auditView(row),
          unpaid_enrolments_removed: unlinked,
        });
      });
    },
  };
}

export type AdminActivitiesService = ReturnType<typeof createAdminActivitiesService>;
