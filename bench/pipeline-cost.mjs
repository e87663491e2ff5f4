// The response pipeline's own cost per call, one build against another (issue 63): each build's
// pipeline (bench/lib/pipeline-server.mjs) around the same route and JSON, taking turns, server
// CPU per call (all its threads, from /proc) and req/s, with bare Koa "hello" in the same turns.
// CPU per call moves far less with the machine's load than req/s does.
//   node bench/pipeline-cost.mjs --before=<dist/src of another build>   (after `npm run build -w bff`)
import { join } from 'node:path';
import { fmt, heading, isMain, repoRoot, startBenchServer, table } from './lib/common.mjs';
import { measure } from './lib/load.mjs';

const SECONDS = Number(process.env.BENCH_SECONDS ?? 4);
const TURNS = Number(process.env.BENCH_ROUNDS ?? 3);
/** Three people as GET /api/user/persons/ answers them (the shape, with made-up values). */
const ANSWER = Array.from({ length: 3 }, (_, i) => ({
  person_activity_id: 40_000 + i,
  first_name: ['Ana', 'Brais', 'Carme'][i],
  last_name: 'Pérez Otero',
  full_name: `${['Ana', 'Brais', 'Carme'][i]} Pérez Otero`,
  dni: `4000000${i}T`,
  email: i === 0 ? 'familia@example.org' : null,
  phone: `62200000${i}`,
  birth_date: '2015-03-0' + (i + 1),
  pending_amount: 57.5,
  has_pending: true,
}));

const start = (name, script, env) =>
  startBenchServer(name, script, {
    env: { ANSWER_JSON: JSON.stringify(ANSWER), ...env },
    readyPath: script.includes('hello') ? '/health' : '/api/health',
  });

export async function runPipelineCost({ before }) {
  heading('The response pipeline alone: one build against another, taking turns');
  const servers = [
    { label: 'bare Koa "hello"', ...(await start('hello', 'lib/hello-server.mjs', {})), path: '/' },
    ...(before
      ? [
          {
            label: 'pipeline before',
            ...(await start('before', 'lib/pipeline-server.mjs', { PIPELINE_DIST: before })),
            path: '/api/user/persons/',
          },
        ]
      : []),
    {
      label: 'pipeline now',
      ...(await start('now', 'lib/pipeline-server.mjs', {
        PIPELINE_DIST: join(repoRoot, 'bff/dist/src'),
      })),
      path: '/api/user/persons/',
    },
  ];
  const figures = new Map(servers.map((s) => [s.label, []]));
  try {
    for (let turn = 0; turn < TURNS; turn++) {
      for (const s of servers) {
        const m = await measure({
          url: `${s.url}${s.path}`,
          connections: 20,
          seconds: SECONDS,
          warmupSeconds: 2,
          pid: s.pid,
        });
        if (!m.valid) throw new Error(`${s.label}: ${m.non2xx} non-2xx, ${m.errors} errors`);
        figures.get(s.label).push(m);
      }
    }
  } finally {
    for (const s of servers) await s.stop();
  }
  const median = (xs) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];
  const rows = [['server', 'req/s (each turn)', 'CPU per call (each turn)', 'median CPU per call']];
  for (const [label, ms] of figures) {
    rows.push([
      label,
      ms.map((m) => fmt.int(m.rps)).join(', '),
      ms.map((m) => `${fmt.int(m.cpuUsPerRequest)} µs`).join(', '),
      `${fmt.int(median(ms.map((m) => m.cpuUsPerRequest)))} µs`,
    ]);
  }
  console.log(table(rows));
}

if (isMain(import.meta.url)) {
  const before = process.argv.find((a) => a.startsWith('--before='))?.slice('--before='.length);
  await runPipelineCost({ before });
}
