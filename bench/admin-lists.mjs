// Staff tools at scale: with 100,000 enrolments, 5,000 accounts, 20,000 payments and 50,000 audit
// entries, one page of every admin list (first page, a deep page, searches, sorts) under load,
// the whole-list call the panel used to make measured in the same run for comparison, and how
// long the admin panel takes until the first page of every section shows (Chromium). Beside the
// searches, their count run straight on the database: the part of their page no index removes
// (an exact X-Total-Count of a text in most of the 100,000 rows looks at most of them).
//
// Seeding: the enrolments through the real Excel import (one upload); accounts, payments and
// audit entries written straight into the database (hashing 5,000 passwords would only time
// argon2), on SQLite and on PostgreSQL (BENCH_ENGINES=sqlite for one).
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import {
  HOST,
  buildBff,
  buildWeb,
  fmt,
  heading,
  importFrom,
  installExitHooks,
  isMain,
  makeTempDir,
  removeTempDir,
  requireFrom,
  result,
  table,
} from './lib/common.mjs';
import { countFloor } from './lib/count-floor.mjs';
import { startDeployment, stopPostgres } from './lib/deployments.mjs';
import { measure } from './lib/load.mjs';
import { ADMIN, dniFor, enrolmentWorkbook, login, upload } from './lib/portal.mjs';

const ENROLMENTS = Number(process.env.BENCH_ENROLMENTS ?? 100_000);
const ACCOUNTS = 5_000;
const PAYMENTS = 20_000;
const AUDIT = 50_000;
const PAGE_P99_TARGET_MS = 30;
const PANEL_TARGET_MS = 1_500;
const CHROME_PATH = process.env.CHROME_PATH ?? '/usr/bin/chromium';

const FIRST = ['Lucía', 'Martín', 'Sofía', 'Hugo', 'Carmen', 'Xoán', 'Uxía', 'Brais', 'Antía'];
const LAST = ['García Pérez', 'Fernández Souto', 'Rodríguez Lago', 'Núñez Vázquez', 'Iglesias Rey'];
const SPORTS = ['Natación infantil', 'Pádel adultos', 'Yoga', 'Fútbol sala', 'Baloncesto', 'Judo'];

/** `count` enrolment rows (one activity each), for the file staff would upload. */
function enrolmentRows(count) {
  return Array.from({ length: count }, (_, i) => [
    `${FIRST[i % FIRST.length]} ${i}`,
    LAST[(i * 7) % LAST.length],
    dniFor(30_000_000 + i),
    `6${String(10_000_000 + i).padStart(8, '0')}`,
    i % 3 === 0 ? `persoa${i}@example.gal` : '',
    SPORTS[i % SPORTS.length],
    20 + (i % SPORTS.length) * 5,
  ]);
}

/** Accounts, payments and audit entries straight into the database (either engine). */
async function seedRows(deployment) {
  const hash =
    '$argon2id$v=19$m=19456,t=2,p=1$YmVuY2hzYWx0YmVuY2g$0000000000000000000000000000000000000000000';
  const now = new Date('2026-11-20T10:00:00Z').getTime();
  const users = [];
  for (let i = 0; i < ACCOUNTS; i++) {
    const dni = dniFor(40_000_000 + i);
    const phone = `7${String(20_000_000 + i).padStart(8, '0')}`;
    const email = i % 2 ? `vecina${i}@example.es` : null;
    users.push([
      dni,
      phone,
      email,
      hash,
      'user',
      1,
      new Date(now - i * 60_000).toISOString(),
      `${dni.toLowerCase()}\u0001${phone}${email ? `\u0001${email}` : ''}`,
    ]);
  }
  const payments = [];
  for (let i = 0; i < PAYMENTS; i++) {
    const name = `${FIRST[i % FIRST.length]} ${i} ${LAST[(i * 7) % LAST.length]}`;
    const at = new Date(now - i * 90_000).toISOString();
    payments.push([
      `26${String(i).padStart(10, '0')}`,
      `${name}`,
      dniFor(30_000_000 + i),
      name.normalize('NFD').replace(/\p{M}/gu, '').toLowerCase(),
      1500 + (i % 40) * 100,
      i % 10 ? 'paid' : 'failed',
      'sandbox',
      '999008881',
      '1',
      at,
      at,
      i % 10 ? at : null,
    ]);
  }
  const audits = [];
  for (let i = 0; i < AUDIT; i++) {
    audits.push([
      new Date(now - i * 30_000).toISOString(),
      null,
      '****5678Z',
      ['login_success', 'payment.create', 'user.update', 'config.update'][i % 4],
      'user',
      String(i),
      null,
      '203.0.113.7',
    ]);
  }
  const userCols = 'dni, phone, email, password_hash, role, verified, created_at, search_key';
  const paymentCols =
    'order_code, person_name, person_dni, person_key, amount_cents, status, gateway, merchant_code, terminal, created_at, updated_at, paid_at';
  const auditCols = 'at, actor_user_id, actor_dni, action, entity, entity_id, details, ip';
  if (deployment.engine === 'postgres') {
    const { default: pg } = await importFrom('bff', 'pg');
    const client = new pg.Client({ connectionString: deployment.databaseUrl });
    await client.connect();
    try {
      const insert = async (tableName, cols, rows) => {
        const width = rows[0].length;
        for (let start = 0; start < rows.length; start += 1000) {
          const part = rows.slice(start, start + 1000);
          const values = part
            .map(
              (_, r) =>
                `(${Array.from({ length: width }, (_, c) => `$${r * width + c + 1}`).join(', ')})`,
            )
            .join(', ');
          await client.query(`INSERT INTO ${tableName} (${cols}) VALUES ${values}`, part.flat());
        }
      };
      await insert('users', userCols, users);
      await insert('payments', paymentCols, payments);
      await insert('audit_log', auditCols, audits);
      // as autovacuum leaves a table that has been written to: statistics and visibility map
      await client.query('VACUUM ANALYZE');
    } finally {
      await client.end();
    }
  } else {
    const Database = requireFrom('bff')('better-sqlite3');
    const db = new Database(join(deployment.dataDir, 'portal.sqlite'));
    db.pragma('busy_timeout = 10000');
    try {
      const insert = (tableName, cols, rows) => {
        const marks = rows[0].map(() => '?').join(', ');
        const statement = db.prepare(`INSERT INTO ${tableName} (${cols}) VALUES (${marks})`);
        db.transaction(() => rows.forEach((row) => statement.run(row)))();
      };
      insert('users', userCols, users);
      insert('payments', paymentCols, payments);
      insert('audit_log', auditCols, audits);
      db.exec('ANALYZE');
    } finally {
      db.close();
    }
  }
}

/** How long the panel takes until every section shows its first page, median of 3 visits. */
async function panelReady(baseUrl, token) {
  if (!existsSync(CHROME_PATH)) return NaN;
  const { chromium } = requireFrom('e2e')('@playwright/test');
  const browser = await chromium.launch({ executablePath: CHROME_PATH, args: ['--no-sandbox'] });
  try {
    const context = await browser.newContext({ locale: 'es-ES' });
    const page = await context.newPage();
    await page.goto(`${baseUrl}/api/health`);
    await page.evaluate((value) => {
      localStorage.setItem('token', value);
      localStorage.setItem('cookie-consent-accepted', 'true');
    }, token);
    const times = [];
    for (let i = 0; i < 4; i++) {
      const started = performance.now();
      await page.goto(`${baseUrl}/admin`);
      for (const [section, rows] of [
        ['#admin-users', 11],
        ['#admin-activities', 7],
        ['#admin-enrolments', 11],
        ['#admin-payments', 21],
      ]) {
        await page
          .locator(`${section} table tr`)
          .nth(rows - 1)
          .waitFor({ timeout: 30_000 });
      }
      await page.locator('#config-discount').waitFor();
      await page.locator('#admin-reminders dl').waitFor();
      // the first visit also pays for Chromium's own warm-up
      if (i > 0) times.push(performance.now() - started);
    }
    return times.sort((a, b) => a - b)[1];
  } finally {
    await browser.close();
  }
}

/** The whole-list call, as the panel made it before: time (median of 3) and size. */
async function fullList(baseUrl, token) {
  const times = [];
  let bytes = 0;
  for (let i = 0; i < 3; i++) {
    const started = performance.now();
    const res = await fetch(`${baseUrl}/api/admin/person-activities/`, {
      headers: { Authorization: `Bearer ${token}`, 'Accept-Encoding': 'identity' },
    });
    bytes = (await res.arrayBuffer()).byteLength;
    times.push(performance.now() - started);
  }
  return { ms: times.sort((a, b) => a - b)[1], bytes };
}

const PAGES = [
  ['enrolments, page 1', '/api/admin/person-activities/?page=1&page_size=10'],
  [
    'enrolments, page 5,000',
    `/api/admin/person-activities/?page=${Math.floor(ENROLMENTS / 20)}&page_size=10`,
  ],
  ['enrolments, search "nunez"', '/api/admin/person-activities/?page=1&page_size=10&q=nunez'],
  [
    'enrolments, search a DNI',
    `/api/admin/person-activities/?page=1&page_size=10&q=${dniFor(30_012_345)}`,
  ],
  ['enrolments, search an activity', '/api/admin/person-activities/?page=1&page_size=10&q=judo'],
  // the start of a phone number, in every row here (all the phones begin 6100)
  ['enrolments, search "6100"', '/api/admin/person-activities/?page=1&page_size=10&q=6100'],
  // what a clerk's first keystroke sends: too short for a trigram index, in every row and in
  // five of the six activities' names
  ['enrolments, search "a"', '/api/admin/person-activities/?page=1&page_size=10&q=a'],
  ['enrolments, search "ma"', '/api/admin/person-activities/?page=1&page_size=10&q=ma'],
  [
    'enrolments, by phone desc',
    '/api/admin/person-activities/?page=3&page_size=10&sort=phone&order=desc',
  ],
  ['users, page 1', '/api/admin/users/?page=1&page_size=10'],
  ['users, search an e-mail', '/api/admin/users/?page=1&page_size=10&q=vecina4321'],
  ['activities, page 1', '/api/admin/activities-crud/?page=1&page_size=10'],
  ['payments, page 1', '/api/admin/payments/?page=1&page_size=20'],
  ['payments, search a name', '/api/admin/payments/?page=1&page_size=20&q=antia%201'],
  ['audit, page 1', '/api/admin/audit/?page=1&page_size=20'],
];

/** The searched texts above whose page waits on a count of most of the 100,000 people. */
const FLOOR_TEXTS = ['a', 'ma', '6100', 'nunez'];

async function runOn(engine, webDist) {
  const deployment = await startDeployment({ engine, env: { WEB_DIST: webDist } });
  try {
    const baseUrl = deployment.baseUrl;
    const token = await login(baseUrl, ADMIN.dni, ADMIN.password);
    let started = performance.now();
    await upload(baseUrl, token, await enrolmentWorkbook(enrolmentRows(ENROLMENTS)));
    const importMs = performance.now() - started;
    started = performance.now();
    await seedRows(deployment);
    console.log(
      `${engine}: imported ${fmt.int(ENROLMENTS)} enrolments in ${fmt.int(importMs)} ms, seeded the rest in ${fmt.int(performance.now() - started)} ms`,
    );
    const rows = [];
    for (const [name, path] of PAGES) {
      const load = async (options) => {
        const run = await measure({
          url: `${baseUrl}${path}`,
          headers: { Authorization: `Bearer ${token}` },
          ...options,
        });
        if (!run.valid)
          throw new Error(`${name}: ${run.non2xx} non-2xx answers, ${run.errors} errors`);
        return run;
      };
      const m = await load({
        connections: 4,
        seconds: 3,
        warmupSeconds: 1,
        pid: deployment.pids[0],
      });
      // the same call from one clerk alone: the time a call takes when it does not queue
      // behind three others on the two cores
      const alone = await load({ connections: 1, seconds: 2, warmupSeconds: 0 });
      rows.push({ name, ...m, alone });
    }
    // what the searches' pages cannot go below: their count, straight on the database
    const floor = await countFloor(deployment, FLOOR_TEXTS);
    const full = await fullList(baseUrl, token);
    const panelMs = await panelReady(baseUrl, token);
    return { engine, rows, floor, full, panelMs };
  } finally {
    await deployment.close();
  }
}

export async function runAdminLists({ build = true, webBuild } = {}) {
  heading(`Admin lists at ${fmt.int(ENROLMENTS)} enrolments`);
  let ownWeb;
  const results = [];
  try {
    if (build) console.log(`built bff in ${fmt.int((await buildBff()) / 1000)} s`);
    if (!webBuild) {
      ownWeb = makeTempDir('portal-bench-web-');
      webBuild = await buildWeb(ownWeb);
    }
    const engines = (process.env.BENCH_ENGINES ?? 'sqlite,postgres').split(',');
    for (const engine of engines) {
      const run = await runOn(engine, webBuild.outDir);
      console.log(`\n${engine} (${HOST}, 4 connections, 3 s a list; alone: 1 connection, 2 s)`);
      console.log(
        table([
          ['list call', 'req/s', 'p50', 'p99', 'CPU/request', 'alone p50', 'alone p99'],
          ...run.rows.map((r) => [
            r.name,
            fmt.int(r.rps),
            fmt.ms(r.p50),
            fmt.ms(r.p99),
            `${fmt.int(r.cpuUsPerRequest)} µs`,
            fmt.ms(r.alone.p50),
            fmt.ms(r.alone.p99),
          ]),
        ]),
      );
      console.log(
        `\nthe count alone, straight on the database (no HTTP): p50 / p99, one at a time (2 s) and four in flight (3 s)`,
      );
      console.log(
        table([
          ['text', 'alone', 'four in flight'],
          ...run.floor.map((f) => [
            `"${f.text}"`,
            `${fmt.ms(f.alone.p50)} / ${fmt.ms(f.alone.p99)}`,
            `${fmt.ms(f.four.p50)} / ${fmt.ms(f.four.p99)}`,
          ]),
        ]),
      );
      const worst = run.rows.reduce((a, b) => (b.p99 > a.p99 ? b : a));
      const worstAlone = run.rows.reduce((a, b) => (b.alone.p99 > a.alone.p99 ? b : a));
      const worstFloor = run.floor.reduce((a, b) => (b.four.p99 > a.four.p99 ? b : a));
      console.log(
        `whole list (GET /api/admin/person-activities/ without paging): ${fmt.ms(run.full.ms)}, ${fmt.int(run.full.bytes / 1024)} KB; ` +
          `slowest page p99 ${fmt.ms(worst.p99)} (${worst.name}), ${fmt.ratio(run.full.ms / worst.p99)}× faster`,
      );
      console.log(`admin panel, first page of every section shown: ${fmt.ms(run.panelMs)}`);
      results.push(
        result(
          'admin lists',
          `${engine}: slowest page p99, four connections`,
          `${fmt.ms(worst.p99)} (${worst.name})`,
          `< ${PAGE_P99_TARGET_MS} ms`,
          worst.p99 < PAGE_P99_TARGET_MS,
        ),
        result(
          'admin lists',
          `${engine}: slowest page p99, one clerk alone`,
          `${fmt.ms(worstAlone.alone.p99)} (${worstAlone.name})`,
          `< ${PAGE_P99_TARGET_MS} ms`,
          worstAlone.alone.p99 < PAGE_P99_TARGET_MS,
        ),
        result(
          'admin lists',
          `${engine}: a search's count alone, four in flight, p99`,
          `${fmt.ms(worstFloor.four.p99)} ("${worstFloor.text}")`,
          '',
          null,
        ),
        result(
          'admin lists',
          `${engine}: whole enrolment list`,
          `${fmt.ms(run.full.ms)}, ${fmt.int(run.full.bytes / 1024)} KB`,
          '',
          null,
        ),
        result(
          'admin lists',
          `${engine}: panel usable`,
          fmt.ms(run.panelMs),
          `< ${PANEL_TARGET_MS} ms`,
          Number.isFinite(run.panelMs) ? run.panelMs < PANEL_TARGET_MS : null,
        ),
      );
    }
  } finally {
    stopPostgres();
    if (ownWeb) removeTempDir(ownWeb);
  }
  return { results };
}

if (isMain(import.meta.url)) {
  installExitHooks();
  runAdminLists({ build: !process.argv.includes('--no-build') }).catch((err) => {
    console.error(err);
    process.exitCode = 1;
  });
}
