import { describe, expect, it } from 'vitest';
import {
  createSha256V1Signer,
  decodeEncodedField,
  decodeMerchantParameters,
  encodeMerchantParameters,
  signerFor,
} from '../../src/adapters/payment-gateway/redsys-signer.js';
import {
  amountToCharge,
  amountWithReduction,
  amountWithoutReduction,
} from '../../src/services/pricing.js';
import { escapeCell } from '../../src/services/payments/payments-export.js';
import { madridDateRange, madridMidnightUtc } from '../../src/services/payments/madrid-range.js';
import { newOrderCode } from '../../src/services/payments/order-code.js';
import { buildRedirectFields } from '../../src/adapters/payment-gateway/redsys-request.js';
import { decide } from '../../src/adapters/payment-gateway/sandbox/gateway.js';

// The verified vectors of /work/shared/design/redsys.md
const V1_SECRET = 'sq7HjrUOBfKmC576ILgskD5srU870gJ7';
const V1_JSON =
  '{"DS_MERCHANT_TRANSACTIONTYPE":"0","DS_MERCHANT_ORDER":"0726qI3H7sZx","DS_MERCHANT_MERCHANTCODE":"999008881","DS_MERCHANT_TERMINAL":"1","DS_MERCHANT_AMOUNT":"4999","DS_MERCHANT_CURRENCY":"978","DS_MERCHANT_MERCHANTURL":"http://www.prueba.com/urlNotificacion.php","DS_MERCHANT_URLOK":"http://www.prueba.com/urlOK.php","DS_MERCHANT_URLKO":"http://www.prueba.com/urlKO.php"}';
const V2_SECRET = 'Mk9m98IfEblmPfrpsawt7BmxObt98Jev';
const V2_PARAMS =
  'eyJEc19EYXRlIjoiMDklMkYxMSUyRjIwMTUiLCJEc19Ib3VyIjoiMTglM0EwMyIsIkRzX1NlY3VyZVBheW1lbnQiOiIwIiwiRHNfQ2FyZF9Db3VudHJ5IjoiNzI0IiwiRHNfQW1vdW50IjoiMTQ1IiwiRHNfQ3VycmVuY3kiOiI5NzgiLCJEc19PcmRlciI6IjAwNjkiLCJEc19NZXJjaGFudENvZGUiOiI5OTkwMDg4ODEiLCJEc19UZXJtaW5hbCI6Ijg3MSIsIkRzX1Jlc3BvbnNlIjoiMDAwMCIsIkRzX01lcmNoYW50RGF0YSI6IiIsIkRzX1RyYW5zYWN0aW9uVHlwZSI6IjAiLCJEc19Db25zdW1lckxhbmd1YWdlIjoiMSIsIkRzX0F1dGhvcmlzYXRpb25Db2RlIjoiMDgyMTUwIn0=';
const V2_SIGNATURE = '6DVpRPAPoChZh2cgaWnLqlfFsKeXdRfAO_tz-UrxJcU=';

describe('Redsys HMAC_SHA256_V1 signer (published vectors)', () => {
  it('vector 1: per-order key and request signature', () => {
    const signer = createSha256V1Signer(V1_SECRET);
    const params = encodeMerchantParameters(JSON.parse(V1_JSON) as Record<string, string>);
    expect(params).toBe(Buffer.from(V1_JSON, 'utf8').toString('base64'));
    expect(signer.version).toBe('HMAC_SHA256_V1');
    expect(signer.orderKey('0726qI3H7sZx').toString('base64')).toBe('GViV77kFjMPKVUcE9qxzlg==');
    expect(signer.sign(params, '0726qI3H7sZx')).toBe(
      'TyW+LIa2GZnhCPLM7JSPwbQn4ZjOvMO/KiIf4yJgwo8=',
    );
    expect(
      signer.verify(params, '0726qI3H7sZx', 'TyW+LIa2GZnhCPLM7JSPwbQn4ZjOvMO/KiIf4yJgwo8='),
    ).toBe(true);
  });

  it('vector 2: notification signature over the raw parameters, Base64URL', () => {
    const signer = createSha256V1Signer(V2_SECRET);
    const params = decodeMerchantParameters(V2_PARAMS)!;
    expect(params).toMatchObject({
      Ds_Order: '0069',
      Ds_Amount: '145',
      Ds_Response: '0000',
      Ds_Terminal: '871',
    });
    expect(signer.orderKey('0069').toString('base64')).toBe('0mL++6eIic8=');
    expect(signer.verify(V2_PARAMS, '0069', V2_SIGNATURE)).toBe(true);
    // the same signature in standard Base64 is the same signature
    expect(
      signer.verify(V2_PARAMS, '0069', V2_SIGNATURE.replace(/-/g, '+').replace(/_/g, '/')),
    ).toBe(true);
    expect(signer.sign(V2_PARAMS, '0069').replace(/\+/g, '-').replace(/\//g, '_')).toBe(
      V2_SIGNATURE,
    );
  });

  it('vector 3: per-order key of a 9-character order (zero padding, CBC, zero IV)', () => {
    expect(createSha256V1Signer(V1_SECRET).orderKey('012345678').toString('base64')).toBe(
      'ub0/L8+E9+9ITQJwk3SvHA==',
    );
  });

  it('refuses tampered parameters, another order, a wrong secret and truncated signatures', () => {
    const signer = createSha256V1Signer(V2_SECRET);
    const tampered = encodeMerchantParameters({
      ...decodeMerchantParameters(V2_PARAMS)!,
      Ds_Amount: '1',
    });
    expect(signer.verify(tampered, '0069', V2_SIGNATURE)).toBe(false);
    expect(signer.verify(V2_PARAMS, '0070', V2_SIGNATURE)).toBe(false);
    expect(createSha256V1Signer(V1_SECRET).verify(V2_PARAMS, '0069', V2_SIGNATURE)).toBe(false);
    expect(signer.verify(V2_PARAMS, '0069', V2_SIGNATURE.slice(0, -4))).toBe(false);
    expect(signer.verify(V2_PARAMS, '0069', '')).toBe(false);
  });

  it('decodes Base64URL parameters and refuses what is not Base64 JSON of strings', () => {
    const url = Buffer.from('{"Ds_Order":"1234ab?>"}').toString('base64url');
    expect(url).toMatch(/[-_]/);
    expect(decodeMerchantParameters(url)).toEqual({ Ds_Order: '1234ab?>' });
    expect(decodeMerchantParameters('not base64!')).toBeNull();
    expect(decodeMerchantParameters(Buffer.from('[1,2]').toString('base64'))).toBeNull();
    expect(decodeMerchantParameters(Buffer.from('{"a":{"b":1}}').toString('base64'))).toBeNull();
    expect(decodeMerchantParameters(Buffer.from('not json').toString('base64'))).toBeNull();
  });

  it('decodes URL-encoded values only where that is safe', () => {
    expect(decodeEncodedField('21%2F11%2F2026')).toBe('21/11/2026');
    expect(decodeEncodedField('18%3A03')).toBe('18:03');
    expect(decodeEncodedField('100%')).toBe('100%');
    expect(decodeEncodedField('50% off %zz')).toBe('50% off %zz');
  });

  it('knows only the versions it implements', () => {
    expect(signerFor('HMAC_SHA256_V1', V1_SECRET)?.version).toBe('HMAC_SHA256_V1');
    expect(signerFor('HMAC_SHA512_V2', V1_SECRET)).toBeNull();
  });
});

describe('pricing in cents', () => {
  it('75 % without reduction and price × (1 − discount) with it, rounded half up', () => {
    expect(amountWithoutReduction(8550)).toBe(6413);
    expect(amountWithoutReduction(6000)).toBe(4500);
    expect(amountWithoutReduction(1)).toBe(1);
    expect(amountWithReduction(8550, 5000)).toBe(4275);
    expect(amountWithReduction(999, 3333)).toBe(666);
    expect(amountWithReduction(8550, 0)).toBeNull();
    expect(amountToCharge(8550, 0, true)).toBe(6413);
    expect(amountToCharge(8550, 2500, true)).toBe(6413);
    expect(amountToCharge(8550, 2500, false)).toBe(6413);
    expect(amountToCharge(6000, 5000, true)).toBe(3000);
  });
});

describe('helpers', () => {
  it('order numbers: 4 digits (YYMM in Madrid) and 8 base62 characters, never a taken one', async () => {
    const seen = new Set<string>();
    for (let i = 0; i < 200; i++) {
      const code = await newOrderCode(new Date('2026-11-30T23:30:00Z'), async (c) => seen.has(c));
      expect(code).toMatch(/^2612[0-9A-Za-z]{8}$/);
      expect(seen.has(code)).toBe(false);
      seen.add(code);
    }
    let calls = 0;
    const code = await newOrderCode(new Date('2026-07-01T10:00:00Z'), async () => ++calls < 3);
    expect(calls).toBe(3);
    expect(code).toMatch(/^2607/);
  });

  it('signs request fields that verify, with the description cut to 125 characters', () => {
    const redsys = {
      merchantCode: '999008881',
      terminal: '1',
      secret: V1_SECRET,
      url: 'x',
      restUrl: 'x',
      queryUrl: 'x',
      sandbox: true,
    };
    const fields = buildRedirectFields(redsys, {
      order: '2611abcdEFGH',
      amountCents: 4999,
      description: Array.from({ length: 12 }, (_, i) => `Natación ${i} — nivel avanzado`).join(
        ', ',
      ),
      paymentId: 7,
      locale: 'gl',
      publicUrl: 'https://deportes.example.gal',
    });
    const params = decodeMerchantParameters(fields.Ds_MerchantParameters)!;
    expect([...params.DS_MERCHANT_PRODUCTDESCRIPTION!].length).toBe(125);
    expect(params).toMatchObject({
      DS_MERCHANT_CONSUMERLANGUAGE: '12',
      DS_MERCHANT_MERCHANTDATA: '7',
      DS_MERCHANT_MERCHANTURL: 'https://deportes.example.gal/api/payments/notification',
    });
    expect(
      createSha256V1Signer(V1_SECRET).verify(
        fields.Ds_MerchantParameters,
        '2611abcdEFGH',
        fields.Ds_Signature,
      ),
    ).toBe(true);
  });

  it('escapes spreadsheet formulas', () => {
    for (const risky of ['=1+1', '+34', '-2', '@SUM(A1)', '\tx', '\0x', '\rx'])
      expect(escapeCell(risky)).toBe(`'${risky}`);
    expect(escapeCell('Natación')).toBe('Natación');
  });

  it('Madrid civil dates to UTC bounds, winter and summer', () => {
    expect(madridMidnightUtc('2026-11-21')).toBe('2026-11-20T23:00:00.000Z');
    expect(madridMidnightUtc('2026-07-01')).toBe('2026-06-30T22:00:00.000Z');
    expect(madridMidnightUtc('2026-03-29')).toBe('2026-03-28T23:00:00.000Z');
    expect(madridDateRange('2026-11-01', '2026-11-30')).toEqual({
      fromUtc: '2026-10-31T23:00:00.000Z',
      toUtc: '2026-11-30T23:00:00.000Z',
    });
  });

  it('sandbox bank decisions', () => {
    const now = new Date('2026-11-21T10:00:00Z');
    const card = { cardNumber: '4548 8100 0000 0003', expiry: '12/49', cvv: '123' };
    expect(decide({ decision: 'approve', ...card }, now)).toEqual({
      approved: true,
      responseCode: '0000',
    });
    expect(decide({ decision: 'deny', ...card }, now)).toEqual({
      approved: false,
      responseCode: '0190',
    });
    expect(decide({ decision: 'approve', ...card, cvv: '999' }, now).responseCode).toBe('0129');
    expect(
      decide({ decision: 'approve', ...card, cardNumber: '4111111111111111' }, now).responseCode,
    ).toBe('0190');
    expect(decide({ decision: 'approve', ...card, expiry: '10/26' }, now).responseCode).toBe(
      '0101',
    );
    expect(decide({ decision: 'approve', ...card, expiry: '11/26' }, now).approved).toBe(true);
  });
});
