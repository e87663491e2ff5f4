// How many statements the hot paths send to the database, on each engine: the figures
// bff/test/statement-counts.test.ts holds the server to (docs/performance.md, "Statement
// counts"). The server's own app runs in this process over real HTTP on a fresh database, so
// its database's counter (`Database.statements()`, BEGIN, COMMIT and SAVEPOINT included) is read
// around each call; no answer carries it. Each path is counted on its second call (the first
// warms what a process keeps), and a call's work left running after its answer (the receipt
// e-mail after a payment) is counted with it.
//
//   node bench/statement-counts.mjs            (BENCH_ENGINES=sqlite,postgres; builds the BFF)
//   node bench/statement-counts.mjs --no-build
import { createServer } from 'node:http';
import { once } from 'node:events';
import {
  buildBff,
  heading,
  isMain,
  makeTempDir,
  removeTempDir,
  result,
  send,
  sleep,
  table,
} from './lib/common.mjs';
import { freshPostgresUrl, stopPostgres } from './lib/deployments.mjs';
import { dist, seedResidents, serverParts } from './lib/in-process.mjs';

const HOUR = 3_600_000;

/**
 * The figures of the test (bff/test/statement-counts.test.ts), which fails when one grows; one
 * per engine where they differ (an application: PostgreSQL writes in one statement what SQLite
 * writes in three, and sends a savepoint's RELEASE with the next SAVEPOINT).
 */
export const STATEMENT_COUNTS = {
  persons: 2,
  applications: 2,
  activities: 5,
  catalogue: 5,
  application: { sqlite: 13, postgres: 10 },
  checkout: 13,
  notification: 16,
};

/** The test's figure for a path on an engine. */
const figureOf = (path, engine) =>
  typeof STATEMENT_COUNTS[path] === 'number'
    ? STATEMENT_COUNTS[path]
    : STATEMENT_COUNTS[path][engine];

async function countOn(engine) {
  const dataDir = makeTempDir('portal-statements-');
  const databaseUrl = engine === 'postgres' ? await freshPostgresUrl() : null;
  const { deps, db } = await serverParts({ dataDir, databaseUrl });
  const [{ buildApp }, { REDSYS_TEST_CREDENTIALS }, signer] = await Promise.all([
    dist('app.js'),
    dist('config.js'),
    dist('adapters/payment-gateway/redsys-signer.js'),
  ]);
  const server = createServer(buildApp(deps).callback());
  server.listen(0, '127.0.0.1');
  await once(server, 'listening');
  const base = `http://127.0.0.1:${server.address().port}`;
  try {
    const settings = await deps.repos.config.get();
    await deps.repos.config.save({ ...settings, payments_enabled: true, deadline_date: null });
    const now = Date.now();
    const at = (offset) => new Date(now + offset).toISOString();
    const season = (allocation) =>
      deps.repos.activities.insert({
        name: `Temporada ${allocation}`,
        price_cents: 4000,
        start_date: '2027-01-11',
        allocation,
        capacity: 50,
        applications_open_at: at(-HOUR),
        applications_close_at: at(48 * HOUR),
      });
    const firstCome = await season('first_come');
    await season('lottery');
    const residents = await seedResidents(deps, 7_100_000, 4);
    const paid = [];
    for (const [i, price] of [6000, 8550].entries()) {
      const id = await deps.repos.activities.insert({
        name: `Pagada ${i}`,
        price_cents: price,
        start_date: '2027-01-11',
      });
      paid.push(id);
      for (const resident of residents) await deps.repos.enrolments.addLink(resident.person, id);
    }

    const call = async (method, path, resident, body, headers = {}) => {
      const res = await send(`${base}${path}`, {
        method,
        headers: {
          ...(resident ? { Authorization: `Bearer ${resident.token}` } : {}),
          ...(body === undefined ? {} : { 'Content-Type': 'application/json' }),
          ...headers,
        },
        body:
          body === undefined ? undefined : typeof body === 'string' ? body : JSON.stringify(body),
      });
      if (res.status >= 300)
        throw new Error(`${method} ${path} answered ${res.status}: ${res.text}`);
      return JSON.parse(res.text);
    };
    /** The statements of `run`, once none has been sent for 200 ms (work after the answer). */
    const counted = async (run) => {
      const before = db.statements();
      const value = await run();
      let seen = -1;
      while (seen !== db.statements()) {
        seen = db.statements();
        await sleep(200);
      }
      return { value, statements: seen - before };
    };
    const twice = async (first, second) => {
      await first();
      return (await counted(second)).statements;
    };
    const [a, b, c, d] = residents;
    const apply = (resident) => () =>
      call(
        'POST',
        '/api/user/applications',
        resident,
        { person_activity_id: resident.person, activity_id: firstCome },
        { 'Idempotency-Key': crypto.randomUUID() },
      );
    const checkout = (resident) => () =>
      call('POST', '/api/payments/generate-multiple/', resident, {
        person_activity_id: resident.person,
        activity_ids: paid,
        use_discount: false,
      });
    const counts = {
      persons: await twice(
        () => call('GET', '/api/user/persons/', a),
        () => call('GET', '/api/user/persons/', a),
      ),
      applications: await twice(
        () => call('GET', '/api/user/applications', a),
        () => call('GET', '/api/user/applications', a),
      ),
      activities: await twice(
        () => call('GET', `/api/user/activities/${a.person}`, a),
        () => call('GET', `/api/user/activities/${a.person}`, a),
      ),
      catalogue: await twice(
        () => call('GET', '/api/catalogue'),
        () => call('GET', '/api/catalogue'),
      ),
      application: await twice(apply(a), apply(b)),
    };
    await checkout(c)();
    const order = await counted(checkout(d));
    counts.checkout = order.statements;
    const sign = signer.createSha256V1Signer(REDSYS_TEST_CREDENTIALS.secret);
    const parameters = signer.encodeMerchantParameters({
      Ds_Date: '21%2F11%2F2026',
      Ds_Hour: '11%3A00',
      Ds_Amount: String(Math.round(order.value.amount * 100)),
      Ds_Currency: '978',
      Ds_Order: order.value.order,
      Ds_MerchantCode: REDSYS_TEST_CREDENTIALS.merchantCode,
      Ds_Terminal: '001',
      Ds_Response: '0000',
      Ds_AuthorisationCode: '082150',
    });
    const form = new URLSearchParams({
      Ds_SignatureVersion: 'HMAC_SHA256_V1',
      Ds_MerchantParameters: parameters,
      Ds_Signature: sign
        .sign(parameters, order.value.order)
        .replace(/\+/g, '-')
        .replace(/\//g, '_'),
    }).toString();
    counts.notification = (
      await counted(() =>
        call('POST', '/api/payments/notification', null, form, {
          'Content-Type': 'application/x-www-form-urlencoded',
        }),
      )
    ).statements;
    return counts;
  } finally {
    server.closeAllConnections();
    server.close();
    await deps.passwords?.close?.();
    await db.close();
    removeTempDir(dataDir);
  }
}

export async function runStatementCounts({ build = true } = {}) {
  heading('Statements a hot path sends (BEGIN, COMMIT and SAVEPOINT included)');
  if (build) await buildBff();
  const engines = (process.env.BENCH_ENGINES ?? 'sqlite,postgres').split(',');
  const byEngine = {};
  try {
    for (const engine of engines) byEngine[engine] = await countOn(engine);
  } finally {
    stopPostgres();
  }
  const rows = [['path', ...engines, 'test holds it to']];
  const results = [];
  for (const path of Object.keys(STATEMENT_COUNTS)) {
    const figures = engines.map((engine) => figureOf(path, engine));
    rows.push([path, ...engines.map((engine) => byEngine[engine][path]), figures.join(' / ')]);
    for (const [i, engine] of engines.entries()) {
      const n = byEngine[engine][path];
      const most = figures[i];
      results.push(result('statements', `${path} (${engine})`, n, `= ${most}`, n === most));
    }
  }
  console.log(table(rows));
  return results;
}

if (isMain(import.meta.url)) {
  await runStatementCounts({ build: !process.argv.includes('--no-build') });
  process.exit(0);
}
