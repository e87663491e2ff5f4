import { Agent, fetch, type RequestInit } from 'undici';
import type { RedsysConfig } from '../../config.js';
import type { GatewayClient, RefundAnswer, StatusAnswer } from './gateway-client.js';
import { GatewayUnavailable } from './gateway-client.js';
import { localhostLookup } from './localhost-lookup.js';
import {
  createSha256V1Signer,
  decodeEncodedField,
  decodeMerchantParameters,
  encodeMerchantParameters,
  HMAC_SHA256_V1,
} from './redsys-signer.js';

/** Redsys answers a successful refund ("devolución") with this Ds_Response. */
export const REFUND_ACCEPTED = '0900';
/** Redsys's query service: no operation for the data asked about. */
const NO_OPERATION = 'XML0024';
const TIMEOUT_MS = 20_000;

const isAuthorised = (code: string) => /^\d{1,4}$/.test(code) && Number(code) <= 99;

/** The text of one element of a flat XML answer (the query service's), entities decoded. */
function element(xml: string, name: string): string | undefined {
  const match = new RegExp(`<${name}(?:\\s[^>]*)?>([^<]*)</${name}>`).exec(xml);
  if (!match) return undefined;
  return match[1]!
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&quot;/g, '"')
    .replace(/&apos;/g, "'")
    .replace(/&amp;/g, '&');
}

/** True for errors raised before the request could reach the gateway (nothing happened there). */
function neverSent(err: unknown): boolean {
  const code = (err as { cause?: { code?: string } }).cause?.code ?? '';
  return [
    'ECONNREFUSED',
    'ENOTFOUND',
    'EAI_AGAIN',
    'UND_ERR_CONNECT_TIMEOUT',
    'ECONNRESET',
  ].includes(code);
}

/**
 * Redsys's host-to-host services, checked field by field against its documentation and a
 * maintained client (redsys-easy): refunds through the REST entry (`trataPeticionREST`,
 * DS_MERCHANT_TRANSACTIONTYPE 3 on the original order, the amount in cents, signed like a
 * payment request), and the transaction query service (`SerClsWSConsulta`,
 * `consultaOperaciones`: the <Version> element signed with the order's key). The query's answer
 * is trusted as it comes over TLS from the address configured here; the refund's answer is
 * signed and checked.
 */
export function createRedsysClient(
  redsys: Pick<RedsysConfig, 'merchantCode' | 'terminal' | 'secret' | 'restUrl' | 'queryUrl'>,
): GatewayClient {
  const signer = createSha256V1Signer(redsys.secret);
  // undici's fetch (Node's own), with a resolver: the sandbox bank of a council on a
  // `*.localhost` name is at that name on this machine (localhost-lookup.ts); real names resolve
  // as always
  const dispatcher = new Agent({ connect: { lookup: localhostLookup } });

  async function post(url: string, init: RequestInit): Promise<{ status: number; text: string }> {
    try {
      const res = await fetch(url, {
        ...init,
        dispatcher,
        signal: AbortSignal.timeout(TIMEOUT_MS),
      });
      return { status: res.status, text: await res.text() };
    } catch (err) {
      if (neverSent(err)) throw new GatewayUnavailable(String(err));
      throw err;
    }
  }

  return {
    async refund({ order, amountCents }): Promise<RefundAnswer> {
      const params = encodeMerchantParameters({
        DS_MERCHANT_AMOUNT: String(amountCents),
        DS_MERCHANT_ORDER: order,
        DS_MERCHANT_MERCHANTCODE: redsys.merchantCode,
        DS_MERCHANT_CURRENCY: '978',
        DS_MERCHANT_TRANSACTIONTYPE: '3',
        DS_MERCHANT_TERMINAL: redsys.terminal,
      });
      let answer;
      try {
        answer = await post(redsys.restUrl, {
          method: 'POST',
          headers: { 'Content-Type': 'application/json' },
          body: JSON.stringify({
            Ds_SignatureVersion: HMAC_SHA256_V1,
            Ds_MerchantParameters: params,
            Ds_Signature: signer.sign(params, order),
          }),
        });
      } catch (err) {
        if (err instanceof GatewayUnavailable)
          return { outcome: 'refused', code: 'unreachable', raw: err.message };
        return { outcome: 'unknown', code: 'no_answer', raw: String(err) };
      }
      const raw = answer.text.slice(0, 4000);
      let body: Record<string, unknown>;
      try {
        body = JSON.parse(answer.text) as Record<string, unknown>;
      } catch {
        return { outcome: 'unknown', code: `http_${answer.status}`, raw };
      }
      if (typeof body.errorCode === 'string')
        return { outcome: 'refused', code: body.errorCode, raw };
      const encoded =
        typeof body.Ds_MerchantParameters === 'string' ? body.Ds_MerchantParameters : '';
      const decoded = decodeMerchantParameters(encoded);
      const signature = typeof body.Ds_Signature === 'string' ? body.Ds_Signature : '';
      if (!decoded || decoded.Ds_Order !== order || !signer.verify(encoded, order, signature)) {
        return { outcome: 'unknown', code: 'bad_answer', raw };
      }
      const code = decoded.Ds_Response ?? '';
      return code === REFUND_ACCEPTED || isAuthorised(code)
        ? { outcome: 'refunded', code, raw: JSON.stringify(decoded) }
        : { outcome: 'refused', code, raw: JSON.stringify(decoded) };
    },

    async status(order): Promise<StatusAnswer> {
      const version =
        `<Version Ds_Version="0.0"><Message><Transaction>` +
        `<Ds_MerchantCode>${redsys.merchantCode}</Ds_MerchantCode>` +
        `<Ds_Terminal>${redsys.terminal}</Ds_Terminal>` +
        `<Ds_Order>${order}</Ds_Order>` +
        `<Ds_TransactionType>0</Ds_TransactionType>` +
        `</Transaction></Message></Version>`;
      const messages =
        `<Messages>${version}<Signature>${signer.sign(version, order)}</Signature>` +
        `<SignatureVersion>${HMAC_SHA256_V1}</SignatureVersion></Messages>`;
      const envelope =
        '<?xml version="1.0"?>' +
        '<soapenv:Envelope xmlns:soapenv="http://schemas.xmlsoap.org/soap/envelope/" ' +
        'xmlns:web="http://webservices.apl02.redsys.es"><soapenv:Header/><soapenv:Body>' +
        `<web:consultaOperaciones><cadenaXML><![CDATA[${messages}]]></cadenaXML>` +
        '</web:consultaOperaciones></soapenv:Body></soapenv:Envelope>';
      const answer = await post(redsys.queryUrl, {
        method: 'POST',
        headers: { 'Content-Type': 'text/xml;charset=utf-8', SOAPAction: 'consultaOperaciones' },
        body: envelope,
      });
      // the answer travels escaped inside consultaOperacionesReturn
      const inner = element(answer.text, 'consultaOperacionesReturn') ?? answer.text;
      const error = element(inner, 'Ds_ErrorCode');
      if (error === NO_OPERATION) return { outcome: 'none' };
      if (error) throw new GatewayUnavailable(`query refused: ${error}`);
      const response = /<Response(?:\s[^>]*)?>([\s\S]*?)<\/Response>/.exec(inner)?.[1];
      if (!response || element(response, 'Ds_Order') !== order) return { outcome: 'none' };
      const code = element(response, 'Ds_Response') ?? '';
      // F: finished; any other state is an operation still in progress
      if (element(response, 'Ds_State') !== 'F' || !/^\d{1,4}$/.test(code))
        return { outcome: 'none' };
      const payMethodCode = (element(response, 'Ds_ProcessedPayMethod') ?? '').trim() || null;
      if (!isAuthorised(code)) return { outcome: 'denied', responseCode: code, payMethodCode };
      const amount = element(response, 'Ds_Amount') ?? '';
      return {
        outcome: 'authorised',
        responseCode: code,
        authorisationCode: (element(response, 'Ds_AuthorisationCode') ?? '').trim() || null,
        amountCents: /^\d{1,12}$/.test(amount) ? Number(amount) : -1,
        bankTime:
          `${decodeEncodedField(element(response, 'Ds_Date')) ?? ''} ${decodeEncodedField(element(response, 'Ds_Hour')) ?? ''}`.trim(),
        payMethodCode,
      };
    },
  };
}
