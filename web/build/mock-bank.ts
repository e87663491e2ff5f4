import type { IncomingMessage, ServerResponse } from 'node:http';
import type { Plugin } from 'vite';

const PAYMENT_CALL = '/api/payments/generate-multiple/';
const LATEST_CALL = '/api/user/payments/latest';
const ACTIVITIES_CALL = /^\/api\/user\/activities\/(\d+)$/;
const MOCK_BANK_PATH = '/mock-bank';
/** The answers the stand-in bank gives, and where each sends the browser back. */
const DECISIONS: Record<string, string> = { pagar: '/pago-ok', denegar: '/pago-ko' };
const HOP_BY_HOP = ['connection', 'keep-alive', 'transfer-encoding', 'content-length', 'host'];

/**
 * `npm run dev:mock`: the contract's example of `POST /payments/generate-multiple/` sends the card
 * form to the real Redsys test address, which would take QA off the machine. Here that one call
 * still goes to Prism, with its `Prefer` header, but a successful answer's `action` points to
 * `/mock-bank`, a stand-in bank page of this dev server that shows the order and the amount and
 * sends the browser back to `/pago-ok` (Pagar) or `/pago-ko` (Denegar). The real server's answer
 * is untouched: this plugin exists only while Vite serves against the mock.
 *
 * Prism answers every payment with its example's amount (75 €) and `/pago-ok` with another
 * example's: here the amount is what was chosen (the lines of the person's list the page showed,
 * as Prism answered them with the tab's `Prefer`), and `GET /user/payments/latest` answers that
 * payment's order and amount, so the dashboard's total, the bank's page and `/pago-ok` agree.
 */
export function mockBank(mockApi: string): Plugin {
  /** The `Prefer` header each person's list was last asked with (the tab's ?mock= choice). */
  const listPrefer = new Map<string, string | undefined>();
  /** The payment last sent to the stand-in bank: what /pago-ok shows. */
  let started: Pick<PaymentRedirect, 'order' | 'amount'> | null = null;
  return {
    name: 'portal-mock-bank',
    apply: 'serve',
    configureServer(server) {
      // added here, the middleware runs before Vite's /api proxy
      server.middlewares.use((req, res, next) => {
        const url = new URL(req.url ?? '/', 'http://mock');
        const list = req.method === 'GET' ? ACTIVITIES_CALL.exec(url.pathname) : null;
        if (list) {
          listPrefer.set(list[1]!, headerOf(req, 'prefer'));
          next();
        } else if (req.method === 'POST' && url.pathname === PAYMENT_CALL) {
          paymentCall(req, res, mockApi, listPrefer)
            .then((payment) => (started = payment ?? started))
            .catch(next);
        } else if (req.method === 'GET' && url.pathname === LATEST_CALL) {
          latestCall(req, res, `${mockApi}${url.pathname.slice('/api'.length)}`, started).catch(
            next,
          );
        } else if (url.pathname === MOCK_BANK_PATH) {
          res.setHeader('Content-Type', 'text/html; charset=utf-8');
          res.end(bankPage(url.searchParams));
        } else if (req.method === 'POST' && url.pathname.startsWith(`${MOCK_BANK_PATH}/`)) {
          const back = DECISIONS[url.pathname.slice(MOCK_BANK_PATH.length + 1)];
          if (!back) return next();
          res.writeHead(303, { Location: back }).end();
        } else {
          next();
        }
      });
    },
  };
}

const headerOf = (req: IncomingMessage, name: string) => {
  const value = req.headers[name];
  return typeof value === 'string' ? value : undefined;
};

/** The request's headers to pass on to Prism (the tab's Prefer and Authorization among them). */
function forwarded(req: IncomingMessage): Headers {
  const headers = new Headers();
  for (const [name, value] of Object.entries(req.headers)) {
    if (typeof value === 'string' && !HOP_BY_HOP.includes(name)) headers.set(name, value);
  }
  return headers;
}

/** Prism's answer as it is, or with its body replaced. */
function answerWith(res: ServerResponse, answer: Response, body: string) {
  answer.headers.forEach((value, name) => {
    if (!HOP_BY_HOP.includes(name) && name !== 'content-encoding') res.setHeader(name, value);
  });
  res.statusCode = answer.status;
  res.end(body);
}

/** Starts a payment on Prism; a success goes to the stand-in bank with the chosen lines' total. */
async function paymentCall(
  req: IncomingMessage,
  res: ServerResponse,
  mockApi: string,
  listPrefer: ReadonlyMap<string, string | undefined>,
): Promise<Pick<PaymentRedirect, 'order' | 'amount'> | null> {
  const chunks: Buffer[] = [];
  for await (const chunk of req) chunks.push(chunk as Buffer);
  const sent = Buffer.concat(chunks);
  const answer = await fetch(`${mockApi}/payments/generate-multiple/`, {
    method: 'POST',
    headers: forwarded(req),
    body: sent,
  });
  let body = await answer.text();
  let payment: PaymentRedirect | null = null;
  if (answer.ok) {
    payment = JSON.parse(body) as PaymentRedirect;
    const total = await chosenTotal(mockApi, req, sent, listPrefer).catch(() => null);
    if (total !== null) payment.amount = total;
    body = JSON.stringify(toMockBank(payment));
  }
  answerWith(res, answer, body);
  return payment && { order: payment.order, amount: payment.amount };
}

/** The chosen lines' total, from the person's list as the page was answered; null if unknown. */
async function chosenTotal(
  mockApi: string,
  req: IncomingMessage,
  sent: Buffer,
  listPrefer: ReadonlyMap<string, string | undefined>,
): Promise<number | null> {
  const request = JSON.parse(sent.toString('utf8')) as PaymentChoice;
  const person = String(request.person_activity_id);
  const headers = new Headers();
  const authorization = headerOf(req, 'authorization');
  if (authorization) headers.set('Authorization', authorization);
  const prefer = listPrefer.get(person);
  if (prefer) headers.set('Prefer', prefer);
  const list = await fetch(`${mockApi}/user/activities/${person}`, { headers });
  if (!list.ok) return null;
  return selectedTotal((await list.json()) as ListedFee[], request);
}

/** What a payment asks for (`PaymentRequest`): whole fees, parts of fees, the reduction. */
export interface PaymentChoice {
  person_activity_id: number;
  activity_ids?: number[];
  parts?: { activity_id: number; number: number }[];
  use_discount?: boolean;
}

/** A line of the person's list (`UserActivity`), as much of it as the total needs. */
export interface ListedFee {
  id: number;
  is_paid: boolean;
  amount: number;
  amount_due: number | null;
  amount_with_discount: number | null;
  part?: { number: number } | null;
}

/**
 * The total of the lines chosen, as the dashboard adds them: each whole fee's amount due (with
 * the reduction, its reduced amount) and each chosen part's; null when a chosen line is not in
 * the list (the mock's example for the payment stays then).
 */
export function selectedTotal(list: readonly ListedFee[], choice: PaymentChoice): number | null {
  let cents = 0;
  for (const id of new Set(choice.activity_ids ?? [])) {
    const fee = list.find((line) => line.id === id && !line.part && !line.is_paid);
    if (!fee) return null;
    const amount =
      choice.use_discount && fee.amount_with_discount !== null
        ? fee.amount_with_discount
        : (fee.amount_due ?? fee.amount);
    cents += Math.round(amount * 100);
  }
  for (const { activity_id, number } of choice.parts ?? []) {
    const part = list.find((line) => line.id === activity_id && line.part?.number === number);
    if (!part || part.is_paid) return null;
    cents += Math.round((part.amount_due ?? part.amount) * 100);
  }
  return cents > 0 ? cents / 100 : null;
}

/** Prism's latest payment, carrying the order and amount of the one sent to the bank here. */
async function latestCall(
  req: IncomingMessage,
  res: ServerResponse,
  target: string,
  started: Pick<PaymentRedirect, 'order' | 'amount'> | null,
) {
  const answer = await fetch(target, { headers: forwarded(req) });
  let body = await answer.text();
  if (answer.ok && started) body = JSON.stringify({ ...JSON.parse(body), ...started });
  answerWith(res, answer, body);
}

interface PaymentRedirect {
  action: string;
  order: string;
  amount: number;
}

/** The answer with its card form sent to the stand-in bank, with what the page shows. */
function toMockBank(redirect: PaymentRedirect): PaymentRedirect {
  const query = new URLSearchParams({ order: redirect.order, amount: String(redirect.amount) });
  return { ...redirect, action: `${MOCK_BANK_PATH}?${query}` };
}

function bankPage(query: URLSearchParams): string {
  const amount = Number(query.get('amount') ?? Number.NaN);
  const euros = Number.isFinite(amount)
    ? new Intl.NumberFormat('es-ES', { style: 'currency', currency: 'EUR' }).format(amount)
    : '—';
  return `<!doctype html>
<html lang="es">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>Banco de pruebas del mock</title>
<style>
  body { font-family: system-ui, sans-serif; max-width: 32rem; margin: 3rem auto; padding: 0 1rem; }
  dl { display: grid; grid-template-columns: auto 1fr; gap: 0.5rem 1rem; }
  dt { font-weight: 600; }
  button { font: inherit; padding: 0.5rem 1.25rem; margin-right: 0.5rem; }
</style>
</head>
<body>
<main>
<h1>Banco de pruebas del mock</h1>
<p>Aquí estaría la página de pago de Redsys. Esta es del mock: no pide tarjeta ni sale de este equipo.</p>
<dl>
<dt>Pedido</dt><dd>${escapeHtml(query.get('order') ?? '—')}</dd>
<dt>Importe</dt><dd>${escapeHtml(euros)}</dd>
</dl>
<form method="post">
<button type="submit" formaction="${MOCK_BANK_PATH}/pagar">Pagar</button>
<button type="submit" formaction="${MOCK_BANK_PATH}/denegar">Denegar</button>
</form>
</main>
</body>
</html>
`;
}

function escapeHtml(text: string): string {
  return text.replace(
    /[&<>"']/g,
    (char) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[char]!,
  );
}
