import type { RedsysConfig } from '../../../config.js';
import { decodeMerchantParameters, encodeMerchantParameters, signerFor } from '../redsys-signer.js';
import type { Locale } from '../../../i18n/index.js';
import { madridDateTime } from '../../../lib/madrid-date.js';
import {
  BIZUM_PAYMETHODS,
  BIZUM_PROCESSED_CODE,
  localeForConsumerLanguage,
} from '../redsys-request.js';
import type { RedirectFields } from '../redsys-request.js';

/** The published Redsys test card; any other card, CVV 999 or a past expiry is denied. */
export const TEST_CARD = {
  number: '4548810000000003',
  expiry: '12/49',
  cvv: '123',
  denyCvv: '999',
} as const;

/**
 * Redsys's Bizum test environment takes this mobile (design/redsys.md); the sandbox approves it
 * and refuses any other well-formed Spanish mobile with 9966, as a number without Bizum would be.
 */
export const BIZUM_TEST_MOBILE = '+34 700000000';

/**
 * Bizum's amount limits per operation: 0,50 € to 1.000 €, common to every bank since May 2023
 * (uppers.es, 2023-05-08, "a partir de ahora se podrá pagar hasta 1.000 euros en todos los
 * bancos… la cantidad mínima… seguirá siendo de 50 céntimos"; the Banco de España's notes say
 * the same, each bank may set lower ones). Mollie's Bizum page (docs.mollie.com/docs/bizum) gives
 * 0,50 € to 2.000 € for merchants through its gateway; the sandbox keeps the stricter, common one.
 */
export const BIZUM_LIMITS_CENTS = { min: 50, max: 100_000 } as const;

/** Redsys's answer for a Bizum payment refused (by the bank, the user or the limits). */
export const BIZUM_REFUSED = '9966';

/** A Spanish mobile (6xx or 7xx, nine digits) with an optional +34 / 0034, else null. */
export function normaliseBizumMobile(input: string): string | null {
  const digits = input.replace(/[\s.-]/g, '').replace(/^(\+34|0034)/, '');
  return /^[67]\d{8}$/.test(digits) ? `+34 ${digits}` : null;
}

export interface SandboxOrder {
  fields: RedirectFields;
  params: Record<string, string>;
  order: string;
  amountCents: number;
  description: string;
  locale: Locale;
  urlOk: string;
  urlKo: string;
  /** DS_MERCHANT_PAYMETHODS=z: the Bizum page instead of the card page. */
  bizum: boolean;
}

/**
 * Checks the signed fields the browser posted, as Redsys would: supported version, parameters
 * decodable, signature valid for the order inside. Null when anything is off.
 */
export function readSignedOrder(
  redsys: RedsysConfig,
  publicUrl: string,
  form: unknown,
): SandboxOrder | null {
  const body = form && typeof form === 'object' ? (form as Record<string, unknown>) : {};
  const version = body.Ds_SignatureVersion;
  const raw = body.Ds_MerchantParameters;
  const signature = body.Ds_Signature;
  if (typeof version !== 'string' || typeof raw !== 'string' || typeof signature !== 'string')
    return null;
  const signer = signerFor(version, redsys.secret);
  const params = decodeMerchantParameters(raw);
  const order = params?.DS_MERCHANT_ORDER;
  const amount = params?.DS_MERCHANT_AMOUNT;
  if (!signer || !params || !order || !amount || !/^\d{1,12}$/.test(amount)) return null;
  if (!signer.verify(raw, order, signature)) return null;
  return {
    fields: { Ds_SignatureVersion: version, Ds_MerchantParameters: raw, Ds_Signature: signature },
    params,
    order,
    amountCents: Number(amount),
    description: params.DS_MERCHANT_PRODUCTDESCRIPTION ?? '',
    locale: localeForConsumerLanguage(params.DS_MERCHANT_CONSUMERLANGUAGE),
    // only back to this portal: the test secret is public, so signed URLs elsewhere are not trusted
    urlOk: sameOrigin(params.DS_MERCHANT_URLOK, publicUrl) ?? `${publicUrl}/pago-ok`,
    urlKo: sameOrigin(params.DS_MERCHANT_URLKO, publicUrl) ?? `${publicUrl}/pago-ko`,
    bizum: params.DS_MERCHANT_PAYMETHODS === BIZUM_PAYMETHODS,
  };
}

function sameOrigin(url: string | undefined, publicUrl: string): string | null {
  if (!url) return null;
  try {
    return new URL(url).origin === new URL(publicUrl).origin ? url : null;
  } catch {
    return null;
  }
}

/** The bank's answer to what was typed: the test card approves unless CVV 999 or expired. */
export function decide(
  input: {
    decision: string;
    cardNumber?: string | undefined;
    expiry?: string | undefined;
    cvv?: string | undefined;
  },
  now: Date,
): { approved: boolean; responseCode: string } {
  if (input.decision !== 'approve') return { approved: false, responseCode: '0190' };
  const card = (input.cardNumber ?? '').replace(/[\s-]/g, '');
  const cvv = (input.cvv ?? '').trim();
  if (card !== TEST_CARD.number || !/^\d{3,4}$/.test(cvv))
    return { approved: false, responseCode: '0190' };
  if (cvv === TEST_CARD.denyCvv) return { approved: false, responseCode: '0129' };
  const expiry = /^(\d{2})\/(\d{2})$/.exec((input.expiry ?? '').trim());
  const month = Number(expiry?.[1]);
  const year = 2000 + Number(expiry?.[2]);
  if (!expiry || month < 1 || month > 12) return { approved: false, responseCode: '0101' };
  const madrid = madridDateTime(now);
  if (year < madrid.year || (year === madrid.year && month < madrid.month)) {
    return { approved: false, responseCode: '0101' };
  }
  return { approved: true, responseCode: '0000' };
}

/**
 * The bank's answer to a Bizum confirmation: approved only for the test mobile and an amount
 * within Bizum's limits; a decline, another mobile or an amount outside them is 9966.
 */
export function decideBizum(input: {
  decision: string;
  mobile?: string | undefined;
  amountCents: number;
}): { approved: boolean; responseCode: string } {
  const refused = { approved: false, responseCode: BIZUM_REFUSED };
  if (input.decision !== 'approve') return refused;
  if (normaliseBizumMobile(input.mobile ?? '') !== BIZUM_TEST_MOBILE) return refused;
  if (input.amountCents < BIZUM_LIMITS_CENTS.min || input.amountCents > BIZUM_LIMITS_CENTS.max)
    return refused;
  return { approved: true, responseCode: '0000' };
}

/** Ds_ProcessedPayMethod the sandbox reports: 68 for Bizum, 1 (a Visa Secure card) otherwise. */
export const processedPayMethod = (order: Pick<SandboxOrder, 'bizum'>) =>
  order.bizum ? BIZUM_PROCESSED_CODE : '1';

/**
 * The notification Redsys would send for this order and answer, signed with the configured
 * secret. Like Redsys, Ds_Date and Ds_Hour travel URL-encoded inside the JSON.
 */
export function buildNotification(
  redsys: RedsysConfig,
  order: SandboxOrder,
  answer: {
    approved: boolean;
    responseCode: string;
    authorisationCode: string | null;
    /** Overrides the method the sandbox reports (tests of an unknown code). */
    payMethodCode?: string;
  },
  now: Date,
): RedirectFields {
  const madrid = madridDateTime(now);
  const params: Record<string, string> = {
    Ds_Date: encodeURIComponent(madrid.date),
    Ds_Hour: encodeURIComponent(madrid.hour),
    Ds_SecurePayment: answer.approved ? '1' : '0',
    Ds_Amount: String(order.amountCents),
    Ds_Currency: order.params.DS_MERCHANT_CURRENCY ?? '978',
    Ds_Order: order.order,
    Ds_MerchantCode: order.params.DS_MERCHANT_MERCHANTCODE ?? '',
    Ds_Terminal: (order.params.DS_MERCHANT_TERMINAL ?? '1').padStart(3, '0'),
    Ds_Response: answer.responseCode,
    Ds_MerchantData: order.params.DS_MERCHANT_MERCHANTDATA ?? '',
    Ds_TransactionType: order.params.DS_MERCHANT_TRANSACTIONTYPE ?? '0',
    Ds_ConsumerLanguage: order.params.DS_MERCHANT_CONSUMERLANGUAGE ?? '1',
    Ds_AuthorisationCode: answer.authorisationCode ?? '',
    Ds_ProcessedPayMethod: answer.payMethodCode ?? processedPayMethod(order),
  };
  const signer = signerFor('HMAC_SHA256_V1', redsys.secret);
  if (!signer) throw new Error('HMAC_SHA256_V1 signer missing');
  const encoded = encodeMerchantParameters(params);
  return {
    Ds_SignatureVersion: signer.version,
    Ds_MerchantParameters: encoded,
    // Redsys signs notifications in Base64URL
    Ds_Signature: signer.sign(encoded, order.order).replace(/\+/g, '-').replace(/\//g, '_'),
  };
}
