import { randomInt } from 'node:crypto';
import type { RedsysConfig } from '../../../config.js';
import {
  createSha256V1Signer,
  decodeMerchantParameters,
  encodeMerchantParameters,
  HMAC_SHA256_V1,
} from '../redsys-signer.js';
import { REFUND_ACCEPTED } from '../redsys-client.js';
import type { Clock } from '../../../lib/clock.js';
import { madridDateTime } from '../../../lib/madrid-date.js';

/** What the sandbox bank answered for an order: a payment ('0') or a refund ('3'). */
export interface SandboxTransaction {
  order_code: string;
  transaction_type: '0' | '3';
  amount_cents: number;
  response_code: string;
  authorisation_code: string | null;
  created_at: string;
  /** A payment's Ds_ProcessedPayMethod (68 Bizum, 1 card); null for a refund. */
  pay_method_code: string | null;
}

/**
 * Where the sandbox bank keeps its answers: the database, given by the composition root (an
 * adapter stays a leaf), so any process may be asked about an order.
 */
export interface SandboxLedger {
  record(row: SandboxTransaction): Promise<void>;
  /** The order's transactions in the order they happened, locked for the current transaction. */
  ofOrder(order: string): Promise<SandboxTransaction[]>;
}

const isAuthorised = (code: string) => /^\d{1,4}$/.test(code) && Number(code) <= 99;

const escapeXml = (text: string) =>
  text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');

/**
 * The bank side of the built-in sandbox gateway: it remembers what it answered for each order
 * (in the database, so any process may be asked) and answers Redsys's refund (REST,
 * trataPeticionREST) and transaction query (SOAP, consultaOperaciones) calls in Redsys's own
 * formats, checking their signatures. So the portal's Redsys client runs unchanged against it.
 */
export function createSandboxBank(deps: {
  /** Runs fn all-or-nothing, its reads of an order locked until it ends (the database's). */
  transaction: <T>(fn: () => Promise<T>) => Promise<T>;
  clock: Clock;
  redsys: RedsysConfig;
  transactions: SandboxLedger;
}) {
  const { clock, redsys, transactions } = deps;
  const signer = createSha256V1Signer(redsys.secret);

  return {
    /** Remembers the card page's answer for an order; returns the authorisation code given. */
    async recordPayment(
      order: string,
      amountCents: number,
      responseCode: string,
      payMethodCode: string,
    ): Promise<string | null> {
      const authorisationCode = isAuthorised(responseCode)
        ? String(randomInt(0, 1_000_000)).padStart(6, '0')
        : null;
      await transactions.record({
        order_code: order,
        transaction_type: '0',
        amount_cents: amountCents,
        response_code: responseCode,
        authorisation_code: authorisationCode,
        created_at: clock.now().toISOString(),
        pay_method_code: payMethodCode,
      });
      return authorisationCode;
    },

    /** POST …/rest/trataPeticionREST: a refund (transaction type 3) of an authorised order. */
    async rest(body: unknown): Promise<Record<string, string>> {
      const form = (body && typeof body === 'object' ? body : {}) as Record<string, unknown>;
      const encoded =
        typeof form.Ds_MerchantParameters === 'string' ? form.Ds_MerchantParameters : '';
      const params = decodeMerchantParameters(encoded);
      if (form.Ds_SignatureVersion !== HMAC_SHA256_V1 || !params) return { errorCode: 'SIS0430' };
      const order = params.DS_MERCHANT_ORDER ?? '';
      const signature = typeof form.Ds_Signature === 'string' ? form.Ds_Signature : '';
      if (!order || !signer.verify(encoded, order, signature)) return { errorCode: 'SIS0042' };
      if (params.DS_MERCHANT_MERCHANTCODE !== redsys.merchantCode) return { errorCode: 'SIS0026' };
      if (params.DS_MERCHANT_TRANSACTIONTYPE !== '3') return { errorCode: 'SIS0274' };
      const amount = params.DS_MERCHANT_AMOUNT ?? '';
      if (!/^\d{1,12}$/.test(amount) || Number(amount) <= 0) return { errorCode: 'SIS0019' };
      return deps.transaction(async (): Promise<Record<string, string>> => {
        const history = await transactions.ofOrder(order);
        const paid = history.find(
          (t) => t.transaction_type === '0' && isAuthorised(t.response_code),
        );
        if (!paid) return { errorCode: history.length ? 'SIS0056' : 'SIS0054' };
        const refunded = history
          .filter((t) => t.transaction_type === '3')
          .reduce((sum, t) => sum + t.amount_cents, 0);
        if (refunded + Number(amount) > paid.amount_cents) return { errorCode: 'SIS0057' };
        const now = clock.now();
        await transactions.record({
          order_code: order,
          transaction_type: '3',
          amount_cents: Number(amount),
          response_code: REFUND_ACCEPTED,
          authorisation_code: paid.authorisation_code,
          created_at: now.toISOString(),
          pay_method_code: null,
        });
        const { date, hour } = madridDateTime(now);
        const answer = encodeMerchantParameters({
          Ds_Amount: amount,
          Ds_Currency: '978',
          Ds_Order: order,
          Ds_MerchantCode: redsys.merchantCode,
          Ds_Terminal: redsys.terminal,
          Ds_Response: REFUND_ACCEPTED,
          Ds_AuthorisationCode: paid.authorisation_code ?? '',
          Ds_TransactionType: '3',
          Ds_SecurePayment: '0',
          Ds_Date: encodeURIComponent(date),
          Ds_Hour: encodeURIComponent(hour),
        });
        return {
          Ds_SignatureVersion: HMAC_SHA256_V1,
          Ds_MerchantParameters: answer,
          Ds_Signature: signer.sign(answer, order),
        };
      });
    },

    /** POST …/consulta: what happened to an order, as Redsys's query service answers. */
    async query(envelope: string): Promise<string> {
      const messages =
        /<cadenaXML>\s*<!\[CDATA\[([\s\S]*?)\]\]>\s*<\/cadenaXML>/.exec(envelope)?.[1] ?? '';
      const version = /<Version[\s\S]*<\/Version>/.exec(messages)?.[0] ?? '';
      const field = (name: string) =>
        new RegExp(`<${name}>([^<]*)</${name}>`).exec(version)?.[1] ?? '';
      const order = field('Ds_Order');
      const signature = /<Signature>([^<]*)<\/Signature>/.exec(messages)?.[1] ?? '';
      let inner: string;
      if (!order || !version || !signer.verify(version, order, signature)) {
        inner =
          '<Messages><Version Ds_Version="0.0"><Message><ErrorMsg><Ds_ErrorCode>XML0011</Ds_ErrorCode></ErrorMsg></Message></Version></Messages>';
      } else {
        const payment = (await transactions.ofOrder(order)).find((t) => t.transaction_type === '0');
        if (!payment) {
          inner =
            '<Messages><Version Ds_Version="0.0"><Message><ErrorMsg><Ds_ErrorCode>XML0024</Ds_ErrorCode></ErrorMsg></Message></Version></Messages>';
        } else {
          const { date, hour } = madridDateTime(new Date(payment.created_at));
          inner =
            '<Messages><Version Ds_Version="0.0"><Message><Response Ds_Version="0.0">' +
            `<Ds_MerchantCode>${escapeXml(redsys.merchantCode)}</Ds_MerchantCode>` +
            `<Ds_Terminal>${escapeXml(redsys.terminal)}</Ds_Terminal>` +
            `<Ds_Order>${escapeXml(order)}</Ds_Order>` +
            '<Ds_TransactionType>0</Ds_TransactionType>' +
            `<Ds_Date>${date}</Ds_Date><Ds_Hour>${hour}</Ds_Hour>` +
            `<Ds_Amount>${payment.amount_cents}</Ds_Amount><Ds_Currency>978</Ds_Currency>` +
            `<Ds_SecurePayment>${isAuthorised(payment.response_code) ? 1 : 0}</Ds_SecurePayment>` +
            '<Ds_State>F</Ds_State>' +
            `<Ds_Response>${escapeXml(payment.response_code)}</Ds_Response>` +
            `<Ds_AuthorisationCode>${escapeXml(payment.authorisation_code ?? '')}</Ds_AuthorisationCode>` +
            (payment.pay_method_code
              ? `<Ds_ProcessedPayMethod>${escapeXml(payment.pay_method_code)}</Ds_ProcessedPayMethod>`
              : '') +
            '</Response></Message></Version></Messages>';
        }
      }
      return (
        '<?xml version="1.0" encoding="UTF-8"?>' +
        '<soapenv:Envelope xmlns:soapenv="http://schemas.xmlsoap.org/soap/envelope/"><soapenv:Body>' +
        '<p259:consultaOperacionesResponse xmlns:p259="http://webservices.apl02.redsys.es">' +
        `<consultaOperacionesReturn>${escapeXml(inner)}</consultaOperacionesReturn>` +
        '</p259:consultaOperacionesResponse></soapenv:Body></soapenv:Envelope>'
      );
    },
  };
}

export type SandboxBank = ReturnType<typeof createSandboxBank>;
