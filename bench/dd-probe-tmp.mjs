// BENCH_CPU_PROF=dir profiles each server process (--cpu-prof) and prints the journeys' window.
// Deadline day: the last hour before the payment deadline, as a whole. 2,000 residents (each
// managing one or two people with two or three pending activities) run the payment journey with
// 50 virtual residents at a time and no think time: log in, read the settings, their people and
// each person's activities, ask for the order, and the bank's signed notification for it. Staff
// upload a 5,000-row Excel file every 20 s meanwhile. Afterwards the database is checked: every
// journey's activities paid exactly once, nothing charged twice, every import complete.
//
// The limit is the password hashes: the same number of argon2id checks with the server's
// parameters, on as many threads as the server lets argon2 use, measured in the same run with
// nothing else running. The ratio journey time / hash-only time says how much everything else
// (the imports included) costs on top.
//
//   node bench/deadline-day.mjs          (BENCH_ENGINES=sqlite,postgres; BENCH_RESIDENTS=2000)
import { availableParallelism } from 'node:os';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import { pathToFileURL } from 'node:url';
import {
  buildBff,
  fmt,
  heading,
  importFrom,
  installExitHooks,
  isMain,
  percentile,
  repoRoot,
  requireFrom,
  result,
  send,
  table,
} from './lib/common.mjs';
import { startDeployment, stopPostgres } from './lib/deployments.mjs';
import { notificationSigner } from './lib/payments.mjs';
import { threadDelta, threadTimes } from './lib/load.mjs';
import {
  ADMIN,
  RESIDENT_PASSWORD,
  call,
  dniFor,
  eachLimited,
  enrolmentWorkbook,
  login,
  upload,
} from './lib/portal.mjs';

const RESIDENTS = Number(process.env.BENCH_RESIDENTS ?? 2_000);
const VIRTUAL_RESIDENTS = 50;
const IMPORT_ROWS = 5_000;
const IMPORT_EVERY_MS = 20_000;
const RATIO_TARGET = 1.2;
const P99_TARGET_MS = 200;
const SPORTS = [
  ['Natación infantil', 45],
  ['Pádel adultos', 60],
  ['Yoga', 30],
  ['Fútbol sala', 35],
  ['Baloncesto', 40],
  ['Judo', 38],
];

/** The people of resident r: one or two, each with two or three activities. */
function householdOf(r) {
  return Array.from({ length: 1 + (r % 2) }, (_, p) => ({
    first_name: ['Lucía', 'Martín', 'Uxía', 'Brais'][(r + p) % 4],
    last_name: ['García Pérez', 'Núñez Vázquez', 'Iglesias Rey'][r % 3],
    dni: dniFor(31_000_000 + r * 2 + p),
    phone: String(620_000_000 + r * 2 + p),
    sports: Array.from(
      { length: 2 + ((r + p) % 2) },
      (_, k) => SPORTS[(r + p + k) % SPORTS.length],
    ),
  }));
}

/** Late enrolments: `count` new people, one activity each, unique to import number `n`. */
function lateEnrolments(n, count) {
  return Array.from({ length: count }, (_, i) => {
    const k = 40_000_000 + n * 10_000 + i;
    const [sport, price] = SPORTS[i % SPORTS.length];
    return [
      'Persoa',
      `Tardía ${n}-${i}`,
      dniFor(k),
      String(680_000_000 + n * 10_000 + i),
      '',
      sport,
      price,
    ];
  });
}

/** Enrolments by upload, accounts through the admin API, links with the SMS code, as in life. */
async function seed(baseUrl) {
  const adminToken = await login(baseUrl, ADMIN.dni, ADMIN.password);
  const residents = Array.from({ length: RESIDENTS }, (_, r) => ({
    dni: dniFor(35_000_000 + r),
    phone: String(650_000_000 + r),
    ip: `10.77.${(r >> 8) & 255}.${r & 255}`,
    people: householdOf(r),
  }));
  const rows = residents.flatMap((resident) =>
    resident.people.flatMap((person) =>
      person.sports.map(([sport, price]) => [
        person.first_name,
        person.last_name,
        person.dni,
        person.phone,
        '',
        sport,
        price,
      ]),
    ),
  );
  await upload(baseUrl, adminToken, await enrolmentWorkbook(rows));
  await eachLimited(residents, 2, (resident) =>
    call(baseUrl, 'POST', '/api/admin/users/', {
      token: adminToken,
      expect: [201],
      body: {
        dni: resident.dni,
        phone: resident.phone,
        password: RESIDENT_PASSWORD,
        repeat_password: RESIDENT_PASSWORD,
      },
    }),
  );
  await eachLimited(residents, 4, async (resident) => {
    const token = await login(baseUrl, resident.dni, RESIDENT_PASSWORD);
    for (const person of resident.people) {
      await call(baseUrl, 'POST', '/api/user/persons/request-association', {
        token,
        ip: resident.ip,
        body: { dni: person.dni, phone: person.phone },
      });
      const outbox = await call(baseUrl, 'GET', `/api/dev/outbox?to=${person.phone}`);
      const code = /\b(\d{6})\b/.exec(outbox.at(-1)?.body ?? '')?.[1];
      await call(baseUrl, 'POST', '/api/user/persons/verify-association', {
        token,
        ip: resident.ip,
        body: { dni: person.dni, otp_code: code },
      });
    }
  });
  return { residents, rows: rows.length };
}

/** One resident's journey; each call's time goes into `times[name]`. */
async function journey(baseUrls, resident, sign, times) {
  const [baseUrl, bankUrl] = [baseUrls[0], baseUrls[baseUrls.length - 1]];
  const timed = async (name, fn) => {
    const started = performance.now();
    const value = await fn();
    (times[name] ??= []).push(performance.now() - started);
    return value;
  };
  const headers = { 'X-Forwarded-For': resident.ip };
  const token = await timed('login', () => login(baseUrl, resident.dni, RESIDENT_PASSWORD));
  const get = (path) => call(baseUrl, 'GET', path, { token, ip: resident.ip });
  await timed('GET /api/config', () => get('/api/config'));
  const persons = await timed('GET /api/user/persons/', () => get('/api/user/persons/'));
  let chosen = null;
  for (const person of persons) {
    const activities = await timed('GET /api/user/activities/{id}', () =>
      get(`/api/user/activities/${person.person_activity_id}`),
    );
    const pending = activities.filter((a) => !a.is_paid).map((a) => a.id);
    if (!chosen && pending.length > 0) chosen = { person: person.person_activity_id, pending };
  }
  if (!chosen) throw new Error(`${resident.dni}: nothing pending`);
  const order = await timed('POST /api/payments/generate-multiple/', () =>
    call(baseUrl, 'POST', '/api/payments/generate-multiple/', {
      token,
      ip: resident.ip,
      body: {
        person_activity_id: chosen.person,
        activity_ids: chosen.pending,
        use_discount: false,
      },
    }),
  );
  const outcome = await timed('POST /api/payments/notification', async () => {
    const res = await send(`${bankUrl}/api/payments/notification`, {
      method: 'POST',
      headers: { ...headers, 'Content-Type': 'application/x-www-form-urlencoded' },
      body: sign(order.order, Math.round(order.amount * 100)),
    });
    return JSON.parse(res.text);
  });
  if (outcome.code !== 'notification_applied') {
    throw new Error(`notification for ${order.order}: ${JSON.stringify(outcome)}`);
  }
  return { order: order.order, person: chosen.person, activities: chosen.pending };
}

/** argon2 threads of the deployment: each process runs cores − 1 at once, on the machine's cores. */
const hashThreads = (processes) =>
  Math.min(availableParallelism(), processes * Math.max(1, availableParallelism() - 1));

/** The same number of argon2id checks as logins, on the threads the server gives argon2. */
async function hashOnlyMs(count, threads) {
  const { hash, verify } = requireFrom('bff')('@node-rs/argon2');
  // the server's own parameters, from the build it runs
  const { ARGON2_OPTIONS } = await import(
    pathToFileURL(join(repoRoot, 'bff/dist/src/services/argon2-options.js')).href
  );
  const stored = await hash(RESIDENT_PASSWORD, ARGON2_OPTIONS);
  let left = count;
  const started = performance.now();
  await Promise.all(
    Array.from({ length: threads }, async () => {
      while (left-- > 0) await verify(stored, RESIDENT_PASSWORD);
    }),
  );
  return performance.now() - started;
}

/** Runs SQL on the deployment's database (either engine) and returns the rows. */
async function query(deployment, text) {
  if (deployment.engine === 'postgres') {
    const { default: pg } = await importFrom('bff', 'pg');
    const client = new pg.Client({ connectionString: deployment.databaseUrl });
    await client.connect();
    try {
      return (await client.query(text)).rows;
    } finally {
      await client.end();
    }
  }
  const Database = requireFrom('bff')('better-sqlite3');
  const db = new Database(join(deployment.dataDir, 'portal.sqlite'), { readonly: true });
  try {
    return db.prepare(text).all();
  } finally {
    db.close();
  }
}

/** After the run: each journey's activities paid once, no double charge, imports complete. */
async function checkDatabase(deployment, journeys, expectedEnrolments) {
  const paidItems = await query(
    deployment,
    `SELECT pi.enrolment_id, pi.activity_id, count(*) AS n FROM payment_items pi
       JOIN payments p ON p.id = pi.payment_id WHERE p.status = 'paid'
      GROUP BY pi.enrolment_id, pi.activity_id`,
  );
  const paid = new Map(paidItems.map((r) => [`${r.enrolment_id}/${r.activity_id}`, Number(r.n)]));
  const doubleCharged = [...paid.values()].filter((n) => n > 1).length;
  let notPaidOnce = 0;
  for (const j of journeys) {
    for (const activity of j.activities)
      if (paid.get(`${j.person}/${activity}`) !== 1) notPaidOnce++;
  }
  const [{ n: enrolments }] = await query(deployment, 'SELECT count(*) AS n FROM enrolments');
  return {
    doubleCharged,
    notPaidOnce,
    enrolments: Number(enrolments),
    importsComplete: Number(enrolments) === expectedEnrolments,
  };
}

async function runOn(engine, processes) {
  const profDir = process.env.BENCH_CPU_PROF;
  const deployment = await startDeployment({
    engine,
    processes,
    nodeArgs: ['--import', '/tmp/sqlprobe.mjs'],
  });
  try {
    const baseUrls = deployment.servers.map((s) => s.baseUrl);
    const started = performance.now();
    const seeded = await seed(baseUrls[0]);
    const seedSeconds = (performance.now() - started) / 1000;
    const people = seeded.residents.reduce((n, r) => n + r.people.length, 0);
    const sign = await notificationSigner();
    const adminToken = await login(baseUrls[0], ADMIN.dni, ADMIN.password);
    const lateFiles = [];
    for (let n = 0; n < 8; n++)
      lateFiles.push(await enrolmentWorkbook(lateEnrolments(n, IMPORT_ROWS)));

    // the hour itself: journeys, and staff's uploads every 20 s until the journeys end
    const times = {};
    const journeys = [];
    const errors = [];
    let running = true;
    const imports = [];
    const importer = (async () => {
      for (let n = 0; running && n < lateFiles.length; n++) {
        const t0 = performance.now();
        try {
          await upload(baseUrls[baseUrls.length - 1], adminToken, lateFiles[n]);
          imports.push(performance.now() - t0);
        } catch (err) {
          errors.push(`import ${n}: ${err.message}`);
        }
        const wait = IMPORT_EVERY_MS - (performance.now() - t0);
        for (let slept = 0; running && slept < wait; slept += 250) {
          await new Promise((r) => setTimeout(r, 250));
        }
      }
    })();
    let next = 0;
    const cpuPids = [...deployment.pids, process.pid];
    const cpuBefore = cpuPids.map(threadTimes);
    const t0 = performance.now();
    const window0 = process.hrtime.bigint();
    for (const pid of deployment.pids) process.kill(pid, 'SIGUSR1');
    await Promise.all(
      Array.from({ length: VIRTUAL_RESIDENTS }, async (_, v) => {
        while (next < seeded.residents.length) {
          const resident = seeded.residents[next++];
          try {
            const urls = v % 2 ? [...baseUrls].reverse() : baseUrls;
            journeys.push(await journey(urls, resident, sign, times));
          } catch (err) {
            errors.push(err.message.slice(0, 200));
          }
        }
      }),
    );
    const journeyMs = performance.now() - t0;
    for (const pid of deployment.pids) process.kill(pid, 'SIGUSR2');
    // the journeys' window on the monotonic clock a --cpu-prof profile's timestamps use
    if (profDir)
      console.log(`journeys' window (µs, monotonic): ${window0 / 1000n} ${process.hrtime.bigint() / 1000n}`);
    const cpu = cpuPids.map((pid, i) => threadDelta(pid, cpuBefore[i], threadTimes(pid)));
    running = false;
    await importer;
    const hashMs = await hashOnlyMs(seeded.residents.length, hashThreads(processes));
    const db = await checkDatabase(deployment, journeys, people + imports.length * IMPORT_ROWS);
    return {
      engine,
      processes,
      seedSeconds,
      seededRows: seeded.rows,
      journeys: journeys.length,
      journeyMs,
      hashMs,
      times,
      imports,
      errors,
      db,
      cpu,
    };
  } finally {
    await deployment.close();
  }
}

/**
 * Where the CPU went while the journeys ran: each server process's main thread and its other
 * threads (the password threads, V8's helpers, the sheet reader, libuv's pool), the busiest
 * named one by one, and this load generator, which shares the machine's cores with the server;
 * beside what the cores could give in that time.
 */
function cpuReport(cpu, journeyMs) {
  if (cpu.some((c) => c === null)) return null;
  const seconds = (ms) => `${(ms / 1000).toFixed(1)} s`;
  const sum = (threads) => threads.reduce((total, t) => total + t.cpuMs, 0);
  const all = ({ main, others }) => (main?.cpuMs ?? 0) + sum(others);
  const servers = cpu.slice(0, -1).map(({ main, others }, i) => {
    const busiest = others.slice(0, 4).map((t) => (t.cpuMs / 1000).toFixed(1));
    return `server ${i + 1}: main thread ${seconds(main?.cpuMs ?? 0)}, other threads ${seconds(sum(others))} (busiest ${busiest.join(', ')} s)`;
  });
  const used = cpu.reduce((total, process) => total + all(process), 0);
  const available = availableParallelism() * journeyMs;
  return [
    `CPU while the journeys ran (${seconds(available)} on ${availableParallelism()} cores; ${seconds(used)} used by these processes):`,
    ...servers.map((line) => `  ${line}`),
    `  load generator (this process): ${seconds(all(cpu.at(-1)))}`,
  ].join('\n');
}

function report(run) {
  const label = `${run.engine}, ${run.processes} process${run.processes > 1 ? 'es' : ''}`;
  const ratio = run.journeyMs / run.hashMs;
  console.log(
    `\n${label}: seeded ${fmt.int(RESIDENTS)} residents (${fmt.int(run.seededRows)} enrolment rows) in ${fmt.int(run.seedSeconds)} s`,
  );
  const rows = Object.entries(run.times).map(([name, list]) => {
    const sorted = [...list].sort((a, b) => a - b);
    return [
      name,
      fmt.int(sorted.length),
      fmt.ms(percentile(sorted, 50)),
      fmt.ms(percentile(sorted, 99)),
    ];
  });
  console.log(table([['call', 'calls', 'p50', 'p99'], ...rows]));
  const slowest = Object.entries(run.times)
    .filter(([name]) => name !== 'login')
    .map(([name, list]) => [
      name,
      percentile(
        [...list].sort((a, b) => a - b),
        99,
      ),
    ])
    .reduce((a, b) => (b[1] > a[1] ? b : a), ['', 0]);
  const importLine = run.imports.length
    ? `${run.imports.length} imports of ${fmt.int(IMPORT_ROWS)} rows, ${run.imports.map((ms) => fmt.ms(ms)).join(', ')}`
    : 'no import finished';
  const cpuLine = cpuReport(run.cpu, run.journeyMs);
  console.log(
    [
      `journeys: ${fmt.int(run.journeys)} in ${fmt.ms(run.journeyMs)} = ${(run.journeys / (run.journeyMs / 1000)).toFixed(1)}/s; errors: ${run.errors.length}${run.errors.length ? ` (first: ${run.errors[0]})` : ''}`,
      `staff: ${importLine}`,
      `hash-only: ${fmt.int(RESIDENTS)} argon2id checks on ${hashThreads(run.processes)} thread(s) in ${fmt.ms(run.hashMs)}`,
      `ratio journey / hash-only: ${ratio.toFixed(2)} (target <= ${RATIO_TARGET})`,
      `slowest non-login call p99: ${fmt.ms(slowest[1])} (${slowest[0]}; target < ${P99_TARGET_MS} ms)`,
      `database: activities not paid exactly once ${run.db.notPaidOnce}, charged twice ${run.db.doubleCharged}, enrolments ${fmt.int(run.db.enrolments)} (imports complete: ${run.db.importsComplete ? 'yes' : 'NO'})`,
      ...(cpuLine ? [cpuLine] : []),
    ].join('\n'),
  );
  const clean =
    run.errors.length === 0 &&
    run.db.notPaidOnce === 0 &&
    run.db.doubleCharged === 0 &&
    run.db.importsComplete;
  return [
    result(
      'deadline day',
      `${label}: ratio journey / hash-only`,
      ratio.toFixed(2),
      `<= ${RATIO_TARGET}`,
      ratio <= RATIO_TARGET,
    ),
    result(
      'deadline day',
      `${label}: slowest non-login p99`,
      fmt.ms(slowest[1]),
      `< ${P99_TARGET_MS} ms`,
      slowest[1] < P99_TARGET_MS,
    ),
    result(
      'deadline day',
      `${label}: errors, double charges, imports`,
      clean ? 'none, none, complete' : 'see above',
      'none',
      clean,
    ),
  ];
}

export async function runDeadlineDay({ build = true } = {}) {
  heading(`Deadline day: ${fmt.int(RESIDENTS)} residents, ${VIRTUAL_RESIDENTS} at a time`);
  if (build) console.log(`built bff in ${fmt.int((await buildBff()) / 1000)} s`);
  const engines = (process.env.BENCH_ENGINES ?? 'sqlite,postgres').split(',');
  const results = [];
  try {
    for (const engine of engines) {
      for (const processes of engine === 'postgres' ? [1, 2] : [1]) {
        results.push(...report(await runOn(engine, processes)));
      }
    }
  } finally {
    stopPostgres();
  }
  return { results };
}

if (isMain(import.meta.url)) {
  installExitHooks();
  await runDeadlineDay({ build: !process.argv.includes('--no-build') });
}
