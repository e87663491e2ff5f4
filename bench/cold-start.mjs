// A fresh process's first calls against its later ones (issue 63, "a warm server before it is
// open"): one seeded database; each build starts on it, waits until /api/ready says ready (a
// build that warms up says so only once warm), and answers authenticated reads (GET
// /api/user/persons/): BENCH_COLD_FIRST calls one at a time (the first calls, their mean and
// p99), BENCH_COLD_CALLS at 50 connections, three times (the rush), then BENCH_COLD_FIRST one at
// a time again. Compares the first calls with the last ones, and how long each build took to
// start. One connection at a time: a call's own time, less of the machine's queue.
//   node bench/cold-start.mjs --no-build   (BENCH_SERVER_JS, BENCH_BEFORE_SERVER_JS as elsewhere)
import autocannon from 'autocannon';
import {
  buildBff,
  percentile,
  send,
  fmt,
  heading,
  isMain,
  makeTempDir,
  removeTempDir,
  table,
} from './lib/common.mjs';
import { seedFamily, startPortal } from './lib/portal.mjs';

const CALLS = Number(process.env.BENCH_COLD_CALLS ?? 2000);
const FIRST = Number(process.env.BENCH_COLD_FIRST ?? 300);
const TURNS = Number(process.env.BENCH_COLD_TURNS ?? 2);

async function batch(url, token) {
  const r = await autocannon({
    url,
    connections: 50,
    amount: CALLS,
    headers: { Authorization: `Bearer ${token}` },
  });
  if (r.non2xx || r.errors) throw new Error(`${r.non2xx} non-2xx, ${r.errors} errors`);
  return r.latency;
}

/** `amount` calls one at a time, each timed to the microsecond (autocannon counts whole ms). */
async function oneAtATime(url, token, amount) {
  const times = [];
  for (let i = 0; i < amount; i++) {
    const started = performance.now();
    const { status } = await send(url, { headers: { Authorization: `Bearer ${token}` } });
    times.push(performance.now() - started);
    if (status !== 200) throw new Error(`status ${status}`);
  }
  const sorted = [...times].sort((a, b) => a - b);
  return { mean: times.reduce((a, b) => a + b, 0) / amount, p99: percentile(sorted, 99) };
}

export async function runColdStart({ build = true } = {}) {
  heading('A fresh process: its first reads against its last ones');
  if (build) await buildBff();
  const dataDir = makeTempDir('portal-cold-');
  try {
    const seeding = await startPortal({ dataDir });
    const { token } = await seedFamily(seeding.baseUrl);
    await seeding.close();
    const builds = [
      ...(process.env.BENCH_BEFORE_SERVER_JS
        ? [{ label: 'before', serverJs: process.env.BENCH_BEFORE_SERVER_JS }]
        : []),
      { label: 'this build', serverJs: undefined },
    ];
    const rows = [
      [
        'build',
        'start to ready',
        `first ${FIRST}: mean / p99`,
        `last ${FIRST}: mean / p99`,
        'mean first / last',
        'rush 1st / 3rd p99',
      ],
    ];
    for (let turn = 1; turn <= TURNS; turn++) {
      for (const { label, serverJs } of builds) {
        const started = performance.now();
        const portal = await startPortal({ dataDir, ...(serverJs ? { serverJs } : {}) });
        const startMs = performance.now() - started;
        try {
          const url = `${portal.baseUrl}/api/user/persons/`;
          const first = await oneAtATime(url, token, FIRST);
          const rush1 = await batch(url, token);
          await batch(url, token);
          const rush3 = await batch(url, token);
          const last = await oneAtATime(url, token, FIRST);
          rows.push([
            `${label} (${turn})`,
            `${fmt.int(startMs)} ms`,
            `${first.mean.toFixed(2)} / ${first.p99.toFixed(1)} ms`,
            `${last.mean.toFixed(2)} / ${last.p99.toFixed(1)} ms`,
            (first.mean / last.mean).toFixed(2),
            `${fmt.ms(rush1.p99)} / ${fmt.ms(rush3.p99)}`,
          ]);
        } finally {
          await portal.close();
        }
      }
    }
    console.log(table(rows));
  } finally {
    removeTempDir(dataDir);
  }
}

if (isMain(import.meta.url)) {
  await runColdStart({ build: !process.argv.includes('--no-build') });
}
