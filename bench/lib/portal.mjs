// Starts the real server (node bff/dist/src/server.js) on a temp SQLite and seeds it through the
// admin and residents APIs, the way staff and a resident would.
import { existsSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import {
  HOST,
  benchDir,
  freePort,
  importFrom,
  makeTempDir,
  removeTempDir,
  repoRoot,
  send,
  sleep,
  startProcess,
} from './common.mjs';

export const ADMIN = { dni: '12345678Z', password: 'Bench-admin-pass-2026' };
export const RESIDENT_PASSWORD = 'Residente-bench-2026';
/** The portal's token key in every benchmark (a reference server checks its tokens too). */
export const PORTAL_JWT_SECRET = 'bench-secret-long-enough-for-hs256-0123456789abcdef';
const DNI_LETTERS = 'TRWAGMYFPDXBNJZSQVHLCKE';
export const dniFor = (n) => `${String(n).padStart(8, '0')}${DNI_LETTERS[n % 23]}`;

/** The built server; BENCH_SERVER_JS points at another build to compare (e.g. a candidate fix). */
const defaultServerJs = process.env.BENCH_SERVER_JS || join(repoRoot, 'bff/dist/src/server.js');
const probeJs = join(benchDir, 'lib/loop-probe.mjs');

/**
 * The real server as a separate process. `probe` preloads bench/lib/loop-probe.mjs (observes the
 * event loop; changes no behaviour). `webDist` points WEB_DIST at a web build; `env` adds to the
 * server's environment; `nodeArgs` go to node (e.g. --cpu-prof when looking for a cause).
 */
export async function startPortal({
  webDist,
  probe = false,
  env: extraEnv = {},
  nodeArgs = [],
  serverJs = defaultServerJs,
  dataDir: sharedDataDir,
} = {}) {
  if (!existsSync(serverJs)) throw new Error(`${serverJs} missing: run npm run build -w bff`);
  // a second process of the same portal shares the first one's DATA_DIR (and its database)
  const dataDir = sharedDataDir ?? makeTempDir('portal-bench-');
  const port = await freePort();
  const baseUrl = `http://${HOST}:${port}`;
  const probeFile = join(dataDir, 'loop-probe.json');
  const env = {
    NODE_ENV: 'development',
    PORT: String(port),
    HOST,
    DATA_DIR: dataDir,
    PUBLIC_URL: baseUrl,
    SEED_DEMO: '0',
    LOG_LEVEL: 'warn',
    // off as in production: development's default ('log') checks every answer against the contract
    RESPONSE_VALIDATION: 'off',
    ADMIN_DNI: ADMIN.dni,
    ADMIN_PASSWORD: ADMIN.password,
    // residents come from many addresses: the bench says which in X-Forwarded-For
    TRUST_PROXY: '1',
    // the same secret in every process, so a token issued by one is good on the other
    JWT_SECRET: PORTAL_JWT_SECRET,
    ...(webDist ? { WEB_DIST: webDist } : {}),
    ...(probe ? { BENCH_LOOP_PROBE_FILE: probeFile } : {}),
    ...extraEnv,
  };
  const args = [...nodeArgs, ...(probe ? ['--import', probeJs] : []), serverJs];
  let handle;
  try {
    handle = await startProcess('portal', process.execPath, args, {
      env,
      // the server listens only once migrated and bootstrapped (and an older build has no /ready)
      readyUrl: `${baseUrl}/api/health`,
    });
    // then until it says ready: a fresh process warms its hot paths up first (503 meanwhile;
    // a build without warm-up answers 200 at once, one without /ready 404)
    for (let i = 0; i < 100; i++) {
      const { status } = await send(`${baseUrl}/api/ready`);
      if (status !== 503) break;
      await sleep(50);
    }
  } catch (err) {
    if (!sharedDataDir) removeTempDir(dataDir);
    throw err;
  }
  return {
    baseUrl,
    pid: handle.pid,
    dataDir,
    output: handle.output,
    /** Event-loop figures since the previous call (needs `probe`). */
    async loopStats() {
      const before = existsSync(probeFile) ? statSync(probeFile).mtimeMs : 0;
      process.kill(handle.pid, 'SIGUSR2');
      for (let i = 0; i < 50; i++) {
        await sleep(40);
        if (existsSync(probeFile) && statSync(probeFile).mtimeMs !== before) {
          return JSON.parse(readFileSync(probeFile, 'utf8'));
        }
      }
      return null;
    },
    async close() {
      await handle.stop();
      if (!sharedDataDir) removeTempDir(dataDir);
    },
  };
}

/** JSON call; throws with the status and body unless the status is the expected one. */
export async function call(baseUrl, method, path, { token, body, expect = [200], ip } = {}) {
  const { status, text } = await send(`${baseUrl}${path}`, {
    method,
    headers: {
      ...(ip ? { 'X-Forwarded-For': ip } : {}),
      ...(body === undefined ? {} : { 'Content-Type': 'application/json' }),
      ...(token ? { Authorization: `Bearer ${token}` } : {}),
    },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  if (!expect.includes(status)) {
    throw new Error(`${method} ${path} answered ${status}: ${text.slice(0, 500)}`);
  }
  return text ? JSON.parse(text) : null;
}

/**
 * An .xlsx file of enrolment rows as staff upload it: the Spanish headers, then each row's name,
 * surnames, DNI, phone, e-mail ('' for none), activity and price in euros.
 */
export async function enrolmentWorkbook(rows) {
  const { default: ExcelJS } = await importFrom('bff', 'exceljs');
  const book = new ExcelJS.Workbook();
  const sheet = book.addWorksheet('Inscripciones');
  sheet.addRow(['Nombre', 'Apellidos', 'DNI', 'Teléfono', 'Correo', 'Actividad', 'Precio']);
  for (const row of rows) sheet.addRow(row);
  return Buffer.from(await book.xlsx.writeBuffer());
}

/** Staff's Excel upload of an .xlsx buffer; throws unless it is accepted. */
export async function upload(baseUrl, token, file) {
  const form = new FormData();
  form.append(
    'file',
    new Blob([file], {
      type: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
    }),
    'inscripciones.xlsx',
  );
  const res = await fetch(`${baseUrl}/api/admin/upload-table/`, {
    method: 'POST',
    headers: { Authorization: `Bearer ${token}` },
    body: form,
  });
  if (res.status !== 200) throw new Error(`upload answered ${res.status}: ${await res.text()}`);
}

export async function login(baseUrl, dni, password) {
  const { access_token } = await call(baseUrl, 'POST', '/api/user/login', {
    body: { username: dni, password },
  });
  return access_token;
}

/** Runs `fn` over `items` with at most `limit` at a time. */
export async function eachLimited(items, limit, fn) {
  let next = 0;
  const worker = async () => {
    while (next < items.length) {
      const i = next++;
      await fn(items[i], i);
    }
  };
  await Promise.all(Array.from({ length: Math.min(limit, items.length) }, worker));
}

const SPORTS = [
  'Natación infantil',
  'Natación adultos',
  'Pádel iniciación',
  'Pádel avanzado',
  'Yoga',
  'Pilates',
  'Fútbol sala',
  'Baloncesto',
  'Atletismo',
  'Tenis',
  'Gimnasia de mantenimiento',
  'Aquagym',
  'Judo',
  'Ciclo indoor',
];
const FIRST = ['Lucía', 'Martín', 'Sofía', 'Hugo', 'Carmen', 'Xoán', 'Uxía', 'Brais', 'Antía'];
const LAST = ['García Pérez', 'Fernández Souto', 'Rodríguez Lago', 'Otero Vázquez', 'Iglesias Rey'];

/**
 * Staff create the catalogue, the family's enrolments (plus `others` enrolments of other
 * families) and the resident's account through the admin API; the resident logs in and links each
 * family member with the SMS code (read from the development outbox). Returns the resident's
 * token and the linked people's ids.
 */
export async function seedFamily(
  baseUrl,
  { people = 3, activitiesEach = 5, others = 150, extraResidents = 0 } = {},
) {
  const adminToken = await login(baseUrl, ADMIN.dni, ADMIN.password);
  const admin = (method, path, body) =>
    call(baseUrl, method, path, { token: adminToken, body, expect: [200, 201] });

  const activityIds = [];
  for (const [i, name] of SPORTS.entries()) {
    const month = String((i % 9) + 1).padStart(2, '0');
    const created = await admin('POST', '/api/admin/activities-crud/', {
      name,
      price: 25 + i * 7.5,
      start_date: i % 4 === 3 ? null : `2027-${month}-0${(i % 7) + 1}`,
    });
    activityIds.push(created.id);
  }

  const resident = { dni: dniFor(30_000_001), phone: '611000001', password: RESIDENT_PASSWORD };
  await admin('POST', '/api/admin/users/', {
    dni: resident.dni,
    phone: resident.phone,
    email: 'familia@example.org',
    password: resident.password,
    repeat_password: resident.password,
  });

  const family = Array.from({ length: people }, (_, i) => ({
    first_name: FIRST[i % FIRST.length],
    last_name: LAST[0],
    dni: dniFor(40_000_001 + i),
    email: i === 0 ? 'familia@example.org' : '',
    phone: `62200000${i + 1}`,
    activity_ids: activityIds.slice(i * 2, i * 2 + activitiesEach),
  }));
  const strangers = Array.from({ length: others }, (_, i) => ({
    first_name: FIRST[(i + 3) % FIRST.length],
    last_name: LAST[(i + 1) % LAST.length],
    dni: dniFor(50_000_001 + i),
    email: '',
    phone: String(633_000_000 + i),
    activity_ids: [0, 1, 2]
      .slice(0, (i % 3) + 1)
      .map((k) => activityIds[(i + k * 5) % activityIds.length]),
  }));
  for (const person of family) await admin('POST', '/api/admin/person-activities/', person);
  await eachLimited(strangers, 4, (p) => admin('POST', '/api/admin/person-activities/', p));

  const extra = Array.from({ length: extraResidents }, (_, i) => ({
    dni: dniFor(60_000_001 + i),
    phone: String(644_000_000 + i),
    password: RESIDENT_PASSWORD,
  }));
  await eachLimited(extra, 2, (u) =>
    admin('POST', '/api/admin/users/', { ...u, repeat_password: u.password }),
  );

  const token = await login(baseUrl, resident.dni, resident.password);
  const personIds = [];
  for (const person of family) {
    await call(baseUrl, 'POST', '/api/user/persons/request-association', {
      token,
      body: { dni: person.dni, phone: person.phone },
    });
    const outbox = await call(
      baseUrl,
      'GET',
      `/api/dev/outbox?to=${encodeURIComponent(person.phone)}`,
    );
    const latest = [...outbox].sort((a, b) => b.id - a.id)[0];
    const code = /\b(\d{6})\b/.exec(latest?.body ?? '')?.[1];
    if (!code) throw new Error(`no association code in the outbox for ${person.phone}`);
    const linked = await call(baseUrl, 'POST', '/api/user/persons/verify-association', {
      token,
      body: { dni: person.dni, otp_code: code },
    });
    personIds.push(linked.person.person_activity_id);
  }

  // the family as the resident sees it
  const persons = await call(baseUrl, 'GET', '/api/user/persons/', { token });
  if (persons.length !== people)
    throw new Error(`expected ${people} people, got ${persons.length}`);
  for (const id of personIds) {
    const list = await call(baseUrl, 'GET', `/api/user/activities/${id}`, { token });
    if (list.length !== activitiesEach) {
      throw new Error(`person ${id}: expected ${activitiesEach} activities, got ${list.length}`);
    }
  }
  return {
    token,
    resident,
    personIds,
    extraResidents: extra,
    counts: { activities: activityIds.length, enrolments: people + others, people, activitiesEach },
  };
}

/**
 * Residents who each manage one person enrolled in every activity, for payment round trips: staff
 * create the account and the enrolment; the resident links the person with the SMS code. Returns
 * one entry per payable (token, person, activity).
 */
export async function seedPayers(baseUrl, { residents = 40, base = 70_000_001 } = {}) {
  const adminToken = await login(baseUrl, ADMIN.dni, ADMIN.password);
  const admin = (method, path, body) =>
    call(baseUrl, method, path, { token: adminToken, body, expect: [200, 201] });
  let activityIds = (await admin('GET', '/api/admin/activities-crud/')).map((a) => a.id);
  if (activityIds.length === 0) {
    for (const [i, name] of SPORTS.entries()) {
      const created = await admin('POST', '/api/admin/activities-crud/', {
        name,
        price: 25 + i * 7.5,
        start_date: null,
      });
      activityIds.push(created.id);
    }
  }
  const units = [];
  await eachLimited(
    Array.from({ length: residents }, (_, i) => i),
    4,
    async (i) => {
      const account = { dni: dniFor(base + i), phone: String(655_000_000 + i) };
      // each household on its own connection, as residents at home are
      const ip = `10.${(base >> 16) & 255}.${(i >> 8) & 255}.${i & 255}`;
      const person = { dni: dniFor(base + 500_000 + i), phone: String(666_000_000 + i) };
      await admin('POST', '/api/admin/users/', {
        ...account,
        password: RESIDENT_PASSWORD,
        repeat_password: RESIDENT_PASSWORD,
      });
      await admin('POST', '/api/admin/person-activities/', {
        first_name: FIRST[i % FIRST.length],
        last_name: LAST[i % LAST.length],
        dni: person.dni,
        email: '',
        phone: person.phone,
        activity_ids: activityIds,
      });
      const token = await login(baseUrl, account.dni, RESIDENT_PASSWORD);
      await call(baseUrl, 'POST', '/api/user/persons/request-association', {
        token,
        body: { dni: person.dni, phone: person.phone },
        ip,
      });
      const outbox = await call(baseUrl, 'GET', `/api/dev/outbox?to=${person.phone}`);
      const code = /\b(\d{6})\b/.exec(outbox[0]?.body ?? '')?.[1];
      const linked = await call(baseUrl, 'POST', '/api/user/persons/verify-association', {
        token,
        body: { dni: person.dni, otp_code: code },
        ip,
      });
      for (const activityId of activityIds) {
        units.push({ token, personId: linked.person.person_activity_id, activityId });
      }
    },
  );
  return units;
}
