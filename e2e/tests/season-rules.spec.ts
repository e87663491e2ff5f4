import { execFileSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import { withDb } from './db';
import { expectAccessible } from './support/a11y';
import {
  ADMIN,
  AdminApi,
  identity,
  loginToken,
  OPEN_CONFIG,
  registerResident,
  seedStorage,
} from './support/api';
import { format, text } from './support/catalogs';

const sha256 = (value: string) => createHash('sha256').update(value, 'utf8').digest('hex');

/** How long the applications window stays open after the activity is created. */
const WINDOW_MS = 75_000;
const DAY_MS = 86_400_000;

/** One published row of the draw page, as a reader copies it from the table. */
interface PageRow {
  rank: number;
  code: string;
  group: number | null;
  jointCode: string | null;
  status: string;
}

/**
 * Rule 2 of docs/season.md, written again from the bases (not the portal's code): draw_seed =
 * SHA-256(seed:public value); a joint application is one ballot keyed by its joint code; ballots
 * ranked group by group (a ballot without a group after every group), each group by key.
 */
function recompute(seed: string, publicValue: string, rows: readonly PageRow[]) {
  const drawSeed = sha256(`${seed}:${publicValue}`);
  const ballots = new Map<string, { key: string; group: number; codes: string[] }>();
  for (const row of rows) {
    const code = row.jointCode ?? row.code;
    const ballot = ballots.get(code) ?? {
      key: sha256(`${drawSeed}:${code}`),
      group: Infinity,
      codes: [],
    };
    ballot.codes.push(row.code);
    if (row.group !== null) ballot.group = Math.min(ballot.group, row.group);
    ballots.set(code, ballot);
  }
  const order = [...ballots.values()].sort((a, b) =>
    a.group !== b.group ? a.group - b.group : a.key < b.key ? -1 : a.key > b.key ? 1 : 0,
  );
  const rankOf = new Map<string, number>();
  order.forEach((ballot, i) => ballot.codes.forEach((code) => rankOf.set(code, i + 1)));
  return { drawSeed, rankOf, ballots: order };
}

/**
 * Journey (issue 49): the season as a council's bases run it. A lottery of 3 places ranks its
 * priority groups at the draw (group 1 «Empadronados», holders of the Empadronado circumstance
 * recorded at the counter; group 2 everyone), names its public value (the ONCE's number) before
 * it opens and keeps a provisional list open a day for claims. A registered family applies for
 * two siblings together (one code); two other families apply for one child each; staff correct a
 * birth date from the registry, which excludes one child by age; its family claims in the
 * browser and staff admit the claim. After the claims period (the window and applications moved
 * back three days in the database: the server has no clock to move), staff type the public value
 * in *Plazas y sorteos* and run the draw. The test reads the public draw page alone (seed,
 * public value, codes, groups, the snippet), recomputes every rank in Node and runs the page's
 * own snippet; the waitlisted family reads its position on its dashboard in Galician.
 */
test.describe('the season by the bases: residents first, siblings together, a claim, a public value', () => {
  const marta = { ...identity(94), password: 'vecina-empadroada-2026' };
  const xoan = { ...identity(95), password: 'vecino-resto-sorteo-26' };
  const lucia = { ...identity(96), password: 'vecina-reclamacion-26' };
  const suffix = Date.now() % 100000;
  const activityName = `Natación prioridad E2E ${suffix}`;
  const circumstanceName = `Empadronado E2E ${suffix}`;
  const publicValueSource =
    'Número premiado del cupón diario de la ONCE del día siguiente al cierre';
  const publicValue = '48213';
  let adminToken = '';
  let circumstanceId = 0;
  let activityId = 0;
  let opensAt = 0;
  let closesAt = 0;
  const people = { uxia: 0, antia: 0, brais: 0, iago: 0 };
  /** Each family's codes, as the apply answers showed them. */
  const codes = { marta: '', xoan: '', lucia: '' };

  async function api(
    request: APIRequestContext,
    method: 'post' | 'put' | 'delete',
    path: string,
    data?: unknown,
    token = adminToken,
  ) {
    const res = await request[method](path, {
      headers: { Authorization: `Bearer ${token}` },
      ...(data === undefined ? {} : { data }),
    });
    expect(res.status(), `${method} ${path}: ${await res.text()}`).toBeLessThan(300);
    return res.status() === 204 ? null : ((await res.json()) as Record<string, unknown>);
  }

  async function addChild(
    request: APIRequestContext,
    token: string,
    first: string,
    last: string,
    born: string,
  ): Promise<number> {
    const made = await api(
      request,
      'post',
      '/api/user/persons/',
      { first_name: first, last_name: last, birth_date: born, dni: null },
      token,
    );
    return made!.person_activity_id as number;
  }

  test.beforeAll(async ({ playwright, baseURL }) => {
    const request = await playwright.request.newContext({ baseURL });
    const admin = await AdminApi.login(request);
    adminToken = await loginToken(request, ADMIN);
    await admin.setConfig({ ...OPEN_CONFIG, global_discount: 0 });
    const circumstance = await api(request, 'post', '/api/admin/circumstances', {
      name: {
        es: circumstanceName,
        en: `Registered resident E2E ${suffix}`,
        gl: `Empadroado E2E ${suffix}`,
      },
      proof: {
        es: 'Certificado de empadronamiento.',
        en: 'A certificate of registration.',
        gl: 'Certificado de empadroamento.',
      },
      validity_months: 12,
      review: 'staff',
    });
    circumstanceId = circumstance!.id as number;

    const martaToken = await registerResident(request, marta);
    people.uxia = await addChild(request, martaToken, 'Uxía', 'Prioridade Souto', '2016-05-09');
    people.antia = await addChild(request, martaToken, 'Antía', 'Prioridade Souto', '2018-02-20');
    people.brais = await addChild(
      request,
      await registerResident(request, xoan),
      'Brais',
      'Resto Lamas',
      '2015-10-02',
    );
    people.iago = await addChild(
      request,
      await registerResident(request, lucia),
      'Iago',
      'Reclamación Rial',
      '2014-03-14',
    );
    // the registry seen at the counter: both siblings are registered residents
    for (const id of [people.uxia, people.antia])
      await api(request, 'post', `/api/admin/persons/${id}/circumstances`, {
        circumstance_id: circumstanceId,
        valid_until: '2027-12-31',
      });

    // the source of the public value is named before the window opens
    opensAt = Date.now() + 3_000;
    closesAt = Date.now() + WINDOW_MS;
    const activity = await api(request, 'post', '/api/admin/activities-crud/', {
      name: activityName,
      price: 40,
      start_date: '2027-01-11',
      allocation: 'lottery',
      capacity: 3,
      applications_open_at: new Date(opensAt).toISOString(),
      applications_close_at: new Date(closesAt).toISOString(),
      offer_hours: 72,
      venue: 'Piscina municipal',
      min_birth_year: 2012,
      max_birth_year: 2020,
      claims_days: 1,
      public_value_source: 'announced',
      public_value_description: publicValueSource,
      priority_mode: 'ranked',
      priority_groups: [
        { name: 'Empadronados', circumstance_ids: [circumstanceId] },
        { name: 'Resto', circumstance_ids: [] },
      ],
    });
    activityId = activity!.id as number;
  });

  test.afterAll(async ({ playwright, baseURL }) => {
    // a circumstance puts the portal in the fee rules' mode: the journeys after this one find
    // it as it was (the approvals first, straight from the database, as fees.spec.ts does)
    const request = await playwright.request.newContext({ baseURL });
    if (activityId) await api(request, 'delete', `/api/admin/activities-crud/${activityId}`);
    if (circumstanceId) {
      withDb((db) =>
        db
          .prepare('DELETE FROM circumstance_requests WHERE circumstance_id = ?')
          .run(circumstanceId),
      );
      await api(request, 'delete', `/api/admin/circumstances/${circumstanceId}`);
    }
  });

  async function dashboardAs(
    page: Page,
    resident: { dni: string; password: string },
    lang: 'es' | 'gl' = 'es',
  ) {
    await seedStorage(page, {
      token: await loginToken(page.request, resident),
      lang,
      consent: true,
    });
    await page.goto('/dashboard');
    const section = page.getByRole('region', {
      name: text(lang, 'season.applications.heading'),
      exact: true,
    });
    await expect(section).toBeVisible();
    return section;
  }

  async function applyFor(page: Page, resident: typeof marta, person: string, together?: string) {
    const section = await dashboardAs(page, resident);
    await section.getByLabel('Actividad', { exact: true }).selectOption({ label: activityName });
    await section.getByLabel('Persona', { exact: true }).selectOption({ label: person });
    if (together) await section.getByRole('checkbox', { name: together }).check();
    await section.getByRole('button', { name: 'Solicitar plaza' }).click();
    const done = section.getByText(
      together
        ? /Solicitud conjunta registrada con el código ([A-Z2-9]{8})/
        : /Solicitud registrada con el código ([A-Z2-9]{8})/,
    );
    await expect(done).toBeVisible();
    return /código ([A-Z2-9]{8})/.exec((await done.textContent()) ?? '')![1]!;
  }

  async function seasonPanel(staff: Page) {
    await staff.goto('/admin');
    const section = staff.locator('#admin-season');
    await section.getByRole('button', { name: `Ver solicitudes de ${activityName}` }).click();
    await expect(
      section.getByRole('table', { name: /Solicitudes en orden de lista de espera/ }),
    ).toBeVisible();
    return section;
  }

  test('residents first and siblings together, a claim admitted, the draw recomputed from its page', async ({
    page,
    browser,
  }) => {
    test.setTimeout(240_000);

    await test.step('a registered family applies for two siblings together: one code', async () => {
      await page.waitForTimeout(Math.max(0, opensAt - Date.now() + 500));
      codes.marta = await applyFor(page, marta, 'Uxía Prioridade Souto', 'Antía Prioridade Souto');
      const mine = page.getByRole('table', { name: 'Mis solicitudes' });
      await expect(mine.getByText('Solicitud conjunta')).toHaveCount(2);
    });

    await test.step('two other families apply for one child each', async () => {
      codes.xoan = await applyFor(page, xoan, 'Brais Resto Lamas');
      codes.lucia = await applyFor(page, lucia, 'Iago Reclamación Rial');
    });

    await test.step('staff correct a birth date from the registry; after the close it is excluded', async () => {
      // no screen changes a birth date yet: the database, as the BFF's claims test does
      withDb((db) =>
        db.prepare("UPDATE enrolments SET birth_date = '2011-03-14' WHERE id = ?").run(people.iago),
      );
      await page.waitForTimeout(Math.max(0, closesAt - Date.now() + 1_000));
      await page.goto(`/sorteos/${activityId}`);
      const excluded = page.getByRole('table', { name: 'Solicitudes excluidas (1)' });
      await expect(excluded.getByRole('row', { name: new RegExp(codes.lucia) })).toContainText(
        text('es', 'season.exclusion.age'),
      );
    });

    await test.step('the family claims in the browser', async () => {
      await dashboardAs(page, lucia);
      const claims = page.getByRole('region', { name: text('es', 'season.claims.heading') });
      await expect(claims.getByText(/Excluida: Edad fuera de los límites/)).toBeVisible();
      await claims
        .getByRole('button', {
          name: format('es', 'season.claims.buttonLabel', {
            code: codes.lucia,
            person: 'Iago Reclamación Rial',
          }),
        })
        .click();
      await claims
        .getByLabel(format('es', 'season.claims.textLabel', { code: codes.lucia }))
        .fill('Iago naceu o 14 de marzo de 2014, non en 2011: achego o libro de familia.');
      await claims.getByRole('button', { name: 'Enviar reclamación' }).click();
      await expect(
        claims.getByText(format('es', 'season.claims.sent', { code: codes.lucia })),
      ).toBeVisible();
      await expectAccessible(page, 'dashboard with a claim (es)', '#solicitudes');
    });

    const staff = await browser.newPage();
    await seedStorage(staff, { token: await loginToken(staff.request, ADMIN), consent: true });

    await test.step('staff admit the claim with a reply', async () => {
      const section = await seasonPanel(staff);
      await section
        .getByLabel(format('es', 'admin.claims.replyLabel', { code: codes.lucia }))
        .fill('Comprobado o libro de familia: a solicitude entra no sorteo.');
      await section
        .getByRole('button', {
          name: format('es', 'admin.claims.admitLabel', { code: codes.lucia }),
        })
        .click();
      await expect(
        section.getByText(
          format('es', 'admin.claims.admittedDone', {
            code: codes.lucia,
            name: 'Iago Reclamación Rial',
          }),
        ),
      ).toBeVisible();
      await expectAccessible(staff, 'Plazas y sorteos with claims (es)', '#admin-season');
    });

    await test.step('the claims period ends (three days pass)', async () => {
      // the server reads the real clock: the window, the applications and the claim move back
      const back = (at: string | null) =>
        at === null ? null : new Date(Date.parse(at) - 3 * DAY_MS).toISOString();
      withDb((db) => {
        const activity = db
          .prepare(
            'SELECT applications_open_at, applications_close_at FROM activities WHERE id = ?',
          )
          .get(activityId) as { applications_open_at: string; applications_close_at: string };
        db.prepare(
          'UPDATE activities SET applications_open_at = ?, applications_close_at = ? WHERE id = ?',
        ).run(
          back(activity.applications_open_at),
          back(activity.applications_close_at),
          activityId,
        );
        const rows = db
          .prepare('SELECT id, created_at FROM applications WHERE activity_id = ?')
          .all(activityId) as { id: number; created_at: string }[];
        for (const row of rows)
          db.prepare('UPDATE applications SET created_at = ? WHERE id = ?').run(
            back(row.created_at),
            row.id,
          );
        const claims = db
          .prepare(
            'SELECT c.id, c.created_at, c.resolved_at FROM application_claims c JOIN applications a ON a.id = c.application_id WHERE a.activity_id = ?',
          )
          .all(activityId) as { id: number; created_at: string; resolved_at: string | null }[];
        for (const claim of claims)
          db.prepare(
            'UPDATE application_claims SET created_at = ?, resolved_at = ? WHERE id = ?',
          ).run(back(claim.created_at), back(claim.resolved_at), claim.id);
      });
    });

    await test.step('staff enter the public value in «Plazas y sorteos» and run the draw', async () => {
      const section = await seasonPanel(staff);
      await section.getByLabel(text('es', 'admin.season.publicValueLabel')).fill(publicValue);
      await section
        .getByRole('button', { name: text('es', 'admin.season.publicValueSave') })
        .click();
      await expect(section.getByText(text('es', 'admin.season.publicValueSaved'))).toBeVisible();
      // the season job may draw it first, within minutes of the value
      const draw = section.getByRole('button', { name: 'Realizar sorteo' });
      if (await draw.isVisible()) {
        await draw.click();
        await expect(
          section.getByText(`Sorteo de ${activityName} realizado.`, { exact: false }),
        ).toBeVisible();
      }
      await expect(section.getByRole('row', { name: new RegExp(activityName) })).toContainText(
        'Sorteada',
      );
      await staff.close();
    });

    let waiting: { code: string; position: number } | null = null;
    await test.step('the public page alone: every rank recomputed, the page snippet too', async () => {
      // a visitor: no session, nothing marked as theirs
      const visitor = await browser.newPage();
      await visitor.goto(`/sorteos/${activityId}`);
      await expect(
        visitor.getByRole('heading', { level: 1, name: `Sorteo de ${activityName}` }),
      ).toBeVisible();
      const dd = (term: string) =>
        visitor
          .locator('dt')
          .filter({ hasText: new RegExp(`^${term.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}$`) })
          .locator('xpath=following-sibling::dd[1]');
      const seed = ((await dd(text('es', 'season.draw.seed')).textContent()) ?? '').trim();
      const commitment = (
        (await dd(text('es', 'season.draw.commitment')).textContent()) ?? ''
      ).trim();
      const shownValue = (
        (await dd(text('es', 'season.draw.publicValue')).textContent()) ?? ''
      ).trim();
      const shownDrawSeed = (
        (await dd(text('es', 'season.draw.drawSeed')).textContent()) ?? ''
      ).trim();
      expect(seed).toMatch(/^[0-9a-f]{64}$/);
      expect(sha256(seed)).toBe(commitment);
      expect(shownValue).toBe(publicValue);
      await expect(visitor.getByText(publicValueSource, { exact: false })).toBeVisible();
      // the groups as the page states them
      await expect(
        visitor.getByText(`«Empadronados»: quien tenga ${circumstanceName}`),
      ).toBeVisible();
      await expect(visitor.getByText('«Resto»: todas las demás personas')).toBeVisible();

      const table = visitor.getByRole('table', { name: 'Resultado del sorteo (4 solicitudes)' });
      await expect(table).toBeVisible();
      await expectAccessible(visitor, '/sorteos with groups and a joint ballot (es)');
      const rows: PageRow[] = await table.locator('tbody tr').evaluateAll((trs) =>
        trs.map((tr) => {
          const cells = Array.from(tr.querySelectorAll('th, td')).map((c) =>
            (c.textContent ?? '').trim(),
          );
          const [rank, code, group, status] = cells as [string, string, string, string];
          return {
            rank: Number(rank),
            code,
            group: /^\d+$/.test(group) ? Number(group) : null,
            jointCode: /papeleta conjunta ([A-Z2-9]{8})/.exec(status)?.[1] ?? null,
            status,
          };
        }),
      );
      expect(rows.map((r) => r.code).sort()).toEqual(
        expect.arrayContaining([codes.xoan, codes.lucia]),
      );
      expect(rows).toHaveLength(4);

      const { drawSeed, rankOf, ballots } = recompute(seed, shownValue, rows);
      expect(shownDrawSeed).toBe(drawSeed);
      for (const row of rows) expect(row.rank, `rank of ${row.code}`).toBe(rankOf.get(row.code));
      // residents first: the siblings' ballot (group 1) ranks first and takes two places
      // together; of the two single ballots (group 2) the first takes the third place
      const siblings = rows.filter((r) => r.jointCode !== null);
      expect(siblings).toHaveLength(2);
      expect(new Set(siblings.map((r) => r.jointCode))).toEqual(new Set([codes.marta]));
      expect(siblings.every((r) => r.group === 1 && r.rank === 1)).toBe(true);
      for (const code of [codes.xoan, codes.lucia])
        expect(rows.find((r) => r.code === code)?.group).toBe(2);
      expect(ballots).toHaveLength(3);
      const [, second, third] = ballots;
      for (const row of rows) {
        const offered = row.rank <= 2;
        expect(row.status, row.code).toContain(offered ? 'Plaza ofrecida' : 'En lista de espera');
      }
      expect(second!.codes).toHaveLength(1);
      waiting = { code: third!.codes[0]!, position: 1 };

      // the page's own snippet, run as a reader would, with the page's values
      const snippet = (await visitor.locator('pre code').textContent()) ?? '';
      const script = [
        `const seed = ${JSON.stringify(seed)};`,
        `const public_value = ${JSON.stringify(shownValue)};`,
        `const seed_commitment = ${JSON.stringify(commitment)};`,
        `const rows = ${JSON.stringify(
          rows.map((r) => ({ code: r.code, joint_code: r.jointCode, group: r.group })),
        )};`,
        snippet,
        'console.log(JSON.stringify(order.map((row) => row.code)));',
      ].join('\n');
      // without the colours the test runner asks its children for
      const output = execFileSync(process.execPath, ['-e', script], {
        encoding: 'utf8',
        env: { ...process.env, FORCE_COLOR: '0', NO_COLOR: '1' },
      })
        .trim()
        .split('\n');
      expect(output[0]).toContain(`true ${drawSeed}`);
      const snippetOrder = JSON.parse(output.at(-1)!) as string[];
      expect(snippetOrder).toEqual([...rows].sort((a, b) => a.rank - b.rank).map((r) => r.code));
      await visitor.close();
    });

    await test.step('the waitlisted family reads its position in Galician', async () => {
      const w = waiting as { code: string; position: number } | null;
      expect(w).not.toBeNull();
      const family = w!.code === codes.xoan ? xoan : lucia;
      const section = await dashboardAs(page, family, 'gl');
      const mine = section.getByRole('table', { name: text('gl', 'season.list.caption') });
      const row = mine.getByRole('row', { name: new RegExp(w!.code) });
      await expect(row).toContainText(text('gl', 'season.status.waitlisted'));
      await expect(row).toContainText(
        format('gl', 'season.list.position', { position: String(w!.position) }),
      );
      await expectAccessible(page, 'dashboard, waitlisted (gl)', '#solicitudes');
    });
  });
});
