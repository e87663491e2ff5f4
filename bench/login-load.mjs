// GET /api/config latency while 20 logins (argon2id verify) run back to back, against the same
// endpoint with no logins in the same run. Target: p99 < 100 ms under login load.
// It also reports where the server's CPU went (main thread vs. other threads, from
// /proc/<pid>/task/*/schedstat) and the server's event-loop delay, to tell "argon2 blocks the
// event loop" apart from "argon2 competes with it for the two cores".
//   node bench/login-load.mjs [--no-build]
// (argon2 runs on the server's own password threads, cores − 1 of them, not on libuv's pool, so
// UV_THREADPOOL_SIZE no longer changes how many hashes run at once.)
import {
  buildBff,
  fmt,
  heading,
  isMain,
  percentile,
  result,
  sleep,
  status,
  table,
} from './lib/common.mjs';
import { measure, threadDelta, threadTimes } from './lib/load.mjs';
import { seedFamily, startPortal } from './lib/portal.mjs';

export const LOGIN_TARGET_P99_MS = 100;
const LOGINS_IN_FLIGHT = 20;
const CONFIG_CONNECTIONS = 10;
const SECONDS = Number(process.env.BENCH_SECONDS ?? 10);
const QUIET_SECONDS = Math.max(3, Math.round(SECONDS / 2));

/**
 * `LOGINS_IN_FLIGHT` loops, each logging in again as soon as its previous login answers, with a
 * different resident per loop, until `stop()` or `maxSeconds` (whichever comes first).
 */
function startLoginLoad(baseUrl, accounts, maxSeconds) {
  const latencies = [];
  const statuses = new Map();
  let stopped = false;
  const deadline = Date.now() + maxSeconds * 1000;
  const loop = async (account) => {
    while (!stopped && Date.now() < deadline) {
      const started = performance.now();
      try {
        const res = await fetch(`${baseUrl}/api/user/login`, {
          method: 'POST',
          headers: { 'Content-Type': 'application/json' },
          body: JSON.stringify({ username: account.dni, password: account.password }),
          signal: AbortSignal.timeout(30_000),
        });
        await res.arrayBuffer();
        statuses.set(res.status, (statuses.get(res.status) ?? 0) + 1);
      } catch {
        statuses.set('error', (statuses.get('error') ?? 0) + 1);
      }
      latencies.push(performance.now() - started);
    }
  };
  const startedAt = performance.now();
  const running = Promise.all(accounts.map(loop));
  return {
    async stop() {
      stopped = true;
      await running;
      const seconds = (performance.now() - startedAt) / 1000;
      const sorted = [...latencies].sort((a, b) => a - b);
      return {
        count: latencies.length,
        perSecond: latencies.length / seconds,
        p50: percentile(sorted, 50),
        p99: percentile(sorted, 99),
        statuses: Object.fromEntries(statuses),
        ok: (statuses.get(200) ?? 0) === latencies.length,
      };
    },
  };
}

export async function runLoginLoad({ build = true } = {}) {
  heading(`GET /api/config under ${LOGINS_IN_FLIGHT} concurrent logins`);
  if (build) console.log(`built bff in ${fmt.int((await buildBff()) / 1000)} s`);
  let portal;
  try {
    portal = await startPortal({ probe: true });
    const seeded = await seedFamily(portal.baseUrl, {
      others: 20,
      extraResidents: LOGINS_IN_FLIGHT - 1,
    });
    const accounts = [seeded.resident, ...seeded.extraResidents];
    const configUrl = `${portal.baseUrl}/api/config`;
    // an authenticated call too: its token check (WebCrypto HMAC) uses libuv's thread pool,
    // which argon2 used to share
    const personsUrl = `${portal.baseUrl}/api/user/persons/`;
    const auth = { Authorization: `Bearer ${seeded.token}` };
    const probeSeconds = Math.max(3, Math.round(SECONDS / 2));
    const run = async (label, url, seconds, headers, warmupSeconds) => {
      process.stdout.write(`  ${label}, ${CONFIG_CONNECTIONS} connections, ${seconds} s ... `);
      const m = await measure({
        url,
        connections: CONFIG_CONNECTIONS,
        seconds,
        headers,
        warmupSeconds,
      });
      console.log(m.valid ? 'done' : `INVALID (${m.non2xx} non-2xx, ${m.errors} errors)`);
      return m;
    };

    const quiet = await run('/api/config alone', configUrl, QUIET_SECONDS, {}, 2);
    const quietPersons = await run('/api/user/persons/ alone', personsUrl, probeSeconds, auth, 1);

    const load = startLoginLoad(portal.baseUrl, accounts, SECONDS + probeSeconds + 15);
    await sleep(1000); // let the logins fill the server's queue
    await portal.loopStats(); // start a fresh interval
    const cpuBefore = threadTimes(portal.pid);
    const busy = await run(
      `/api/config with ${LOGINS_IN_FLIGHT} logins in flight`,
      configUrl,
      SECONDS,
      {},
      0,
    );
    const cpuAfter = threadTimes(portal.pid);
    const loop = await portal.loopStats();
    const busyPersons = await run(
      `/api/user/persons/ with ${LOGINS_IN_FLIGHT} logins in flight`,
      personsUrl,
      probeSeconds,
      auth,
      0,
    );
    const logins = await load.stop();

    const ok = busy.valid && logins.ok && busy.p99 < LOGIN_TARGET_P99_MS;
    const line = (label, m, verdict = '') => [
      label,
      fmt.int(m.rps),
      fmt.ms(m.p50),
      fmt.ms(m.p99),
      m.valid ? verdict : 'INVALID',
    ];
    console.log(
      `\n${table([
        ['endpoint (10 connections)', 'req/s', 'p50', 'p99', `p99<${LOGIN_TARGET_P99_MS}ms`],
        line('GET /api/config alone', quiet),
        line(`GET /api/config, ${LOGINS_IN_FLIGHT} logins in flight`, busy, status(ok)),
        line('GET /api/user/persons/ alone', quietPersons),
        line(`GET /api/user/persons/, ${LOGINS_IN_FLIGHT} logins in flight`, busyPersons),
      ])}`,
    );
    console.log(
      `logins: ${fmt.int(logins.count)} (${logins.perSecond.toFixed(1)}/s), p50 ${fmt.ms(logins.p50)}, p99 ${fmt.ms(logins.p99)}, statuses ${JSON.stringify(logins.statuses)}`,
    );

    const cpu = threadDelta(portal.pid, cpuBefore, cpuAfter);
    let diagnosis = null;
    if (cpu?.main) {
      const top = cpu.others.slice(0, 6);
      const othersCpu = cpu.others.reduce((s, r) => s + r.cpuMs, 0);
      console.log(
        `server CPU over the ${SECONDS} s window: main thread ${fmt.int(cpu.main.cpuMs)} ms (waited ${fmt.int(cpu.main.waitMs)} ms for a core), other threads ${fmt.int(othersCpu)} ms; busiest others: ${top.map((r) => fmt.int(r.cpuMs)).join(', ')} ms`,
      );
      diagnosis = {
        mainCpuMs: cpu.main.cpuMs,
        mainWaitMs: cpu.main.waitMs,
        othersCpuMs: othersCpu,
      };
    }
    if (loop) {
      console.log(
        `server event loop: delay p50 ${fmt.ms(loop.delayP50)}, p99 ${fmt.ms(loop.delayP99)}, max ${fmt.ms(loop.delayMax)}; utilisation ${(loop.utilization * 100).toFixed(0)}%`,
      );
    }

    return {
      results: [
        result(
          'login load',
          'GET /api/config p99 alone (p50)',
          `${fmt.ms(quiet.p99)} (${fmt.ms(quiet.p50)})`,
          '',
          null,
        ),
        result(
          'login load',
          `GET /api/config p99 with ${LOGINS_IN_FLIGHT} logins in flight (p50)`,
          `${fmt.ms(busy.p99)} (${fmt.ms(busy.p50)})`,
          `< ${LOGIN_TARGET_P99_MS} ms`,
          ok,
        ),
        result(
          'login load',
          `GET /api/user/persons/ p99 alone / with ${LOGINS_IN_FLIGHT} logins in flight`,
          `${fmt.ms(quietPersons.p99)} / ${fmt.ms(busyPersons.p99)}`,
          '',
          null,
        ),
        result(
          'login load',
          'logins/s (p50 / p99 login latency)',
          `${logins.perSecond.toFixed(1)} (${fmt.ms(logins.p50)} / ${fmt.ms(logins.p99)})`,
          '',
          null,
        ),
      ],
      quiet,
      busy,
      quietPersons,
      busyPersons,
      logins,
      loop,
      diagnosis,
    };
  } finally {
    await portal?.close();
  }
}

if (isMain(import.meta.url)) {
  runLoginLoad({ build: !process.argv.includes('--no-build') }).catch((err) => {
    console.error(err);
    process.exitCode = 1;
  });
}
