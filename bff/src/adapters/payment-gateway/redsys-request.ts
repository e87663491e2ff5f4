import type { RedsysConfig } from '../../config.js';
import {
  createSha256V1Signer,
  encodeMerchantParameters,
  type SignedFields,
} from './redsys-signer.js';
import type { Locale } from '../../i18n/index.js';

/** DS_MERCHANT_PAYMETHODS for Bizum (transaction type 0), as Redsys's table and sermepa say. */
export const BIZUM_PAYMETHODS = 'z';

/**
 * Ds_ProcessedPayMethod codes (Redsys's "Tabla Ds_ProcessedPayMethod", as copied in
 * ssheduardo/sermepa doc/): 68 is Bizum; these are card payments (brands, 3-D Secure variants).
 * Any other code (PayPal 54, transfer 42, Google Pay 71…) is one the portal never asks for.
 */
export const BIZUM_PROCESSED_CODE = '68';
const CARD_PROCESSED_CODES = new Set([
  1, 3, 5, 11, 13, 14, 22, 23, 24, 25, 28, 31, 39, 40, 57, 58, 74, 75, 76, 78, 79, 80, 81, 82, 83,
  85, 86, 87, 88, 89, 90, 92, 93, 94, 95, 96, 97, 98,
]);

/** What a Ds_ProcessedPayMethod says: bizum, card, or null for a code the portal does not know. */
export function payMethodOfProcessedCode(code: string): 'card' | 'bizum' | null {
  const trimmed = code.trim();
  if (!/^\d{1,4}$/.test(trimmed)) return null;
  if (Number(trimmed) === Number(BIZUM_PROCESSED_CODE)) return 'bizum';
  return CARD_PROCESSED_CODES.has(Number(trimmed)) ? 'card' : null;
}

/** Redsys DS_MERCHANT_CONSUMERLANGUAGE codes. */
export const CONSUMER_LANGUAGE: Record<Locale, string> = { es: '1', en: '2', gl: '12' };

export function localeForConsumerLanguage(code: string | undefined): Locale {
  const entry = Object.entries(CONSUMER_LANGUAGE).find(
    ([, value]) => value === String(Number(code)),
  );
  return (entry?.[0] as Locale | undefined) ?? 'es';
}

export type RedirectFields = SignedFields;

/** The three signed fields the browser posts to Redsys (or to the sandbox gateway). */
export function buildRedirectFields(
  redsys: RedsysConfig,
  request: {
    order: string;
    amountCents: number;
    description: string;
    paymentId: number;
    locale: Locale;
    publicUrl: string;
    /** Bizum adds DS_MERCHANT_PAYMETHODS=z; a card payment leaves the field out (Redsys's default page). */
    payMethod?: 'card' | 'bizum';
  },
): RedirectFields {
  const params = {
    DS_MERCHANT_AMOUNT: String(request.amountCents),
    DS_MERCHANT_ORDER: request.order,
    DS_MERCHANT_MERCHANTCODE: redsys.merchantCode,
    DS_MERCHANT_CURRENCY: '978',
    DS_MERCHANT_TRANSACTIONTYPE: '0',
    DS_MERCHANT_TERMINAL: redsys.terminal,
    DS_MERCHANT_MERCHANTURL: `${request.publicUrl}/api/payments/notification`,
    DS_MERCHANT_URLOK: `${request.publicUrl}/pago-ok`,
    DS_MERCHANT_URLKO: `${request.publicUrl}/pago-ko`,
    DS_MERCHANT_PRODUCTDESCRIPTION: truncate(request.description, 125),
    DS_MERCHANT_CONSUMERLANGUAGE: CONSUMER_LANGUAGE[request.locale],
    DS_MERCHANT_MERCHANTDATA: String(request.paymentId),
    ...(request.payMethod === 'bizum' ? { DS_MERCHANT_PAYMETHODS: BIZUM_PAYMETHODS } : {}),
  };
  const signer = createSha256V1Signer(redsys.secret);
  const encoded = encodeMerchantParameters(params);
  return {
    Ds_SignatureVersion: signer.version,
    Ds_MerchantParameters: encoded,
    Ds_Signature: signer.sign(encoded, request.order),
  };
}

function truncate(text: string, max: number): string {
  const chars = [...text.replace(/\s+/g, ' ').trim()];
  return chars.length <= max ? chars.join('') : `${chars.slice(0, max - 1).join('')}…`;
}
