// CPU seconds a process has used, thread by thread (Linux: /proc/<pid>/task/*/stat), so a
// benchmark can say where its time went: the server's main thread, its thread pool, the load
// generator itself. Elsewhere it answers null and the report leaves the breakdown out.
import { existsSync, readdirSync, readFileSync } from 'node:fs';

const TICKS_PER_SECOND = 100; // USER_HZ: 100 on every Linux that Node supports

/** Thread id → { name, seconds } (user + system CPU) for every thread of `pid`; null without /proc. */
export function threadCpu(pid) {
  const dir = `/proc/${pid}/task`;
  if (!existsSync(dir)) return null;
  const threads = new Map();
  for (const tid of readdirSync(dir)) {
    let stat;
    try {
      stat = readFileSync(`${dir}/${tid}/stat`, 'utf8');
    } catch {
      continue; // the thread ended meanwhile
    }
    // "tid (name) state ..." — the name may hold spaces or parentheses: split at the last ")"
    const close = stat.lastIndexOf(')');
    const name = tid === String(pid) ? 'main' : stat.slice(stat.indexOf('(') + 1, close);
    const fields = stat.slice(close + 2).split(' ');
    threads.set(tid, {
      name,
      seconds: (Number(fields[11]) + Number(fields[12])) / TICKS_PER_SECOND,
    });
  }
  return threads;
}

/**
 * What each thread used between two readings (a thread that started meanwhile counts from zero),
 * busiest first.
 */
export function cpuSince(before, after) {
  if (!before || !after) return null;
  return [...after]
    .map(([tid, { name, seconds }]) => ({
      name,
      seconds: seconds - (before.get(tid)?.seconds ?? 0),
    }))
    .sort((a, b) => b.seconds - a.seconds);
}
