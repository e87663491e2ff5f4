// The 9:00 rush in the server's own process, without HTTP: what the write path costs the database.
//
// 10,000 residents apply for 50 first-come activities of 20 places each (1,000 places), 1,000
// calls in flight, through the residents' service, twice on the same database:
//   - one transaction each (`season.residents.apply`, the write path before group commit), and
//   - group commit (`season.residents.applyOnce`, the resident's call: the applications waiting
//     for an activity settled together, data/group-commit.ts),
// each on 50 activities of its own. Every place must be given once, to the first 20 calls of each
// activity in the order they were made. Printed: total time, p50/p99 of a call, and the time per
// application as a ratio to the cost of one insert committed alone in the same run (the floor:
// a write the database must make durable). On SQLite every write runs through the one writer,
// so the total is the database's time; on PostgreSQL (one process, a pool) batches of different
// activities overlap, so it is the wall time. PostgreSQL runs durable (fsync, synchronous commit),
// as deployed: a commit's flush is what group commit shares.
//
//   node bench/rush.mjs            (BENCH_ENGINES=sqlite,postgres)
import { performance } from 'node:perf_hooks';
import {
  buildBff,
  fmt,
  heading,
  importFrom,
  installExitHooks,
  isMain,
  makeTempDir,
  percentile,
  removeTempDir,
  result,
  table,
} from './lib/common.mjs';
import { freshPostgresUrl, stopPostgres } from './lib/deployments.mjs';
import { placesGiven, seedResidents, serverParts } from './lib/in-process.mjs';
import { eachLimited } from './lib/portal.mjs';

const RESIDENTS = 10_000;
const ACTIVITIES = 50;
const PLACES = 20;
const IN_FLIGHT = 1_000;
const INSERTS = 1_000;
const STAFF = { id: 1, dni: '12345678Z', ip: null };
const CALL = { ip: null, locale: 'es' };

/** The floor: one row inserted and committed alone, INSERTS times in a row; ms each. */
async function insertCost(db) {
  const { sql } = await importFrom('bff', 'kysely');
  await sql`CREATE TABLE bench_inserts (n integer NOT NULL, note text NOT NULL)`.execute(db.q());
  const started = performance.now();
  for (let n = 0; n < INSERTS; n++)
    await sql`INSERT INTO bench_inserts (n, note) VALUES (${n}, ${'una fila'})`.execute(db.q());
  return (performance.now() - started) / INSERTS;
}

async function openActivities(deps, label) {
  const ids = [];
  for (let a = 0; a < ACTIVITIES; a++) {
    const activity = await deps.admin.activities.create(STAFF, {
      name: `${label} ${a}`,
      price: 40,
      allocation: 'first_come',
      capacity: PLACES,
      applications_open_at: new Date(Date.now() - 60_000).toISOString(),
      applications_close_at: new Date(Date.now() + 86_400_000).toISOString(),
    });
    ids.push(activity.id);
  }
  return ids;
}

/** Every resident applies once, IN_FLIGHT at a time; resident i for activity i mod 50. */
async function rush(residents, activities, apply) {
  const latencies = [];
  const failures = new Map();
  const started = performance.now();
  await eachLimited(residents, IN_FLIGHT, async (resident, i) => {
    const callStarted = performance.now();
    try {
      await apply(resident, activities[i % ACTIVITIES]);
    } catch (err) {
      const code = err?.code ?? err?.message ?? String(err);
      failures.set(code, (failures.get(code) ?? 0) + 1);
    }
    latencies.push(performance.now() - callStarted);
  });
  const ms = performance.now() - started;
  latencies.sort((a, b) => a - b);
  return {
    ms,
    p50: percentile(latencies, 50),
    p99: percentile(latencies, 99),
    failures: Object.fromEntries(failures),
  };
}

async function measureEngine(engine) {
  const dataDir = makeTempDir('portal-bench-rush-');
  const databaseUrl = engine === 'postgres' ? await freshPostgresUrl({ durable: true }) : null;
  const { deps, db } = await serverParts({ dataDir, databaseUrl });
  try {
    const residents = await seedResidents(deps, 71_000_000, RESIDENTS);
    const insertMs = await insertCost(db);
    const actorOf = (resident) => ({ id: resident.id, dni: resident.dni });
    const inputOf = (resident, activity) => ({
      person_activity_id: resident.person,
      activity_id: activity,
    });
    const alone = await openActivities(deps, 'Tenis unha a unha');
    const before = await rush(residents, alone, (resident, activity) =>
      deps.season.residents.apply(actorOf(resident), inputOf(resident, activity), CALL),
    );
    // in call order: resident i made the i-th call
    const callOf = new Map(residents.map((resident, i) => [resident.person, i]));
    const byCall = (row) => callOf.get(row.enrolment_id);
    const beforePlaces = await placesGiven(db, alone, PLACES, byCall);
    const grouped = await openActivities(deps, 'Tenis en grupo');
    const after = await rush(residents, grouped, (resident, activity) =>
      deps.season.residents.applyOnce(
        actorOf(resident),
        inputOf(resident, activity),
        CALL,
        undefined,
      ),
    );
    const afterPlaces = await placesGiven(db, grouped, PLACES, byCall);
    return { engine, insertMs, before, beforePlaces, after, afterPlaces };
  } finally {
    await db.close();
    removeTempDir(dataDir);
  }
}

export async function runRush({ build = true, engines } = {}) {
  heading('The rush in-process: 10,000 applications for 1,000 places, 1,000 in flight');
  if (build) console.log(`built bff in ${fmt.int((await buildBff()) / 1000)} s`);
  const chosen = engines ?? (process.env.BENCH_ENGINES ?? 'sqlite,postgres').split(',');
  const results = [];
  try {
    for (const engine of chosen) {
      const r = await measureEngine(engine);
      const perApplication = (phase) => phase.ms / RESIDENTS;
      const line = (phase, places) => [
        `${fmt.ms(phase.ms)} total; p50 / p99 ${fmt.ms(phase.p50)} / ${fmt.ms(phase.p99)}`,
        `${perApplication(phase).toFixed(3)} ms an application = ${(perApplication(phase) / r.insertMs).toFixed(2)}× one insert`,
        `${places.offered} places (${places.links} links) of ${ACTIVITIES * PLACES}; in call order: ${places.inOrder}; refused: ${JSON.stringify(phase.failures)}`,
      ];
      const [beforeTime, beforeRatio, beforeCheck] = line(r.before, r.beforePlaces);
      const [afterTime, afterRatio, afterCheck] = line(r.after, r.afterPlaces);
      console.log(
        table([
          ['engine', engine],
          ['one insert committed alone (floor)', `${r.insertMs.toFixed(3)} ms`],
          ['one transaction each: time', beforeTime],
          ['one transaction each: per application', beforeRatio],
          ['one transaction each: places', beforeCheck],
          ['group commit: time', afterTime],
          ['group commit: per application', afterRatio],
          ['group commit: places', afterCheck],
          ['speed-up (total)', `${(r.before.ms / r.after.ms).toFixed(2)}×`],
        ]),
      );
      const exact = (places, phase) =>
        places.offered === ACTIVITIES * PLACES &&
        places.links === places.offered &&
        places.applications === RESIDENTS &&
        places.inOrder &&
        Object.keys(phase.failures).length === 0;
      results.push(
        result(
          `rush in-process ${engine}`,
          'ms an application / one insert',
          (perApplication(r.after) / r.insertMs).toFixed(2),
          '≤ one transaction each (+10 %)',
          perApplication(r.after) <= perApplication(r.before) * 1.1,
        ),
        result(
          `rush in-process ${engine}`,
          'every place given once, in call order',
          `${r.afterPlaces.offered}, ${r.afterPlaces.inOrder}`,
          'yes',
          exact(r.afterPlaces, r.after) && exact(r.beforePlaces, r.before),
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
  const { results } = await runRush({ build: !process.argv.includes('--no-build') });
  for (const r of results)
    console.log(`${r.part}: ${r.metric} ${r.value} (${r.target}) ${r.ok ? 'PASS' : 'MISS'}`);
}
