import { execFileSync } from 'node:child_process';
import { expect, test, type Locator, type Page } from '@playwright/test';
import { withDb } from './db';
import { expectAccessible } from './support/a11y';
import {
  ADMIN,
  addDays,
  AdminApi,
  identity,
  loginToken,
  madridToday,
  OPEN_CONFIG,
  registerResident,
  seedStorage,
} from './support/api';
import { openGateway, payInGateway } from './support/gateway';
import { latestCode } from './support/outbox';

/**
 * Issue 51, items 5–7: a fee in two parts. Staff split a new activity's fee into two halves in
 * the activity form (the first due today, the second in a month); a resident pays the first part
 * through the sandbox bank and the history and the receipt say "1.º plazo de 2". Then time passes
 * (the parts' days moved back in the database: the server has no clock to move) beyond the first
 * part's day: the second part is paid, and another fee's first part, never paid, can no longer be
 * chosen online, nor its second.
 */
test.describe('a fee in parts, paid part by part', () => {
  const resident = { ...identity(57), password: 'vecina-plazos-2026' };
  const child = identity(58);
  const suffix = Date.now() % 100000;
  const swimming = `Natación en plazos E2E ${suffix}`;
  const gym = `Ximnasia en plazos E2E ${suffix}`;
  const today = madridToday();
  const inAMonth = addDays(today, 30);
  let admin: AdminApi;
  let gymId = 0;

  test.beforeAll(async ({ playwright, baseURL }) => {
    const request = await playwright.request.newContext({ baseURL });
    admin = await AdminApi.login(request);
    await admin.setConfig({ ...OPEN_CONFIG, global_discount: 0, deadline_date: null });
    // the other fee in parts, arranged through the API (the journey is not about it)
    const res = await request.post('/api/admin/activities-crud/', {
      headers: { Authorization: `Bearer ${await loginToken(request, ADMIN)}` },
      data: {
        name: gym,
        price: 60,
        parts: [
          { percent: 50, due_date: today },
          { percent: 50, due_date: inAMonth },
        ],
      },
    });
    expect(res.status(), await res.text()).toBe(201);
    gymId = ((await res.json()) as { id: number }).id;
    await registerResident(request, resident);
  });

  test.afterAll(async () => {
    await admin.setConfig(OPEN_CONFIG);
  });

  const dayOf = (date: string) => date.split('-').reverse().join('/');
  const partBox = (page: Page, activity: string, n: number) =>
    page.getByRole('checkbox', {
      name: `Seleccionar ${activity}, ${n}.º plazo de 2, de ${child.dni}`,
    });
  const partLine = (page: Page, activity: string, n: number) =>
    page
      .getByRole('table', { name: 'Actividades pendientes de pago' })
      .getByRole('rowheader', { name: new RegExp(`^${activity}\\s*${n}\\.º plazo de 2`) });

  async function asResident(page: Page) {
    await seedStorage(page, { token: await loginToken(page.request, resident), consent: true });
    await page.goto('/dashboard');
    await expect(page.getByRole('heading', { level: 1, name: 'Mis actividades' })).toBeVisible();
  }

  /** Pays the ticked lines by card in the sandbox; the payment's order. */
  async function payByCard(page: Page, amount: RegExp): Promise<string> {
    const gateway = await openGateway(page, 'Pagar con tarjeta');
    const order = (await gateway.locator('dt:has-text("Pedido") + dd').textContent()) ?? '';
    expect(order).toMatch(/^\d{4}\w{8}$/);
    await payInGateway(gateway);
    await expect(gateway).toHaveURL(/\/pago-ok$/);
    await expect(gateway.getByRole('heading', { level: 1, name: 'Pago recibido' })).toBeVisible();
    await expect(gateway.getByRole('status')).toContainText(amount);
    await gateway.close();
    return order;
  }

  async function receipts(page: Page): Promise<Locator> {
    await page.reload();
    await page.getByRole('tab', { name: 'Pagos realizados' }).click();
    return page.getByRole('region', { name: 'Justificantes de pago' });
  }

  test('staff split the fee; part 1 is paid, then, past its day, part 2; an overdue part cannot be chosen', async ({
    page,
  }, testInfo) => {
    await test.step('staff create the activity with two parts in the activity form', async () => {
      await seedStorage(page, { token: await loginToken(page.request, ADMIN), consent: true });
      await page.goto('/admin');
      const activities = page.getByRole('region', { name: 'Gestión manual de actividades' });
      await activities.getByLabel('Nombre', { exact: true }).fill(swimming);
      await activities.getByLabel('Precio en euros').fill('90');
      const editor = activities.getByRole('group', { name: 'Pago en plazos' });
      await editor.getByRole('button', { name: 'Cobrar en plazos' }).click();
      const first = editor.getByRole('group', { name: 'Plazo 1' });
      const second = editor.getByRole('group', { name: 'Plazo 2' });
      await expect(first.getByLabel(/Parte de la cuota/)).toHaveValue('50');
      await first.getByLabel(/Último día para pagarlo/).fill(today);
      // a second part due before the first is refused by its field
      await second.getByLabel(/Último día para pagarlo/).fill(addDays(today, -1));
      await activities.getByRole('button', { name: 'Crear actividad' }).click();
      await expect(second.getByLabel(/Último día para pagarlo/)).toHaveAccessibleDescription(
        /El plazo 2 debe vencer después del plazo 1\./,
      );
      await second.getByLabel(/Último día para pagarlo/).fill(inAMonth);
      await expect(editor).toContainText('Suman: 100 %');
      await expectAccessible(page, 'activity form with parts (es)', '#admin-activities');
      await activities.getByRole('button', { name: 'Crear actividad' }).click();
      await expect(activities.getByText('Actividad guardada correctamente.')).toBeVisible();
    });

    await test.step('the child is enrolled in both fees in parts; the resident links the child', async () => {
      const swimmingId = (await admin.listActivities()).find((a) => a.name === swimming)?.id;
      expect(swimmingId).toBeDefined();
      await admin.createEnrolment({
        first_name: 'Uxía',
        last_name: 'Plazos Rial',
        dni: child.dni,
        phone: child.phone,
        activity_ids: [swimmingId!, gymId],
      });
      const headers = { Authorization: `Bearer ${await loginToken(page.request, resident)}` };
      const asked = await page.request.post('/api/user/persons/request-association', {
        headers,
        data: { dni: child.dni, phone: child.phone },
      });
      expect(asked.ok(), await asked.text()).toBe(true);
      const verified = await page.request.post('/api/user/persons/verify-association', {
        headers,
        data: { dni: child.dni, otp_code: await latestCode(page.request, child.phone) },
      });
      expect(verified.ok(), await verified.text()).toBe(true);
    });

    let firstOrder = '';
    await test.step('each part is its own line; parts are ticked in order; part 1 is paid', async () => {
      await asResident(page);
      await expect(partLine(page, swimming, 1)).toContainText(
        `1.º plazo de 2 · hasta el ${dayOf(today)}`,
      );
      await expect(partLine(page, swimming, 2)).toContainText(
        `2.º plazo de 2 · hasta el ${dayOf(inAMonth)}`,
      );
      await expect(page.getByText(/Los plazos de una cuota se pagan en orden/)).toBeVisible();
      await partBox(page, swimming, 2).check();
      await expect(partBox(page, swimming, 1)).toBeChecked();
      await partBox(page, swimming, 1).uncheck();
      await expect(partBox(page, swimming, 2)).not.toBeChecked();
      await partBox(page, swimming, 1).check();
      const bar = page.locator('[data-slot="pay-bar"]');
      await expect(bar.getByRole('list', { name: 'Qué pagas' })).toContainText(
        `${swimming} · 1.º plazo de 2`,
      );
      // 90 € in the simple mode charges 75 %, 67,50 €: half of it
      await expect(bar).toContainText(/33,75\s€/);
      await expectAccessible(page, 'dashboard with a fee in parts (es)');
      firstOrder = await payByCard(page, /33,75\s€/);
    });

    await test.step('the history and the receipt say "1.º plazo de 2"', async () => {
      const list = await receipts(page);
      await expect(
        list.getByRole('list', { name: `Actividades del pago ${firstOrder}` }),
      ).toContainText(`${swimming}, 1.º plazo de 2`);
      const downloading = page.waitForEvent('download');
      await list
        .getByRole('button', { name: `Descargar justificante ${firstOrder} (PDF)` })
        .click();
      const download = await downloading;
      const file = testInfo.outputPath(download.suggestedFilename());
      await download.saveAs(file);
      const text = execFileSync('pdftotext', ['-enc', 'UTF-8', file, '-'], { encoding: 'utf8' });
      expect(text).toContain('1.º plazo de 2');
      expect(text).toContain(firstOrder);
    });

    await test.step('time passes beyond the first parts’ day (the days move back 5 days)', async () => {
      withDb((db) => {
        const rows = db
          .prepare('SELECT id, parts FROM activities WHERE name IN (?, ?)')
          .all(swimming, gym) as { id: number; parts: string }[];
        expect(rows).toHaveLength(2);
        for (const row of rows) {
          const parts = JSON.parse(row.parts) as { percent_bp: number; due_date: string }[];
          const moved = parts.map((part) => ({ ...part, due_date: addDays(part.due_date, -5) }));
          db.prepare('UPDATE activities SET parts = ? WHERE id = ?').run(
            JSON.stringify(moved),
            row.id,
          );
        }
      });
    });

    await test.step('an overdue unpaid part cannot be chosen, nor the one after it', async () => {
      await page.reload();
      await expect(partLine(page, gym, 1)).toContainText(
        'Ya no se puede pagar en línea: pregunta en el Concello cómo pagarlo.',
      );
      await expect(partBox(page, gym, 1)).toBeDisabled();
      await expect(partBox(page, gym, 2)).toBeDisabled();
      await expect(partLine(page, swimming, 1)).toHaveCount(0);
      await expect(partBox(page, swimming, 2)).toBeEnabled();
      await expectAccessible(page, 'dashboard with an overdue part (es)');
    });

    await test.step('part 2 is paid; the fee is paid whole and its receipt says "2.º plazo de 2"', async () => {
      await partBox(page, swimming, 2).check();
      const secondOrder = await payByCard(page, /33,75\s€/);
      const list = await receipts(page);
      await expect(
        list.getByRole('list', { name: `Actividades del pago ${secondOrder}` }),
      ).toContainText(`${swimming}, 2.º plazo de 2`);
      const paid = page.getByRole('table', { name: 'Actividades pagadas' });
      await expect(paid.getByRole('rowheader', { name: new RegExp(`^${swimming}`) })).toHaveCount(
        2,
      );
      await page.getByRole('tab', { name: 'Pagos pendientes' }).click();
      await expect(
        page
          .getByRole('table', { name: 'Actividades pendientes de pago' })
          .getByRole('rowheader', { name: new RegExp(`^${swimming}`) }),
      ).toHaveCount(0);
    });
  });
});
