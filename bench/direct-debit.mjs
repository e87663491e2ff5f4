// Direct debit at a council's scale (issue 62), on both engines: 20,000 residents, each with a
// signed mandate and a domiciled fee (2,000 of them on the sandbox bank's test IBANs, which it
// returns with their reason codes, 250 for each of the eight).
//
// 1. A remittance of the 20,000 built (POST /api/admin/remittances), its pain.008 written
//    (GET /api/admin/remittances/{id}/file) and validated against the official XSD (xmllint-wasm,
//    as the tests do, with bff/test/fixtures/sepa/pain.008.001.08.xsd).
// 2. Collected on its date (a bench shortcut: its collection date moved to today in the database,
//    then the remittance opened, GET /api/admin/remittances/{id}, which collects it: 20,000
//    payments as a card's), then the bank's answer with 2,000 returns (a camt.054 from the
//    sandbox bank) applied (POST /api/admin/remittances/{id}/returns).
//
// Baseline of the same run: a plain read of the same 20,000 rows, the remittance's items with
// their mandates (one SELECT through the server's own database layer, in this process), the
// median of three. Each step is printed in milliseconds and as a ratio of that read; no targets
// (a first measurement), except that every call answers as expected and the file is valid.
//
// Seeding goes through the server's modules in this process, straight into the database.
//
// BENCH_DD_RULES=1: the same under the council's fee rules (a family discount from the second
// member in every activity's fee group, which no one here earns: each account manages one
// person, so the amounts stay), where building the remittance prices every person's fees.
//
//   node bench/direct-debit.mjs     (BENCH_ENGINES=sqlite,postgres; BENCH_DD_ITEMS=20000)
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import {
  buildBff,
  fmt,
  heading,
  importFrom,
  installExitHooks,
  isMain,
  repoRoot,
  result,
  send,
  status,
  table,
} from './lib/common.mjs';
import { startDeployment, stopPostgres } from './lib/deployments.mjs';
import { dist, serverParts } from './lib/in-process.mjs';
import { ADMIN, dniFor, login } from './lib/portal.mjs';

const ITEMS = Number(process.env.BENCH_DD_ITEMS ?? 20_000);
const RETURNS = Math.round(ITEMS / 10);
const ACTIVITIES = 40;
const RULES = process.env.BENCH_DD_RULES === '1';
const CHUNK = 1_000;
const GOOD_IBAN = 'ES9121000418450200051332';
const NOW = new Date();
const DAY_MS = 86_400_000;

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

const idsOf = async (db, tableName, column, values) => {
  const out = new Map();
  for (let i = 0; i < values.length; i += CHUNK) {
    const rows = await db
      .q()
      .selectFrom(tableName)
      .select(['id', column])
      .where(column, 'in', values.slice(i, i + CHUNK))
      .execute();
    for (const row of rows) out.set(row[column], row.id);
  }
  return out;
};

/**
 * The council's catalogue, 20,000 accounts each managing one person enrolled in one activity
 * (whole fee), a mandate each (the IBAN sealed with the server's own key) and the fee on it,
 * its pre-notification sent a month ago.
 */
async function seed({ deps, db }) {
  const [{ createSecretBox }, { maskIban }, { SANDBOX_RETURN_IBANS }, bulkModule] =
    await Promise.all([
      dist('lib/secret-box.js'),
      dist('lib/sepa-identifiers.js'),
      dist('adapters/direct-debit-sandbox/bank.js'),
      dist('data/bulk-enrolments-repo.js'),
    ]);
  const box = createSecretBox(deps.derivedKey('mandate-ibans/v1'));
  const returning = Object.values(SANDBOX_RETURN_IBANS);
  const activities = [];
  for (let a = 0; a < ACTIVITIES; a++) {
    const row = await db
      .q()
      .insertInto('activities')
      .values({
        name: `Actividade ${a}`,
        price_cents: 2000 + (a % 13) * 500,
        start_date: '2026-10-01',
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    activities.push(row.id);
  }
  const hash =
    '$argon2id$v=19$m=19456,t=2,p=1$YmVuY2hzYWx0YmVuY2g$AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA';
  const accounts = Array.from({ length: ITEMS }, (_, i) => ({
    dni: dniFor(81_000_000 + i),
    phone: String(700_000_000 + i),
    person: dniFor(71_000_000 + i),
  }));
  await insertRows(
    db,
    'users',
    accounts.map((a) => ({
      dni: a.dni,
      phone: a.phone,
      email: null,
      password_hash: hash,
      role: 'user',
      verified: 1,
      search_key: `${a.dni.toLowerCase()}\u0001${a.phone}`,
    })),
  );
  const userIds = await idsOf(
    db,
    'users',
    'dni',
    accounts.map((a) => a.dni),
  );
  const bulk = bulkModule.createBulkEnrolmentsRepo(db);
  const personIds = await db.transaction(() =>
    bulk.insertMany(
      accounts.map((a, i) => ({
        first_name: ['Lucía', 'Martín', 'Uxía', 'Brais', 'Antía', 'Xoán'][i % 6],
        last_name: `Familia ${i}`,
        dni: a.person,
        email: null,
        phone: a.phone,
        birth_date: '2015-06-01',
      })),
    ),
  );
  await insertRows(
    db,
    'user_persons',
    accounts.map((a) => ({ user_id: userIds.get(a.dni), enrolment_id: personIds.get(a.person) })),
  );
  await insertRows(
    db,
    'enrolment_activities',
    accounts.map((a, i) => ({
      enrolment_id: personIds.get(a.person),
      activity_id: activities[i % ACTIVITIES],
      is_paid: 0,
    })),
  );
  // one in ten on a test IBAN the sandbox bank returns, the eight reason codes in turn
  const ibanOf = (i) => (i % 10 === 5 ? returning[((i - 5) / 10) % returning.length] : GOOD_IBAN);
  const signedAt = new Date(NOW.getTime() - 60 * DAY_MS).toISOString();
  await insertRows(
    db,
    'mandates',
    accounts.map((a, i) => ({
      reference: `MDT-${String(i + 1).padStart(6, '0')}-BENCH`,
      user_id: userIds.get(a.dni),
      holder_name: `Titular ${i}`,
      holder_dni: a.dni,
      iban_sealed: box.seal(ibanOf(i)),
      iban_masked: maskIban(ibanOf(i)),
      creditor_id: deps.config.council.sepa.creditorId,
      creditor_name: deps.config.council.sepa.creditorName,
      signed_at: signedAt,
      signed_ip: null,
      locale: 'gl',
    })),
  );
  const mandateIds = await idsOf(
    db,
    'mandates',
    'reference',
    accounts.map((_, i) => `MDT-${String(i + 1).padStart(6, '0')}-BENCH`),
  );
  const notifiedAt = new Date(NOW.getTime() - 30 * DAY_MS).toISOString();
  await insertRows(
    db,
    'direct_debits',
    accounts.map((a, i) => ({
      mandate_id: mandateIds.get(`MDT-${String(i + 1).padStart(6, '0')}-BENCH`),
      user_id: userIds.get(a.dni),
      enrolment_id: personIds.get(a.person),
      activity_id: activities[i % ACTIVITIES],
      created_at: notifiedAt,
      notified_at: notifiedAt,
    })),
  );
  await db
    .q()
    .updateTable('config')
    .set({ payments_enabled: 1, direct_debit_enabled: 1 })
    .where('id', '=', 1)
    .execute();
  if (RULES) {
    await db.q().updateTable('activities').set({ fee_group: 'Escolas' }).execute();
    await db
      .q()
      .insertInto('family_discounts')
      .values({ fee_group: null, from_member: 2, percent_bp: 1000 })
      .execute();
  }
  if (db.engine === 'postgres') await db.transaction(() => db.execScript('ANALYZE'));
}

/** The plain read: the remittance's items with their mandates, one SELECT; ms. */
async function plainRead(db, remittanceId) {
  const started = performance.now();
  const rows = await db
    .q()
    .selectFrom('remittance_items as i')
    .innerJoin('mandates as m', 'm.id', 'i.mandate_id')
    .selectAll('i')
    .select(['m.reference', 'm.holder_name', 'm.iban_sealed', 'm.signed_at'])
    .where('i.remittance_id', '=', remittanceId)
    .orderBy('i.id')
    .execute();
  const ms = performance.now() - started;
  if (rows.length !== ITEMS) throw new Error(`plain read: ${rows.length} rows, not ${ITEMS}`);
  return ms;
}

const median = (values) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)];

/** Times one call; throws unless it answers `expected`. */
async function timed(label, expected, call) {
  const started = performance.now();
  const res = await call();
  const ms = performance.now() - started;
  if (res.status !== expected)
    throw new Error(`${label}: ${res.status} ${String(res.text).slice(0, 300)}`);
  return { ms, res };
}

async function runEngine(engine) {
  // BENCH_DD_CPU_PROF=dir: the server's CPU profile, when looking for a cause
  const profile = process.env.BENCH_DD_CPU_PROF;
  const deployment = await startDeployment({
    engine,
    nodeArgs: profile ? ['--cpu-prof', `--cpu-prof-dir=${profile}`] : [],
  });
  const parts = await serverParts(deployment);
  try {
    const seedStarted = performance.now();
    await seed(parts);
    const seededMs = performance.now() - seedStarted;
    const [{ validateXML, memoryPages }, { sandboxBankAnswer }] = await Promise.all([
      importFrom('bff', 'xmllint-wasm'),
      dist('adapters/direct-debit-sandbox/bank.js'),
    ]);
    const base = deployment.baseUrl;
    const auth = { Authorization: `Bearer ${await login(base, ADMIN.dni, ADMIN.password)}` };
    const json = { ...auth, 'Content-Type': 'application/json' };
    // a collection date the bank takes: ten days on, moved to a weekday
    let day = new Date(NOW.getTime() + 10 * DAY_MS);
    while ([0, 6].includes(day.getUTCDay())) day = new Date(day.getTime() + DAY_MS);
    const collectionDate = day.toISOString().slice(0, 10);

    const built = await timed('POST /api/admin/remittances', 201, () =>
      send(`${base}/api/admin/remittances`, {
        method: 'POST',
        headers: json,
        body: JSON.stringify({ collection_date: collectionDate }),
      }),
    );
    const remittance = JSON.parse(built.res.text);
    if (remittance.count !== ITEMS)
      throw new Error(`the remittance took ${remittance.count} items, not ${ITEMS}`);
    const reads = [];
    for (let k = 0; k < 3; k++) reads.push(await plainRead(parts.db, remittance.id));
    const baseline = median(reads);

    const written = await timed('GET …/file', 200, () =>
      send(`${base}/api/admin/remittances/${remittance.id}/file`, { headers: auth }),
    );
    const xml = written.res.text;
    const validateStarted = performance.now();
    const validation = await validateXML({
      xml: { fileName: 'remittance.xml', contents: xml },
      // a 10 MB file needs more than xmllint-wasm's default memory
      maxMemoryPages: memoryPages.GiB,
      schema: [
        {
          fileName: 'pain.008.001.08.xsd',
          contents: readFileSync(
            join(repoRoot, 'bff/test/fixtures/sepa/pain.008.001.08.xsd'),
            'utf8',
          ),
        },
      ],
    });
    const validatedMs = performance.now() - validateStarted;
    if (!validation.valid)
      throw new Error(`the file is not valid: ${JSON.stringify(validation.errors.slice(0, 3))}`);
    const transactions = xml.match(/<DrctDbtTxInf>/g)?.length ?? 0;
    if (transactions !== ITEMS) throw new Error(`the file has ${transactions} debits`);

    // collected on its date: the date moved to today, then the remittance opened
    await parts.db
      .q()
      .updateTable('remittances')
      .set({ collection_date: NOW.toISOString().slice(0, 10) })
      .where('id', '=', remittance.id)
      .execute();
    const collected = await timed('GET /api/admin/remittances/{id}', 200, () =>
      send(`${base}/api/admin/remittances/${remittance.id}`, { headers: auth }),
    );
    const detail = JSON.parse(collected.res.text);
    if (detail.status !== 'collected' || detail.items.length !== ITEMS)
      throw new Error(`not collected: ${detail.status}, ${detail.items.length} items`);
    const reopened = await timed('GET /api/admin/remittances/{id} again', 200, () =>
      send(`${base}/api/admin/remittances/${remittance.id}`, { headers: auth }),
    );

    const answer = sandboxBankAnswer(xml, { format: 'camt.054' });
    const form = new FormData();
    form.append('file', new Blob([answer], { type: 'text/xml' }), 'camt054.xml');
    const returnsStarted = performance.now();
    const applied = await fetch(`${base}/api/admin/remittances/${remittance.id}/returns`, {
      method: 'POST',
      headers: auth,
      body: form,
    });
    const returnsMs = performance.now() - returnsStarted;
    const outcome = await applied.json();
    if (applied.status !== 200 || outcome.applied !== RETURNS)
      throw new Error(`returns: ${applied.status} ${JSON.stringify(outcome).slice(0, 300)}`);
    return {
      engine,
      seededMs,
      baseline,
      reads,
      steps: [
        ['remittance built (POST /api/admin/remittances)', built.ms],
        ['pain.008 written (GET …/file)', written.ms],
        ['pain.008 validated against the XSD (in the bench)', validatedMs],
        [`collected, ${fmt.int(ITEMS)} payments (first GET …/{id})`, collected.ms],
        ['the staff view of its items (GET …/{id} again)', reopened.ms],
        [`returns applied, ${RETURNS} in a camt.054 (POST …/returns)`, returnsMs],
      ],
      fileBytes: Buffer.byteLength(xml),
    };
  } finally {
    await parts.db.close();
    await deployment.close();
  }
}

export async function runDirectDebit({ build = true, engines } = {}) {
  heading(
    `Direct debit: a remittance of ${fmt.int(ITEMS)} debits, ${fmt.int(RETURNS)} returns applied${RULES ? ', under fee rules' : ''}`,
  );
  if (build) console.log(`built bff in ${fmt.int((await buildBff()) / 1000)} s`);
  const chosen = engines ?? (process.env.BENCH_ENGINES ?? 'sqlite,postgres').split(',');
  const results = [];
  try {
    for (const engine of chosen) {
      const r = await runEngine(engine);
      console.log(
        table([
          ['direct debit', engine],
          ['seeded in', fmt.ms(r.seededMs)],
          [
            `baseline: a plain SELECT of the ${fmt.int(ITEMS)} items with their mandates`,
            `${fmt.ms(r.baseline)} (median of ${r.reads.map((ms) => fmt.ms(ms)).join(', ')})`,
          ],
          ...r.steps.map(([label, ms]) => [label, `${fmt.ms(ms)} = ${fmt.ratio(ms / r.baseline)}`]),
          ['file size', `${fmt.int(r.fileBytes / 1024)} KiB`],
        ]),
      );
      results.push(
        ...r.steps.map(([label, ms]) =>
          result(
            `direct debit ${engine}${RULES ? ' (fee rules)' : ''}`,
            `${label} / plain read`,
            fmt.ratio(ms / r.baseline),
            '',
            null,
          ),
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
  try {
    const { results } = await runDirectDebit({ build: !process.argv.includes('--no-build') });
    for (const r of results) console.log(`${r.part}: ${r.metric} ${r.value} ${status(r.ok)}`);
  } catch (err) {
    console.error(`\ndirect debit: ${err instanceof Error ? err.stack : err}`);
    process.exitCode = 1;
  }
}
