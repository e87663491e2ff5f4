import {
  decodeEncodedField,
  decodeMerchantParameters,
  signerFor,
} from '../../adapters/payment-gateway/redsys-signer.js';
import type { AuditRepo } from '../../data/audit-repo.js';
import type { Database } from '../../data/database.js';
import type { PaymentRow, PaymentsRepo, PaymentStatus } from '../../data/payments-repo.js';
import type { Clock } from '../../lib/clock.js';
import { ORDER_CODE_PATTERN } from './order-code.js';

export type NotificationOutcome =
  | { ok: true; status: 'paid' | 'failed' | 'duplicate' | 'ignored'; code: string }
  | { ok: false; code: RejectionCode };

export type RejectionCode =
  | 'malformed_notification'
  | 'bad_signature'
  | 'unknown_order'
  | 'amount_mismatch'
  | 'currency_mismatch'
  | 'merchant_mismatch'
  | 'terminal_mismatch';

const MAX_STORED = 8192;

/** Whether a Ds_Response code means authorised (0000-0099). */
export function isAuthorised(responseCode: string): boolean {
  return /^\d{1,4}$/.test(responseCode) && Number(responseCode) <= 99;
}

/** Keeps stored text free of anything that looks like a card number (13-19 digits in a row). */
function redact(text: string): string {
  return text.slice(0, MAX_STORED).replace(/\d{13,19}/g, '[redacted]');
}

const asText = (value: unknown): string | null => (typeof value === 'string' ? value : null);

/**
 * Redsys server-to-server notifications. Every one received is recorded, good or bad. Only a
 * well-formed, correctly signed notification whose order, amount, currency, merchant code and
 * terminal match a stored payment changes anything, once, inside one transaction.
 */
export function createNotificationService(deps: {
  db: Database;
  clock: Clock;
  secret: string;
  payments: PaymentsRepo;
  audit: AuditRepo;
}) {
  const { db, clock, payments, audit } = deps;

  async function record(
    nowIso: string,
    fields: {
      payment?: PaymentRow | undefined;
      order?: string | null;
      signatureOk: boolean;
      response?: string | null;
      amount?: string | null;
      outcome: string;
      parameters: string | null;
      ip: string | null;
    },
  ) {
    await payments.recordNotification({
      payment_id: fields.payment?.id ?? null,
      order_code: fields.order ? fields.order.slice(0, 64) : null,
      signature_ok: fields.signatureOk,
      response_code: fields.response ? fields.response.slice(0, 16) : null,
      amount_cents:
        fields.amount && /^\d{1,12}$/.test(fields.amount) ? Number(fields.amount) : null,
      outcome: fields.outcome,
      parameters: fields.parameters === null ? null : redact(fields.parameters),
      ip: fields.ip,
      now: nowIso,
    });
  }

  async function changeStatus(
    payment: PaymentRow,
    to: PaymentStatus,
    nowIso: string,
    extra: { responseCode: string; authorisationCode: string | null; paidAt?: string },
    ip: string | null,
    details: Record<string, unknown>,
  ) {
    await payments.setStatus(payment.id, to, nowIso, extra);
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
        response_code: extra.responseCode,
        amount_cents: payment.amount_cents,
        source: 'notification',
        ...details,
      },
      ip,
    });
  }

  return {
    async receive(body: unknown, ip: string | null): Promise<NotificationOutcome> {
      const nowIso = clock.now().toISOString();
      const form = body && typeof body === 'object' ? (body as Record<string, unknown>) : {};
      const version = asText(form.Ds_SignatureVersion);
      const rawParams = asText(form.Ds_MerchantParameters);
      const signature = asText(form.Ds_Signature);

      const reject = async (
        code: RejectionCode,
        extra: Parameters<typeof record>[1],
      ): Promise<NotificationOutcome> => {
        await record(nowIso, extra);
        return { ok: false, code };
      };

      if (
        !version ||
        !rawParams ||
        !signature ||
        rawParams.length > MAX_STORED ||
        signature.length > 256
      ) {
        return reject('malformed_notification', {
          signatureOk: false,
          outcome: 'malformed',
          parameters: rawParams,
          ip,
        });
      }
      const params = decodeMerchantParameters(rawParams);
      const signer = signerFor(version, deps.secret);
      const order = params?.Ds_Order ?? null;
      if (!params || !signer || !order || !ORDER_CODE_PATTERN.test(order) || order.length < 4) {
        return reject('malformed_notification', {
          order,
          signatureOk: false,
          outcome: 'malformed',
          parameters: params ? JSON.stringify(params) : rawParams,
          ip,
        });
      }
      const stored = JSON.stringify(params);
      if (!signer.verify(rawParams, order, signature)) {
        return reject('bad_signature', {
          order,
          signatureOk: false,
          response: params.Ds_Response ?? null,
          amount: params.Ds_Amount ?? null,
          outcome: 'bad_signature',
          parameters: stored,
          ip,
        });
      }
      const response = params.Ds_Response ?? '';
      const amount = params.Ds_Amount ?? '';
      if (!/^\d{1,4}$/.test(response) || !/^\d{1,12}$/.test(amount)) {
        return reject('malformed_notification', {
          order,
          signatureOk: true,
          response,
          amount,
          outcome: 'malformed',
          parameters: stored,
          ip,
        });
      }

      return db.transaction(async (): Promise<NotificationOutcome> => {
        // a second notification for this order (a retry, another process) waits here
        const payment = await payments.findByOrder(order, { lock: true });
        const base = {
          payment,
          order,
          signatureOk: true,
          response,
          amount,
          parameters: stored,
          ip,
        };
        if (!payment) {
          await record(nowIso, { ...base, outcome: 'unknown_order' });
          return { ok: false, code: 'unknown_order' };
        }
        const mismatch = findMismatch(payment, params, amount);
        if (mismatch) {
          await record(nowIso, { ...base, outcome: mismatch });
          return { ok: false, code: mismatch };
        }

        const authorisationCode = (params.Ds_AuthorisationCode ?? '').trim().slice(0, 16) || null;
        const extra = { responseCode: response, authorisationCode };
        // the bank's own time, for reconciliation; Redsys may URL-encode these two inside the JSON
        const bankTime =
          `${decodeEncodedField(params.Ds_Date) ?? ''} ${decodeEncodedField(params.Ds_Hour) ?? ''}`.trim();

        if (!isAuthorised(response)) {
          if (payment.status === 'pending') {
            await changeStatus(payment, 'failed', nowIso, extra, ip, { bank_time: bankTime });
            await record(nowIso, { ...base, outcome: 'failed' });
            return { ok: true, status: 'failed', code: 'notification_failed' };
          }
          const repeated = payment.status === 'failed';
          await record(nowIso, { ...base, outcome: repeated ? 'repeated' : 'ignored' });
          return repeated
            ? { ok: true, status: 'failed', code: 'notification_repeated' }
            : { ok: true, status: 'ignored', code: 'notification_ignored' };
        }

        if (payment.status === 'paid' || payment.status === 'duplicate') {
          await record(nowIso, { ...base, outcome: 'repeated' });
          return { ok: true, status: payment.status, code: 'notification_repeated' };
        }
        if (payment.status === 'pending') {
          const items = await payments.items(payment.id);
          const blocked = [];
          for (const item of items) {
            // locked in activity order (items come sorted), as every payment locks them
            const row = await payments.findEnrolledActivity(item.enrolment_id, item.activity_id, {
              lock: true,
            });
            if (!row || row.is_paid === 1) blocked.push(item);
          }
          if (blocked.length === 0) {
            for (const item of items) {
              if (!(await payments.markItemPaid(item, nowIso)))
                throw new Error('item changed inside the transaction');
            }
            await changeStatus(payment, 'paid', nowIso, { ...extra, paidAt: nowIso }, ip, {
              bank_time: bankTime,
              activity_ids: items.map((item) => item.activity_id),
            });
            await record(nowIso, { ...base, outcome: 'paid' });
            return { ok: true, status: 'paid', code: 'notification_applied' };
          }
          await changeStatus(payment, 'duplicate', nowIso, extra, ip, {
            bank_time: bankTime,
            reason: 'items_already_paid',
            activity_ids: blocked.map((item) => item.activity_id),
          });
        } else {
          // superseded or failed: money was taken for an order that no longer stands
          await changeStatus(payment, 'duplicate', nowIso, extra, ip, {
            reason: `paid_after_${payment.status}`,
          });
        }
        await record(nowIso, { ...base, outcome: 'duplicate' });
        return { ok: true, status: 'duplicate', code: 'notification_duplicate' };
      });
    },
  };
}

function findMismatch(
  payment: PaymentRow,
  params: Record<string, string>,
  amount: string,
): Extract<RejectionCode, `${string}_mismatch`> | null {
  if (Number(amount) !== payment.amount_cents) return 'amount_mismatch';
  if (params.Ds_Currency !== '978') return 'currency_mismatch';
  if ((params.Ds_MerchantCode ?? '').trim() !== payment.merchant_code) return 'merchant_mismatch';
  // Redsys sends the terminal as "1" or "001"
  const terminal = (params.Ds_Terminal ?? '').trim();
  if (!/^\d{1,3}$/.test(terminal) || Number(terminal) !== Number(payment.terminal))
    return 'terminal_mismatch';
  return null;
}
