// A fresh process's first calls against its later ones (issue 63, "a warm server before it is
// open"): one seeded database; each build starts on it, waits until /api/ready says ready (a
// build that warms up says so only once warm), and answers three batches of authenticated reads
// (GET /api/user/persons/, 50 connections, BENCH_COLD_CALLS each) back to back. Compares the
// first batch's p50 / p99 with the third's, and how long each took to start.
//   node bench/cold-start.mjs --no-build   (BENCH_SERVER_JS, BENCH_BEFORE_SERVER_JS as elsewhere)
import autocannon from 'autocannon';
import {
  buildBff,
  fmt,
  heading,
  isMain,
  makeTempDir,
  removeTempDir,
  table,
} from './lib/common.mjs';
import { seedFamily, startPortal } from './lib/portal.mjs';

const CALLS = Number(process.env.BENCH_COLD_CALLS ?? 2000);
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

export async function runColdStart({ build = true } = {}) {
  heading('A fresh process: its first reads against its third batch');
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
      ['build', 'start to ready', '1st batch p50 / p99', '3rd batch p50 / p99', 'p99 1st / 3rd'],
    ];
    for (let turn = 1; turn <= TURNS; turn++) {
      for (const { label, serverJs } of builds) {
        const started = performance.now();
        const portal = await startPortal({ dataDir, ...(serverJs ? { serverJs } : {}) });
        const startMs = performance.now() - started;
        try {
          const url = `${portal.baseUrl}/api/user/persons/`;
          const first = await batch(url, token);
          await batch(url, token);
          const third = await batch(url, token);
          rows.push([
            `${label} (${turn})`,
            `${fmt.int(startMs)} ms`,
            `${fmt.ms(first.p50)} / ${fmt.ms(first.p99)}`,
            `${fmt.ms(third.p50)} / ${fmt.ms(third.p99)}`,
            (first.p99 / third.p99).toFixed(2),
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
