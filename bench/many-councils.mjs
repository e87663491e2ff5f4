// Many councils in one deployment (issue 64), on PostgreSQL: N councils (BENCH_COUNCILS, 50 by
// default) served by one process, each its own database portal_<id> in one cluster with
// BENCH_RESIDENTS residents (2,000 by default).
//
// 1. Memory per council added: the process's resident memory (VmRSS) serving 1 council, then
//    serving all N (each council's app opened and asked once), in the same run:
//    (RSS(N) − RSS(1)) / (N − 1).
// 2. A neighbour's rush: council c000's 9:00 rush (bench/season.mjs's shape: its 2,000 residents,
//    100 at a time, apply for 10 first-come activities of 10 places the moment they open) while
//    residents of council c001 do a quiet read (GET /api/user/applications, QUIET_IN_FLIGHT at a
//    time). The quiet read's p99 with the rush beside it, and the same read, same count, with the
//    rush absent (measured first, on the same process), in the same run.
//
// Council c000 is seeded through the server's own repositories (bench/lib/in-process.mjs: no
// password to hash, tokens issued with that council's key); every other council's database is
// a copy of it (CREATE DATABASE … TEMPLATE), so each has the same 2,000 residents, as a real
// province's councils each have their own. Calls name their council by X-Forwarded-Host through
// the proxy the server trusts (Node does not resolve *.localhost).
//
//   node bench/many-councils.mjs                   (BENCH_COUNCILS=50 BENCH_RESIDENTS=2000)
//   BENCH_COUNCILS=10 node bench/many-councils.mjs (a loaded machine)
import { cpSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import { startPostgres } from '../scripts/throwaway-postgres.mjs';
import {
  buildBff,
  fmt,
  freePort,
  heading,
  importFrom,
  installExitHooks,
  isMain,
  makeTempDir,
  percentile,
  removeTempDir,
  repoRoot,
  result,
  send,
  sleep,
  startProcess,
  table,
} from './lib/common.mjs';
import { dist, seedResidents } from './lib/in-process.mjs';
import { eachLimited } from './lib/portal.mjs';

const COUNCILS = Number(process.env.BENCH_COUNCILS ?? 50);
const RESIDENTS = Number(process.env.BENCH_RESIDENTS ?? 2_000);
const IN_FLIGHT = 100;
const QUIET_IN_FLIGHT = 5;
const QUIET_CALLS = Number(process.env.BENCH_QUIET_CALLS ?? 1_000);
const RUSH_ACTIVITIES = 10;
const RUSH_PLACES = 10;
const JWT_SECRET = 'bench-secret-long-enough-for-hs256-0123456789abcdef';
const STAFF = { id: 1, dni: '12345678Z', ip: null };

const idOf = (i) => `c${String(i).padStart(3, '0')}`;
const hostOf = (id) => `${id}.bench.localhost`;

/** COUNCILS_DIR with `count` council folders (councils/ejemplo's files, a host each). */
function councilsDir(root, count) {
  const dir = join(root, `councils-${count}`);
  mkdirSync(dir, { recursive: true });
  const template = JSON.parse(
    readFileSync(join(repoRoot, 'councils/ejemplo/council.json'), 'utf8'),
  );
  for (let i = 0; i < count; i++) {
    const id = idOf(i);
    cpSync(join(repoRoot, 'councils/ejemplo'), join(dir, id), { recursive: true });
    writeFileSync(
      join(dir, id, 'council.json'),
      JSON.stringify({ ...template, hosts: [hostOf(id)], shortName: `Concello ${i}` }),
    );
  }
  return dir;
}

/** One council's services in this process, on its own database, with its own keys. */
async function councilParts(env, dir, id) {
  const [{ loadConfig }, { openDatabase }, { createDeps }, { createLogger }] = await Promise.all([
    dist('config.js'),
    dist('data/open-database.js'),
    dist('deps.js'),
    dist('logger.js'),
  ]);
  const { councilConfig } = await dist('councils/council-config.js');
  const { readCouncilFolder } = await dist('councils/council-folders.js');
  const base = loadConfig(env);
  const made = councilConfig(base, readCouncilFolder(join(dir, id)), env);
  if (!made.config) throw new Error(made.problems.join('\n'));
  const db = await openDatabase({
    databaseUrl: made.config.databaseUrl,
    dataDir: made.config.dataDir,
  });
  const deps = createDeps({
    config: made.config,
    db,
    logger: createLogger('silent'),
    councilId: id,
  });
  return { deps, db };
}

/** The deployment's one process, ready once it answers; its pid for its memory. */
async function startServer(env) {
  const port = await freePort();
  const handle = await startProcess(
    'portal',
    process.execPath,
    [join(repoRoot, 'bff/dist/src/server.js')],
    {
      env: { ...env, PORT: String(port), PUBLIC_URL: `http://127.0.0.1:${port}` },
      // /api/health answers on an address that is no council's once every council is opened
      readyUrl: `http://127.0.0.1:${port}/api/health`,
      timeoutMs: 600_000,
    },
  );
  return { ...handle, baseUrl: `http://127.0.0.1:${port}` };
}

/** Resident memory of a process, in MB (Linux). */
function rssMb(pid) {
  const line = readFileSync(`/proc/${pid}/status`, 'utf8')
    .split('\n')
    .find((l) => l.startsWith('VmRSS:'));
  return Number(line.split(/\s+/)[1]) / 1024;
}

/** Asks every council once (its config and a resident-less page), so each app has run. */
async function touchEvery(baseUrl, count) {
  await eachLimited(
    Array.from({ length: count }, (_, i) => idOf(i)),
    4,
    async (id) => {
      const res = await send(`${baseUrl}/api/config`, {
        headers: { 'X-Forwarded-Host': hostOf(id) },
      });
      if (res.status !== 200) throw new Error(`${id}: /api/config answered ${res.status}`);
    },
  );
}

/** Settled memory: after a collection window, the median of a few looks. */
async function settledRss(pid) {
  const looks = [];
  for (let i = 0; i < 5; i++) {
    await sleep(400);
    looks.push(rssMb(pid));
  }
  return looks.sort((a, b) => a - b)[2];
}

function summary(latencies, statuses, ms) {
  const sorted = [...latencies].sort((a, b) => a - b);
  return {
    calls: sorted.length,
    ms,
    p50: percentile(sorted, 50),
    p99: percentile(sorted, 99),
    statuses: Object.fromEntries(statuses),
  };
}

/** Calls `request(i)` `inFlight` at a time until `count` are done or `until()` says stop. */
async function stream(baseUrl, { count, inFlight, request, until = () => false }) {
  const latencies = [];
  const statuses = new Map();
  let next = 0;
  const started = performance.now();
  async function worker() {
    for (;;) {
      const i = next++;
      if (i >= count || (until() && i > 0)) return;
      const { url, init } = request(i);
      const t0 = performance.now();
      let code;
      try {
        code = (await send(`${baseUrl}${url}`, init)).status;
      } catch {
        code = 'error';
      }
      latencies.push(performance.now() - t0);
      statuses.set(code, (statuses.get(code) ?? 0) + 1);
    }
  }
  await Promise.all(Array.from({ length: inFlight }, worker));
  return summary(latencies, statuses, performance.now() - started);
}

export async function runManyCouncils() {
  installExitHooks();
  if (!process.argv.includes('--no-build')) await buildBff();
  const root = makeTempDir('portal-bench-councils-');
  const dataDir = join(root, 'data');
  const postgres = await startPostgres({ durable: true });
  const { default: pg } = await importFrom('bff', 'pg');
  const env = {
    NODE_ENV: 'development',
    HOST: '127.0.0.1',
    DATA_DIR: dataDir,
    DATABASE_URL: postgres.url,
    JWT_SECRET,
    SEED_DEMO: '0',
    LOG_LEVEL: 'warn',
    RESPONSE_VALIDATION: 'off',
    TRUST_PROXY: '1',
    ADMIN_DNI: '12345678Z',
    ADMIN_PASSWORD: 'Bench-admin-pass-2026',
  };
  let server = null;
  try {
    const one = councilsDir(root, 1);
    const all = councilsDir(root, COUNCILS);
    const { createCouncilDatabase } = await dist('cli/council-databases.js');
    const { councilDatabaseName } = await dist('councils/council-database.js');

    // council c000: its database, its residents; every other council a copy of it
    const seedStart = performance.now();
    await createCouncilDatabase({ databaseUrl: postgres.url, dataDir }, idOf(0));
    const first = await councilParts({ ...env, COUNCILS_DIR: all }, all, idOf(0));
    const residentsA = await seedResidents(first.deps, 51_000_000, RESIDENTS);
    await first.db.close();
    const admin = new pg.Client({ connectionString: postgres.url });
    await admin.connect();
    try {
      for (let i = 1; i < COUNCILS; i++) {
        await admin.query(
          `CREATE DATABASE ${councilDatabaseName(idOf(i))} TEMPLATE ${councilDatabaseName(idOf(0))}`,
        );
      }
    } finally {
      await admin.end();
    }
    const seedMs = performance.now() - seedStart;

    // 1. memory: one council, then all of them
    server = await startServer({ ...env, COUNCILS_DIR: one });
    await touchEvery(server.baseUrl, 1);
    const rssOne = await settledRss(server.pid);
    await server.stop();
    const openStart = performance.now();
    server = await startServer({ ...env, COUNCILS_DIR: all });
    const openMs = performance.now() - openStart;
    await touchEvery(server.baseUrl, COUNCILS);
    const rssAll = await settledRss(server.pid);

    // 2. the rush in c000 beside a quiet read in c001 (its residents' tokens, its key)
    const quiet = await councilParts({ ...env, COUNCILS_DIR: all }, all, idOf(1));
    const residentsB = [];
    for (const r of residentsA) {
      residentsB.push({
        ...r,
        token: await quiet.deps.tokens.issue({
          id: r.id,
          dni: r.dni,
          role: 'user',
          token_version: 0,
        }),
      });
    }
    const quietRead = (i) => ({
      url: '/api/user/applications',
      init: {
        headers: {
          Authorization: `Bearer ${residentsB[i % residentsB.length].token}`,
          'X-Forwarded-Host': hostOf(idOf(1)),
          'X-Forwarded-For': `10.77.${(i >> 8) & 255}.${i & 255}`,
        },
      },
    });
    const alone = await stream(server.baseUrl, {
      count: QUIET_CALLS,
      inFlight: QUIET_IN_FLIGHT,
      request: quietRead,
    });

    const rushCouncil = await councilParts({ ...env, COUNCILS_DIR: all }, all, idOf(0));
    const opensAt = Date.now() + 3_000;
    const activities = [];
    for (let a = 0; a < RUSH_ACTIVITIES; a++) {
      const activity = await rushCouncil.deps.admin.activities.create(STAFF, {
        name: `Pádel primeira quenda ${a}`,
        price: 40,
        allocation: 'first_come',
        capacity: RUSH_PLACES,
        applications_open_at: new Date(opensAt).toISOString(),
        applications_close_at: new Date(opensAt + 86_400_000).toISOString(),
      });
      activities.push(activity.id);
    }
    await rushCouncil.db.close();
    await sleep(Math.max(0, opensAt - Date.now() + 50));
    let rushing = true;
    const [rush, beside] = await Promise.all([
      stream(server.baseUrl, {
        count: RESIDENTS,
        inFlight: IN_FLIGHT,
        request: (i) => ({
          url: '/api/user/applications',
          init: {
            method: 'POST',
            headers: {
              Authorization: `Bearer ${residentsA[i].token}`,
              'Content-Type': 'application/json',
              'X-Forwarded-Host': hostOf(idOf(0)),
              'X-Forwarded-For': `10.88.${(i >> 8) & 255}.${i & 255}`,
            },
            body: JSON.stringify({
              person_activity_id: residentsA[i].person,
              activity_id: activities[i % RUSH_ACTIVITIES],
            }),
          },
        }),
      }).finally(() => (rushing = false)),
      stream(server.baseUrl, {
        count: QUIET_CALLS,
        inFlight: QUIET_IN_FLIGHT,
        request: quietRead,
        until: () => !rushing,
      }),
    ]);
    await quiet.db.close();

    return {
      councils: COUNCILS,
      residents: RESIDENTS,
      seedMs,
      openMs,
      rssOne,
      rssAll,
      perCouncil: COUNCILS > 1 ? (rssAll - rssOne) / (COUNCILS - 1) : null,
      alone,
      beside,
      rush,
    };
  } finally {
    await server?.stop();
    postgres.stop();
    removeTempDir(root);
  }
}

function report(r) {
  heading(
    `Many councils in one deployment: ${r.councils} councils on PostgreSQL, ${fmt.int(r.residents)} residents each`,
  );
  console.log(
    table([
      ['', 'value'],
      ['seeding (c000 through the services, the rest copies)', `${fmt.ms(r.seedMs)}`],
      [`start serving ${r.councils} councils`, `${fmt.ms(r.openMs)}`],
      ['process memory (RSS), 1 council', `${r.rssOne.toFixed(0)} MB`],
      [`process memory (RSS), ${r.councils} councils`, `${r.rssAll.toFixed(0)} MB`],
      ['memory per council added', r.perCouncil === null ? 'n/a' : `${r.perCouncil.toFixed(1)} MB`],
    ]),
  );
  console.log(
    table([
      ['', 'calls', 'p50', 'p99', 'statuses'],
      [
        `c001 quiet read alone (${QUIET_IN_FLIGHT} in flight)`,
        String(r.alone.calls),
        fmt.ms(r.alone.p50),
        fmt.ms(r.alone.p99),
        JSON.stringify(r.alone.statuses),
      ],
      [
        'c001 quiet read beside c000’s rush',
        String(r.beside.calls),
        fmt.ms(r.beside.p50),
        fmt.ms(r.beside.p99),
        JSON.stringify(r.beside.statuses),
      ],
      [
        `c000 rush: ${fmt.int(r.residents)} applications, ${IN_FLIGHT} in flight`,
        String(r.rush.calls),
        fmt.ms(r.rush.p50),
        fmt.ms(r.rush.p99),
        JSON.stringify(r.rush.statuses),
      ],
    ]),
  );
  return [
    result('many-councils', 'memory per council added (MB)', r.perCouncil, null, null),
    result('many-councils', 'neighbour read p99 beside the rush (ms)', r.beside.p99, null, null),
    result('many-councils', 'neighbour read p99 alone (ms)', r.alone.p99, null, null),
  ];
}

if (isMain(import.meta.url)) {
  report(await runManyCouncils());
}
