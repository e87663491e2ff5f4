// The season's two moments of truth, on both engines.
//
// 1. The first-come rush: 2,000 residents, 100 at a time, apply for 10 first-come activities of
//    10 places each the moment they open (SQLite: one process; PostgreSQL: two processes behind
//    one address, calls alternating). Exactly 100 places must be offered, never one more; within
//    each activity the offered applications must be the first ones the database accepted (the
//    lowest ids: the activity's row lock makes arrival order the order of ids); every call answers
//    201; p99 < 300 ms. Baseline of the same run: the same 2,000 calls, 100 at a time, to the
//    residents' own cheapest authenticated read (GET /api/user/applications) on the same servers.
//
// 2. The draw: 300 lottery activities with 20,000 applications in all (2,000 people × 10), drawn
//    by the season job in one run: < 2 s. Baseline: reading the same applications and ranking them
//    by the published rule in memory, with no write (what the draw cannot do without).
//
// Seeding goes through the server's own repositories and services in this process (accounts
// with no password to hash, their tokens issued by the server's token service with the shared
// secret), so the figures are about the rush and the draw, not about argon2.
//
//   node bench/season.mjs            (BENCH_ENGINES=sqlite,postgres)
// BENCH_CPU_PROF=dir profiles each server process (--cpu-prof) and prints the rush's window.
import { performance } from 'node:perf_hooks';
import {
  buildBff,
  fmt,
  heading,
  installExitHooks,
  isMain,
  makeTempDir,
  percentile,
  removeTempDir,
  result,
  send,
  sleep,
  table,
} from './lib/common.mjs';
import { freshPostgresUrl, startDeployment, stopPostgres } from './lib/deployments.mjs';
import { eachLimited } from './lib/portal.mjs';
import { dist, placesGiven, seedResidents, serverParts } from './lib/in-process.mjs';

const RESIDENTS = 2_000;
const IN_FLIGHT = 100;
const RUSH_ACTIVITIES = 10;
const RUSH_PLACES = 10;
const DRAW_ACTIVITIES = 300;
const DRAW_APPLICATIONS_EACH = 10;
const P99_TARGET_MS = 300;
const DRAW_TARGET_MS = 2_000;
const STAFF = { id: 1, dni: '12345678Z', ip: null };

/** `count` calls, IN_FLIGHT at a time, spread over the servers in turn; latencies and statuses. */
async function fire(baseUrls, count, request) {
  const latencies = [];
  const statuses = new Map();
  const startedAt = performance.now();
  await eachLimited(
    Array.from({ length: count }, (_, i) => i),
    IN_FLIGHT,
    async (i) => {
      const { url, init } = request(i);
      const started = performance.now();
      let code;
      try {
        code = (await send(`${baseUrls[i % baseUrls.length]}${url}`, init)).status;
      } catch {
        code = 'error';
      }
      latencies.push(performance.now() - started);
      statuses.set(code, (statuses.get(code) ?? 0) + 1);
    },
  );
  const sorted = latencies.sort((a, b) => a - b);
  return {
    ms: performance.now() - startedAt,
    p50: percentile(sorted, 50),
    p99: percentile(sorted, 99),
    statuses: Object.fromEntries(statuses),
  };
}

async function rush(engine) {
  const processes = engine === 'postgres' ? 2 : 1;
  const profDir = process.env.BENCH_CPU_PROF;
  const deployment = await startDeployment({
    engine,
    processes,
    durable: true,
    nodeArgs: profDir ? ['--cpu-prof', `--cpu-prof-dir=${profDir}`] : [],
  });
  const { deps, db } = await serverParts(deployment);
  try {
    const residents = await seedResidents(deps, 51_000_000, RESIDENTS);
    const opensAt = Date.now() + 3_000;
    const activities = [];
    for (let a = 0; a < RUSH_ACTIVITIES; a++) {
      const activity = await deps.admin.activities.create(STAFF, {
        name: `Pádel primeira quenda ${a}`,
        price: 40,
        allocation: 'first_come',
        capacity: RUSH_PLACES,
        applications_open_at: new Date(opensAt).toISOString(),
        applications_close_at: new Date(opensAt + 86_400_000).toISOString(),
      });
      activities.push(activity.id);
    }
    const baseUrls = deployment.servers.map((s) => s.baseUrl);
    // residents wait on the open dashboard, its connections already open, and click at the hour
    await fire(baseUrls, IN_FLIGHT, () => ({ url: '/api/health', init: {} }));
    await sleep(Math.max(0, opensAt - Date.now() + 50));
    const window0 = process.hrtime.bigint();
    const apply = await fire(baseUrls, RESIDENTS, (i) => ({
      url: '/api/user/applications',
      init: {
        method: 'POST',
        headers: {
          Authorization: `Bearer ${residents[i].token}`,
          'Content-Type': 'application/json',
          // every resident from an address of their own, as on a real morning
          'X-Forwarded-For': `10.88.${(i >> 8) & 255}.${i & 255}`,
        },
        body: JSON.stringify({
          person_activity_id: residents[i].person,
          activity_id: activities[i % RUSH_ACTIVITIES],
        }),
      },
    }));
    // the rush's window on the monotonic clock a --cpu-prof profile's timestamps use
    if (profDir)
      console.log(
        `rush window (µs, monotonic): ${window0 / 1000n} ${process.hrtime.bigint() / 1000n}`,
      );
    const baseline = await fire(baseUrls, RESIDENTS, (i) => ({
      url: '/api/user/applications',
      init: {
        headers: {
          Authorization: `Bearer ${residents[i].token}`,
          'X-Forwarded-For': `10.88.${(i >> 8) & 255}.${i & 255}`,
        },
      },
    }));
    // the database's word: per activity, the offered are exactly the first RUSH_PLACES ids
    const places = await placesGiven(db, activities, RUSH_PLACES);
    return {
      engine,
      processes,
      apply,
      baseline,
      ...places,
    };
  } finally {
    await db.close();
    await deployment.close();
  }
}

async function draw(engine) {
  const dataDir = makeTempDir('portal-bench-draw-');
  // no server process: its own season job would draw before the timed run does
  const databaseUrl = engine === 'postgres' ? await freshPostgresUrl() : null;
  const { deps, db } = await serverParts({ dataDir, databaseUrl });
  try {
    const residents = await seedResidents(deps, 61_000_000, RESIDENTS);
    const now = Date.now();
    const activities = [];
    for (let a = 0; a < DRAW_ACTIVITIES; a++) {
      const activity = await deps.admin.activities.create(STAFF, {
        name: `Natación sorteo ${a}`,
        price: 30,
        allocation: 'lottery',
        capacity: 20,
        applications_open_at: new Date(now - 3_600_000).toISOString(),
        applications_close_at: new Date(now + 3_600_000).toISOString(),
      });
      activities.push(activity);
    }
    // each person applies for ten activities, through the residents' service
    await eachLimited(residents, 8, async (resident, r) => {
      for (let k = 0; k < DRAW_APPLICATIONS_EACH; k++) {
        const activity = activities[(r * DRAW_APPLICATIONS_EACH + k) % DRAW_ACTIVITIES];
        await deps.season.residents.apply(
          { id: resident.id, dni: resident.dni },
          { person_activity_id: resident.person, activity_id: activity.id },
          { ip: null, locale: 'es' },
        );
      }
    });
    // the window closes: the activities' close moves to the past, as time would
    await db
      .q()
      .updateTable('activities')
      .set({ applications_close_at: new Date(Date.now() - 1_000).toISOString() })
      .where('allocation', '=', 'lottery')
      .execute();

    const { drawPlaces } = await dist('services/season/draw.js');
    const baselineStart = performance.now();
    const applied = await db
      .q()
      .selectFrom('applications')
      .select(['id', 'code', 'activity_id'])
      .where('status', '=', 'applied')
      .execute();
    const byActivity = Map.groupBy(applied, (row) => row.activity_id);
    for (const rows of byActivity.values()) drawPlaces('0'.repeat(64), 20, rows);
    const baselineMs = performance.now() - baselineStart;

    const started = performance.now();
    const turn = await deps.jobs.runNow('season');
    const drawMs = performance.now() - started;
    const drawn = await db
      .q()
      .selectFrom('draws')
      .select((eb) => eb.fn.countAll().as('n'))
      .where('drawn_at', 'is not', null)
      .executeTakeFirstOrThrow();
    const offered = await db
      .q()
      .selectFrom('applications')
      .select((eb) => eb.fn.countAll().as('n'))
      .where('status', '=', 'offered')
      .executeTakeFirstOrThrow();
    return {
      engine,
      applications: applied.length,
      baselineMs,
      drawMs,
      drawnByJob: turn.result?.drawn ?? 0,
      drawn: Number(drawn.n),
      offered: Number(offered.n),
    };
  } finally {
    await db.close();
    removeTempDir(dataDir);
  }
}

export async function runSeason({ build = true, engines } = {}) {
  heading('The season: the first-come rush and the draw');
  if (build) console.log(`built bff in ${fmt.int((await buildBff()) / 1000)} s`);
  const chosen = engines ?? (process.env.BENCH_ENGINES ?? 'sqlite,postgres').split(',');
  const results = [];
  try {
    for (const engine of chosen) {
      const r = await rush(engine);
      const label = `${engine}${r.processes > 1 ? ` ×${r.processes}` : ''}`;
      const okCalls = r.apply.statuses[201] === RESIDENTS;
      const exact = r.offered === RUSH_ACTIVITIES * RUSH_PLACES && r.links === r.offered;
      console.log(
        table([
          ['rush', label],
          ['POST /api/user/applications', `${RESIDENTS} calls, ${IN_FLIGHT} at a time`],
          ['answers', JSON.stringify(r.apply.statuses)],
          [
            'p50 / p99',
            `${fmt.ms(r.apply.p50)} / ${fmt.ms(r.apply.p99)} (target p99 < ${P99_TARGET_MS} ms)`,
          ],
          [
            'baseline GET /api/user/applications p50 / p99',
            `${fmt.ms(r.baseline.p50)} / ${fmt.ms(r.baseline.p99)}`,
          ],
          ['ratio p99 apply / baseline', (r.apply.p99 / r.baseline.p99).toFixed(2)],
          [
            'places offered (links)',
            `${r.offered} (${r.links}) of ${RUSH_ACTIVITIES * RUSH_PLACES}`,
          ],
          ['offered = first to arrive in each activity', String(r.inOrder)],
        ]),
      );
      results.push(
        result(
          `season rush ${label}`,
          'p99 ms',
          fmt.ms(r.apply.p99),
          `< ${P99_TARGET_MS}`,
          r.apply.p99 < P99_TARGET_MS,
        ),
        result(
          `season rush ${label}`,
          'exactly 100 places, in arrival order, 0 errors',
          `${r.offered}, ${r.inOrder}, ${okCalls}`,
          'yes',
          exact && r.inOrder && okCalls,
        ),
      );
      const d = await draw(engine);
      console.log(
        table([
          ['draw', engine],
          ['applications', `${fmt.int(d.applications)} in ${DRAW_ACTIVITIES} activities`],
          ['baseline: read them and rank them in memory', fmt.ms(d.baselineMs)],
          ['the job: every draw, written', `${fmt.ms(d.drawMs)} (target < ${DRAW_TARGET_MS} ms)`],
          ['ratio job / baseline', (d.drawMs / d.baselineMs).toFixed(2)],
          ['drawn (by the job) / offered', `${d.drawn} (${d.drawnByJob}) / ${d.offered}`],
        ]),
      );
      results.push(
        result(
          `season draw ${engine}`,
          'job ms',
          fmt.ms(d.drawMs),
          `< ${DRAW_TARGET_MS}`,
          d.drawMs < DRAW_TARGET_MS && d.drawn === DRAW_ACTIVITIES,
        ),
      );
    }
  } finally {
    stopPostgres();
  }
  return { results };
}

if (isMain(import.meta.url)) {
  installExitHooks();
  const { results } = await runSeason({ build: !process.argv.includes('--no-build') });
  for (const r of results)
    console.log(`${r.part}: ${r.metric} ${r.value} (${r.target}) ${r.ok ? 'PASS' : 'MISS'}`);
}
