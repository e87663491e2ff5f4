import type { FamilyDifferences } from '../payments/family-differences.js';
import type { ActivitiesRepo } from '../../data/activities-repo.js';
import type { EnrolmentSort, ListRequest, ListResult, StaffLists } from '../../data/lists/index.js';
import type { ApplicationsRepo } from '../../data/applications-repo.js';
import type { AuditRepo } from '../../data/audit-repo.js';
import type { Database } from '../../data/database.js';
import { isUniqueViolation } from '../../data/engines.js';
import type { EnrolmentRow, EnrolmentsRepo } from '../../data/enrolments-repo.js';
import { conflict, DomainError, invalid, notFound, type ValidationIssue } from '../errors.js';
import { auditDni, changedFields, recordAdminWrite, type Actor } from './audit-trail.js';
import { cleanName } from './activities-service.js';
import { checkIdentity, landlineWarning } from './identity-checks.js';
import type { Clock } from '../../lib/clock.js';
import { isValidBirthDate } from '../../lib/birth-date.js';
import { madridDate } from '../../lib/madrid-date.js';
import type { FeeQuotes } from '../fees/quotes.js';
import { createEnrolmentFees, type EnrolmentActivityView } from './enrolment-fees.js';

export interface EnrolmentView {
  id: number;
  first_name: string;
  last_name: string;
  dni: string | null;
  email: string | null;
  phone: string;
  birth_date: string | null;
  activities: EnrolmentActivityView[];
}

/** A saved enrolment and what staff should know about it (see landlineWarning). */
export type SavedEnrolment = EnrolmentView & { warnings: ValidationIssue[] };

const withWarnings = (saved: EnrolmentView): SavedEnrolment => {
  const landline = landlineWarning(saved.phone, ['body', 'phone']);
  return { ...saved, warnings: landline ? [landline] : [] };
};

export interface EnrolmentInput {
  first_name: string;
  last_name: string;
  /** Null only when editing a person who has none (see dniStillRequired). */
  dni: string | null;
  email?: string | null;
  phone: string;
  /**
   * Left out: the date on record stays. Null: none, refused over a date on record (see
   * birthDateKept). A correction sets the age band of what is not paid yet and the season's age
   * checks from then on (both read the record when they run).
   */
  birth_date?: string | null;
  activity_ids: number[];
}

const toView = (row: EnrolmentRow, activities: EnrolmentActivityView[]): EnrolmentView => ({
  id: row.id,
  first_name: row.first_name,
  last_name: row.last_name,
  dni: row.dni,
  email: row.email,
  phone: row.phone,
  birth_date: row.birth_date,
  activities,
});

const auditView = (
  row: Pick<EnrolmentRow, 'first_name' | 'last_name' | 'dni' | 'email' | 'phone' | 'birth_date'>,
  activityIds: number[],
) => ({
  first_name: row.first_name,
  last_name: row.last_name,
  dni: auditDni(row.dni),
  email: row.email,
  phone: row.phone,
  birth_date: row.birth_date,
  activity_ids: [...activityIds].sort((a, b) => a - b),
});

export function createAdminEnrolmentsService(deps: {
  db: Database;
  enrolments: EnrolmentsRepo;
  activities: ActivitiesRepo;
  lists: Pick<StaffLists, 'enrolments'>;
  audit: AuditRepo;
  applications: Pick<ApplicationsRepo, 'waitingOf'>;
  quotes: Pick<FeeQuotes, 'mode' | 'prospective'>;
  clock: Clock;
  /** A member who leaves: the family differences their refund left now say they withdrew. */
  familyDifferences?: Pick<FamilyDifferences, 'memberWithdrawn'>;
}) {
  const { db, enrolments, activities, lists, audit } = deps;
  const fees = createEnrolmentFees(deps);

  /**
   * A person waiting for a place (waitlisted, or before the draw) is not enrolled by hand: the
   * link would ask them to pay for a place the season has not given them.
   */
  async function refuseWaiting(row: EnrolmentRow, added: number[]) {
    const waiting = (await deps.applications.waitingOf(row.id)).find((w) =>
      added.includes(w.activity_id),
    );
    if (waiting) {
      throw new DomainError('conflict', 'enrolment_waitlisted', {
        params: { person: `${row.first_name} ${row.last_name}`, activity: waiting.activity_name },
      });
    }
  }

  async function checked(input: EnrolmentInput) {
    const identity = checkIdentity(input);
    // invisible characters in the names never get here: http/validate.ts refuses them in any body
    const issues: ValidationIssue[] = [...identity.issues];
    const birthDate = input.birth_date;
    if (typeof birthDate === 'string' && !isValidBirthDate(birthDate, madridDate(deps.clock.now())))
      issues.push({
        loc: ['body', 'birth_date'],
        msg: 'invalid_birth_date',
        type: 'invalid_birth_date',
      });
    const activityIds = [...new Set(input.activity_ids)];
    for (const [index, id] of input.activity_ids.entries()) {
      if (!(await activities.findById(id))) {
        issues.push({
          loc: ['body', 'activity_ids', index],
          msg: 'unknown_activity',
          type: 'unknown_activity',
        });
      }
    }
    if (issues.length > 0) throw invalid(issues);
    return {
      fields: {
        first_name: cleanName(input.first_name),
        last_name: cleanName(input.last_name),
        dni: identity.dni,
        email: identity.email,
        phone: identity.phone,
      },
      birthDate,
      activityIds,
    };
  }

  /** A birth date on record is corrected, never removed: null over one is refused. */
  const birthDateKept = (birthDate: string | null | undefined, before: EnrolmentRow) => {
    if (birthDate === null && before.birth_date !== null) {
      throw invalid([
        {
          loc: ['body', 'birth_date'],
          msg: 'birth_date_not_removable',
          type: 'birth_date_not_removable',
        },
      ]);
    }
  };

  /** A new enrolment needs a DNI, and a DNI on record is never removed (only corrected). */
  const dniStillRequired = (dni: string | null, before: Pick<EnrolmentRow, 'dni'> | null) => {
    if (dni === null && (before === null || before.dni !== null)) {
      throw invalid([
        { loc: ['body', 'dni'], msg: 'complete_all_required_fields', type: 'missing' },
      ]);
    }
  };

  const guarded = async <T>(fn: () => Promise<T>): Promise<T> => {
    try {
      return await db.transaction(fn);
    } catch (err) {
      if (isUniqueViolation(err)) throw conflict('enrolment_exists');
      throw err;
    }
  };

  const view = async (id: number) => {
    const row = (await enrolments.findById(id)) as EnrolmentRow;
    const views = await fees.views(await enrolments.linksOf(id), [row]);
    return toView(row, views.get(id) ?? []);
  };

  return {
    /**
     * A page (or all) of the enrolments, each with its activities (read for that page only) and
     * what is paid and still to pay of each (per person under the council's rules: a page's only).
     */
    async list(request: ListRequest<EnrolmentSort>): Promise<ListResult<EnrolmentView>> {
      const { rows, total } = await lists.enrolments.page(request);
      const links = request.page
        ? await enrolments.linksOfMany(rows.map((row) => row.id))
        : await enrolments.allLinks();
      const views = await fees.views(links, request.page ? rows : null);
      return { rows: rows.map((row) => toView(row, views.get(row.id) ?? [])), total };
    },

    async create(actor: Actor, input: EnrolmentInput): Promise<SavedEnrolment> {
      dniStillRequired(input.dni, null);
      const checkedInput = await checked(input);
      const { activityIds } = checkedInput;
      const fields = { ...checkedInput.fields, birth_date: checkedInput.birthDate ?? null };
      return guarded(async () => {
        if (fields.dni !== null && (await enrolments.findByDni(fields.dni)))
          throw conflict('enrolment_exists');
        const id = await enrolments.insert(fields);
        for (const activityId of activityIds) await enrolments.addLink(id, activityId);
        await recordAdminWrite(audit, actor, 'enrolment.create', 'enrolment', id, {
          after: auditView(fields, activityIds),
        });
        return withWarnings(await view(id));
      });
    },

    /** Replaces data and activities; a paid activity can never be dropped. */
    async update(actor: Actor, id: number, input: EnrolmentInput): Promise<SavedEnrolment> {
      const { fields, birthDate, activityIds } = await checked(input);
      return guarded(async () => {
        const before = await enrolments.findById(id);
        if (!before) throw notFound();
        dniStillRequired(fields.dni, before);
        birthDateKept(birthDate, before);
        const after = { ...fields, birth_date: birthDate ?? before.birth_date };
        const other = fields.dni === null ? undefined : await enrolments.findByDni(fields.dni);
        if (other && other.id !== id) throw conflict('enrolment_exists');
        const links = await enrolments.linksOf(id);
        const linked = new Set(links.map((l) => l.activity_id));
        await refuseWaiting(
          before,
          activityIds.filter((a) => !linked.has(a)),
        );
        const wanted = new Set(activityIds);
        // a part paid counts: its money is on record
        if (links.some((l) => (l.is_paid === 1 || l.parts_paid > 0) && !wanted.has(l.activity_id)))
          throw conflict('has_paid_items');
        await enrolments.update(id, after);
        for (const link of links) {
          if (!wanted.has(link.activity_id))
            await enrolments.removeUnpaidLink(id, link.activity_id);
        }
        if (links.some((link) => !wanted.has(link.activity_id)))
          await deps.familyDifferences?.memberWithdrawn(id);
        for (const activityId of activityIds) await enrolments.addLink(id, activityId);
        await recordAdminWrite(
          audit,
          actor,
          'enrolment.update',
          'enrolment',
          id,
          changedFields(
            auditView(
              before,
              links.map((l) => l.activity_id),
            ),
            auditView(after, activityIds),
          ),
        );
        return withWarnings(await view(id));
      });
    },

    /** Refused while the person has paid activities, so the payment record keeps its person. */
    async remove(actor: Actor, id: number): Promise<void> {
      await db.transaction(async () => {
        const row = await enrolments.findById(id);
        if (!row) throw notFound();
        if ((await enrolments.countPaid(id)) > 0) {
          throw new DomainError('conflict', 'has_paid_items', {
            messageKey: 'enrolment_has_paid_items',
          });
        }
        const links = await enrolments.linksOf(id);
        await enrolments.delete(id);
        await recordAdminWrite(audit, actor, 'enrolment.delete', 'enrolment', id, {
          before: auditView(
            row,
            links.map((l) => l.activity_id),
          ),
        });
      });
    },
  };
}

export type AdminEnrolmentsService = ReturnType<typeof createAdminEnrolmentsService>;
