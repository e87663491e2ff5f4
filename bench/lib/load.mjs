// autocannon runs and per-thread CPU accounting of a server process.
import { readdirSync, readFileSync } from 'node:fs';
import autocannon from 'autocannon';

/**
 * One autocannon run after an unmeasured warm-up. Returns requests/s, latency percentiles,
 * whether every answer was a 2xx (a run with errors is not a valid figure) and, given the
 * server's `pid`, its CPU time per request.
 */
export async function measure({
  url,
  connections,
  seconds,
  warmupSeconds = 2,
  headers = {},
  paths,
  pid,
}) {
  const options = (duration) => {
    let i = 0;
    return {
      url,
      connections,
      duration,
      headers,
      ...(paths
        ? {
            requests: [
              {
                setupRequest: (req) => ({ ...req, path: paths[i++ % paths.length] }),
              },
            ],
          }
        : {}),
    };
  };
  if (warmupSeconds > 0) await autocannon(options(warmupSeconds));
  const before = pid ? threadTimes(pid) : null;
  const r = await autocannon(options(seconds));
  const after = pid ? threadTimes(pid) : null;
  const total = r.requests.total;
  // the server's CPU time (all its threads) per answered request: unlike req/s, it hardly
  // depends on what else the machine is doing
  let cpuUsPerRequest = NaN;
  if (before && after && total > 0) {
    let cpuMs = 0;
    for (const [tid, a] of after) cpuMs += a.cpuMs - (before.get(tid)?.cpuMs ?? 0);
    cpuUsPerRequest = (cpuMs * 1000) / total;
  }
  return {
    rps: r.requests.average,
    p50: r.latency.p50,
    p99: r.latency.p99,
    max: r.latency.max,
    total,
    non2xx: r.non2xx,
    errors: r.errors + r.timeouts,
    cpuUsPerRequest,
    valid: total > 0 && r.non2xx === 0 && r.errors === 0 && r.timeouts === 0,
  };
}

/** CPU time and run-queue wait (ms) of each thread of `pid`; Linux only, null elsewhere. */
export function threadTimes(pid) {
  try {
    const out = new Map();
    for (const tid of readdirSync(`/proc/${pid}/task`)) {
      const [cpuNs, waitNs] = readFileSync(`/proc/${pid}/task/${tid}/schedstat`, 'utf8')
        .trim()
        .split(/\s+/)
        .map(Number);
      out.set(Number(tid), { cpuMs: cpuNs / 1e6, waitMs: waitNs / 1e6 });
    }
    return out;
  } catch {
    return null;
  }
}

/**
 * CPU milliseconds used so far by a process and its children (a PostgreSQL server: the
 * postmaster and one process per connection, each one thread), from /proc; null where unreadable.
 */
export function treeCpuMs(rootPid) {
  try {
    let total = 0;
    for (const entry of readdirSync('/proc')) {
      if (!/^\d+$/.test(entry)) continue;
      try {
        const stat = readFileSync(`/proc/${entry}/stat`, 'utf8');
        const ppid = Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[1]);
        if (Number(entry) !== rootPid && ppid !== rootPid) continue;
        total += Number(readFileSync(`/proc/${entry}/schedstat`, 'utf8').split(' ')[0]) / 1e6;
      } catch {
        // the process ended meanwhile
      }
    }
    return total;
  } catch {
    return null;
  }
}

/**
 * What each thread did between two `threadTimes` samples: the main thread (tid = pid) and the
 * other threads sorted by CPU (libuv's pool threads, V8's platform threads).
 */
export function threadDelta(pid, before, after) {
  if (!before || !after) return null;
  const rows = [];
  for (const [tid, a] of after) {
    const b = before.get(tid) ?? { cpuMs: 0, waitMs: 0 };
    rows.push({ tid, cpuMs: a.cpuMs - b.cpuMs, waitMs: a.waitMs - b.waitMs });
  }
  const main = rows.find((r) => r.tid === pid);
  const others = rows.filter((r) => r.tid !== pid).sort((x, y) => y.cpuMs - x.cpuMs);
  return { main, others };
}

/** Server CPU ms of all threads of these processes. */
function cpuOf(pids) {
  let ms = 0;
  for (const pid of pids) for (const t of threadTimes(pid)?.values() ?? []) ms += t.cpuMs;
  return ms;
}

/**
 * The same load as `measure`, spread over several server processes (as a load balancer would):
 * one autocannon per base URL, the connections split between them, run at the same time. Req/s
 * add up; p99 is the worst of the processes'; CPU per request counts every process.
 */
export async function measureSpread({
  baseUrls,
  path,
  paths,
  connections,
  seconds,
  warmupSeconds = 2,
  headers = {},
  pids = [],
}) {
  const each = Math.max(1, Math.round(connections / baseUrls.length));
  const run = (duration) =>
    Promise.all(
      baseUrls.map((base) => {
        let i = 0;
        return autocannon({
          url: `${base}${path}`,
          connections: each,
          duration,
          headers,
          ...(paths
            ? {
                requests: [
                  { setupRequest: (req) => ({ ...req, path: paths[i++ % paths.length] }) },
                ],
              }
            : {}),
        });
      }),
    );
  if (warmupSeconds > 0) await run(warmupSeconds);
  const cpuBefore = cpuOf(pids);
  const results = await run(seconds);
  const cpuMs = cpuOf(pids) - cpuBefore;
  const total = results.reduce((sum, r) => sum + r.requests.total, 0);
  const non2xx = results.reduce((sum, r) => sum + r.non2xx, 0);
  const errors = results.reduce((sum, r) => sum + r.errors + r.timeouts, 0);
  return {
    rps: results.reduce((sum, r) => sum + r.requests.average, 0),
    p50: Math.max(...results.map((r) => r.latency.p50)),
    p99: Math.max(...results.map((r) => r.latency.p99)),
    total,
    non2xx,
    errors,
    cpuUsPerRequest: total > 0 && pids.length ? (cpuMs * 1000) / total : NaN,
    valid: total > 0 && non2xx === 0 && errors === 0,
  };
}
