// Residents API throughput and latency against a bare Koa "hello" server measured in the same
// run: 50 connections, ~10 s each after 5 s of warm-up. Targets: ratio to the baseline >= 0.5
// and p99 < 50 ms.
//   node bench/api-bench.mjs            (builds the BFF first)
//   node bench/api-bench.mjs --no-build
import { join } from 'node:path';
import {
  HOST,
  benchDir,
  buildBff,
  fmt,
  freePort,
  heading,
  isMain,
  result,
  startProcess,
  status,
  table,
} from './lib/common.mjs';
import { measure } from './lib/load.mjs';
import { seedFamily, startPortal } from './lib/portal.mjs';

export const API_TARGETS = { ratio: 0.5, p99Ms: 50 };
const CONNECTIONS = 50;
const SECONDS = Number(process.env.BENCH_SECONDS ?? 10);
// unmeasured load before each row: V8 still optimises the portal's path for several seconds
// (--trace-opt shows hundreds of optimisations in the first 5 s of load, a handful after 10 s),
// and the first row measured on a process would otherwise pay for that alone
const WARMUP_SECONDS = 5;

export async function runApiBench({ build = true } = {}) {
  heading('API throughput (autocannon, 50 connections)');
  if (build) console.log(`built bff in ${fmt.int((await buildBff()) / 1000)} s`);

  let hello;
  let portal;
  let uncached;
  let floor;
  try {
    const helloPort = await freePort();
    hello = await startProcess(
      'koa-hello',
      process.execPath,
      [join(benchDir, 'lib/hello-server.mjs')],
      {
        env: { PORT: String(helloPort), HOST },
        readyUrl: `http://${HOST}:${helloPort}/health`,
      },
    );
    portal = await startPortal();
    const seeded = await seedFamily(portal.baseUrl);
    const { counts } = seeded;
    console.log(
      `seeded: ${counts.activities} activities, ${counts.enrolments} enrolments; the resident manages ${counts.people} people with ${counts.activitiesEach} activities each`,
    );
    const auth = { Authorization: `Bearer ${seeded.token}` };
    // the same server and data with the answer cache off: every answer worked out again
    uncached = await startPortal({ env: { ANSWER_CACHE: 'false' } });
    const seededUncached = await seedFamily(uncached.baseUrl);
    const personsUrl = `${portal.baseUrl}/api/user/persons/`;
    const floorPort = await freePort();
    floor = await startProcess(
      'stack-floor',
      process.execPath,
      [join(benchDir, 'lib/stack-floor-server.mjs')],
      {
        env: {
          PORT: String(floorPort),
          HOST,
          ANSWER_JSON: await personsAnswer(personsUrl, auth),
        },
        readyUrl: `http://${HOST}:${floorPort}/api/health`,
      },
    );

    const hello1 = { name: 'baseline: bare Koa "hello"', short: 'koa hello, before' };
    const runs = [
      { ...hello1, url: `http://${HOST}:${helloPort}/`, baseline: true, pid: hello.pid },
      {
        name: 'reference: Koa + @koa/router answering the same JSON, nothing else',
        short: 'stack floor (reference)',
        url: `http://${HOST}:${floorPort}/api/user/persons/`,
        reference: true,
        pid: floor.pid,
      },
      ...residentRuns(portal, seeded),
      ...residentRuns(uncached, seededUncached, {
        name: ' with ANSWER_CACHE=false (reference)',
        short: ', cache off (ref.)',
      }),
      // measured again after the portal, so a change in the machine's load shows
      {
        ...hello1,
        short: 'koa hello, after',
        url: `http://${HOST}:${helloPort}/`,
        baseline: true,
        pid: hello.pid,
      },
    ];
    const measured = [];
    for (const r of runs) {
      process.stdout.write(
        `  measuring ${r.name} for ${SECONDS} s (after ${WARMUP_SECONDS} s) ... `,
      );
      const m = await measure({
        url: r.url,
        connections: CONNECTIONS,
        seconds: SECONDS,
        warmupSeconds: WARMUP_SECONDS,
        headers: r.headers,
        paths: r.paths,
        pid: r.pid,
      });
      console.log(
        m.valid ? 'done' : `INVALID (${m.non2xx} non-2xx, ${m.errors} errors of ${m.total})`,
      );
      measured.push({ ...r, ...m });
    }

    // the baseline is the mean of the two bare-Koa runs around the portal's
    const baselines = measured.filter((m) => m.baseline);
    const baselineRps = baselines.reduce((sum, m) => sum + m.rps, 0) / baselines.length;
    const baselineP99 = Math.max(...baselines.map((m) => m.p99));
    const baselineCpu = baselines.reduce((sum, m) => sum + m.cpuUsPerRequest, 0) / baselines.length;
    const rows = [
      [
        'endpoint',
        'req/s',
        'p50',
        'p99',
        'ratio',
        'ratio>=0.5',
        'p99<50ms',
        'requests',
        'server CPU/req',
        'CPU ratio',
      ],
    ];
    const results = [
      result(
        'api',
        'koa hello baseline req/s (p50 / p99)',
        `${fmt.int(baselineRps)} (${baselines.map((b) => `${fmt.ms(b.p50)} / ${fmt.ms(b.p99)}`).join(', ')})`,
        '',
        null,
      ),
    ];
    for (const m of measured) {
      const ratio = m.rps / baselineRps;
      const untargeted = m.baseline || m.reference;
      const ratioOk = untargeted ? null : m.valid && ratio >= API_TARGETS.ratio;
      const p99Ok = untargeted ? null : m.valid && m.p99 < API_TARGETS.p99Ms;
      rows.push([
        m.short,
        fmt.int(m.rps),
        fmt.ms(m.p50),
        fmt.ms(m.p99),
        fmt.ratio(ratio),
        untargeted ? '' : status(ratioOk),
        untargeted ? '' : status(p99Ok),
        m.valid ? fmt.int(m.total) : `${fmt.int(m.total)} (${m.non2xx} non-2xx)`,
        Number.isFinite(m.cpuUsPerRequest) ? `${fmt.int(m.cpuUsPerRequest)} µs` : 'n/a',
        fmt.ratio(baselineCpu / m.cpuUsPerRequest),
      ]);
      if (m.baseline) continue;
      const ratioLine = result(
        'api',
        `${m.short} req/s ratio`,
        `${fmt.int(m.rps)} (${fmt.ratio(ratio)}x)`,
        m.reference ? '' : '>= 0.5x',
        ratioOk,
      );
      if (m.reference) {
        results.push(ratioLine);
        continue;
      }
      results.push(
        ratioLine,
        result(
          'api',
          `${m.short} p99 (p50)`,
          `${fmt.ms(m.p99)} (${fmt.ms(m.p50)})`,
          '< 50 ms',
          p99Ok,
        ),
      );
    }
    console.log(`\n${table(rows)}`);
    console.log(
      `ratio = req/s / ${fmt.int(baselineRps)} (mean of the two bare-Koa runs); CPU ratio = the baseline's server CPU per request / the endpoint's (less sensitive to other load on the machine); the references have no target: the stack floor is what Koa and @koa/router alone reach with the portal's answer; "cache off" is the portal working out every answer again (ANSWER_CACHE=false), the figure for calls the answer cache cannot serve`,
    );
    if (baselineP99 >= API_TARGETS.p99Ms) {
      console.log(
        `NOTE the bare Koa baseline itself reached p99 ${fmt.ms(baselineP99)}: the machine is busy, so p99 figures here say more about it than about the portal`,
      );
    }
    return { results, measured };
  } finally {
    await portal?.close();
    await uncached?.close();
    await floor?.stop();
    await hello?.stop();
  }
}

/**
 * The two measured resident calls on one portal process. `reference` (a suffix for the labels)
 * marks rows printed without a target; activities rotate over every managed person.
 */
function residentRuns(server, seeded, reference) {
  const activitiesPaths = seeded.personIds.map((id) => `/api/user/activities/${id}`);
  return [
    ['GET /api/user/persons/', '/api/user/persons/', undefined],
    ['GET /api/user/activities/{id}', activitiesPaths[0], activitiesPaths],
  ].map(([endpoint, path, paths]) => ({
    name: `${endpoint}${reference?.name ?? ''}`,
    short: `${endpoint}${reference?.short ?? ''}`,
    url: `${server.baseUrl}${path}`,
    headers: { Authorization: `Bearer ${seeded.token}` },
    paths,
    reference: Boolean(reference),
    pid: server.pid,
  }));
}

/** The portal's own answer, which the stack-floor reference then serves as it is. */
async function personsAnswer(url, headers) {
  const res = await fetch(url, { headers });
  if (!res.ok) throw new Error(`GET ${url} answered ${res.status}`);
  return res.text();
}

if (isMain(import.meta.url)) {
  runApiBench({ build: !process.argv.includes('--no-build') }).catch((err) => {
    console.error(err);
    process.exitCode = 1;
  });
}
