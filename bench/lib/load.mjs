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
