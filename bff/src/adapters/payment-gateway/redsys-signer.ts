import { createCipheriv, createHmac, timingSafeEqual } from 'node:crypto';

/**
 * Redsys "TPV Virtual" signatures. One small interface per signature version so HMAC_SHA512_V2
 * (AES key derivation, HMAC-SHA512) can be added next to this one without touching callers.
 */
export interface RedsysSigner {
  readonly version: string;
  /** The per-order key (exposed for the published test vectors). */
  orderKey(order: string): Buffer;
  /** Ds_Signature for a request: standard Base64 of the HMAC of the exact Base64 parameter string. */
  sign(paramsBase64: string, order: string): string;
  /** Constant-time check of a received signature (Base64 or Base64URL) over the raw parameter string. */
  verify(paramsBase64: string, order: string, signature: string): boolean;
}

export const HMAC_SHA256_V1 = 'HMAC_SHA256_V1';

/** The three form fields of a Redsys request or notification. */
export interface SignedFields {
  Ds_SignatureVersion: string;
  Ds_MerchantParameters: string;
  Ds_Signature: string;
}

/** HMAC_SHA256_V1: 3DES-EDE3-CBC (zero IV, zero padding) per-order key, then HMAC-SHA256. */
export function createSha256V1Signer(secretBase64: string): RedsysSigner {
  const secret = Buffer.from(secretBase64, 'base64');
  if (secret.length !== 24) throw new Error('The Redsys secret must decode to 24 bytes');
  const orderKey = (order: string): Buffer => {
    const data = Buffer.from(order, 'utf8');
    const padded = Buffer.alloc(Math.ceil(Math.max(data.length, 1) / 8) * 8);
    data.copy(padded);
    const cipher = createCipheriv('des-ede3-cbc', secret, Buffer.alloc(8));
    cipher.setAutoPadding(false);
    return Buffer.concat([cipher.update(padded), cipher.final()]);
  };
  const mac = (paramsBase64: string, order: string) =>
    createHmac('sha256', orderKey(order)).update(paramsBase64, 'utf8').digest();
  return {
    version: HMAC_SHA256_V1,
    orderKey,
    sign: (paramsBase64, order) => mac(paramsBase64, order).toString('base64'),
    verify(paramsBase64, order, signature) {
      const expected = Buffer.from(toBase64Url(mac(paramsBase64, order).toString('base64')));
      const received = Buffer.from(toBase64Url(signature.trim()));
      return expected.length === received.length && timingSafeEqual(expected, received);
    },
  };
}

/** The signer for a Ds_SignatureVersion, or null when the version is not supported. */
export function signerFor(version: string, secretBase64: string): RedsysSigner | null {
  return version === HMAC_SHA256_V1 ? createSha256V1Signer(secretBase64) : null;
}

/** Base64URL with the padding kept, so `+/` and `-_` forms of one signature compare equal. */
function toBase64Url(value: string): string {
  return value.replace(/\+/g, '-').replace(/\//g, '_');
}

/** Ds_MerchantParameters: standard Base64 (with `=`) of the UTF-8 JSON of string values. */
export function encodeMerchantParameters(params: Record<string, string>): string {
  return Buffer.from(JSON.stringify(params), 'utf8').toString('base64');
}

/**
 * Decodes parameters sent as Base64 or Base64URL into an object of strings. Null when the text is
 * not Base64, not JSON, not an object, or has non-scalar values.
 */
export function decodeMerchantParameters(raw: string): Record<string, string> | null {
  const text = raw.trim();
  if (text === '' || !/^[A-Za-z0-9+/_-]+={0,2}$/.test(text)) return null;
  const standard = text.replace(/-/g, '+').replace(/_/g, '/');
  let parsed: unknown;
  try {
    parsed = JSON.parse(Buffer.from(standard, 'base64').toString('utf8'));
  } catch {
    return null;
  }
  if (!parsed || typeof parsed !== 'object' || Array.isArray(parsed)) return null;
  const out: Record<string, string> = {};
  for (const [key, value] of Object.entries(parsed as Record<string, unknown>)) {
    if (typeof value === 'string') out[key] = value;
    else if (typeof value === 'number' || typeof value === 'boolean') out[key] = String(value);
    else if (value !== null) return null;
  }
  return out;
}

/**
 * Redsys sometimes URL-encodes a value inside the JSON ("21%2F11%2F2026"), while other values may
 * hold a literal `%`. Decode only fields known to arrive encoded, and only when the result is valid.
 */
export function decodeEncodedField(value: string | undefined): string | undefined {
  if (value === undefined || !/%[0-9A-Fa-f]{2}/.test(value)) return value;
  try {
    return decodeURIComponent(value);
  } catch {
    return value;
  }
}
