// An authenticated read (GET /api/user/persons/, SQLite, one process) against a bare Koa "hello"
// server, taking turns (koa, portal, koa, portal, ...) so that both sides see the same moments of
// a shared machine. Prints each pair's ratio and the median of them. Target (issue 63): >= 0.25.
//   node bench/read-vs-koa.mjs            (builds the BFF first)
//   node bench/read-vs-koa.mjs --no-build
// BENCH_SECONDS (5) is each measured run, BENCH_ROUNDS (3) the pairs, BENCH_SERVER_JS another
// build of the server. BENCH_CPU_PROF=dir starts the portal with --cpu-prof into that directory.
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

export const READ_TARGET = 0.25;
const CONNECTIONS = 50;
const SECONDS = Number(process.env.BENCH_SECONDS ?? 5);
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 3);

export async function runReadVsKoa({ build = true } = {}) {
  heading('Authenticated read against bare Koa, taking turns (autocannon, 50 connections)');
  if (build) console.log(`built bff in ${fmt.int((await buildBff()) / 1000)} s`);
  const helloPort = await freePort();
  const hello = await startProcess(
    'koa-hello',
    process.execPath,
    [join(benchDir, 'lib/hello-server.mjs')],
    { env: { PORT: String(helloPort), HOST }, readyUrl: `http://${HOST}:${helloPort}/health` },
  );
  const profDir = process.env.BENCH_CPU_PROF;
  const portal = await startPortal({
    nodeArgs: profDir ? ['--cpu-prof', `--cpu-prof-dir=${profDir}`] : [],
  });
  try {
    const seeded = await seedFamily(portal.baseUrl);
    const koa = () =>
      measure({
        url: `http://${HOST}:${helloPort}/`,
        connections: CONNECTIONS,
        seconds: SECONDS,
        warmupSeconds: 2,
        pid: hello.pid,
      });
    const read = () =>
      measure({
        url: `${portal.baseUrl}/api/user/persons/`,
        connections: CONNECTIONS,
        seconds: SECONDS,
        warmupSeconds: 2,
        headers: { Authorization: `Bearer ${seeded.token}` },
        pid: portal.pid,
      });
    const rows = [['round', 'koa req/s', 'read req/s', 'ratio', 'read p50 / p99', 'read CPU/req']];
    const ratios = [];
    for (let round = 1; round <= ROUNDS; round++) {
      const k = await koa();
      const r = await read();
      if (!r.valid) throw new Error(`read run invalid: ${r.non2xx} non-2xx, ${r.errors} errors`);
      const ratio = r.rps / k.rps;
      ratios.push(ratio);
      rows.push([
        String(round),
        fmt.int(k.rps),
        fmt.int(r.rps),
        ratio.toFixed(3),
        `${fmt.ms(r.p50)} / ${fmt.ms(r.p99)}`,
        `${fmt.int(r.cpuUsPerRequest)} µs`,
      ]);
      console.log(`  round ${round}: ratio ${ratio.toFixed(3)}`);
    }
    console.log(table(rows));
    const median = [...ratios].sort((a, b) => a - b)[Math.floor(ratios.length / 2)];
    const ok = median >= READ_TARGET;
    console.log(`median ratio ${median.toFixed(3)} (target >= ${READ_TARGET}): ${status(ok)}`);
    return [
      result(
        'read-vs-koa',
        'authenticated read / bare Koa (median of pairs)',
        `${median.toFixed(3)} (${ratios.map((r) => r.toFixed(3)).join(', ')})`,
        `>= ${READ_TARGET}`,
        ok,
      ),
    ];
  } finally {
    await portal.close();
    await hello.stop();
  }
}

if (isMain(import.meta.url)) {
  await runReadVsKoa({ build: !process.argv.includes('--no-build') });
}
