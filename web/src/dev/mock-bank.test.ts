/**
 * `npm run dev:mock`'s stand-in bank (web/build/mock-bank.ts) against a Prism that answers the
 * contract's examples: the bank's page shows the total of the lines chosen on the dashboard (not
 * the example's 75 €), and /pago-ok's latest payment has that order and amount.
 */
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { ViteDevServer } from 'vite';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { mockBank, selectedTotal, type ListedFee } from '../../build/mock-bank';
import { exampleAnswer } from '../stories-support/contract-examples';
import { apiServer } from '../testing/api-server';

const LIST = 'GET /user/activities/{person_activity_id}';
const xoan = exampleAnswer(LIST, 'xoan').body as ListedFee[];
const inParts = exampleAnswer(LIST, 'fee_in_parts').body as ListedFee[];

describe('the total of what was chosen', () => {
  it('adds each whole fee’s amount due, or its reduced amount with the reduction', () => {
    expect(selectedTotal(xoan, { person_activity_id: 4, activity_ids: [1] })).toBe(45);
    expect(selectedTotal(xoan, { person_activity_id: 4, activity_ids: [1, 3, 3] })).toBe(75);
    expect(
      selectedTotal(xoan, { person_activity_id: 4, activity_ids: [1, 3], use_discount: true }),
    ).toBe(50);
  });

  it('adds a chosen part’s amount; an unknown or paid line leaves the example’s amount', () => {
    const second = {
      person_activity_id: 4,
      activity_ids: [],
      parts: [{ activity_id: 8, number: 2 }],
    };
    expect(selectedTotal(inParts, second)).toBe(33.75);
    expect(
      selectedTotal(inParts, { ...second, parts: [{ activity_id: 8, number: 1 }] }),
    ).toBeNull();
    expect(selectedTotal(xoan, { person_activity_id: 4, activity_ids: [2] })).toBeNull();
    expect(selectedTotal(xoan, { person_activity_id: 4, activity_ids: [99] })).toBeNull();
  });
});

/** A Prism stand-in: the contract's examples, by the Prefer header as Prism reads it. */
function fakePrism(req: IncomingMessage, res: ServerResponse) {
  const prefer = String(req.headers.prefer ?? '');
  const named = /example=(\w+)/.exec(prefer)?.[1];
  const path = new URL(req.url ?? '/', 'http://prism').pathname;
  const call =
    path === '/payments/generate-multiple/'
      ? 'POST /payments/generate-multiple/'
      : path === '/user/payments/latest'
        ? 'GET /user/payments/latest'
        : LIST;
  const answer = exampleAnswer(call, call === LIST ? (named ?? 'xoan') : named);
  res.writeHead(answer.status, { 'Content-Type': 'application/json' });
  res.end(JSON.stringify(answer.body));
}

const servers: ReturnType<typeof createServer>[] = [];
const listen = async (handler: Parameters<typeof createServer>[1]) => {
  const server = createServer(handler);
  servers.push(server);
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
};
let web = '';

beforeAll(async () => {
  // real requests between real servers here: the web tests' MSW server lets them through
  apiServer.close();
  const prism = await listen(fakePrism);
  type Middleware = (req: IncomingMessage, res: ServerResponse, next: () => void) => void;
  const middlewares: Middleware[] = [];
  const configure = mockBank(prism).configureServer as (server: ViteDevServer) => void;
  configure({
    middlewares: { use: (fn: Middleware) => middlewares.push(fn) },
  } as unknown as ViteDevServer);
  // what Vite's /api proxy would do after the plugin: the list goes on to Prism
  web = await listen((req, res) =>
    middlewares[0]!(req, res, () => {
      void fetch(`${prism}${req.url!.slice('/api'.length)}`, {
        headers: req.headers.prefer ? { Prefer: String(req.headers.prefer) } : {},
      }).then(async (answer) => res.writeHead(answer.status).end(await answer.text()));
    }),
  );
});
afterAll(() => {
  servers.forEach((server) => server.close());
  apiServer.listen({ onUnhandledFrame: 'error' });
});

it('shows the bank the chosen total, and /pago-ok that payment’s order and amount', async () => {
  // the dashboard asked for the list with the tab's ?mock= choice
  await fetch(`${web}/api/user/activities/4`, { headers: { Prefer: 'example=fee_in_parts' } });
  const started = await fetch(`${web}/api/payments/generate-multiple/`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json', Authorization: 'Bearer mock' },
    body: JSON.stringify({
      person_activity_id: 4,
      activity_ids: [],
      parts: [{ activity_id: 8, number: 2 }],
      use_discount: false,
    }),
  });
  const redirect = (await started.json()) as { action: string; amount: number; order: string };
  expect(redirect.amount).toBe(33.75);
  expect(redirect.action).toBe('/mock-bank?order=2611AB12CD34&amount=33.75');
  const bank = await (await fetch(`${web}${redirect.action}`)).text();
  expect(bank).toMatch(/<dd>33,75\s€<\/dd>/);
  const latest = (await (await fetch(`${web}/api/user/payments/latest`)).json()) as {
    order: string;
    amount: number;
    status: string;
  };
  expect(latest).toMatchObject({ order: '2611AB12CD34', amount: 33.75, status: 'paid' });
});
