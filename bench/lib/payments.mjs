// Payment round trips as a resident and the bank make them: the resident asks for the order
// (POST /api/payments/generate-multiple/), the gateway sends its signed notification
// (POST /api/payments/notification). Signed with the portal's own signer, built into bff/dist.
import { pathToFileURL } from 'node:url';
import { join } from 'node:path';
import { percentile, repoRoot } from './common.mjs';

const dist = (path) => import(pathToFileURL(join(repoRoot, 'bff/dist/src', path)).href);

export async function notificationSigner() {
  const { createSha256V1Signer, encodeMerchantParameters } = await dist(
    'adapters/payment-gateway/redsys-signer.js',
  );
  const { REDSYS_TEST_CREDENTIALS } = await dist('config.js');
  const signer = createSha256V1Signer(REDSYS_TEST_CREDENTIALS.secret);
  /** The form Redsys posts for an authorised payment of this order and amount. */
  return (order, amountCents) => {
    const params = {
      Ds_Date: '24%2F11%2F2026',
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
    };
    const encoded = encodeMerchantParameters(params);
    return new URLSearchParams({
      Ds_SignatureVersion: 'HMAC_SHA256_V1',
      Ds_MerchantParameters: encoded,
      Ds_Signature: signer.sign(encoded, order),
    }).toString();
  };
}

/**
 * Pays every unit once (one activity of one person per order) with `workers` at a time; each
 * worker asks one process for the order and the bank's notification reaches another one.
 * Returns round trips per second, their p50/p99 and the failures (must be 0).
 */
export async function payRoundTrips({ baseUrls, units, workers = 10 }) {
  const sign = await notificationSigner();
  const latencies = [];
  let failures = 0;
  let firstFailure = null;
  let next = 0;
  const started = performance.now();
  const worker = async (w) => {
    const resident = baseUrls[w % baseUrls.length];
    const bank = baseUrls[(w + 1) % baseUrls.length];
    while (next < units.length) {
      const unit = units[next++];
      const t0 = performance.now();
      try {
        const generated = await fetch(`${resident}/api/payments/generate-multiple/`, {
          method: 'POST',
          headers: { 'Content-Type': 'application/json', Authorization: `Bearer ${unit.token}` },
          body: JSON.stringify({
            person_activity_id: unit.personId,
            activity_ids: [unit.activityId],
            use_discount: false,
          }),
        });
        const order = await generated.json();
        if (generated.status !== 200)
          throw new Error(`generate ${generated.status} ${JSON.stringify(order)}`);
        const notified = await fetch(`${bank}/api/payments/notification`, {
          method: 'POST',
          headers: { 'Content-Type': 'application/x-www-form-urlencoded' },
          body: sign(order.order, Math.round(order.amount * 100)),
        });
        const outcome = await notified.json();
        if (outcome.code !== 'notification_applied')
          throw new Error(`notification ${JSON.stringify(outcome)}`);
        latencies.push(performance.now() - t0);
      } catch (err) {
        failures++;
        firstFailure ??= err;
      }
    }
  };
  await Promise.all(Array.from({ length: workers }, (_, w) => worker(w)));
  const seconds = (performance.now() - started) / 1000;
  latencies.sort((a, b) => a - b);
  return {
    perSecond: latencies.length / seconds,
    p50: percentile(latencies, 50),
    p99: percentile(latencies, 99),
    done: latencies.length,
    failures,
    firstFailure,
  };
}
