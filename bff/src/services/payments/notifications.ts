import {
  decodeEncodedField,
  decodeMerchantParameters,
  signerFor,
} from '../../adapters/payment-gateway/redsys-signer.js';
import type { Database } from '../../data/database.js';
import type { PaymentRow, PaymentsRepo } from '../../data/payments-repo.js';
import type { GatewayResult, PaymentResults, ResultCode } from './payment-results.js';
import type { Clock } from '../../lib/clock.js';
import { ORDER_CODE_PATTERN } from './order-code.js';

export type NotificationOutcome =
  | {
      ok: true;
      status: 'paid' | 'failed' | 'duplicate' | 'ignored';
      code: ResultCode;
      paymentId: number;
      /** The payment became paid with this notification. */
      newlyPaid: boolean;
    }
  | { ok: false; code: RejectionCode };

/** How each result is written in the notification's record. */
const RECORDED: Record<ResultCode, string> = {
  notification_applied: 'paid',
  notification_failed: 'failed',
  notification_duplicate: 'duplicate',
  notification_repeated: 'repeated',
  notification_ignored: 'ignored',
};

export type RejectionCode =
  | 'malformed_notification'
  | 'bad_signature'
  | 'unknown_order'
  | 'amount_mismatch'
  | 'currency_mismatch'
  | 'merchant_mismatch'
  | 'terminal_mismatch';

const MAX_STORED = 8192;
/**
 * Of a notification that fails its signature only this much is kept: enough to tell what was
 * sent, not a way for anyone to fill the disk (they are public requests).
 */
export const MAX_STORED_REJECTED = 256;
/** Rejected notifications are kept this long for inspection, then pruned. */
export const REJECTED_KEPT_DAYS = 30;

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
  results: PaymentResults;
}) {
  const { db, clock, payments, results } = deps;

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
      parameters:
        fields.parameters === null
          ? null
          : redact(fields.parameters).slice(
              0,
              fields.signatureOk ? MAX_STORED : MAX_STORED_REJECTED,
            ),
      ip: fields.ip,
      now: nowIso,
    });
  }

  return {
    /**
     * Whether the body is a well-formed notification whose signature verifies with the council's
     * key: such a notification is always processed, never throttled (docs/security.md).
     */
    signatureVerifies(body: unknown): boolean {
      const parsed = parseNotification(body, deps.secret);
      return parsed.ok && parsed.signer.verify(parsed.rawParams, parsed.order, parsed.signature);
    },

    async receive(body: unknown, ip: string | null): Promise<NotificationOutcome> {
      const nowIso = clock.now().toISOString();

      const reject = async (
        code: RejectionCode,
        extra: Parameters<typeof record>[1],
      ): Promise<NotificationOutcome> => {
        await record(nowIso, extra);
        return { ok: false, code };
      };

      const parsed = parseNotification(body, deps.secret);
      if (!parsed.ok) {
        return reject('malformed_notification', {
          order: parsed.order,
          signatureOk: false,
          outcome: 'malformed',
          parameters: parsed.parameters,
          ip,
        });
      }
      const { params, signer, order, rawParams, signature } = parsed;
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

        const result: GatewayResult = {
          authorised: isAuthorised(response),
          responseCode: response,
          authorisationCode: (params.Ds_AuthorisationCode ?? '').trim().slice(0, 16) || null,
          // the bank's own time; Redsys may URL-encode these two inside the JSON
          bankTime:
            `${decodeEncodedField(params.Ds_Date) ?? ''} ${decodeEncodedField(params.Ds_Hour) ?? ''}`.trim(),
          // how it was paid (68 Bizum), stored as it came whatever it says
          bankPayMethod: params.Ds_ProcessedPayMethod ?? null,
        };
        const outcome = await results.apply(payment, result, nowIso, 'notification', ip);
        await record(nowIso, { ...base, outcome: RECORDED[outcome.code] });
        return {
          ok: true,
          status: outcome.status,
          code: outcome.code,
          paymentId: payment.id,
          newlyPaid: outcome.newlyPaid,
        };
      });
    },
  };
}

type ParsedNotification =
  | { ok: false; order: string | null; parameters: string | null }
  | {
      ok: true;
      params: Record<string, string>;
      signer: NonNullable<ReturnType<typeof signerFor>>;
      order: string;
      rawParams: string;
      signature: string;
    };

/** The notification's three fields read and decoded, its signature not yet checked. */
function parseNotification(body: unknown, secret: string): ParsedNotification {
  const form = body && typeof body === 'object' ? (body as Record<string, unknown>) : {};
  const version = asText(form.Ds_SignatureVersion);
  const rawParams = asText(form.Ds_MerchantParameters);
  const signature = asText(form.Ds_Signature);
  if (
    !version ||
    !rawParams ||
    !signature ||
    rawParams.length > MAX_STORED ||
    signature.length > 256
  ) {
    return { ok: false, order: null, parameters: rawParams };
  }
  const params = decodeMerchantParameters(rawParams);
  const signer = signerFor(version, secret);
  const order = params?.Ds_Order ?? null;
  if (!params || !signer || !order || !ORDER_CODE_PATTERN.test(order) || order.length < 4) {
    return { ok: false, order, parameters: params ? JSON.stringify(params) : rawParams };
  }
  return { ok: true, params, signer, order, rawParams, signature };
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
