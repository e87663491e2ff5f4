// What a resident's authenticated read costs (GET /api/user/persons/ and
// /api/user/activities/{id}, 50 connections, SQLite, one process) in this build and in another
// (BENCH_BEFORE_SERVER_JS=<its server.js>), taking turns over two rounds, against bare Koa's
// "hello" in the same run: requests a second, p99, and the server's CPU time per answered request
// (all its threads, from /proc), which moves far less than requests a second when the machine is
// shared. For a before/after of a change to the read path (docs/performance.md, "Compiled
// statements").
//
//   BENCH_BEFORE_SERVER_JS=/tmp/old/bff/dist/src/server.js node bench/read-cost.mjs --no-build
import { join } from 'node:path';
import {
  HOST,
  benchDir,
  buildBff,
  freePort,
  heading,
  isMain,
  repoRoot,
  startProcess,
  table,
} from './lib/common.mjs';
import { startDeployment } from './lib/deployments.mjs';
import { measure, measureSpread } from './lib/load.mjs';
import { seedFamily } from './lib/portal.mjs';

const SECONDS = Number(process.env.BENCH_SECONDS ?? 8);
const CONNECTIONS = 50;

export async function runReadCost({ build = true } = {}) {
  heading('An authenticated read, this build against another, SQLite, 1 process');
  if (build) await buildBff();
  const builds = {
    ...(process.env.BENCH_BEFORE_SERVER_JS ? { before: process.env.BENCH_BEFORE_SERVER_JS } : {}),
    now: join(repoRoot, 'bff/dist/src/server.js'),
  };
  const helloPort = await freePort();
  const hello = await startProcess(
    'koa-hello',
    process.execPath,
    [join(benchDir, 'lib/hello-server.mjs')],
    { env: { PORT: String(helloPort), HOST }, readyUrl: `http://${HOST}:${helloPort}/health` },
  );
  const deployments = {};
  const rows = [['row', 'req/s', 'ratio to hello', 'p99 ms', 'server CPU µs/req']];
  try {
    for (const [name, serverJs] of Object.entries(builds)) {
      // the machine's load is not the portal's: the event-loop bound stays off, as in the tests
      const deployment = await startDeployment({
        engine: 'sqlite',
        serverJs,
        env: { SHED_EVENT_LOOP_DELAY_MS: '0' },
      });
      deployments[name] = { deployment, seeded: await seedFamily(deployment.baseUrl) };
    }
    for (let round = 1; round <= 2; round++) {
      const base = await measure({
        url: `http://${HOST}:${helloPort}/`,
        connections: CONNECTIONS,
        seconds: SECONDS,
        warmupSeconds: 3,
        pid: hello.pid,
      });
      rows.push([
        `koa hello, round ${round}`,
        Math.round(base.rps),
        '1',
        base.p99,
        Math.round(base.cpuUsPerRequest),
      ]);
      const names = Object.keys(deployments);
      for (const name of round === 1 ? names : names.reverse()) {
        const { deployment, seeded } = deployments[name];
        const activities = seeded.personIds.map((id) => `/api/user/activities/${id}`);
        for (const [label, path, paths] of [
          ['persons', '/api/user/persons/', undefined],
          ['activities', activities[0], activities],
        ]) {
          const m = await measureSpread({
            baseUrls: deployment.servers.map((s) => s.baseUrl),
            path,
            paths,
            connections: CONNECTIONS,
            seconds: SECONDS,
            warmupSeconds: 4,
            headers: { Authorization: `Bearer ${seeded.token}` },
            pids: deployment.pids,
          });
          rows.push([
            `${name} ${label}, round ${round}${m.valid ? '' : ' INVALID'}`,
            Math.round(m.rps),
            (m.rps / base.rps).toFixed(2),
            m.p99,
            Math.round(m.cpuUsPerRequest),
          ]);
        }
      }
    }
  } finally {
    for (const { deployment } of Object.values(deployments)) await deployment.close();
    await hello.stop();
  }
  console.log(table(rows));
}

if (isMain(import.meta.url)) {
  await runReadCost({ build: !process.argv.includes('--no-build') });
  process.exit(0);
}
