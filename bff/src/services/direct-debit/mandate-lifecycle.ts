import type { AuditRepo } from '../../data/audit-repo.js';
import type { Database } from '../../data/database.js';
import type { MandateRow, MandatesRepo } from '../../data/mandates-repo.js';
import type { Clock } from '../../lib/clock.js';
import { addDays, addMonths, madridDate } from '../../lib/madrid-date.js';
import { dayMonthYear } from './dates.js';
import type { DirectDebitNotifier } from './notify.js';

/** A mandate with no collection for this many months lapses (SEPA Core rulebook). */
export const LAPSE_MONTHS = 36;
/**
 * A mandate's IBAN is kept this many months after its last debit (the refund window for an
 * unauthorised debit is 13 months), then erased once the mandate can no longer be used.
 */
export const KEEP_IBAN_MONTHS = 14;

/** The Madrid civil date a mandate was last used: its last collection, or its signature. */
export const lastUsedOn = (m: Pick<MandateRow, 'last_debit_on' | 'signed_at'>) =>
  m.last_debit_on ?? madridDate(new Date(m.signed_at));

/** A mandate's last collection or, when never used, the day it stopped being usable. */
const lastDebitOrEnd = (m: Pick<MandateRow, 'last_debit_on' | 'status_at' | 'signed_at'>) =>
  m.last_debit_on ?? madridDate(new Date(m.status_at ?? m.signed_at));

/**
 * What happens to a mandate with time (docs/direct-debit.md, "Mandates over time"):
 * - **lapse**: an active mandate whose last collection (or signature, when never used) was
 *   `LAPSE_MONTHS` months ago or more, in Europe/Madrid civil dates, lapses on that day: its fees
 *   not with the bank leave it (pending again, for card or Bizum), the resident is told, audited.
 *   A mandate with a debit in a remittance is being used: it does not lapse (its collection
 *   starts the months again).
 * - **IBAN erasure**: a mandate no longer usable (cancelled, suspended or lapsed) whose last
 *   debit (or its cancellation, suspension or lapse, when never used) is more than
 *   `KEEP_IBAN_MONTHS` months ago has its sealed IBAN erased; the masked one (country, check
 *   digits, last four) stays with the record, beside `iban_erased_at`. Audited.
 */
export function createMandateLifecycle(deps: {
  db: Database;
  clock: Clock;
  repo: MandatesRepo;
  audit: AuditRepo;
  notify: DirectDebitNotifier;
}) {
  const { db, clock, repo, audit } = deps;
  return {
    /** Lapses every mandate unused for 36 months: how many lapsed now. */
    async lapseUnused(): Promise<{ mandates_lapsed: number; direct_debits_ended: number }> {
      const now = clock.now();
      const nowIso = now.toISOString();
      const today = madridDate(now);
      // a few days' margin for month ends and signatures' UTC times; the Madrid dates decide
      const until = addDays(addMonths(today, -LAPSE_MONTHS), 3);
      const due = (await repo.lapseCandidates(until)).filter(
        (m) => addMonths(lastUsedOn(m), LAPSE_MONTHS) <= today,
      );
      let lapsed = 0;
      let ended = 0;
      for (const mandate of due) {
        const fees = await db.transaction(async () => {
          // sent to the bank since it was chosen: in use after all
          if (await repo.withTheBank(mandate.id)) return null;
          if (!(await repo.setMandateStatus(mandate.id, 'lapsed', nowIso))) return null;
          const names: string[] = [];
          const endedIds: number[] = [];
          for (const debit of await repo.debitsOfMandate(mandate.id)) {
            if (!(await repo.endDebit(debit.id, 'ended', 'mandate_lapsed', nowIso))) continue;
            endedIds.push(debit.id);
            const view = await repo.debitView(debit.id);
            if (view) names.push(`${view.activity_name} (${view.person_name})`);
          }
          await audit.record({
            actorUserId: null,
            actorDni: null,
            action: 'mandate.lapse',
            entity: 'mandate',
            entityId: mandate.id,
            details: {
              reference: mandate.reference,
              last_used_on: lastUsedOn(mandate),
              direct_debits_ended: endedIds,
            },
            ip: null,
          });
          return names;
        });
        if (fees === null) continue;
        lapsed++;
        ended += fees.length;
        await deps.notify(mandate.user_id, mandate.locale, 'lapsed', {
          reference: mandate.reference,
          date: dayMonthYear(lastUsedOn(mandate)),
          fees: fees.length > 0 ? fees.join(', ') : '—',
        });
      }
      return { mandates_lapsed: lapsed, direct_debits_ended: ended };
    },
    /** Erases the IBANs kept past their 14 months: how many were erased now. */
    async eraseIbans(): Promise<number> {
      const now = clock.now();
      const nowIso = now.toISOString();
      const today = madridDate(now);
      const until = addDays(addMonths(today, -KEEP_IBAN_MONTHS), 3);
      const due = (await repo.erasureCandidates(until)).filter(
        (m) => addMonths(lastDebitOrEnd(m), KEEP_IBAN_MONTHS) < today,
      );
      let erased = 0;
      for (const mandate of due)
        await db.transaction(async () => {
          if ((await repo.withTheBank(mandate.id)) || !(await repo.eraseIban(mandate.id, nowIso)))
            return;
          erased++;
          await audit.record({
            actorUserId: null,
            actorDni: null,
            action: 'mandate.iban_erase',
            entity: 'mandate',
            entityId: mandate.id,
            details: {
              reference: mandate.reference,
              status: mandate.status,
              iban: mandate.iban_masked,
              last_debit_on: mandate.last_debit_on,
              kept_since: lastDebitOrEnd(mandate),
            },
            ip: null,
          });
        });
      return erased;
    },
  };
}

export type MandateLifecycle = ReturnType<typeof createMandateLifecycle>;
