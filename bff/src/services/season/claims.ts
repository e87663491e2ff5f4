import type { MailSender } from '../../adapters/mail/mail-sender.js';
import type { SmsSender } from '../../adapters/sms/sms-sender.js';
import type { ApplicationsRepo, SeasonActivityRow } from '../../data/applications-repo.js';
import type { AuditRepo } from '../../data/audit-repo.js';
import type { ClaimRow, ClaimsRepo, ClaimWithPerson } from '../../data/claims-repo.js';
import type { ConfigRepo } from '../../data/config-repo.js';
import type { Database } from '../../data/database.js';
import type { DrawsRepo } from '../../data/draws-repo.js';
import { isUniqueViolation } from '../../data/engines.js';
import type { PersonMergeRepo } from '../../data/person-merge-repo.js';
import type { PersonsRepo } from '../../data/persons-repo.js';
import type { ExclusionReason } from '../../data/schema.js';
import { t } from '../../i18n/index.js';
import type { Clock } from '../../lib/clock.js';
import { cleanText, fullName } from '../../lib/clean-name.js';
import { addDays, madridDate, madridDateTime } from '../../lib/madrid-date.js';
import type { Logger } from '../../logger.js';
import type { Actor as StaffActor } from '../admin/audit-trail.js';
import { conflict, invalid, notFound } from '../errors.js';
import type { Actor, CallContext } from '../residents/context.js';
import { likelyDuplicates } from './duplicates.js';
import type { StatusActor } from './places.js';

/** The instant a Madrid civil day ends: 23:59:59.999 of `date` in Europe/Madrid. */
export function madridDayEnd(date: string): string {
  const next = addDays(date, 1);
  const utcMidnight = Date.parse(`${next}T00:00:00Z`);
  // Madrid is one or two hours ahead of UTC, and clocks never change at midnight
  for (const hours of [1, 2]) {
    const candidate = new Date(utcMidnight - hours * 3_600_000);
    if (madridDate(candidate) === next && madridDateTime(candidate).hour === '00:00')
      return new Date(candidate.getTime() - 1).toISOString();
  }
  throw new Error(`no Madrid midnight found for ${next}`);
}

/**
 * The end of an activity's claims period: 23:59:59 (Madrid) of the `claims_days`-th civil day
 * after the day its applications close; null without a provisional list.
 */
export function claimsUntil(
  activity: Pick<SeasonActivityRow, 'claims_days' | 'applications_close_at' | 'allocation'>,
): string | null {
  if (activity.allocation !== 'lottery' || activity.claims_days === null) return null;
  if (activity.applications_close_at === null) return null;
  const closeDay = madridDate(new Date(activity.applications_close_at));
  return madridDayEnd(addDays(closeDay, activity.claims_days));
}

/**
 * Whether the activity's provisional list is published at `at`: a lottery with a claims period,
 * from the close of its applications until its draw (`GET /draws/{id}/provisional` answers it).
 */
export function provisionalListPublished(
  activity: Pick<SeasonActivityRow, 'claims_days' | 'applications_close_at' | 'allocation'>,
  drawnAt: string | null | undefined,
  at: string,
): boolean {
  if (claimsUntil(activity) === null || drawnAt) return false;
  return activity.applications_close_at !== null && at >= activity.applications_close_at;
}

type Applied = Awaited<ReturnType<ClaimsRepo['applied']>>[number];

/** Why an application is excluded, or null: outside the window, age, then duplicate. */
function exclusionOf(
  activity: SeasonActivityRow,
  row: Pick<Applied, 'id' | 'created_at' | 'birth_date'>,
  duplicates: ReadonlySet<number>,
): ExclusionReason | null {
  const { applications_open_at: open, applications_close_at: close } = activity;
  if ((open !== null && row.created_at < open) || (close !== null && row.created_at >= close))
    return 'out_of_window';
  const { min_birth_year: from, max_birth_year: to } = activity;
  if (from !== null || to !== null) {
    if (!row.birth_date) return 'age';
    const year = Number(row.birth_date.slice(0, 4));
    if ((from !== null && year < from) || (to !== null && year > to)) return 'age';
  }
  if (duplicates.has(row.id)) return 'duplicate';
  return null;
}

export const toClaimView = (row: ClaimRow) => ({
  id: row.id,
  application_id: row.application_id,
  reason: row.reason,
  text: row.text,
  status: row.status,
  reply: row.reply,
  created_at: row.created_at,
  resolved_at: row.resolved_at,
});

const toAdminClaim = (row: ClaimWithPerson) => ({
  ...toClaimView(row),
  code: row.code,
  person_name: fullName(row),
  dni: row.dni,
  birth_date: row.birth_date,
});

/**
 * The provisional list and its claims: which applications of a lottery with a claims period are
 * admitted and which excluded (and why), residents' claims about their own, staff's answers
 * (told to the resident), and what the draw needs: whether it may run, and the admitted only.
 */
export function createClaims(deps: {
  db: Database;
  clock: Clock;
  applications: ApplicationsRepo;
  claims: ClaimsRepo;
  draws: Pick<DrawsRepo, 'find'>;
  /** The pairs staff marked "different people" (never excluded as duplicates). */
  merges: Pick<PersonMergeRepo, 'distinctAmong'>;
  persons: Pick<PersonsRepo, 'findLinked'>;
  audit: AuditRepo;
  settings: Pick<ConfigRepo, 'get'>;
  sms: SmsSender;
  mail: MailSender;
  council: { name: string; smsSender: string };
  publicUrl: string;
  logger: Logger;
}) {
  const { db, clock, applications, claims } = deps;

  /** The activity's applied applications, split into admitted and excluded (with the reason). */
  async function split(activity: SeasonActivityRow) {
    const rows = await claims.applied(activity.id);
    const admittedByClaim = await claims.admittedByClaim([activity.id]);
    // of each likely pair, the newer application is the duplicate
    const duplicates = new Set(
      (await likelyDuplicates({ applications, merges: deps.merges }, activity.id)).map(
        ({ persons: [a, b] }) => {
          const newer =
            a.application.created_at > b.application.created_at ||
            (a.application.created_at === b.application.created_at &&
              a.application.id > b.application.id)
              ? a
              : b;
          return newer.application.id;
        },
      ),
    );
    const admitted: Applied[] = [];
    const excluded: { row: Applied; reason: ExclusionReason }[] = [];
    for (const row of rows) {
      const reason = admittedByClaim.has(row.id) ? null : exclusionOf(activity, row, duplicates);
      if (reason) excluded.push({ row, reason });
      else admitted.push(row);
    }
    return { admitted, excluded };
  }

  /** The list is published from the close to the draw, for a lottery with a claims period. */
  async function published(activity: SeasonActivityRow | undefined) {
    const until = activity ? claimsUntil(activity) : null;
    if (!activity || until === null) return null;
    const now = clock.now().toISOString();
    const drawnAt = (await deps.draws.find(activity.id))?.drawn_at;
    if (!provisionalListPublished(activity, drawnAt, now)) return null;
    return { activity, until, open: now <= until };
  }

  /** Why the draw of this activity cannot run yet (a refusal), or null. */
  async function drawBlocker(activity: SeasonActivityRow) {
    const until = claimsUntil(activity);
    if (until === null) return null;
    if (clock.now().toISOString() <= until) {
      const end = madridDateTime(new Date(until));
      return conflict('claims_period_open', { until: `${end.date} ${end.hour}` });
    }
    const open = await claims.countOpen(activity.id);
    return open > 0 ? conflict('claims_unresolved', { count: open }) : null;
  }

  async function tell(claimId: number, decision: 'admitted' | 'kept', reason: ExclusionReason) {
    const to = await claims.contactOf(claimId);
    if (!to) return;
    const reply = (await claims.findWithPerson(claimId))?.reply ?? '';
    const params = {
      council: deps.council.name,
      activity: to.activity_name,
      person: fullName(to),
      code: to.code,
      reply,
      reason: t(to.locale, `exclusion_${reason}`),
      url: `${deps.publicUrl}/dashboard`,
    };
    const { reminder_channel: channel } = await deps.settings.get();
    try {
      if (channel !== 'sms' && to.email) {
        await deps.mail.send({
          to: to.email,
          subject: t(to.locale, `claim_${decision}_mail_subject`, params),
          text: t(to.locale, `claim_${decision}_mail_body`, params),
          senderName: deps.council.name,
        });
      }
      if (channel !== 'email') {
        await deps.sms.send(
          to.phone,
          t(to.locale, `claim_${decision}_sms`, params),
          'season',
          deps.council.smsSender || undefined,
        );
      }
    } catch (err) {
      deps.logger.error('claim answer message failed', { claim_id: claimId, error: String(err) });
    }
  }

  return {
    /** `GET /draws/{id}/provisional`: codes only. */
    async publicList(activityId: number) {
      const list = await published(await applications.findActivity(activityId));
      if (!list) throw notFound('provisional_list_not_found');
      const { admitted, excluded } = await split(list.activity);
      // a joint application's members share one code: it is admitted when any member is
      const admittedCodes = [...new Set(admitted.map((row) => row.code))];
      const taken = new Set(admittedCodes);
      const excludedByCode = new Map<string, ExclusionReason>();
      for (const { row, reason } of excluded)
        if (!taken.has(row.code) && !excludedByCode.has(row.code))
          excludedByCode.set(row.code, reason);
      return {
        activity_id: list.activity.id,
        activity_name: list.activity.name,
        applications_close_at: list.activity.applications_close_at ?? '',
        claims_until: list.until,
        claims_open: list.open,
        admitted: admittedCodes,
        excluded: [...excludedByCode].map(([code, reason]) => ({ code, reason })),
      };
    },

    /** The caller's applications on published lists, and any with a claim. */
    async mine(actor: Actor) {
      const rows = await applications.listForUser(actor.id);
      const latest = await claims.latestOf(rows.map((row) => row.id));
      const lists = new Map<number, Awaited<ReturnType<typeof published>>>();
      const splits = new Map<number, Map<number, ExclusionReason>>();
      const entries = [];
      for (const row of rows) {
        if (!lists.has(row.activity_id))
          lists.set(
            row.activity_id,
            await published(await applications.findActivity(row.activity_id)),
          );
        const list = lists.get(row.activity_id) ?? null;
        const claim = latest.get(row.id) ?? null;
        if (!claim && !row.excluded_reason && !(list && row.status === 'applied')) continue;
        let reason: ExclusionReason | null = row.excluded_reason;
        if (list && row.status === 'applied') {
          if (!splits.has(row.activity_id)) {
            const { excluded } = await split(list.activity);
            splits.set(row.activity_id, new Map(excluded.map((e) => [e.row.id, e.reason])));
          }
          reason = splits.get(row.activity_id)?.get(row.id) ?? null;
        }
        const activity = list?.activity ?? (await applications.findActivity(row.activity_id));
        entries.push({
          application_id: row.id,
          code: row.code,
          activity_id: row.activity_id,
          activity_name: row.activity_name,
          person_name: fullName(row),
          excluded_reason: reason,
          claims_until: (activity && claimsUntil(activity)) ?? '',
          claims_open: list?.open ?? false,
          claim: claim ? toClaimView(claim) : null,
        });
      }
      return entries.filter((entry) => entry.claims_until !== '');
    },

    /** A resident's claim about an excluded application of a person they manage. */
    async claim(actor: Actor, applicationId: number, input: { text: string }, call: CallContext) {
      const text = cleanText(input.text);
      if (text === null)
        throw invalid([
          { loc: ['body', 'text'], msg: 'claim_text_required', type: 'claim_text_required' },
        ]);
      try {
        return await db.transaction(async () => {
          const application = await applications.findById(applicationId);
          if (!application || !(await deps.persons.findLinked(actor.id, application.enrolment_id)))
            throw notFound();
          const list = await published(await applications.lockActivity(application.activity_id));
          if (!list?.open) throw conflict('claims_closed');
          if (application.status !== 'applied') throw notFound();
          const { excluded } = await split(list.activity);
          const reason = excluded.find((e) => e.row.id === application.id)?.reason;
          if (!reason) throw conflict('not_excluded');
          if (await claims.findOpen(application.id)) throw conflict('claim_open');
          const row = await claims.insert({
            application_id: application.id,
            user_id: actor.id,
            reason,
            text,
            created_at: clock.now().toISOString(),
          });
          await deps.audit.record({
            actorUserId: actor.id,
            actorDni: actor.dni,
            action: 'claim.sent',
            entity: 'application',
            entityId: application.id,
            details: { claim_id: row.id, code: application.code, reason },
            ip: call.ip,
          });
          return toClaimView(row);
        });
      } catch (err) {
        // two claims at once: the second meets the one-open-claim index
        if (isUniqueViolation(err)) throw conflict('claim_open');
        throw err;
      }
    },

    /** Staff's list of an activity's claims. */
    async ofActivity(activityId: number) {
      const activity = await applications.findActivity(activityId);
      if (!activity) throw notFound();
      const rows = await claims.ofActivity(activityId);
      return {
        claims_days: activity.allocation === 'lottery' ? activity.claims_days : null,
        claims_until: claimsUntil(activity),
        open: rows.filter((row) => row.status === 'open').length,
        claims: rows.map(toAdminClaim),
      };
    },

    /** Staff answer a claim: admitted to the list or kept excluded; audited; the resident told. */
    async resolve(
      actor: StaffActor,
      claimId: number,
      input: { decision: 'admit' | 'keep'; reply: string },
    ) {
      const reply = cleanText(input.reply);
      if (reply === null)
        throw invalid([
          { loc: ['body', 'reply'], msg: 'claim_reply_required', type: 'claim_reply_required' },
        ]);
      const status = input.decision === 'admit' ? 'admitted' : 'kept';
      const claim = await db.transaction(async () => {
        const found = await claims.findWithPerson(claimId);
        if (!found) throw notFound();
        await applications.lockActivity(found.activity_id);
        if ((await deps.draws.find(found.activity_id))?.drawn_at) throw conflict('already_drawn');
        const at = clock.now().toISOString();
        if (!(await claims.resolve(claimId, { status, reply, by: actor.id, at })))
          throw conflict('claim_resolved');
        await deps.audit.record({
          actorUserId: actor.id,
          actorDni: actor.dni,
          action: 'claim.resolved',
          entity: 'application',
          entityId: found.application_id,
          details: { claim_id: claimId, code: found.code, reason: found.reason, decision: status },
          ip: actor.ip,
        });
        return found;
      });
      await tell(claimId, status, claim.reason);
      const answered = await claims.findWithPerson(claimId);
      if (!answered) throw notFound();
      return toAdminClaim(answered);
    },

    /** What the draws need (services/season/draws.ts). */
    admission: {
      /** Staff's draw: refused while the claims period lasts or a claim is unanswered. */
      async check(activity: SeasonActivityRow): Promise<void> {
        const blocker = await drawBlocker(activity);
        if (blocker) throw blocker;
      },

      /** The job's draws: those whose claims period is over with every claim answered. */
      async drawable<T extends { activity: SeasonActivityRow }>(due: readonly T[]): Promise<T[]> {
        const ready: T[] = [];
        for (const d of due) if (!(await drawBlocker(d.activity))) ready.push(d);
        return ready;
      },

      /** The applications an activity's provisional list leaves out of its draw (none without one). */
      async leftOut(activity: SeasonActivityRow): Promise<Set<number>> {
        if (claimsUntil(activity) === null) return new Set();
        return new Set((await split(activity)).excluded.map(({ row }) => row.id));
      },

      /**
       * The applications a draw ranks: of an activity with a provisional list, the admitted only;
       * the excluded leave the draw (withdrawn, their reason kept, each audited).
       */
      async admitted<T extends { id: number; activity_id: number }>(
        activities: readonly SeasonActivityRow[],
        rows: readonly T[],
        actor: StatusActor,
        now: Date,
      ): Promise<T[]> {
        const out = new Set<number>();
        for (const activity of activities) {
          if (claimsUntil(activity) === null) continue;
          const { excluded } = await split(activity);
          await claims.exclude(
            excluded.map(({ row, reason }) => ({ id: row.id, reason })),
            now.toISOString(),
          );
          for (const { row, reason } of excluded) {
            out.add(row.id);
            await deps.audit.record({
              actorUserId: actor.userId,
              actorDni: actor.dni,
              action: 'application.excluded',
              entity: 'application',
              entityId: row.id,
              details: { activity_id: activity.id, code: row.code, reason },
              ip: actor.ip,
            });
          }
        }
        return rows.filter((row) => !out.has(row.id));
      },
    },
  };
}

export type Claims = ReturnType<typeof createClaims>;
export type DrawAdmission = Claims['admission'];
