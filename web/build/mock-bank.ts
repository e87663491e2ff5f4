import type { IncomingMessage, ServerResponse } from 'node:http';
import type { Plugin } from 'vite';

const PAYMENT_CALL = '/api/payments/generate-multiple/';
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
 */
export function mockBank(mockApi: string): Plugin {
  return {
    name: 'portal-mock-bank',
    apply: 'serve',
    configureServer(server) {
      // added here, the middleware runs before Vite's /api proxy
      server.middlewares.use((req, res, next) => {
        const url = new URL(req.url ?? '/', 'http://mock');
        if (req.method === 'POST' && url.pathname === PAYMENT_CALL) {
          paymentCall(req, res, `${mockApi}${url.pathname.slice('/api'.length)}`).catch(next);
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

async function paymentCall(req: IncomingMessage, res: ServerResponse, target: string) {
  const chunks: Buffer[] = [];
  for await (const chunk of req) chunks.push(chunk as Buffer);
  const headers = new Headers();
  for (const [name, value] of Object.entries(req.headers)) {
    if (typeof value === 'string' && !HOP_BY_HOP.includes(name)) headers.set(name, value);
  }
  const answer = await fetch(target, { method: 'POST', headers, body: Buffer.concat(chunks) });
  let body = await answer.text();
  if (answer.ok) body = JSON.stringify(toMockBank(JSON.parse(body) as PaymentRedirect));
  answer.headers.forEach((value, name) => {
    if (!HOP_BY_HOP.includes(name) && name !== 'content-encoding') res.setHeader(name, value);
  });
  res.statusCode = answer.status;
  res.end(body);
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
