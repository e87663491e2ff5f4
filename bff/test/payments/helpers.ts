import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { expect } from 'vitest';
import {
  createSha256V1Signer,
  decodeMerchantParameters,
  encodeMerchantParameters,
} from '../../src/adapters/payment-gateway/redsys-signer.js';
import { REDSYS_TEST_CREDENTIALS } from '../../src/config.js';
import { generatePayment } from '../../src/generated/sdk.gen.js';
import type { TestApp as PaymentsTestApp } from '../helpers/test-app.js';

export const TEST_CARD = { card_number: '4548810000000003', expiry: '12/49', cvv: '123' };

export async function generate(
  app: PaymentsTestApp,
  token: string,
  body: {
    person_activity_id: number;
    activity_ids: number[];
    use_discount: boolean;
    pay_method?: 'card' | 'bizum';
  },
  lang = 'es',
) {
  const { data, response } = await generatePayment({
    client: app.api,
    body,
    headers: { Authorization: `Bearer ${token}`, 'Accept-Language': lang },
    throwOnError: true,
  });
  expect(response.status).toBe(200);
  return data;
}

/** The hidden inputs of an HTML form, as a browser would submit them. */
export function hiddenFields(html: string): Record<string, string> {
  const fields: Record<string, string> = {};
  for (const match of html.matchAll(/<input type="hidden" name="([^"]+)" value="([^"]*)">/g)) {
    fields[match[1]!] = match[2]!
      .replace(/&quot;/g, '"')
      .replace(/&#39;/g, "'")
      .replace(/&lt;/g, '<')
      .replace(/&gt;/g, '>')
      .replace(/&amp;/g, '&');
  }
  return fields;
}

/** Browser path through the sandbox: post the fields to `action`, then submit the card page. */
export async function payInSandbox(
  app: PaymentsTestApp,
  redirect: { action: string; fields: Record<string, string> },
  card: Record<string, string> = TEST_CARD,
  decision: 'approve' | 'deny' = 'approve',
  extra: Record<string, string> = {},
) {
  const page = await fetch(redirect.action, {
    method: 'POST',
    headers: { 'Content-Type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams(redirect.fields).toString(),
  });
  expect(page.status).toBe(200);
  const html = await page.text();
  const action = /<form method="post" action="([^"]+)">/.exec(html)?.[1];
  expect(action).toBe('/api/payments/sandbox/confirm');
  const confirm = await app.form(action!, { ...hiddenFields(html), ...card, decision, ...extra });
  expect(confirm.status).toBe(303);
  return { html, location: confirm.headers.get('location') };
}

/** A notification signed like Redsys would sign it (Base64URL signature). */
export function signedNotification(
  params: Record<string, string>,
  options: { secret?: string; signOrder?: string } = {},
): { Ds_SignatureVersion: string; Ds_MerchantParameters: string; Ds_Signature: string } {
  const signer = createSha256V1Signer(options.secret ?? REDSYS_TEST_CREDENTIALS.secret);
  const encoded = encodeMerchantParameters(params);
  return {
    Ds_SignatureVersion: 'HMAC_SHA256_V1',
    Ds_MerchantParameters: encoded,
    Ds_Signature: signer
      .sign(encoded, options.signOrder ?? params.Ds_Order ?? '')
      .replace(/\+/g, '-')
      .replace(/\//g, '_'),
  };
}

/** Notification parameters for a generated order, as Redsys sends them. */
export function notificationParams(
  order: string,
  amountCents: number,
  overrides: Record<string, string> = {},
) {
  return {
    Ds_Date: '21%2F11%2F2026',
    Ds_Hour: '11%3A00',
    Ds_SecurePayment: '1',
    Ds_Amount: String(amountCents),
    Ds_Currency: '978',
    Ds_Order: order,
    Ds_MerchantCode: REDSYS_TEST_CREDENTIALS.merchantCode,
    Ds_Terminal: '001',
    Ds_Response: '0000',
    Ds_MerchantData: '',
    Ds_TransactionType: '0',
    Ds_ConsumerLanguage: '1',
    Ds_AuthorisationCode: '082150',
    ...overrides,
  };
}

export function merchantParams(fields: { Ds_MerchantParameters: string }) {
  return decodeMerchantParameters(fields.Ds_MerchantParameters)!;
}

/** The text of a PDF, as poppler's pdftotext extracts it (what a reader could select and copy). */
export function pdfText(pdf: Buffer): string {
  const dir = mkdtempSync(join(tmpdir(), 'receipt-'));
  try {
    const file = join(dir, 'receipt.pdf');
    writeFileSync(file, pdf);
    return execFileSync('pdftotext', ['-enc', 'UTF-8', file, '-'], { encoding: 'utf8' });
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}
