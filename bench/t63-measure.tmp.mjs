// Authenticated read (GET /api/user/persons/ and /api/user/activities/{id}) of two builds on
// SQLite, alternating, against bare Koa hello in the same run.
import { join } from 'node:path';
import { HOST, benchDir, freePort, startProcess } from '/work/wt/t63-sql/bench/lib/common.mjs';
import { startDeployment } from '/work/wt/t63-sql/bench/lib/deployments.mjs';
import { measure, measureSpread } from '/work/wt/t63-sql/bench/lib/load.mjs';
import { seedFamily } from '/work/wt/t63-sql/bench/lib/portal.mjs';

const SECONDS = Number(process.env.BENCH_SECONDS ?? 8);
const builds = {
  before: '/tmp/t63-base/bff/dist/src/server.js',
  after: '/work/wt/t63-sql/bff/dist/src/server.js',
};
const helloPort = await freePort();
const hello = await startProcess('koa-hello', process.execPath, [join(benchDir, 'lib/hello-server.mjs')], {
  env: { PORT: String(helloPort), HOST },
  readyUrl: `http://${HOST}:${helloPort}/health`,
});
const deployments = {};
for (const [name, serverJs] of Object.entries(builds)) {
  const d = await startDeployment({ engine: 'sqlite', processes: 1, serverJs, env: { SHED_EVENT_LOOP_DELAY_MS: '0' } });
  deployments[name] = { d, seeded: await seedFamily(d.baseUrl) };
}
const rows = [];
const line = (label, m) => {
  rows.push([label, m]);
  console.log(label.padEnd(34), `${Math.round(m.rps)} req/s`, `p99 ${m.p99} ms`, `cpu ${Math.round(m.cpuUsPerRequest)} us/req`, m.valid ? '' : 'INVALID');
};
for (let round = 1; round <= 2; round++) {
  line(`hello r${round}`, await measure({ url: `http://${HOST}:${helloPort}/`, connections: 50, seconds: SECONDS, warmupSeconds: 3, pid: hello.pid }));
  for (const name of round === 1 ? ['before', 'after'] : ['after', 'before']) {
    const { d, seeded } = deployments[name];
    for (const [ep, path, paths] of [
      ['persons', '/api/user/persons/', undefined],
      ['activities', `/api/user/activities/${seeded.personIds[0]}`, seeded.personIds.map((id) => `/api/user/activities/${id}`)],
    ]) {
      line(`${name} ${ep} r${round}`, await measureSpread({
        baseUrls: d.servers.map((s) => s.baseUrl), path, paths, connections: 50, seconds: SECONDS, warmupSeconds: 4,
        headers: { Authorization: `Bearer ${seeded.token}` }, pids: d.pids,
      }));
    }
  }
}
for (const { d } of Object.values(deployments)) await d.close();
hello.kill?.();
await hello.close?.();
process.exit(0);
