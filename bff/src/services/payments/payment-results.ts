import type { ApplicationsRepo } from '../../data/applications-repo.js';
import type { AuditRepo } from '../../data/audit-repo.js';
import type {
  PaymentItemRow,
  PaymentRow,
  PaymentsRepo,
  PaymentStatus,
} from '../../data/payments-repo.js';
import { parseParts } from '../fees/parts.js';
import { newVerificationCode } from '../../data/migrations/050-money-after-payment.js';
import { payMethodOfProcessedCode } from '../../adapters/payment-gateway/redsys-request.js';

/** What the gateway said about a payment, from its notification or its status query. */
export interface GatewayResult {
  authorised: boolean;
  responseCode: string;
  authorisationCode: string | null;
  /** The bank's own date and time, for reconciliation with its statements. */
  bankTime: string;
  /** Ds_ProcessedPayMethod as the bank gave it (68 Bizum); null when it did not say. */
  bankPayMethod: string | null;
}

export type ResultCode =
  | 'notification_applied'
  | 'notification_failed'
  | 'notification_duplicate'
  | 'notification_repeated'
  | 'notification_ignored';

export interface ResultOutcome {
  status: 'paid' | 'failed' | 'duplicate' | 'ignored';
  code: ResultCode;
  /** The payment became paid now (its confirmation e-mail may go once the transaction ends). */
  newlyPaid: boolean;
}

/**
 * Applies the gateway's answer to a stored payment: the one place where a payment becomes paid,
 * failed or a duplicate, whether the bank's notification said so or the status query found it
 * later. Runs inside the caller's transaction, with the payment's row locked; the same answer
 * applied twice changes nothing the second time.
 */
/**
 * Whether an item's parts are still the next ones due: the parts before them paid, none of them,
 * and the fee still split as when the payment began (staff cannot change parts once one is paid,
 * but could while this payment waited at the bank). A whole fee: always.
 */
function partsStillDue(item: PaymentItemRow, row: { parts: string; parts_paid: number }): boolean {
  if (item.part_from === null) return true;
  return row.parts_paid === item.part_from - 1 && parseParts(row.parts).length === item.part_of;
}

export function createPaymentResults(deps: {
  payments: PaymentsRepo;
  audit: AuditRepo;
  applications: Pick<ApplicationsRepo, 'confirmPaid'>;
  /** In the same transaction, once the items are paid (family-differences.ts). */
  afterPaid?: (items: PaymentItemRow[], now: string) => Promise<void>;
  /** Items that pay a family difference instead of a fee (family-differences.ts). */
  differences?: {
    stillOpen: (item: PaymentItemRow) => Promise<boolean>;
    payItem: (item: PaymentItemRow, now: string) => Promise<boolean>;
  };
}) {
  const { payments, audit } = deps;

  async function changeStatus(
    payment: PaymentRow,
    to: PaymentStatus,
    nowIso: string,
    result: GatewayResult,
    source: 'notification' | 'reconciliation',
    ip: string | null,
    details: Record<string, unknown>,
    verificationCode: string | null = null,
  ) {
    // the bank's word on how it was paid wins over the choice made at checkout; a code the
    // portal does not know is kept as it came (and audited below), never refused
    const bankPayMethod = result.bankPayMethod?.trim().slice(0, 16) || null;
    const payMethod = bankPayMethod ? payMethodOfProcessedCode(bankPayMethod) : null;
    await payments.setStatus(payment.id, to, nowIso, {
      responseCode: result.responseCode,
      authorisationCode: result.authorisationCode,
      payMethod,
      bankPayMethod,
      verificationCode,
      ...(to === 'paid' ? { paidAt: nowIso } : {}),
    });
    if (bankPayMethod && !payMethod) {
      await audit.record({
        actorUserId: null,
        actorDni: null,
        action: 'payment.pay_method_unknown',
        entity: 'payment',
        entityId: payment.id,
        details: {
          order: payment.order_code,
          bank_pay_method: bankPayMethod,
          pay_method: payment.pay_method,
          source,
        },
        ip,
      });
    }
    await audit.record({
      actorUserId: null,
      actorDni: null,
      action: `payment.${to}`,
      entity: 'payment',
      entityId: payment.id,
      details: {
        order: payment.order_code,
        from: payment.status,
        to,
        response_code: result.responseCode,
        amount_cents: payment.amount_cents,
        source,
        bank_time: result.bankTime,
        pay_method: payMethod ?? payment.pay_method,
        bank_pay_method: bankPayMethod,
        ...details,
      },
      ip,
    });
  }

  return {
    async apply(
      payment: PaymentRow,
      result: GatewayResult,
      nowIso: string,
      source: 'notification' | 'reconciliation',
      ip: string | null,
    ): Promise<ResultOutcome> {
      if (!result.authorised) {
        if (payment.status === 'pending') {
          await changeStatus(payment, 'failed', nowIso, result, source, ip, {});
          return { status: 'failed', code: 'notification_failed', newlyPaid: false };
        }
        return payment.status === 'failed'
          ? { status: 'failed', code: 'notification_repeated', newlyPaid: false }
          : { status: 'ignored', code: 'notification_ignored', newlyPaid: false };
      }
      if (payment.status === 'paid' || payment.status === 'duplicate') {
        return { status: payment.status, code: 'notification_repeated', newlyPaid: false };
      }
      // pending, or expired unanswered: the money was taken; pay the items if nobody else has
      if (payment.status === 'pending' || payment.status === 'expired') {
        const items = await payments.items(payment.id);
        const isDifference = (item: PaymentItemRow) => item.family_difference_id !== null;
        // one read, locked in activity order, as every payment locks them
        const rows = await payments.lockEnrolledPairs(items.filter((item) => !isDifference(item)));
        const blocked = [];
        for (const item of items) {
          // a family difference leaves its fee paid as it was: it is due while still open
          if (isDifference(item)) {
            if (!(await deps.differences!.stillOpen(item))) blocked.push(item);
            continue;
          }
          const row = rows.find(
            (one) => one.enrolment_id === item.enrolment_id && one.activity_id === item.activity_id,
          );
          if (!row || row.is_paid === 1 || !partsStillDue(item, row)) blocked.push(item);
        }
        if (blocked.length === 0) {
          for (const item of items) {
            if (isDifference(item)) {
              if (!(await deps.differences!.payItem(item, nowIso)))
                throw new Error('family difference changed inside the transaction');
              continue;
            }
            if (!(await payments.markItemPaid(item, nowIso)))
              throw new Error('item changed inside the transaction');
            // an offered place, paid: the season's application is confirmed
            const confirmed = await deps.applications.confirmPaid(
              item.enrolment_id,
              item.activity_id,
              nowIso,
            );
            if (confirmed) {
              await audit.record({
                actorUserId: null,
                actorDni: null,
                action: 'application.confirmed',
                entity: 'application',
                entityId: confirmed.id,
                details: {
                  code: confirmed.code,
                  activity_id: item.activity_id,
                  from: 'offered',
                  to: 'confirmed',
                  payment_id: payment.id,
                },
                ip,
              });
            }
          }
          await deps.afterPaid?.(
            items.filter((item) => !isDifference(item)),
            nowIso,
          );
          // the receipt's check code with the status: one write of the payment's row
          await changeStatus(
            payment,
            'paid',
            nowIso,
            result,
            source,
            ip,
            { activity_ids: items.map((item) => item.activity_id) },
            newVerificationCode(),
          );
          return { status: 'paid', code: 'notification_applied', newlyPaid: true };
        }
        await changeStatus(payment, 'duplicate', nowIso, result, source, ip, {
          reason: 'items_already_paid',
          activity_ids: blocked.map((item) => item.activity_id),
        });
      } else {
        // superseded or failed: money was taken for an order that no longer stands
        await changeStatus(payment, 'duplicate', nowIso, result, source, ip, {
          reason: `paid_after_${payment.status}`,
        });
      }
      return { status: 'duplicate', code: 'notification_duplicate', newlyPaid: false };
    },
  };
}

export type PaymentResults = ReturnType<typeof createPaymentResults>;
