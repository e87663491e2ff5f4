// Every benchmark in sequence, then one summary table. `npm run bench` from the repository root.
// Builds the BFF once (npm run build -w bff) and the web app once (into a temp dir with a Vite
// manifest), then: API throughput vs. a bare Koa baseline, /api/config under login load, the
// JavaScript size of /login, Lighthouse on /login and /dashboard, the admin lists at 100,000
// enrolments, the deadline-day journey, the season's first-come rush and draw, fees under the
// council's rules at 100,000 enrolments, direct debit's remittance of 20,000 and 2,000 returns.
// Misses are printed, not fatal; the exit code is 1 only when a benchmark could not run.
// BENCH_JSON=path also writes the rows.
import { writeFileSync } from 'node:fs';
import { availableParallelism, loadavg } from 'node:os';
import { runAdminLists } from './admin-lists.mjs';
import { runDeadlineDay } from './deadline-day.mjs';
import { runSeason } from './season.mjs';
import { runRush } from './rush.mjs';
import { runOpeningDay } from './opening-day.mjs';
import { runFees } from './fees.mjs';
import { runDirectDebit } from './direct-debit.mjs';
import { runApiBench } from './api-bench.mjs';
import { runStatementCounts } from './statement-counts.mjs';
import {
  RUN_DATE,
  buildBff,
  buildWeb,
  fmt,
  installExitHooks,
  makeTempDir,
  removeTempDir,
  status,
  table,
} from './lib/common.mjs';
import { runLighthouse } from './lighthouse.mjs';
import { runLoginLoad } from './login-load.mjs';
import { runWebSize } from './web-size.mjs';

const WATCHDOG_MS = 45 * 60_000;

async function main() {
  installExitHooks();
  const started = Date.now();
  const watchdog = setTimeout(() => {
    console.error(`\nbench: still running after ${WATCHDOG_MS / 60_000} min, giving up`);
    process.kill(process.pid, 'SIGTERM');
  }, WATCHDOG_MS);
  watchdog.unref();

  const rows = [];
  const failures = [];
  const webDir = makeTempDir('portal-bench-web-');
  try {
    const [load1] = loadavg();
    console.log(`bench run of ${RUN_DATE}: building the BFF and the web app`);
    if (load1 > availableParallelism()) {
      console.log(
        `NOTE load average ${load1.toFixed(1)} on ${availableParallelism()} cores: other work is running, figures will be noisy`,
      );
    }
    let webBuild = null;
    try {
      const bffMs = await buildBff();
      webBuild = await buildWeb(webDir);
      console.log(
        `built bff in ${fmt.int(bffMs / 1000)} s, web in ${fmt.int(webBuild.ms / 1000)} s`,
      );
    } catch (err) {
      failures.push(['build', err]);
    }

    const parts = [
      ['api', () => runApiBench({ build: false })],
      ['statement counts', () => runStatementCounts({ build: false })],
      ['login load', () => runLoginLoad({ build: false })],
      ['web', () => runWebSize({ build: webBuild })],
      ['lighthouse', () => runLighthouse({ build: false, webBuild })],
      ['admin lists', () => runAdminLists({ build: false, webBuild })],
      ['deadline day', () => runDeadlineDay({ build: false })],
      ['season', () => runSeason({ build: false })],
      ['rush in-process', () => runRush({ build: false })],
      ['opening day', () => runOpeningDay({ build: false })],
      ['fees', () => runFees({ build: false })],
      ['direct debit', () => runDirectDebit({ build: false })],
    ];
    for (const [name, part] of webBuild ? parts : []) {
      try {
        const { results } = await part();
        rows.push(...results);
      } catch (err) {
        failures.push([name, err]);
        console.error(`\n${name}: could not run: ${err instanceof Error ? err.message : err}`);
      }
    }
  } finally {
    removeTempDir(webDir);
    clearTimeout(watchdog);
  }

  console.log(`\n=== Summary (${RUN_DATE}, ${fmt.int((Date.now() - started) / 1000)} s) ===`);
  console.log(
    table([
      ['part', 'figure', 'measured', 'target', 'result'],
      ...rows.map((r) => [r.part, r.metric, r.value, r.target, r.ok === null ? '' : status(r.ok)]),
      ...failures.map(([name]) => [name, 'could not run', '', '', 'ERROR']),
    ]),
  );
  const misses = rows.filter((r) => r.ok === false).length;
  console.log(
    `${rows.filter((r) => r.ok === true).length} targets met, ${misses} missed${failures.length ? `, ${failures.length} parts failed` : ''}`,
  );
  for (const [name, err] of failures) {
    console.error(`\n${name} failed:\n${err instanceof Error ? err.stack : err}`);
  }
  if (process.env.BENCH_JSON) {
    writeFileSync(
      process.env.BENCH_JSON,
      JSON.stringify({ date: RUN_DATE, rows, failures: failures.map(([n]) => n) }, null, 2),
    );
  }
  if (failures.length > 0) process.exitCode = 1;
}

main();
