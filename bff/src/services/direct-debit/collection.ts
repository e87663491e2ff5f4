import type { AuditRepo } from '../../data/audit-repo.js';
import type { Database } from '../../data/database.js';
import type { MandatesRepo } from '../../data/mandates-repo.js';
import { newVerificationCode } from '../../data/migrations/050-money-after-payment.js';
import type { PaymentsRepo } from '../../data/payments-repo.js';
import type {
  CollectionOwner,
  RemittanceItemRow,
  RemittancesRepo,
} from '../../data/remittances-repo.js';
import { t, type Locale } from '../../i18n/index.js';
import type { Clock } from '../../lib/clock.js';
import { madridDate } from '../../lib/madrid-date.js';
import { drawOrderCode } from '../payments/order-code.js';

/** Items collected in one transaction (see `collect`). */
export const COLLECTED_PER_TRANSACTION = 500;

/**
 * On its collection date a remittance's items are collected: each becomes a paid payment like a
 * card's (`pay_method` direct_debit, gateway `sepa`, its receipt mailed by the receipts' job),
 * a part of a fee pays that part (`parts_paid`, `is_paid` with the last one). A return fee's item
 * is paid too, without touching the enrolment. An item the bank rejected before (pain.002) stays
 * returned. Runs as the `direct-debit-collection` job and before a remittance is read.
 */
export function createCollection(deps: {
  db: Database;
  clock: Clock;
  repo: RemittancesRepo;
  mandatesRepo: MandatesRepo;
  payments: PaymentsRepo;
  audit: AuditRepo;
  creditorId: string | null;
  /** Items a transaction (tests make it small); COLLECTED_PER_TRANSACTION by default. */
  perTransaction?: number;
}) {
  const perTransaction = deps.perTransaction ?? COLLECTED_PER_TRANSACTION;
  const { db, clock, repo, payments } = deps;

  /**
   * One step's items collected, set-based: their payments in one insert (already paid, each with
   * its receipt's code), their lines in one, the fees they pay marked paid in one update a round
   * (one round unless a fee has several parts in the step), those paid some other way meanwhile
   * kept as duplicates in one, the items marked collected in one. The statements grow with the
   * steps, not with the items. The payments' ids, in the items' order.
   */
  async function collectItems(
    items: readonly RemittanceItemRow[],
    owners: ReadonlyMap<number, CollectionOwner>,
    now: Date,
  ): Promise<number[]> {
    const nowIso = now.toISOString();
    // an item whose debit and mandate are gone has no one to pay for: it stays with the bank
    const owned = items.flatMap((item) => {
      const owner = owners.get(item.id);
      return owner ? [{ item, owner }] : [];
    });
    const paymentOf = new Map<number, number>();
    let waiting = owned;
    for (let attempt = 0; waiting.length > 0; attempt++) {
      if (attempt === 10) throw new Error('Could not find free order numbers');
      const orders = new Set<string>();
      const codes = new Set<string>();
      const drawn = waiting.map((entry) => {
        let order = drawOrderCode(now);
        while (orders.has(order)) order = drawOrderCode(now);
        orders.add(order);
        let code = newVerificationCode();
        while (codes.has(code)) code = newVerificationCode();
        codes.add(code);
        return { ...entry, order, code };
      });
      const ids = await payments.insertPaidPayments(
        drawn.map(({ item, owner, order, code }) => ({
          order_code: order,
          locale: owner.locale,
          user_id: owner.user_id,
          enrolment_id: item.enrolment_id,
          person_name: item.person_name,
          person_dni: owner.person_dni ?? '',
          amount_cents: item.amount_cents,
          gateway: 'sepa' as const,
          merchant_code: deps.creditorId ?? '',
          terminal: item.end_to_end_id,
          pay_method: 'direct_debit' as const,
          verification_code: code,
        })),
        nowIso,
      );
      // an order number taken meanwhile stored nothing: those draw another
      waiting = [];
      for (const entry of drawn) {
        const id = ids.get(entry.order);
        if (id === undefined) waiting.push(entry);
        else paymentOf.set(entry.item.id, id);
      }
    }
    const lines = owned.map(({ item, owner }) => {
      const isFee = item.kind === 'fee';
      return {
        payment_id: paymentOf.get(item.id)!,
        enrolment_id: item.enrolment_id,
        activity_id: item.activity_id,
        activity_name: isFee
          ? item.activity_name
          : t(owner.locale as Locale, 'direct_debit_return_fee_line', { name: item.activity_name }),
        amount_cents: item.amount_cents,
        // as a card payment's item: the registration fee with part 1 (or the whole fee) and, for
        // a part, the fee it is a share of and what was left after it, as the bank was asked for
        registration_fee_cents: isFee ? item.registration_fee_cents : 0,
        fee_cents: isFee ? item.fee_cents : null,
        remaining_cents: isFee ? item.remaining_cents : null,
        person_name: item.person_name,
        breakdown: item.breakdown,
        part_from: isFee ? item.part_number : null,
        part_to: isFee ? item.part_number : null,
        part_of: isFee ? item.part_of : null,
        refund_id: null,
        // a family difference is paid by card or Bizum only (docs/fees.md)
        family_difference_id: null,
        family_difference_member: null,
      };
    });
    await payments.insertItems(lines);
    // a return fee's item pays no fee; a fee paid some other way meanwhile (the desk, a card):
    // the money came all the same, kept as a duplicate
    const fees = lines.filter((_, index) => owned[index]!.item.kind === 'fee');
    const applied = await payments.markItemsPaid(fees, nowIso);
    await payments.markDuplicates(
      fees.filter((line) => !applied.has(line.payment_id)).map((line) => line.payment_id),
    );
    await repo.setItemsCollected(owned.map(({ item }) => [item.id, paymentOf.get(item.id)!]));
    return owned.map(({ item }) => paymentOf.get(item.id)!);
  }

  /**
   * Collects one remittance if its date has come; false when it was not due or was collected.
   * `perTransaction` items a transaction (500), so a remittance of thousands never holds the
   * writer (SQLite) or its rows (PostgreSQL) for long: each step locks the remittance, takes the
   * next items still with the bank after the last one it saw, collects them; the last step marks
   * the remittance collected, its mandates' last debit and audits. A process that stops halfway
   * leaves the remittance `sent` with some items collected; the next run goes on from there.
   */
  async function collect(remittanceId: number): Promise<boolean> {
    const now = clock.now();
    const nowIso = now.toISOString();
    const today = madridDate(now);
    const paid: number[] = [];
    let after = 0;
    for (;;) {
      let stepPaid: number[] = [];
      let next = after;
      const step = await db.transaction(async () => {
        const remittance = await repo.remittance(remittanceId, { lock: true });
        if (!remittance || remittance.status !== 'sent' || remittance.collection_date > today)
          return 'not_due' as const;
        const items = await repo.itemsWithTheBank(remittanceId, after, perTransaction);
        const owners = await repo.collectionOwners(items.map((i) => i.id));
        // kept apart until the step commits: a step run again (a deadlock's victim) counts once
        const ids = await collectItems(items, owners, now);
        if (items.length === perTransaction) {
          stepPaid = ids;
          next = items.at(-1)!.id;
          return 'more' as const;
        }
        if (!(await repo.markCollected(remittanceId, nowIso))) return 'not_due' as const;
        await deps.mandatesRepo.markDebited(
          await repo.mandatesDebited(remittanceId),
          remittance.collection_date,
        );
        await deps.audit.record({
          actorUserId: null,
          actorDni: null,
          action: 'remittance.collected',
          entity: 'remittance',
          entityId: remittanceId,
          details: { collection_date: remittance.collection_date, payments: [...paid, ...ids] },
          ip: null,
        });
        return 'done' as const;
      });
      paid.push(...stepPaid);
      after = next;
      if (step !== 'more') return step === 'done';
    }
  }

  return {
    collect,
    /** Every remittance whose collection date has come: how many were collected now. */
    async collectDue(): Promise<{ remittances_collected: number }> {
      const due = await repo.dueForCollection(madridDate(clock.now()));
      let collected = 0;
      for (const remittance of due) if (await collect(remittance.id)) collected++;
      return { remittances_collected: collected };
    },
  };
}

export type Collection = ReturnType<typeof createCollection>;
