// Fees as the council's ordinance writes them (issue 48), at the scale of a large council, on
// both engines: 100,000 enrolments (40,000 accounts managing families of two or three, 200,000
// activity links, one in ten paid) and 20,000 approved circumstances (with 2,000 pending
// requests and 5,000 refused ones).
//
// 1. The residents' activities call (GET /api/user/activities/{id}, 3,000 calls, 10 at a time)
//    and the checkout (POST /api/payments/generate-multiple/, 2,000 calls, each the family's
//    payment of an account of its own): p99 with fee rules in place (age bands on a quarter of the activities, a reduction
//    for each of eight circumstances and some activities' own, family discounts in three fee
//    groups) against the same calls in the simple mode. Baseline of the same run: two
//    deployments with the same data, one without any rule, called in alternating rounds (the
//    order swapped each round) so the machine's load weighs on both alike. Target: within 1.2×.
// 2. Staff's review queue (GET /api/admin/circumstance-requests?status=pending) as a clerk works
//    it, one call after another, oldest first: the first page's p99 < 30 ms (page 150 of the
//    2,000 pending is printed beside it, without a target).
//
// 3. Issue 60's rules on a third deployment (those of 1. plus two reductions by age that
//    compete, a 10 € registration fee on half the activities, parts by weight 3:1 on a third, a
//    reduction by fee group for a household title approved for 2,000 families): the dashboard
//    (the activities call), the catalogue as a resident reads it (GET /api/user/quotes, 1,000
//    calls) and the checkout (part 1 of a fee in parts), p99 against the rules mode of 1. in the
//    same rounds (each deployment first, second and third in turn). Target: within 1.2×.
//
// Only 2xx answers count as latency; more than 1 % of non-2xx answers for any kind of call stops
// the run with an error (exit code 1), the statuses and the first refusals printed.
//
// Seeding goes through the server's own modules in this process, straight into the database
// (no password to hash: tokens come from the server's token service with the shared secret), so
// the figures are about fees, not about argon2 or the import.
//
//   node bench/fees.mjs            (BENCH_ENGINES=sqlite,postgres; BENCH_FEE_ENROLMENTS=100000)
import { performance } from 'node:perf_hooks';
import {
  buildBff,
  fmt,
  heading,
  installExitHooks,
  isMain,
  percentile,
  result,
  send,
  status,
  table,
} from './lib/common.mjs';
import { startDeployment, stopPostgres } from './lib/deployments.mjs';
import { dist, serverParts } from './lib/in-process.mjs';
import { ADMIN, dniFor, eachLimited, login } from './lib/portal.mjs';

const ENROLMENTS = Number(process.env.BENCH_FEE_ENROLMENTS ?? 100_000);
const APPROVALS = 20_000;
const PENDING = 2_000;
const REFUSED = 5_000;
const ACTIVITIES = 120;
const READS = 3_000;
const CHECKOUTS = 2_000;
const QUEUE_CALLS = 500;
const HOUSEHOLDS = 2_000;
const QUOTES = 1_000;
const COUNTS = { reads: READS, quotes: QUOTES, checkouts: CHECKOUTS };
const LABELS = {
  reads: 'dashboard GET /api/user/activities/{id}',
  quotes: 'catalogue GET /api/user/quotes',
  checkouts: 'checkout POST /api/payments/generate-multiple/',
};
const ROUNDS = 25;
const IN_FLIGHT = 10;
const RATIO_TARGET = 1.2;
// more non-2xx answers than this share of a kind of call and the run stops with an error: its
// latencies would be those of refusals, not of the work the figures claim to measure
const MAX_ERROR_SHARE = 0.01;
const WARM_UP_CHECKOUTS = 50;
const QUEUE_P99_TARGET_MS = 30;
const CHUNK = 1_000;
const GROUPS = ['Escolas deportivas 2026-27', 'Cursos de adultos 2026-27', 'Abonos 2026'];
const CIRCUMSTANCES = [
  'Familia numerosa xeral',
  'Familia numerosa especial',
  'Discapacidade ≥ 33 %',
  'Pensionista',
  'Desemprego',
  'Estudante',
  'Informe de Servizos Sociais',
  'Carné Xove',
];
const NOW = new Date().toISOString();

/** The server's composition root in this process (lib/in-process.mjs), with the bulk repository. */
async function feeParts(deployment) {
  const [parts, bulkModule] = await Promise.all([
    serverParts(deployment),
    dist('data/bulk-enrolments-repo.js'),
  ]);
  return { ...parts, bulk: bulkModule.createBulkEnrolmentsRepo(parts.db) };
}

/** Rows into a table, a thousand per statement, in one transaction. */
async function insertRows(db, tableName, rows) {
  await db.transaction(async () => {
    for (let i = 0; i < rows.length; i += CHUNK)
      await db
        .q()
        .insertInto(tableName)
        .values(rows.slice(i, i + CHUNK))
        .execute();
  });
}

/** A birth date for person i: ages 3 to 85, one in ten unknown (enrolled from a spreadsheet). */
const birthDateOf = (i) =>
  i % 10 === 9 ? null : `${1941 + (i % 83)}-${String(1 + (i % 12)).padStart(2, '0')}-15`;

/** The catalogue, people, families, links: everything but the fee rules (the simple mode). */
export async function seedSimple({ deps, db, bulk }) {
  const activities = [];
  for (let a = 0; a < ACTIVITIES; a++) {
    const row = await db
      .q()
      .insertInto('activities')
      .values({
        name: `Actividade ${a}`,
        price_cents: 2000 + (a % 13) * 500,
        start_date: '2026-10-01',
        fee_group: a % 2 === 0 ? GROUPS[a % 3] : null,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    activities.push({ id: row.id, price: 2000 + (a % 13) * 500 });
  }
  const people = Array.from({ length: ENROLMENTS }, (_, i) => ({
    first_name: ['Lucía', 'Martín', 'Uxía', 'Brais', 'Antía', 'Xoán'][i % 6],
    last_name: `Familia ${Math.floor(i / 2.5)}`,
    dni: dniFor(70_000_000 + i),
    email: null,
    phone: String(600_000_000 + i),
    birth_date: birthDateOf(i),
  }));
  const ids = await db.transaction(() => bulk.insertMany(people));
  const personIds = people.map((p) => ids.get(p.dni));

  // families of two or three: account k manages the people from its first on
  const families = [];
  for (let i = 0, k = 0; i < ENROLMENTS; k++) {
    const size = k % 2 === 0 ? 2 : 3;
    families.push(personIds.slice(i, i + size));
    i += size;
  }
  const hash =
    '$argon2id$v=19$m=19456,t=2,p=1$YmVuY2hzYWx0YmVuY2g$AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA';
  await insertRows(
    db,
    'users',
    families.map((_, k) => {
      const dni = dniFor(80_000_000 + k);
      const phone = String(700_000_000 + k);
      return {
        dni,
        phone,
        email: null,
        password_hash: hash,
        role: 'user',
        verified: 1,
        search_key: `${dni.toLowerCase()}\u0001${phone}`,
      };
    }),
  );
  const users = await db
    .q()
    .selectFrom('users')
    .select(['id', 'dni'])
    .where('role', '=', 'user')
    .orderBy('id')
    .execute();
  const userIds = new Map(users.map((u) => [u.dni, u.id]));
  const accounts = families.map((family, k) => ({
    id: userIds.get(dniFor(80_000_000 + k)),
    dni: dniFor(80_000_000 + k),
    family,
  }));
  await insertRows(
    db,
    'user_persons',
    accounts.flatMap((a) => a.family.map((person) => ({ user_id: a.id, enrolment_id: person }))),
  );
  // two activities each, one in ten paid
  await insertRows(
    db,
    'enrolment_activities',
    personIds.flatMap((person, i) =>
      [0, 1].map((k) => {
        const activity = activities[(i * 7 + k * 31) % ACTIVITIES];
        const paid = (i + k) % 10 === 0;
        return {
          enrolment_id: person,
          activity_id: activity.id,
          is_paid: paid ? 1 : 0,
          paid_at: paid ? NOW : null,
          paid_amount_cents: paid ? activity.price : null,
        };
      }),
    ),
  );
  await db
    .q()
    .updateTable('config')
    .set({ payments_enabled: 1, deadline_date: '2030-12-15', global_discount_bp: 5000 })
    .where('id', '=', 1)
    .execute();
  const tokens = new Map();
  const tokenOf = async (account) => {
    let token = tokens.get(account.id);
    if (!token) {
      token = await deps.tokens.issue({
        id: account.id,
        dni: account.dni,
        role: 'user',
        token_version: 0,
      });
      tokens.set(account.id, token);
    }
    return token;
  };
  return { activities, accounts, tokenOf };
}

/**
 * The council's ordinance: eight circumstances with 20,000 approvals (and a queue of pending
 * requests and a history of refused ones), a reduction for each, some activities' own rules,
 * family discounts, and age bands on a quarter of the activities.
 */
export async function seedRules({ db }, { activities, accounts }) {
  const circumstanceIds = [];
  for (const [c, name] of CIRCUMSTANCES.entries()) {
    const row = await db
      .q()
      .insertInto('circumstances')
      .values({
        name_es: name,
        name_en: name,
        name_gl: name,
        proof_es: 'Documento',
        proof_en: 'Document',
        proof_gl: 'Documento',
        validity_months: c % 2 ? 12 : null,
        review: c === 3 ? 'declaration' : 'staff',
        created_at: NOW,
        updated_at: NOW,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    circumstanceIds.push(row.id);
  }
  const people = accounts.flatMap((a) => a.family);
  const request = (person, c, status, i) => ({
    enrolment_id: person,
    circumstance_id: circumstanceIds[c % circumstanceIds.length],
    user_id: null,
    source: 'resident',
    status,
    valid_until: status === 'approved' ? (i % 20 === 0 ? '2026-01-31' : '2027-06-30') : null,
    created_at: new Date(Date.parse('2026-09-01T08:00:00Z') + i * 60_000).toISOString(),
    decided_at: status === 'pending' ? null : NOW,
    updated_at: NOW,
  });
  // every fifth person holds one (one in twenty of them expired), spread over the circumstances
  const approved = Array.from({ length: APPROVALS }, (_, i) =>
    request(people[(i * 5) % people.length], i, 'approved', i),
  );
  const pending = Array.from({ length: PENDING }, (_, i) =>
    request(people[(i * 5 + 1) % people.length], i, 'pending', APPROVALS + i),
  );
  const refused = Array.from({ length: REFUSED }, (_, i) =>
    request(people[(i * 5 + 2) % people.length], i, 'refused', APPROVALS + PENDING + i),
  );
  await insertRows(db, 'circumstance_requests', [...approved, ...refused, ...pending]);
  await insertRows(
    db,
    'reduction_rules',
    circumstanceIds.flatMap((id, c) => [
      c % 3 === 0
        ? { circumstance_id: id, activity_id: null, percent_bp: null, price_cents: 1500 }
        : {
            circumstance_id: id,
            activity_id: null,
            percent_bp: 1000 * (1 + (c % 5)),
            price_cents: null,
          },
      { circumstance_id: id, activity_id: activities[c].id, percent_bp: 5000, price_cents: null },
    ]),
  );
  await insertRows(db, 'family_discounts', [
    { from_member: 2, percent_bp: 1000 },
    { from_member: 3, percent_bp: 5000 },
  ]);
  for (const [a, activity] of activities.entries()) {
    if (a % 4 !== 1) continue;
    const bands = [
      { min_age: 0, max_age: 17, price_cents: activity.price - 500, is_default: false },
      { min_age: 18, max_age: 64, price_cents: activity.price, is_default: true },
      {
        min_age: 65,
        max_age: null,
        price_cents: Math.round(activity.price / 2),
        is_default: false,
      },
    ];
    await db
      .q()
      .updateTable('activities')
      .set({ tariffs: JSON.stringify(bands) })
      .where('id', '=', activity.id)
      .execute();
  }
}

/** Parts by weight 3:1 on a third of the activities, both days before the global deadline. */
const PARTS_BY_WEIGHT = [
  { weight: 3, due_date: '2030-11-01' },
  { weight: 1, due_date: '2030-12-01' },
];

/**
 * Issue 60's rules on top of seedRules: two reductions by age that compete (under 18: 25 %,
 * under 14: 50 %), a household title approved for 2,000 families whose reduction is a rule by
 * fee group, a 10 € registration fee on half the activities and parts by weight on a third.
 */
export async function seedOrdinance(parts, world) {
  await seedRules(parts, world);
  const { db } = parts;
  const circumstance = async (name, values) =>
    (
      await db
        .q()
        .insertInto('circumstances')
        .values({
          name_es: name,
          name_en: name,
          name_gl: name,
          proof_es: '',
          proof_en: '',
          proof_gl: '',
          validity_months: 12,
          created_at: NOW,
          updated_at: NOW,
          ...values,
        })
        .returning('id')
        .executeTakeFirstOrThrow()
    ).id;
  const under18 = await circumstance('Menores de 18', { review: 'age', min_age: 0, max_age: 17 });
  const under14 = await circumstance('Menores de 14', { review: 'age', min_age: 0, max_age: 13 });
  const household = await circumstance('Título de familia numerosa', {
    review: 'staff',
    scope: 'household',
  });
  await insertRows(db, 'reduction_rules', [
    { circumstance_id: under18, activity_id: null, percent_bp: 2500, price_cents: null },
    { circumstance_id: under14, activity_id: null, percent_bp: 5000, price_cents: null },
    {
      circumstance_id: household,
      activity_id: null,
      fee_group: GROUPS[0],
      percent_bp: 2000,
      price_cents: null,
    },
  ]);
  // one household request per family (every tenth account), approved for each member
  const families = world.accounts.filter((_, k) => k % 10 === 3).slice(0, HOUSEHOLDS);
  await insertRows(
    db,
    'circumstance_requests',
    families.flatMap((account, f) =>
      account.family.map((person) => ({
        enrolment_id: person,
        circumstance_id: household,
        user_id: account.id,
        source: 'resident',
        status: 'approved',
        valid_until: '2027-06-30',
        created_at: new Date(Date.parse('2026-09-01T08:00:00Z') + f * 60_000).toISOString(),
        decided_at: NOW,
        updated_at: NOW,
      })),
    ),
  );
  const rows = await db
    .q()
    .selectFrom('circumstance_requests')
    .select(['id', 'user_id'])
    .where('circumstance_id', '=', household)
    .orderBy('id')
    .execute();
  const first = new Map();
  for (const row of rows) if (!first.has(row.user_id)) first.set(row.user_id, row.id);
  await db.transaction(async () => {
    for (const [userId, id] of first)
      await db
        .q()
        .updateTable('circumstance_requests')
        .set({ household_id: id })
        .where('circumstance_id', '=', household)
        .where('user_id', '=', userId)
        .execute();
  });
  for (const [a, activity] of world.activities.entries()) {
    const set = {
      ...(a % 2 === 0 ? { registration_fee_cents: 1000 } : {}),
      ...(a % 3 === 0 ? { parts: JSON.stringify(PARTS_BY_WEIGHT) } : {}),
    };
    if (Object.keys(set).length)
      await db.q().updateTable('activities').set(set).where('id', '=', activity.id).execute();
    if (a % 3 === 0) world.inParts.add(activity.id);
  }
}

/** PostgreSQL's statistics as autovacuum would leave them after the writes (SQLite keeps none). */
async function analyze(db) {
  if (db.engine === 'postgres') await db.transaction(() => db.execScript('ANALYZE'));
}

/**
 * Calls made IN_FLIGHT at a time (1 for a clerk): the latencies of the 2xx answers, every
 * answer's status and the first few refusals (status, code, detail), which are no latency.
 */
async function fire(baseUrl, calls, inFlight = IN_FLIGHT) {
  const latencies = [];
  const statuses = {};
  const refusals = [];
  await eachLimited(calls, inFlight, async ({ url, init }) => {
    const started = performance.now();
    let code;
    let text;
    try {
      ({ status: code, text } = await send(`${baseUrl}${url}`, init));
    } catch (err) {
      code = 'error';
      text = String(err);
    }
    const took = performance.now() - started;
    statuses[code] = (statuses[code] ?? 0) + 1;
    if (typeof code === 'number' && code >= 200 && code < 300) latencies.push(took);
    else if (refusals.length < 3) refusals.push(`${code} ${text.slice(0, 300)}`);
  });
  return { latencies, statuses, refusals };
}

/** Latencies gathered over rounds: p50 and p99 of the 2xx answers, the statuses, some refusals. */
function summary(runs) {
  const sorted = runs.flatMap((r) => r.latencies).sort((a, b) => a - b);
  const statuses = {};
  for (const run of runs)
    for (const [code, n] of Object.entries(run.statuses))
      statuses[code] = (statuses[code] ?? 0) + n;
  const calls = Object.values(statuses).reduce((a, b) => a + b, 0);
  return {
    p50: percentile(sorted, 50),
    p99: percentile(sorted, 99),
    statuses,
    calls,
    refused: calls - sorted.length,
    refusals: runs.flatMap((r) => r.refusals ?? []).slice(0, 3),
  };
}

/** The kinds of call (name → summary) that answered non-2xx more than MAX_ERROR_SHARE of the time. */
function tooManyRefusals(engine, named) {
  return Object.entries(named)
    .filter(([, s]) => s.refused > s.calls * MAX_ERROR_SHARE)
    .map(
      ([name, s]) =>
        `${engine} ${name}: ${s.refused} of ${s.calls} answered non-2xx ${JSON.stringify(s.statuses)}` +
        s.refusals.map((r) => `\n    e.g. ${r}`).join(''),
    );
}

/** A resident reading a person's activities (account i of the list). */
async function readCall(world, i) {
  const account = world.accounts[(i * 13) % world.accounts.length];
  return {
    url: `/api/user/activities/${account.family[i % account.family.length]}`,
    init: { headers: { Authorization: `Bearer ${await world.tokenOf(account)}` } },
  };
}

/** The catalogue as a signed-in resident reads it: what each person would pay for each activity. */
async function quotesCall(world, i) {
  const account = world.accounts[(i * 17) % world.accounts.length];
  return {
    url: '/api/user/quotes',
    init: { headers: { Authorization: `Bearer ${await world.tokenOf(account)}` } },
  };
}

/**
 * Checkout number i: the family's payment (`people`) of an account of its own (no earlier order
 * to supersede), every member's pending fees. The whole family, because under the rules a fee
 * with a family discount is paid only with the fees that earn it (409
 * `family_discount_needs_members`); each fee in parts by its part 1 (409 `fee_in_parts` whole).
 * The same calls in every deployment.
 */
async function payCall(world, i) {
  const account = world.payable[(i * world.stride) % world.payable.length];
  const choice = (person) => {
    const unpaid = world.unpaid.get(person);
    return {
      person_activity_id: person,
      activity_ids: unpaid.filter((id) => !world.inParts.has(id)),
      parts: unpaid
        .filter((id) => world.inParts.has(id))
        .map((activity_id) => ({ activity_id, number: 1 })),
    };
  };
  return {
    url: '/api/payments/generate-multiple/',
    init: {
      method: 'POST',
      headers: {
        Authorization: `Bearer ${await world.tokenOf(account)}`,
        'Content-Type': 'application/json',
        'X-Forwarded-For': `10.66.${(i >> 8) & 255}.${i & 255}`,
      },
      body: JSON.stringify({
        people: account.family.filter((person) => world.unpaid.has(person)).map(choice),
        use_discount: false,
      }),
    },
  };
}

/**
 * One deployment seeded with the catalogue, people and families; then, by `rules`: none (the
 * simple mode), issue 48's ('rules') or those and issue 60's ('ordinance').
 */
async function seededDeployment(engine, rules) {
  const deployment = await startDeployment({ engine });
  const parts = await feeParts(deployment);
  const started = performance.now();
  const world = await seedSimple(parts);
  const links = await parts.db
    .q()
    .selectFrom('enrolment_activities')
    .select(['enrolment_id', 'activity_id'])
    .where('is_paid', '=', 0)
    .execute();
  world.unpaid = new Map();
  for (const link of links) {
    const list = world.unpaid.get(link.enrolment_id) ?? [];
    list.push(link.activity_id);
    world.unpaid.set(link.enrolment_id, list);
  }
  world.payable = world.accounts.filter((a) => a.family.some((p) => world.unpaid.has(p)));
  // each checkout (and warm-up call) an account of its own: a stride prime to their number
  const needed = CHECKOUTS + WARM_UP_CHECKOUTS;
  if (world.payable.length < needed)
    throw new Error(`${world.payable.length} accounts with fees to pay, ${needed} checkouts`);
  world.stride = [7, 11, 13].find((s) => world.payable.length % s !== 0) ?? 1;
  world.inParts = new Set();
  if (rules === 'rules') await seedRules(parts, world);
  if (rules === 'ordinance') await seedOrdinance(parts, world);
  await analyze(parts.db);
  const mode = JSON.parse((await send(`${deployment.baseUrl}/api/config`)).text).fee_mode;
  return { deployment, parts, world, mode, seededMs: performance.now() - started };
}

/**
 * Two deployments of one engine with the same data, one in the simple mode and one with the
 * council's rules, called in alternating rounds (the order swapped each round), so that the
 * load of the machine weighs on both alike.
 */
async function runEngine(engine) {
  const simple = await seededDeployment(engine, 'simple');
  let rules = null;
  let ordinance = null;
  try {
    rules = await seededDeployment(engine, 'rules');
    ordinance = await seededDeployment(engine, 'ordinance');
    const all = [simple, rules, ordinance];
    const gathered = new Map(all.map((d) => [d, { reads: [], checkouts: [], quotes: [] }]));
    const prepare = async (d, make, from, count) =>
      Promise.all(Array.from({ length: count }, (_, k) => make(d.world, from + k)));
    // warm-up: every code path and connection once, unmeasured
    for (const d of all) {
      await fire(d.deployment.baseUrl, await prepare(d, readCall, 100_000, 300));
      await fire(d.deployment.baseUrl, await prepare(d, quotesCall, 100_000, 50));
      await fire(d.deployment.baseUrl, await prepare(d, payCall, CHECKOUTS, WARM_UP_CHECKOUTS));
    }
    const calls = [
      ['reads', readCall, READS],
      ['quotes', quotesCall, QUOTES],
      ['checkouts', payCall, CHECKOUTS],
    ];
    for (let round = 0; round < ROUNDS; round++) {
      // each deployment first, second and third in turn
      const order = all.map((_, k) => all[(k + round) % all.length]);
      for (const [kind, make, total] of calls)
        for (const d of order) {
          const batch = await prepare(d, make, round * (total / ROUNDS), total / ROUNDS);
          gathered.get(d)[kind].push(await fire(d.deployment.baseUrl, batch));
        }
    }
    const summaries = (d) => ({
      reads: summary(gathered.get(d).reads),
      quotes: summary(gathered.get(d).quotes),
      checkouts: summary(gathered.get(d).checkouts),
    });

    // the review queue, as a clerk works it
    const baseUrl = rules.deployment.baseUrl;
    const adminToken = await login(baseUrl, ADMIN.dni, ADMIN.password);
    const queue = (page) =>
      Array.from({ length: QUEUE_CALLS }, () => ({
        url: `/api/admin/circumstance-requests?status=pending&page=${page}&page_size=10`,
        init: { headers: { Authorization: `Bearer ${adminToken}` } },
      }));
    await fire(baseUrl, queue(1).slice(0, 50), 1);
    const first = summary([await fire(baseUrl, queue(1), 1)]);
    const deep = summary([await fire(baseUrl, queue(150), 1)]);
    return {
      engine,
      seededMs: simple.seededMs + rules.seededMs + ordinance.seededMs,
      simpleMode: simple.mode,
      rulesMode: rules.mode,
      ordinanceMode: ordinance.mode,
      simple: summaries(simple),
      rules: summaries(rules),
      ordinance: summaries(ordinance),
      first,
      deep,
    };
  } finally {
    for (const d of [simple, rules, ordinance]) {
      if (!d) continue;
      await d.parts.db.close();
      await d.deployment.close();
    }
  }
}

export async function runFees({ build = true, engines } = {}) {
  heading(
    `Fees by the council's rules: ${fmt.int(ENROLMENTS)} enrolments, ${fmt.int(APPROVALS)} approved circumstances`,
  );
  if (build) console.log(`built bff in ${fmt.int((await buildBff()) / 1000)} s`);
  const chosen = engines ?? (process.env.BENCH_ENGINES ?? 'sqlite,postgres').split(',');
  const results = [];
  const refused = [];
  try {
    for (const engine of chosen) {
      const r = await runEngine(engine);
      refused.push(
        ...tooManyRefusals(engine, {
          ...Object.fromEntries(
            ['simple', 'rules', 'ordinance'].flatMap((d) =>
              ['reads', 'quotes', 'checkouts'].map((kind) => [`${d} ${kind}`, r[d][kind]]),
            ),
          ),
          'review queue page 1': r.first,
          'review queue page 150': r.deep,
        }),
      );
      const ratio = (a, b) => a.p99 / b.p99;
      const readRatio = ratio(r.rules.reads, r.simple.reads);
      const payRatio = ratio(r.rules.checkouts, r.simple.checkouts);
      const okStatuses = (s, code, n) => s.statuses[code] === n;
      const readsOk =
        okStatuses(r.simple.reads, 200, READS) && okStatuses(r.rules.reads, 200, READS);
      const paysOk =
        okStatuses(r.simple.checkouts, 200, CHECKOUTS) &&
        okStatuses(r.rules.checkouts, 200, CHECKOUTS);
      const queueOk = okStatuses(r.first, 200, QUEUE_CALLS) && okStatuses(r.deep, 200, QUEUE_CALLS);
      // issue 60: the ordinance's rules against issue 48's, same run, same calls
      const ordinance = ['reads', 'quotes', 'checkouts'].map((kind) => ({
        kind,
        rules: r.rules[kind],
        ordinance: r.ordinance[kind],
        ratio: ratio(r.ordinance[kind], r.rules[kind]),
        ok:
          okStatuses(r.rules[kind], 200, COUNTS[kind]) &&
          okStatuses(r.ordinance[kind], 200, COUNTS[kind]),
      }));
      const line = (x) => `${fmt.ms(x.p50)} / ${fmt.ms(x.p99)}`;
      console.log(
        table([
          ['fees', engine],
          ['seeded in', fmt.ms(r.seededMs)],
          ['fee mode before / after the rules', `${r.simpleMode} / ${r.rulesMode}`],
          [
            `GET /api/user/activities/{id} p50 / p99 (${READS} calls, ${IN_FLIGHT} at a time)`,
            `simple ${line(r.simple.reads)}, rules ${line(r.rules.reads)}`,
          ],
          ['  ratio p99 rules / simple', `${fmt.ratio(readRatio)} (target ≤ ${RATIO_TARGET})`],
          [
            `POST /api/payments/generate-multiple/ p50 / p99 (${CHECKOUTS} calls)`,
            `simple ${line(r.simple.checkouts)}, rules ${line(r.rules.checkouts)}`,
          ],
          ['  ratio p99 rules / simple', `${fmt.ratio(payRatio)} (target ≤ ${RATIO_TARGET})`],
          [
            `review queue, first page p50 / p99 (${QUEUE_CALLS} calls, one at a time)`,
            `${line(r.first)} (target p99 < ${QUEUE_P99_TARGET_MS} ms)`,
          ],
          ['review queue, page 150 p50 / p99', line(r.deep)],
          ['fee mode with issue 60’s rules', r.ordinanceMode],
          ...ordinance.flatMap((o) => [
            [
              `${LABELS[o.kind]} p50 / p99 (${COUNTS[o.kind]} calls)`,
              `rules ${line(o.rules)}, issue 60 ${line(o.ordinance)}`,
            ],
            ['  ratio p99 issue 60 / rules', `${fmt.ratio(o.ratio)} (target ≤ ${RATIO_TARGET})`],
          ]),
          [
            'answers',
            JSON.stringify({
              simple: [r.simple.reads.statuses, r.simple.checkouts.statuses],
              rules: [r.rules.reads.statuses, r.rules.checkouts.statuses],
              issue60: [
                r.ordinance.reads.statuses,
                r.ordinance.quotes.statuses,
                r.ordinance.checkouts.statuses,
              ],
              queue: [r.first.statuses, r.deep.statuses],
            }),
          ],
        ]),
      );
      results.push(
        result(
          `fees ${engine}`,
          'activities p99 rules / simple',
          fmt.ratio(readRatio),
          `≤ ${RATIO_TARGET}`,
          readsOk && r.rulesMode === 'rules' && readRatio <= RATIO_TARGET,
        ),
        result(
          `fees ${engine}`,
          'checkout p99 rules / simple',
          fmt.ratio(payRatio),
          `≤ ${RATIO_TARGET}`,
          paysOk && payRatio <= RATIO_TARGET,
        ),
        result(
          `fees ${engine}`,
          'review queue (first page) p99 ms',
          fmt.ms(r.first.p99),
          `< ${QUEUE_P99_TARGET_MS}`,
          queueOk && r.first.p99 < QUEUE_P99_TARGET_MS,
        ),
        // a figure, not a target: a clerk works the queue from its oldest, the first page
        result(`fees ${engine}`, 'review queue page 150 p99 ms', fmt.ms(r.deep.p99), '', null),
        ...ordinance.map((o) =>
          result(
            `fees ${engine}`,
            `${o.kind} p99 issue 60 / rules`,
            fmt.ratio(o.ratio),
            `≤ ${RATIO_TARGET}`,
            o.ok && r.ordinanceMode === 'rules' && o.ratio <= RATIO_TARGET,
          ),
        ),
      );
    }
  } finally {
    stopPostgres();
  }
  if (refused.length)
    throw new Error(
      `more than ${MAX_ERROR_SHARE * 100} % of calls answered non-2xx, so the figures are not ` +
        `those of the work they claim to measure:\n  ${refused.join('\n  ')}`,
    );
  return { results };
}

if (isMain(import.meta.url)) {
  installExitHooks();
  try {
    const { results } = await runFees({ build: !process.argv.includes('--no-build') });
    for (const r of results)
      console.log(
        `${r.part}: ${r.metric} ${r.value}${r.target ? ` (${r.target})` : ''} ${status(r.ok)}`,
      );
  } catch (err) {
    console.error(`\nfees: ${err instanceof Error ? err.message : err}`);
    process.exitCode = 1;
  }
}
