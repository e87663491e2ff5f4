import { hasInvisibleCharacters } from '../../lib/invisible-characters.js';
import type { ActivitiesRepo, ActivityRow } from '../../data/activities-repo.js';
import type { ActivitySort, ListRequest, ListResult, StaffLists } from '../../data/lists/index.js';
import type { AuditRepo } from '../../data/audit-repo.js';
import type { Database } from '../../data/database.js';
import { isUniqueViolation } from '../../data/engines.js';
import { conflict, DomainError, invalid, notFound } from '../errors.js';
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
/** One spelling of a name: composed accents (NFC, as typed on most keyboards), single spaces. */
export const cleanName = (name: string) => name.normalize('NFC').trim().replace(/\s+/g, ' ');

function checked(input: ActivityInput) {
  const name = cleanName(input.name);
  const startDate = input.start_date ? input.start_date : null;
  const issues = [];
  if (hasInvisibleCharacters(name)) {
    issues.push({
      loc: ['body', 'name'],
      msg: 'invisible_characters',
      type: 'invisible_characters',
    });
  }
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

export function createAdminActivitiesService(deps: {
  db: Database;
  activities: ActivitiesRepo;
  lists: Pick<StaffLists, 'activities'>;
  audit: AuditRepo;
}) {
  const { db, activities, lists, audit } = deps;

  const withUniqueName = async <T>(fn: () => Promise<T>): Promise<T> => {
    try {
      return await db.transaction(fn);
    } catch (err) {
      if (isUniqueViolation(err)) throw conflict('activity_exists');
      throw err;
    }
  };

  return {
    async list(request: ListRequest<ActivitySort>): Promise<ListResult<ActivityView>> {
      const { rows, total } = await lists.activities.page(request);
      return { rows: rows.map(toActivityView), total };
    },

    async create(actor: Actor, input: ActivityInput): Promise<ActivityView> {
      const fields = checked(input);
      return withUniqueName(async () => {
        if (await activities.findByNameAndDate(fields.name, fields.start_date))
          throw conflict('activity_exists');
        const id = await activities.insert(fields);
        await recordAdminWrite(audit, actor, 'activity.create', 'activity', id, {
          after: auditView(fields),
        });
        return toActivityView((await activities.findById(id)) as ActivityRow);
      });
    },

    /** Paid links keep paid_amount_cents, so a new price never rewrites what was paid. */
    async update(actor: Actor, id: number, input: ActivityInput): Promise<ActivityView> {
      const fields = checked(input);
      return withUniqueName(async () => {
        const before = await activities.findById(id);
        if (!before) throw notFound();
        const same = await activities.findByNameAndDate(fields.name, fields.start_date);
        if (same && same.id !== id) throw conflict('activity_exists');
        await activities.update(id, fields);
        await recordAdminWrite(
          audit,
          actor,
          'activity.update',
          'activity',
          id,
          changedFields(auditView(before), auditView(fields)),
        );
        return toActivityView((await activities.findById(id)) as ActivityRow);
      });
    },

    /** Refused while anyone has paid it (payment history stays); unpaid links go with it. */
    async remove(actor: Actor, id: number): Promise<void> {
      await db.transaction(async () => {
        const row = await activities.findById(id);
        if (!row) throw notFound();
        if ((await activities.countPaidLinks(id)) > 0) {
          throw new DomainError('conflict', 'has_paid_items', {
            messageKey: 'activity_has_paid_items',
          });
        }
        const unlinked = await activities.deleteUnpaidLinks(id);
        await activities.delete(id);
        await recordAdminWrite(audit, actor, 'activity.delete', 'activity', id, {
          before: auditView(row),
          unpaid_enrolments_removed: unlinked,
        });
      });
    },
  };
}

export type AdminActivitiesService = ReturnType<typeof createAdminActivitiesService>;
