// An authenticated read (GET /api/user/persons/, SQLite, one process) against a bare Koa "hello"
// server, taking turns (koa, floor, portal, koa, floor, portal, ...) so that all see the same
// moments of a shared machine. Prints each turn's ratio and the median of them. Target (issue
// 63): >= 0.25. The floor (bench/lib/read-floor-server.mjs: bare Koa, better-sqlite3 running the
// portal's two statements on the same seeded file, the JSON, nothing else) says how much of the
// gap is the design's (Koa + SQLite + the socket on this machine) and how much is the portal's own.
//   node bench/read-vs-koa.mjs            (builds the BFF first)
//   node bench/read-vs-koa.mjs --no-build
// BENCH_SECONDS (5) is each measured run, BENCH_ROUNDS (3) the turns, BENCH_SERVER_JS another
// build of the server, BENCH_FLOOR_HEADERS=1 gives the floor the headers every portal answer
// carries (what those alone cost). BENCH_CPU_PROF=dir starts the portal with --cpu-prof into
// that directory.
import { join } from 'node:path';
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
import { measure } from './lib/load.mjs';
import { PORTAL_JWT_SECRET, seedFamily, startPortal } from './lib/portal.mjs';

export const READ_TARGET = 0.25;
const CONNECTIONS = 50;
const SECONDS = Number(process.env.BENCH_SECONDS ?? 5);
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 3);

export async function runReadVsKoa({ build = true } = {}) {
  heading('Authenticated read against bare Koa, taking turns (autocannon, 50 connections)');
  if (build) console.log(`built bff in ${fmt.int((await buildBff()) / 1000)} s`);
  const hello = await startBenchServer('koa-hello', 'lib/hello-server.mjs');
  const profDir = process.env.BENCH_CPU_PROF;
  const portal = await startPortal({
    nodeArgs: profDir ? ['--cpu-prof', `--cpu-prof-dir=${profDir}`] : [],
  });
  let floor = null;
  try {
    const seeded = await seedFamily(portal.baseUrl);
    floor = await startBenchServer('read-floor', 'lib/read-floor-server.mjs', {
      env: {
        DB_FILE: join(portal.dataDir, 'portal.sqlite'),
        JWT_SECRET: PORTAL_JWT_SECRET,
        ...(process.env.BENCH_FLOOR_HEADERS ? { FLOOR_HEADERS: '1' } : {}),
      },
    });
    const turn = (server, path, headers = {}) =>
      measure({
        url: `${server.url ?? server.baseUrl}${path}`,
        connections: CONNECTIONS,
        seconds: SECONDS,
        warmupSeconds: 2,
        headers,
        pid: server.pid,
      });
    const bearer = { Authorization: `Bearer ${seeded.token}` };
    const koa = () => turn(hello, '/');
    const floorRead = () => turn(floor, '/api/user/persons/', bearer);
    const read = () => turn(portal, '/api/user/persons/', bearer);
    const rows = [
      [
        'round',
        'koa req/s',
        'floor req/s',
        'read req/s',
        'floor / koa',
        'read / koa',
        'read / floor',
        'read p50 / p99',
        'CPU/req koa, floor, read',
      ],
    ];
    const ratios = [];
    const floorRatios = [];
    const ofFloor = [];
    for (let round = 1; round <= ROUNDS; round++) {
      const k = await koa();
      const f = await floorRead();
      const r = await read();
      if (!f.valid) throw new Error(`floor run invalid: ${f.non2xx} non-2xx, ${f.errors} errors`);
      if (!r.valid) throw new Error(`read run invalid: ${r.non2xx} non-2xx, ${r.errors} errors`);
      const ratio = r.rps / k.rps;
      ratios.push(ratio);
      floorRatios.push(f.rps / k.rps);
      ofFloor.push(r.rps / f.rps);
      rows.push([
        String(round),
        fmt.int(k.rps),
        fmt.int(f.rps),
        fmt.int(r.rps),
        (f.rps / k.rps).toFixed(3),
        ratio.toFixed(3),
        (r.rps / f.rps).toFixed(3),
        `${fmt.ms(r.p50)} / ${fmt.ms(r.p99)}`,
        [k, f, r].map((m) => fmt.int(m.cpuUsPerRequest)).join(', ') + ' µs',
      ]);
      console.log(
        `  round ${round}: read / koa ${ratio.toFixed(3)}, floor / koa ${(f.rps / k.rps).toFixed(3)}`,
      );
    }
    console.log(table(rows));
    const medianOf = (list) => [...list].sort((a, b) => a - b)[Math.floor(list.length / 2)];
    const median = medianOf(ratios);
    const ok = median >= READ_TARGET;
    console.log(
      `median ratio ${median.toFixed(3)} (target >= ${READ_TARGET}): ${status(ok)}; ` +
        `the floor's${process.env.BENCH_FLOOR_HEADERS ? ' (with the portal’s headers)' : ''} ${medianOf(floorRatios).toFixed(3)}, the read at ${medianOf(ofFloor).toFixed(3)} of the floor`,
    );
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
    await floor?.stop();
    await portal.close();
    await hello.stop();
  }
}

if (isMain(import.meta.url)) {
  await runReadVsKoa({ build: !process.argv.includes('--no-build') });
}
