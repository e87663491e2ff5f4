import { expect, test } from '@playwright/test';
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

/** How long the server answers "busy" after the resident's first attempt. */
const BUSY_MS = 3_000;

/**
 * Journey (issue 50): 9:00, the server overloaded. A resident presses "Solicitar plaza" once; the
 * first attempts are refused with 503 `server_busy` and `Retry-After: 1`; the page says so
 * ("Mucha gente está solicitando plaza ahora…", with a countdown), retries by itself with the
 * same Idempotency-Key and body, and ends with the place: one application, not two.
 *
 * The refusals are made here with Playwright's page.route (then the requests go through to the
 * real server): what is tested is the web app's answer to them. The server's own shedding (when
 * it refuses, and what it never refuses) is tested in the bff tests.
 */
test.describe('the season at 9:00: the server busy for a few seconds', () => {
  const resident = { ...identity(98), password: 'vecina-nove-en-punto-26' };
  const activityName = `Pádel a las nueve E2E ${Date.now() % 100000}`;
  const child = { first_name: 'Iria', last_name: 'Nove Castro', birth_date: '2016-03-14' };

  test.beforeAll(async ({ playwright, baseURL }) => {
    const request = await playwright.request.newContext({ baseURL });
    const admin = await AdminApi.login(request);
    await admin.setConfig({ ...OPEN_CONFIG, global_discount: 0 });
    const created = await request.post('/api/admin/activities-crud/', {
      headers: { Authorization: `Bearer ${await loginToken(request, ADMIN)}` },
      data: {
        name: activityName,
        price: 30,
        start_date: '2027-01-11',
        allocation: 'first_come',
        capacity: 5,
        applications_open_at: new Date(Date.now() - 60_000).toISOString(),
        applications_close_at: new Date(Date.now() + 3_600_000).toISOString(),
        offer_hours: 72,
        venue: 'Pistas municipales',
      },
    });
    expect(created.status(), await created.text()).toBe(201);
    const token = await registerResident(request, resident);
    const added = await request.post('/api/user/persons/', {
      headers: { Authorization: `Bearer ${token}` },
      data: { ...child, dni: null },
    });
    expect(added.status(), await added.text()).toBe(201);
  });

  test('one click ends with a place while the server is busy', async ({ page }) => {
    const attempts: { key: string; body: string; refused: boolean }[] = [];
    let busyUntil = 0;
    await page.route('**/api/user/applications', async (route) => {
      const request = route.request();
      if (request.method() !== 'POST') return route.continue();
      if (busyUntil === 0) busyUntil = Date.now() + BUSY_MS;
      const refused = Date.now() < busyUntil;
      attempts.push({
        key: (await request.headerValue('Idempotency-Key')) ?? '',
        body: request.postData() ?? '',
        refused,
      });
      if (!refused) return route.continue();
      return route.fulfill({
        status: 503,
        headers: { 'Retry-After': '1' },
        contentType: 'application/json',
        body: JSON.stringify({
          detail: 'El servicio está muy ocupado. Inténtalo de nuevo en unos segundos.',
          code: 'server_busy',
        }),
      });
    });

    await seedStorage(page, { token: await loginToken(page.request, resident), consent: true });
    await page.goto('/dashboard');
    const section = page.getByRole('region', { name: 'Solicitudes', exact: true });
    await section.getByLabel('Actividad', { exact: true }).selectOption({ label: activityName });
    await section
      .getByLabel('Persona', { exact: true })
      .selectOption({ label: `${child.first_name} ${child.last_name}` });
    await section.getByRole('button', { name: 'Solicitar plaza' }).click();

    const waiting = section
      .getByRole('status')
      .getByText('Mucha gente está solicitando plaza ahora; seguimos intentándolo…');
    await expect(waiting).toBeVisible();
    await expect(
      section.getByText(/^(Nuevo intento en \d+ segundos?\.|Intentándolo de nuevo…)$/),
    ).toBeVisible();
    await expect(section.getByRole('button', { name: 'Solicitar plaza' })).toHaveAttribute(
      'aria-busy',
      'true',
    );
    await expectAccessible(page, 'dashboard while the application is retried (es)', '#solicitudes');

    await expect(section.getByText(/Tienes plaza \(código [A-Z2-9]{8}\)/)).toBeVisible({
      timeout: 15_000,
    });
    await expect(waiting).toBeHidden();
    const mine = section.getByRole('table', { name: 'Mis solicitudes' });
    await expect(mine.getByRole('row')).toHaveCount(2);
    await expect(mine.getByRole('row').nth(1)).toContainText(activityName);

    // refused at least twice, then let through once; one key and one body for the one click
    expect(attempts.filter((a) => a.refused).length).toBeGreaterThanOrEqual(2);
    expect(attempts.filter((a) => !a.refused)).toHaveLength(1);
    expect(attempts[0]?.key).toMatch(/^[A-Za-z0-9_-]{1,100}$/);
    expect(new Set(attempts.map((a) => a.key)).size).toBe(1);
    expect(new Set(attempts.map((a) => a.body)).size).toBe(1);

    // the server holds exactly one application for the child
    const listed = await page.request.get('/api/user/applications', {
      headers: { Authorization: `Bearer ${await loginToken(page.request, resident)}` },
    });
    const applications = (await listed.json()) as { activity_name: string }[];
    expect(applications.filter((a) => a.activity_name === activityName)).toHaveLength(1);
  });
});
