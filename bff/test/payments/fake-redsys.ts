import { once } from 'node:events';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import {
  createSha256V1Signer,
  decodeMerchantParameters,
} from '../../src/adapters/payment-gateway/redsys-signer.js';
import { REDSYS_TEST_CREDENTIALS } from '../../src/config.js';

/**
 * Redsys's host-to-host services as HTTP servers of the test's own: the one part that cannot run
 * here, faked at the HTTP boundary. Each checks the request's signature as Redsys would.
 */
const signer = createSha256V1Signer(REDSYS_TEST_CREDENTIALS.secret);

/** The portal configured with Redsys credentials (Redsys's public test merchant), not the sandbox. */
export const REDSYS_ENV = {
  REDSYS_MERCHANT_CODE: REDSYS_TEST_CREDENTIALS.merchantCode,
  REDSYS_TERMINAL: REDSYS_TEST_CREDENTIALS.terminal,
  REDSYS_SECRET: REDSYS_TEST_CREDENTIALS.secret,
};

async function serve(
  path: string,
  handle: (body: string, req: IncomingMessage, res: ServerResponse) => void,
) {
  const server = createServer((req, res) => {
    let body = '';
    req.on('data', (chunk: Buffer) => (body += chunk.toString()));
    req.on('end', () => handle(body, req, res));
  });
  server.listen(0, '127.0.0.1');
  await once(server, 'listening');
  const { port } = server.address() as { port: number };
  return {
    url: `http://127.0.0.1:${port}${path}`,
    close: () => new Promise<void>((done) => server.close(() => done())),
  };
}

/** The REST entry (refunds): records the decoded parameters and answers `answer`. */
export async function fakeRedsysRest(answer: Record<string, string>) {
  const requests: Record<string, string>[] = [];
  const server = await serve('/sis/rest/trataPeticionREST', (body, _req, res) => {
    const form = JSON.parse(body) as Record<string, string>;
    const params = decodeMerchantParameters(form.Ds_MerchantParameters ?? '')!;
    const signed = signer.verify(
      form.Ds_MerchantParameters!,
      params.DS_MERCHANT_ORDER!,
      form.Ds_Signature!,
    );
    requests.push(params);
    res.setHeader('Content-Type', 'application/json');
    res.end(JSON.stringify(signed ? answer : { errorCode: 'SIS0042' }));
  });
  return { ...server, requests };
}

/** The transaction query service (SOAP); `state.answer` is what it knows about the order. */
export async function fakeRedsysQuery() {
  const state = {
    answer: null as null | {
      order: string;
      amount: string;
      response: string;
      authorisation: string;
    },
    requests: [] as Record<string, unknown>[],
  };
  const server = await serve('/apl02/services/SerClsWSConsulta', (body, req, res) => {
    const version = /<Version[\s\S]*<\/Version>/.exec(body)?.[0] ?? '';
    const order = /<Ds_Order>([^<]*)</.exec(version)?.[1] ?? '';
    const signature = /<Signature>([^<]*)</.exec(body)?.[1] ?? '';
    state.requests.push({
      soapAction: req.headers.soapaction,
      signatureValid: signer.verify(version, order, signature),
      order,
      merchant: /<Ds_MerchantCode>([^<]*)</.exec(version)?.[1],
      terminal: /<Ds_Terminal>([^<]*)</.exec(version)?.[1],
    });
    const a = state.answer;
    const inner = a
      ? `<Messages><Version Ds_Version="0.0"><Message><Response Ds_Version="0.0"><Ds_MerchantCode>999008881</Ds_MerchantCode><Ds_Terminal>1</Ds_Terminal><Ds_Order>${a.order}</Ds_Order><Ds_TransactionType>0</Ds_TransactionType><Ds_Date>21/11/2026</Ds_Date><Ds_Hour>11:05</Ds_Hour><Ds_Amount>${a.amount}</Ds_Amount><Ds_Currency>978</Ds_Currency><Ds_State>F</Ds_State><Ds_Response>${a.response}</Ds_Response><Ds_AuthorisationCode>${a.authorisation}</Ds_AuthorisationCode></Response></Message></Version></Messages>`
      : '<Messages><Version Ds_Version="0.0"><Message><ErrorMsg><Ds_ErrorCode>XML0024</Ds_ErrorCode></ErrorMsg></Message></Version></Messages>';
    const escaped = inner.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');
    res.setHeader('Content-Type', 'text/xml;charset=utf-8');
    res.end(
      `<?xml version="1.0" encoding="UTF-8"?><soapenv:Envelope xmlns:soapenv="http://schemas.xmlsoap.org/soap/envelope/"><soapenv:Body><p259:consultaOperacionesResponse xmlns:p259="http://webservices.apl02.redsys.es"><consultaOperacionesReturn>${escaped}</consultaOperacionesReturn></p259:consultaOperacionesResponse></soapenv:Body></soapenv:Envelope>`,
    );
  });
  return Object.assign(state, server);
}
