import { refuseByAge } from './ages.js';
import type { AuditRepo } from '../../data/audit-repo.js';
import type {
  CircumstanceRequestRow,
  CircumstancesRepo,
  RequestWithNames,
} from '../../data/circumstances-repo.js';
import type { Database } from '../../data/database.js';
import type { RequestFilter, StaffLists } from '../../data/lists/index.js';
import type { PersonsRepo } from '../../data/persons-repo.js';
import type { Locale } from '../../data/schema.js';
import type { Clock } from '../../lib/clock.js';
import { madridDate } from '../../lib/madrid-date.js';
import { auditDni, recordAdminWrite, type Actor } from '../admin/audit-trail.js';
import { conflict, invalid, notFound } from '../errors.js';
import type { Decision, DecisionMessages } from './decision-messages.js';
import type { DocumentFile, DocumentVault } from './documents.js';
import type { HouseholdRequests } from './household.js';
import type { OwedBackMessage } from './owed-back-message.js';
import { checkValidUntil, staffView, statusOf, type RefusalCode } from './views.js';

const ACTION_OF: Record<Decision, string> = {
  approved: 'circumstance.approve',
  refused: 'circumstance.refuse',
  withdrawn: 'circumstance.withdraw',
};

export interface RefusalInput {
  reason_code?: RefusalCode | null;
  reason?: string | null;
}

/**
 * Staff's side: the review queue, the documents, the decisions (approve until a date, refuse
 * with a reason, withdraw an approval in force), each audited and told to the resident in their
 * language, and an approval recorded at the counter without a document.
 */
export function createCircumstanceReview(deps: {
  db: Database;
  repo: CircumstancesRepo;
  lists: Pick<StaffLists, 'circumstanceRequests'>;
  persons: Pick<PersonsRepo, 'findById'>;
  vault: DocumentVault;
  messages: DecisionMessages;
  /** What a fee in parts owes back once a reduction changes it after parts were paid. */
  owedBack?: Pick<OwedBackMessage, 'afterDecision'>;
  audit: AuditRepo;
  clock: Clock;
  household: Pick<HouseholdRequests, 'views'>;
}) {
  const { db, repo, vault, audit, clock } = deps;

  /** Staff's view, with the people of a household request. */
  async function viewOf(row: RequestWithNames, locale: Locale, day: string) {
    const view = staffView(row, locale, day);
    const household = (await deps.household.views([row])).get(row.household_id ?? 0);
    return household ? { ...view, ...household } : view;
  }

  /**
   * A decision is one for the whole household: the first row and every other row still in the
   * state it was decided from (people staff removed read withdrawn and stay so).
   */
  async function decideAll(
    row: CircumstanceRequestRow,
    from: CircumstanceRequestRow['status'],
    fields: Parameters<CircumstancesRepo['decide']>[2],
    now: string,
  ) {
    await repo.decide(row.id, from, fields, now);
    if (row.household_id !== row.id) return;
    for (const other of await repo.householdRows([row.id]))
      if (other.id !== row.id && other.status === from)
        await repo.decide(other.id, from, fields, now);
  }
  const today = () => madridDate(clock.now());

  /**
   * What the fees in parts owe back, worked out again for everyone the decision reached (a
   * household's people each hold the approval).
   */
  async function owedBackAfter(row: RequestWithNames) {
    if (!deps.owedBack) return;
    await deps.owedBack.afterDecision(row);
    if (row.household_id !== row.id) return;
    for (const other of await repo.householdRows([row.id])) {
      if (other.id === row.id || other.status !== row.status) continue;
      const decided = await repo.findRequest(other.id);
      if (decided) await deps.owedBack.afterDecision(decided);
    }
  }

  async function found(id: number): Promise<RequestWithNames> {
    const row = await repo.findRequest(id);
    if (!row) throw notFound();
    return row;
  }

  /**
   * A decision on one request: locked, checked, written and audited in one transaction; the
   * resident is told once it is committed.
   */
  async function decide(
    actor: Actor,
    id: number,
    decision: Decision,
    write: (row: CircumstanceRequestRow, now: Date) => Promise<Record<string, unknown>>,
    locale: Locale,
  ) {
    await db.transaction(async () => {
      const row = await repo.lockRequest(id);
      if (!row) throw notFound();
      // a household is decided by its first row, the one the queue lists
      if (row.household_id !== null && row.household_id !== row.id) throw notFound();
      const details = await write(row, clock.now());
      await recordAdminWrite(audit, actor, ACTION_OF[decision], 'circumstance_request', id, {
        enrolment_id: row.enrolment_id,
        circumstance_id: row.circumstance_id,
        ...details,
      });
    });
    const row = await found(id);
    await deps.messages.tell(row, decision);
    if (decision !== 'refused') await owedBackAfter(row);
    return viewOf(row, locale, today());
  }

  return {
    /** The queue (status pending) and the history, oldest first, paged like the other lists. */
    async list(
      request: Parameters<StaffLists['circumstanceRequests']['page']>[0],
      status: RequestFilter | null,
      locale: Locale,
    ) {
      const day = today();
      const { rows, total } = await deps.lists.circumstanceRequests.page(request, status, day);
      const households = await deps.household.views(rows);
      return {
        rows: rows.map((row) => {
          const view = staffView(row, locale, day);
          const household = households.get(row.household_id ?? 0);
          return household ? { ...view, ...household } : view;
        }),
        total,
      };
    },

    /** A request's document for staff (audited: it may show health or income). */
    async document(actor: Actor, id: number): Promise<DocumentFile> {
      const row = await found(id);
      // a household's document is kept on its first row
      const file = await vault.read(row.household_id ?? id);
      if (!file) throw notFound();
      await recordAdminWrite(
        audit,
        actor,
        'circumstance.document_viewed',
        'circumstance_request',
        id,
        {
          enrolment_id: row.enrolment_id,
        },
      );
      return file;
    },

    approve(actor: Actor, id: number, validUntil: string, locale: Locale) {
      checkValidUntil(validUntil, today());
      return decide(
        actor,
        id,
        'approved',
        async (row, now) => {
          if (row.status !== 'pending') throw conflict('request_decided');
          await decideAll(
            row,
            'pending',
            {
              status: 'approved',
              valid_until: validUntil,
              reason_code: null,
              reason: null,
              decided_by: actor.id,
              decided_at: now.toISOString(),
            },
            now.toISOString(),
          );
          await vault.scheduleDeletion(id, now);
          return { valid_until: validUntil };
        },
        locale,
      );
    },

    refuse(actor: Actor, id: number, input: RefusalInput, locale: Locale) {
      const reasonCode = input.reason_code ?? null;
      const reason = input.reason?.normalize('NFC').trim() || null;
      if (reasonCode === null && reason === null)
        throw invalid([
          { loc: ['body', 'reason'], msg: 'refusal_reason_required', type: 'missing' },
        ]);
      return decide(
        actor,
        id,
        'refused',
        async (row, now) => {
          if (row.status !== 'pending') throw conflict('request_decided');
          await decideAll(
            row,
            'pending',
            {
              status: 'refused',
              valid_until: null,
              reason_code: reasonCode,
              reason,
              decided_by: actor.id,
              decided_at: now.toISOString(),
            },
            now.toISOString(),
          );
          await vault.scheduleDeletion(id, now);
          return { reason_code: reasonCode, reason };
        },
        locale,
      );
    },

    /** Only an approval in force; fees already paid do not change. */
    withdraw(actor: Actor, id: number, locale: Locale) {
      return decide(
        actor,
        id,
        'withdrawn',
        async (row, now) => {
          if (statusOf(row, madridDate(now)) !== 'approved') throw conflict('not_approved');
          await decideAll(
            row,
            'approved',
            {
              status: 'withdrawn',
              valid_until: row.valid_until,
              reason_code: null,
              reason: null,
              decided_by: actor.id,
              decided_at: now.toISOString(),
            },
            now.toISOString(),
          );
          return { valid_until: row.valid_until };
        },
        locale,
      );
    },

    /** A household request with its people (after staff add or remove one). */
    async view(id: number, locale: Locale) {
      return viewOf(await found(id), locale, today());
    },

    /** Seen at the counter: approved until a date, without a document. */
    async record(
      actor: Actor,
      personId: number,
      input: { circumstance_id: number; valid_until: string },
      locale: Locale,
    ) {
      const now = clock.now();
      const day = madridDate(now);
      const person = await deps.persons.findById(personId);
      if (!person) throw notFound();
      const circumstance = await repo.find(input.circumstance_id);
      if (!circumstance)
        throw invalid([
          {
            loc: ['body', 'circumstance_id'],
            msg: 'circumstance_unknown',
            type: 'circumstance_unknown',
          },
        ]);
      refuseByAge(circumstance);
      checkValidUntil(input.valid_until, day);
      const id = await db.transaction(async () => {
        await db.lock(`circumstances:person:${person.id}`);
        if (await repo.inForce(person.id, circumstance.id, day)) throw conflict('already_approved');
        // a resident's request waiting for review is decided in the queue, not beside it
        if (await repo.pendingOf(person.id, circumstance.id)) throw conflict('request_pending');
        const id = await repo.insertRequest({
          enrolment_id: person.id,
          circumstance_id: circumstance.id,
          user_id: null,
          source: 'counter',
          status: 'approved',
          valid_until: input.valid_until,
          reason_code: null,
          reason: null,
          locale: 'es',
          decided_by: actor.id,
          created_at: now.toISOString(),
          decided_at: now.toISOString(),
          updated_at: now.toISOString(),
        });
        await recordAdminWrite(audit, actor, 'circumstance.record', 'circumstance_request', id, {
          enrolment_id: person.id,
          dni: auditDni(person.dni),
          circumstance_id: circumstance.id,
          valid_until: input.valid_until,
        });
        return id;
      });
      const row = await found(id);
      await deps.owedBack?.afterDecision(row);
      return staffView(row, locale, day);
    },
  };
}

export type CircumstanceReview = ReturnType<typeof createCircumstanceReview>;
