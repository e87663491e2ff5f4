import { createHash } from 'node:crypto';
import { expect, test, type Page } from '@playwright/test';
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
import { openGateway, payInGateway } from './support/gateway';

const sha256 = (text: string) => createHash('sha256').update(text, 'utf8').digest('hex');

/** How long the applications window stays open after the test creates the activity. */
const WINDOW_MS = 45_000;

/**
 * Journey: the season. A lottery activity with one place opens; a resident adds two children
 * they look after (no DNI) and applies for both; the window closes; staff run the draw from "Plazas
 * y sorteos" (or the job has, within minutes of the close); the resident checks the public draw
 * page (the seed matches the commitment, the order follows from it, their codes are marked) and
 * pays the offered place, which becomes confirmed. Axe on each new screen.
 */
test.describe('the season: apply, public draw, pay the offered place', () => {
  const resident = { ...identity(71), password: 'vecina-sorteo-2026' };
  const activityName = `Natación sorteo E2E ${Date.now() % 100000}`;
  let activityId = 0;
  let closesAt = 0;

  test.beforeAll(async ({ playwright, baseURL }) => {
    const request = await playwright.request.newContext({ baseURL });
    const admin = await AdminApi.login(request);
    await admin.setConfig({ ...OPEN_CONFIG, global_discount: 0 });
    closesAt = Date.now() + WINDOW_MS;
    const res = await request.post('/api/admin/activities-crud/', {
      headers: { Authorization: `Bearer ${await loginToken(request, ADMIN)}` },
      data: {
        name: activityName,
        price: 40,
        start_date: '2027-01-11',
        allocation: 'lottery',
        capacity: 1,
        applications_open_at: new Date(Date.now() - 3_600_000).toISOString(),
        applications_close_at: new Date(closesAt).toISOString(),
        offer_hours: 72,
        venue: 'Piscina municipal',
        min_birth_year: 2010,
        max_birth_year: 2022,
      },
    });
    expect(res.status(), await res.text()).toBe(201);
    activityId = ((await res.json()) as { id: number }).id;
    await registerResident(request, resident);
  });

  async function asResident(page: Page, path = '/dashboard') {
    await seedStorage(page, { token: await loginToken(page.request, resident), consent: true });
    await page.goto(path);
  }

  test('two children apply, the draw is public and checkable, the offered place is paid', async ({
    page,
    browser,
  }) => {
    test.setTimeout(150_000);

    await test.step('the public catalogue shows the activity, its rule and its draw', async () => {
      await page.goto('/login');
      await page
        .getByRole('link', { name: 'Ver las actividades con plazas de esta temporada' })
        .click();
      const card = page.getByRole('article', { name: activityName });
      await expect(card).toBeVisible();
      await expect(card.getByText('Para nacidos entre 2010 y 2022.')).toBeVisible();
      await expectAccessible(page, '/actividades (es)');
    });

    await test.step('the resident adds two children without a DNI and applies for both', async () => {
      await asResident(page);
      const section = page.getByRole('region', { name: 'Solicitudes', exact: true });
      await expect(section).toBeVisible();
      const form = section.getByRole('form', { name: 'Añadir a una persona que cuido' });
      for (const [first, born] of [
        ['Uxía', '2016-05-09'],
        ['Antía', '2018-02-20'],
      ] as const) {
        await form.getByLabel('Nombre', { exact: true }).fill(first);
        await form.getByLabel('Apellidos').fill('Sorteo Pereira');
        await form.getByLabel('Fecha de nacimiento').fill(born);
        await form.getByRole('button', { name: 'Añadir persona' }).click();
        await expect(
          form.getByText(`Hemos añadido a ${first} Sorteo Pereira.`, { exact: false }),
        ).toBeVisible();
      }
      for (const first of ['Uxía', 'Antía']) {
        await section
          .getByLabel('Actividad', { exact: true })
          .selectOption({ label: activityName });
        await section
          .getByLabel('Persona', { exact: true })
          .selectOption({ label: `${first} Sorteo Pereira` });
        await section.getByRole('button', { name: 'Solicitar plaza' }).click();
        await expect(
          section.getByText(/Solicitud registrada con el código [A-Z2-9]{8}/),
        ).toBeVisible();
      }
      const mine = section.getByRole('table', { name: 'Mis solicitudes' });
      await expect(mine.getByRole('row')).toHaveCount(3);
      await expect(mine.getByText('Solicitada')).toHaveCount(2);
      await expectAccessible(page, 'dashboard with applications (es)', '#solicitudes');
    });

    await test.step('after the close, staff run the draw (unless the job already has)', async () => {
      await page.waitForTimeout(Math.max(0, closesAt - Date.now() + 1_000));
      const staff = await browser.newPage();
      await seedStorage(staff, { token: await loginToken(staff.request, ADMIN), consent: true });
      await staff.goto('/admin');
      const section = staff.locator('#admin-season');
      await section.getByRole('button', { name: `Ver solicitudes de ${activityName}` }).click();
      await expect(
        section.getByRole('table', { name: /Solicitudes en orden de lista de espera/ }),
      ).toBeVisible();
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
      await expectAccessible(staff, 'Plazas y sorteos (es)', '#admin-season');
      await staff.close();
    });

    let offeredCode = '';
    await test.step('the public draw page: seed, commitment and order check out; own codes marked', async () => {
      await asResident(page, `/sorteos/${activityId}`);
      await expect(
        page.getByRole('heading', { level: 1, name: `Sorteo de ${activityName}` }),
      ).toBeVisible();
      const draw = (await (await page.request.get(`/api/draws/${activityId}`)).json()) as {
        seed: string;
        seed_commitment: string;
        applications: { code: string; rank: number; status: string }[];
      };
      expect(sha256(draw.seed)).toBe(draw.seed_commitment);
      const codes = draw.applications.map((a) => a.code);
      const recomputed = [...codes].sort((a, b) =>
        sha256(`${draw.seed}:${a}`) < sha256(`${draw.seed}:${b}`) ? -1 : 1,
      );
      expect(codes).toEqual(recomputed);
      offeredCode = draw.applications[0]!.code;
      await expect(page.getByText(draw.seed)).toBeVisible();
      const table = page.getByRole('table', { name: 'Resultado del sorteo (2 solicitudes)' });
      await expect(table.getByText('(tuyo)')).toHaveCount(2);
      await expect(table.getByRole('row').nth(1)).toContainText('Plaza ofrecida');
      await expect(table.getByRole('row').nth(2)).toContainText('En lista de espera');
      await expectAccessible(page, '/sorteos after the draw (es)');
    });

    await test.step('the resident pays the offered place from the pending list; it is confirmed', async () => {
      await page.goto('/dashboard');
      const pending = page.getByRole('checkbox', {
        name: `Seleccionar ${activityName} de Sin DNI`,
      });
      await expect(pending).toHaveCount(1);
      await pending.check();
      const gateway = await openGateway(page, 'Pagar con tarjeta');
      await payInGateway(gateway);
      await expect(gateway).toHaveURL(/\/pago-ok$/);
      await expect(gateway.getByRole('heading', { level: 1, name: 'Pago recibido' })).toBeVisible();
      await gateway.close();
      await page.reload();
      const mine = page.getByRole('table', { name: 'Mis solicitudes' });
      const row = mine.getByRole('row', { name: new RegExp(offeredCode) });
      await expect(row).toContainText('Confirmada (pagada)');
      await expect(mine.getByText('Puesto 1 en la lista de espera')).toBeVisible();
    });
  });
});
