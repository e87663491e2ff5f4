// Residents API throughput and latency against a bare Koa "hello" server measured in the same
// run (50 connections, ~10 s each after 5 s of warm-up), and payment round trips, on SQLite and
// on PostgreSQL with one and two server processes. Targets (SQLite, one process, as before):
// ratio to the baseline >= 0.5 and p99 < 50 ms. BENCH_BEFORE_SERVER_JS=<server.js of another
// build> adds that build's rows for comparison (e.g. the last one with in-memory caches).
//   node bench/api-bench.mjs            (builds the BFF first)
//   node bench/api-bench.mjs --no-build
import {
  buildBff,
  fmt,
  heading,
  isMain,
  result,
  startBenchServer,
  status,
  table,
} from './lib/common.mjs';
import { startDeployment, stopPostgres } from './lib/deployments.mjs';
import { measure, measureSpread } from './lib/load.mjs';
import { payRoundTrips } from './lib/payments.mjs';
import { seedFamily, seedPayers } from './lib/portal.mjs';

export const API_TARGETS = { ratio: 0.5, p99Ms: 50 };
const CONNECTIONS = 50;
const SECONDS = Number(process.env.BENCH_SECONDS ?? 10);
// unmeasured load before each row: V8 still optimises the portal's path for several seconds
// (--trace-opt shows hundreds of optimisations in the first 5 s of load, a handful after 10 s),
// and the first row measured on a process would otherwise pay for that alone
const WARMUP_SECONDS = 5;
/** Residents paying in the round-trip rows, 14 activities each: one order per activity. */
const PAYERS = Number(process.env.BENCH_PAYERS ?? 40);
const PAYMENT_WORKERS = 10;

export async function runApiBench({ build = true } = {}) {
  heading('API throughput (autocannon, 50 connections) on SQLite and PostgreSQL');
  if (build) console.log(`built bff in ${fmt.int((await buildBff()) / 1000)} s`);

  let hello;
  let floor;
  const deployments = [];
  try {
    hello = await startBenchServer('koa-hello', 'lib/hello-server.mjs');
    const plans = [
      { engine: 'sqlite', processes: 1, label: 'SQLite, 1 process', targets: true },
      ...(process.env.BENCH_BEFORE_SERVER_JS
        ? [
            {
              engine: 'sqlite',
              processes: 1,
              label: 'previous build (in-memory caches), SQLite',
              serverJs: process.env.BENCH_BEFORE_SERVER_JS,
              payments: false,
            },
          ]
        : []),
      { engine: 'postgres', processes: 1, label: 'PostgreSQL, 1 process' },
      { engine: 'postgres', processes: 2, label: 'PostgreSQL, 2 processes' },
    ];

    const measured = [];
    const baselineRun = async (short) => {
      process.stdout.write(`  measuring bare Koa "hello" (${short}) ... `);
      const m = await measure({
        url: `${hello.url}/`,
        connections: CONNECTIONS,
        seconds: SECONDS,
        warmupSeconds: WARMUP_SECONDS,
        pid: hello.pid,
      });
      console.log('done');
      measured.push({ short: `koa hello, ${short}`, baseline: true, ...m });
    };
    await baselineRun('before');

    for (const plan of plans) {
      const deployment = await startDeployment({
        engine: plan.engine,
        processes: plan.processes,
        serverJs: plan.serverJs,
      });
      deployments.push(deployment);
      const seeded = await seedFamily(deployment.baseUrl);
      if (!floor) {
        floor = await startBenchServer('stack-floor', 'lib/stack-floor-server.mjs', {
          env: {
            ANSWER_JSON: await personsAnswer(`${deployment.baseUrl}/api/user/persons/`, {
              Authorization: `Bearer ${seeded.token}`,
            }),
          },
          readyPath: '/api/health',
        });
        process.stdout.write('  measuring the stack floor (reference) ... ');
        const m = await measure({
          url: `${floor.url}/api/user/persons/`,
          connections: CONNECTIONS,
          seconds: SECONDS,
          warmupSeconds: WARMUP_SECONDS,
          pid: floor.pid,
        });
        console.log('done');
        measured.push({ short: 'stack floor (reference)', reference: true, ...m });
      }
      const activitiesPaths = seeded.personIds.map((id) => `/api/user/activities/${id}`);
      for (const [endpoint, path, paths] of [
        ['GET /api/user/persons/', '/api/user/persons/', undefined],
        ['GET /api/user/activities/{id}', activitiesPaths[0], activitiesPaths],
      ]) {
        process.stdout.write(`  measuring ${endpoint} on ${plan.label} ... `);
        const m = await measureSpread({
          baseUrls: deployment.servers.map((s) => s.baseUrl),
          path,
          paths,
          connections: CONNECTIONS,
          seconds: SECONDS,
          warmupSeconds: WARMUP_SECONDS,
          headers: { Authorization: `Bearer ${seeded.token}` },
          pids: deployment.pids,
        });
        console.log(m.valid ? 'done' : `INVALID (${m.non2xx} non-2xx, ${m.errors} errors)`);
        measured.push({
          short: `${endpoint}, ${plan.label}`,
          reference: !plan.targets,
          ...m,
        });
      }
      if (plan.payments !== false) {
        process.stdout.write(`  paying on ${plan.label} ... `);
        const units = await seedPayers(deployment.baseUrl, { residents: PAYERS });
        const paid = await payRoundTrips({
          baseUrls: deployment.servers.map((s) => s.baseUrl),
          units,
          workers: PAYMENT_WORKERS,
        });
        console.log(
          paid.failures === 0
            ? `${paid.done} round trips`
            : `${paid.failures} FAILED (${paid.firstFailure?.message})`,
        );
        measured.push({ short: `payment round trip, ${plan.label}`, payment: true, ...paid });
      }
      await deployment.close();
      deployments.pop();
    }
    await baselineRun('after');

    const baselines = measured.filter((m) => m.baseline);
    const baselineRps = baselines.reduce((sum, m) => sum + m.rps, 0) / baselines.length;
    const baselineP99 = Math.max(...baselines.map((m) => m.p99));
    const baselineCpu = baselines.reduce((sum, m) => sum + m.cpuUsPerRequest, 0) / baselines.length;
    const rows = [
      ['endpoint', 'req/s', 'p50', 'p99', 'ratio', 'ratio>=0.5', 'p99<50ms', 'server CPU/req'],
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
      if (m.payment) {
        rows.push([
          m.short,
          `${fmt.int(m.perSecond)}/s`,
          fmt.ms(m.p50),
          fmt.ms(m.p99),
          '',
          '',
          '',
          m.failures ? `${m.failures} failed` : '',
        ]);
        results.push(
          result(
            'api',
            `${m.short}: per second (p50 / p99)`,
            `${fmt.int(m.perSecond)} (${fmt.ms(m.p50)} / ${fmt.ms(m.p99)}), ${m.failures} failed`,
            '0 failed',
            m.failures === 0,
          ),
        );
        continue;
      }
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
        Number.isFinite(m.cpuUsPerRequest)
          ? `${fmt.int(m.cpuUsPerRequest)} µs (${fmt.ratio(baselineCpu / m.cpuUsPerRequest)})`
          : 'n/a',
      ]);
      if (m.baseline) continue;
      results.push(
        result(
          'api',
          `${m.short} req/s ratio (p99)`,
          `${fmt.int(m.rps)} (${fmt.ratio(ratio)}x, p99 ${fmt.ms(m.p99)})${m.valid ? '' : ' INVALID'}`,
          untargeted ? '' : '>= 0.5x, p99 < 50 ms',
          untargeted ? null : ratioOk && p99Ok,
        ),
      );
    }
    console.log(`\n${table(rows)}`);
    console.log(
      `ratio = req/s / ${fmt.int(baselineRps)} (mean of the two bare-Koa runs); server CPU/req in brackets: the baseline's / the row's. Rows with several processes spread the 50 connections over them (one autocannon each) and add up; CPU counts every process. A payment round trip is the order (generate-multiple) and the bank's signed notification for it, ${PAYMENT_WORKERS} at a time, each paying one activity; with two processes the notification reaches the other process. The stack floor is Koa and @koa/router alone answering the portal's persons JSON.`,
    );
    if (baselineP99 >= API_TARGETS.p99Ms) {
      console.log(
        `NOTE the bare Koa baseline itself reached p99 ${fmt.ms(baselineP99)}: the machine is busy, so p99 figures here say more about it than about the portal`,
      );
    }
    return { results, measured };
  } finally {
    for (const d of deployments) await d.close();
    stopPostgres();
    await floor?.stop();
    await hello?.stop();
  }
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
