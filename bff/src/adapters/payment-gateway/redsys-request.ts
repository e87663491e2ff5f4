import type { RedsysConfig } from '../../config.js';
import {
  createSha256V1Signer,
  encodeMerchantParameters,
  type SignedFields,
} from './redsys-signer.js';
import type { Locale } from '../../i18n/index.js';

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
