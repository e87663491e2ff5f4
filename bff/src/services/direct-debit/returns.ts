import { createHash } from 'node:crypto';
import type { AuditRepo } from '../../data/audit-repo.js';
import type { ConfigRepo } from '../../data/config-repo.js';
import type { Database } from '../../data/database.js';
import type { MandatesRepo } from '../../data/mandates-repo.js';
import type { PaymentsRepo } from '../../data/payments-repo.js';
import type {
  DirectDebitReturnRow,
  RemittanceItemRow,
  RemittancesRepo,
} from '../../data/remittances-repo.js';
import type { Locale } from '../../i18n/index.js';
import type { Clock } from '../../lib/clock.js';
import { madridDate } from '../../lib/madrid-date.js';
import { centsToEuros } from '../../lib/money.js';
import { DomainError, notFound } from '../errors.js';
import { readBankAnswer } from './bank-answer.js';
import { reasonText } from './debits.js';
import type { DirectDebitNotifier } from './notify.js';
import { seasonStart } from './dates.js';

type Actor = { id: number; dni: string | null };

/** Reasons after which the fee is no longer collected on this mandate (the debit ends). */
export const ENDING_REASONS = new Set(['MD01', 'MS02', 'AC04', 'MD07']);
/** Returns of one mandate in a season after which it is suspended. */
export const RETURNS_TO_SUSPEND = 2;

const refused = (reason: string, params: Record<string, string | number> = {}) =>
  new DomainError('invalid', 'returns_file_invalid', {
    messageKey: `returns_file_invalid_${reason}`,
    params,
  });

export const returnView = (
  ret: DirectDebitReturnRow,
  item: Pick<RemittanceItemRow, 'end_to_end_id'>,
  locale: Locale,
) => ({
  item_id: ret.item_id,
  end_to_end_id: item.end_to_end_id,
  reason_code: ret.reason_code,
  reason: reasonText(locale, ret.reason_code),
  received_at: ret.received_at,
  file_type: ret.file_type,
  represent: ret.represent === 1,
});

/**
 * Staff hand in the bank's answer to a remittance (pain.002 or camt.054). The whole file is
 * checked first: not the bank's, or naming an end-to-end id of no item of this remittance, and it
 * is refused with the reason, nothing changed. Then each return is applied once (an item with a
 * return already is left as it is): the item is unpaid again (its payment failed, the part or fee
 * pending), the council's return fee becomes a line of its own, an AM04 is presented once more in
 * the next remittance, MD01/MS02/AC04/MD07 end the debit of that fee, a mandate with two returns
 * in the season is suspended, and the resident is told.
 */
export function createReturns(deps: {
  db: Database;
  clock: Clock;
  repo: RemittancesRepo;
  mandatesRepo: MandatesRepo;
  payments: PaymentsRepo;
  settings: ConfigRepo;
  audit: AuditRepo;
  notify: DirectDebitNotifier;
  /** Collects the remittance first if its date has come (a return follows a collection). */
  collect: (remittanceId: number) => Promise<boolean>;
}) {
  const { db, clock, repo, payments, audit } = deps;

  /** Undoes the payment that collected this item: failed, and its part or fee pending again. */
  async function unpay(item: RemittanceItemRow, reasonCode: string, nowIso: string) {
    if (item.payment_id === null) return;
    const payment = await payments.findById(item.payment_id, { lock: true });
    if (!payment) return;
    if (payment.status === 'paid' && item.kind === 'fee')
      for (const paid of await payments.items(payment.id)) await payments.unpayItem(paid);
    await payments.setStatus(payment.id, 'failed', nowIso, { responseCode: reasonCode });
  }

  return {
    async apply(
      actor: Actor,
      remittanceId: number,
      file: { bytes: Buffer },
      call: { locale: Locale; ip: string | null },
    ) {
      if (!(await repo.remittance(remittanceId))) throw notFound();
      if (file.bytes.length === 0) throw refused('empty');
      const answer = readBankAnswer(file.bytes.toString('utf8'));
      if (!answer.ok) throw refused(answer.reason);
      const items = new Map((await repo.items(remittanceId)).map((i) => [i.end_to_end_id, i]));
      for (const r of answer.returns)
        if (!items.has(r.endToEndId))
          throw refused('unknown_item', { id: r.endToEndId, remittance: remittanceId });
      await deps.collect(remittanceId);

      const config = await deps.settings.get();
      const now = clock.now();
      const nowIso = now.toISOString();
      const sha = createHash('sha256').update(file.bytes).digest('hex');
      const told: { userId: number | null; locale: Locale; params: Record<string, string> }[] = [];
      const outcome = await db.transaction(async () => {
        let applied = 0;
        let already = 0;
        const changes: Record<string, unknown>[] = [];
        for (const r of answer.returns) {
          const item = (await repo.item(items.get(r.endToEndId)!.id))!;
          if (item.status === 'returned' || (await repo.returnOfItem(item.id))) {
            already++;
            continue;
          }
          const presentedBefore = await repo.representedBefore(
            item.direct_debit_id,
            item.kind,
            item.part_number,
          );
          const represent = r.reasonCode === 'AM04' && !presentedBefore && item.kind === 'fee';
          const feeCents = item.kind === 'fee' ? config.direct_debit_return_fee_cents : 0;
          const from = item.status;
          if (!(await repo.setItemStatus(item.id, 'returned', from))) {
            already++;
            continue;
          }
          await unpay(item, r.reasonCode, nowIso);
          await repo.insertReturn({
            item_id: item.id,
            remittance_id: remittanceId,
            direct_debit_id: item.direct_debit_id,
            reason_code: r.reasonCode,
            file_type: answer.fileType,
            file_sha256: sha,
            represent: represent ? 1 : 0,
            fee_cents: feeCents,
            received_at: nowIso,
            actor_user_id: actor.id,
          });
          let debitEnded = false;
          if (ENDING_REASONS.has(r.reasonCode))
            debitEnded = await deps.mandatesRepo.endDebit(
              item.direct_debit_id,
              'ended',
              r.reasonCode,
              nowIso,
            );
          const inSeason = await repo.returnsOfMandateSince(
            item.mandate_id,
            seasonStart(madridDate(now)),
          );
          const suspended =
            inSeason >= RETURNS_TO_SUSPEND &&
            (await deps.mandatesRepo.setMandateStatus(item.mandate_id, 'suspended', nowIso));
          const mandate = (await deps.mandatesRepo.mandate(item.mandate_id))!;
          const owner = await repo.collectionOwner(item.id);
          const locale = mandate.locale;
          told.push({
            userId: owner?.user_id ?? null,
            locale,
            params: {
              name: item.activity_name,
              amount: centsToEuros(item.amount_cents).toFixed(2),
              reason: reasonText(locale, r.reasonCode),
            },
          });
          changes.push({
            item: item.id,
            end_to_end_id: item.end_to_end_id,
            reason: r.reasonCode,
            was: from,
            payment_id: item.payment_id,
            represent,
            fee_cents: feeCents,
            debit_ended: debitEnded,
            mandate_suspended: suspended,
          });
          applied++;
        }
        await audit.record({
          actorUserId: actor.id,
          actorDni: actor.dni,
          action: 'remittance.returns',
          entity: 'remittance',
          entityId: remittanceId,
          details: {
            file_type: answer.fileType,
            file_sha256: sha,
            applied,
            already_applied: already,
            returns: changes,
          },
          ip: call.ip,
        });
        return { applied, already };
      });
      for (const message of told)
        await deps.notify(message.userId, message.locale, 'returned', message.params);
      const returns = await repo.returnsOfRemittance(remittanceId);
      const byId = new Map([...items.values()].map((i) => [i.id, i]));
      const named = new Set(answer.returns.map((r) => r.endToEndId));
      return {
        file_type: answer.fileType,
        applied: outcome.applied,
        already_applied: outcome.already,
        returns: returns
          .filter((ret) => named.has(byId.get(ret.item_id)!.end_to_end_id))
          .map((ret) => returnView(ret, byId.get(ret.item_id)!, call.locale)),
      };
    },
  };
}

export type Returns = ReturnType<typeof createReturns>;
