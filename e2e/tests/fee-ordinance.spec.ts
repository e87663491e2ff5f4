import { execFileSync } from 'node:child_process';
import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import {
  ADMIN,
  AdminApi,
  addDays,
  identity,
  loginToken,
  madridToday,
  OPEN_CONFIG,
  registerResident,
  seedStorage,
} from './support/api';
import { latestCode } from './support/outbox';

/** "1.234,56" → 123456 */
const cents = (euros: string) => Number(euros.replace(/\./g, '').replace(',', ''));

/**
 * The items of a receipt's text (pdftotext -layout): each "Person: Activity (part)   85,00 €"
 * row with the amounts of the lines printed under it ("Matrícula (sin reducción): +10,00 €").
 */
function receiptItems(text: string) {
  const items: { person: string; amount: number; lines: Map<string, number> }[] = [];
  for (const row of text.split('\n')) {
    const item = row.match(/^(\S[^:]*): .*\(1\.º plazo de 2\)\s+([\d.]+,\d{2})\s€$/);
    const line = row.match(/^\s+(.+?): [+−]?([\d.]+,\d{2})\s€$/);
    if (item) items.push({ person: item[1]!, amount: cents(item[2]!), lines: new Map() });
    else if (line && items.length) items.at(-1)!.lines.set(line[1]!, cents(line[2]!));
  }
  return items.map((item) => ({
    ...item,
    line(label: string): number {
      const amount = item.lines.get(label);
      expect(amount, `${item.person}: ${label}`).toBeDefined();
      return amount!;
    },
  }));
}

/**
 * Issue 60: fees to the cent for any ordinance. A clerk enters the price table in the admin
 * panel: two reductions by age that compete (under 18: 25 %; under 14: 50 %), an activity of
 * 100 € with a 10 € registration fee in two parts by weight 3:1. A family of four (two adults,
 * a 15-year-old, a 9-year-old) pays part 1 for everyone in one Bizum payment ("Pagar por toda la
 * familia"), and every line of the receipt adds up: each person's share of part 1 plus the
 * registration fee is the item's amount, and the items add up to the total.
 *
 * Reductions put the whole portal in the rules mode, so the journey removes what it made
 * afterwards and the journeys after it find the simple mode as before.
 */
test.describe('fees by the ordinance: a price table entered by a clerk, paid by a family', () => {
  const parent = { ...identity(63), password: 'familia-de-catro-2026' };
  const year = Number(madridToday().slice(0, 4));
  // born on 1 January: the age today is the year's difference, whatever today is
  const family = [
    { first_name: 'Rosa', last_name: 'Lema Outeiro', born: year - 44, ...identity(64) },
    { first_name: 'Xurxo', last_name: 'Pazos Lema', born: year - 46, ...identity(64) },
    { first_name: 'Noa', last_name: 'Pazos Lema', born: year - 15, ...identity(64) },
    { first_name: 'Iago', last_name: 'Pazos Lema', born: year - 9, ...identity(64) },
  ];
  const suffix = Date.now() % 100000;
  const activityName = `Natación ordenanza E2E ${suffix}`;
  const under18 = `Menores de 18 E2E ${suffix}`;
  const under14 = `Menores de 14 E2E ${suffix}`;
  const today = madridToday();
  let admin: AdminApi;
  let adminToken = '';

  async function adminCall(
    request: APIRequestContext,
    method: 'get' | 'put' | 'delete',
    path: string,
    data?: unknown,
  ) {
    const res = await request[method](path, {
      headers: { Authorization: `Bearer ${adminToken}` },
      ...(data === undefined ? {} : { data }),
    });
    expect(res.status(), `${method} ${path}: ${await res.text()}`).toBeLessThan(300);
    return res.status() === 204 ? null : ((await res.json()) as unknown);
  }

  test.beforeAll(async ({ playwright, baseURL }) => {
    const request = await playwright.request.newContext({ baseURL });
    admin = await AdminApi.login(request);
    adminToken = await loginToken(request, ADMIN);
    await admin.setConfig({ ...OPEN_CONFIG, global_discount: 0, bizum_enabled: true });
    await registerResident(request, parent);
  });

  test.afterAll(async ({ playwright, baseURL }) => {
    const request = await playwright.request.newContext({ baseURL });
    await adminCall(request, 'put', '/api/admin/fee-rules', {
      reductions: [],
      family_discounts: [],
      cumulative: false,
    });
    const circumstances = (await adminCall(request, 'get', '/api/admin/circumstances')) as {
      id: number;
      name: { es: string };
    }[];
    for (const c of circumstances.filter((c) => [under18, under14].includes(c.name.es)))
      await adminCall(request, 'delete', `/api/admin/circumstances/${c.id}`);
    await admin.setConfig({ ...OPEN_CONFIG, bizum_enabled: false });
  });

  /** A reduction by age through *Circunstancias*: its name in the three languages and its ages. */
  async function createAgeCircumstance(page: Page, name: string, maxAge: number) {
    const section = page.locator('#admin-circumstances');
    for (const language of ['Español', 'Inglés', 'Gallego'])
      await section.getByRole('group', { name: language }).getByLabel('Nombre').fill(name);
    await section.getByRole('radio', { name: /^Por edad, sin solicitud/ }).check();
    await section.getByLabel(/^Desde los \(años\)/).fill('0');
    await section.getByLabel(/^Hasta los \(años, incluidos\)/).fill(String(maxAge));
    await section.getByRole('button', { name: 'Crear circunstancia' }).click();
    await expect(section.getByText('Circunstancia guardada correctamente.')).toBeVisible();
    await expect(section.getByRole('table', { name: 'Lista de circunstancias' })).toContainText(
      name,
    );
  }

  /** One reduction row of *Reglas de precios*: a percentage off everywhere. */
  async function addReduction(page: Page, row: number, circumstance: string, percent: string) {
    const section = page.locator('#admin-fee-rules');
    await section.getByRole('button', { name: 'Añadir una reducción' }).click();
    const reduction = section.getByRole('group', { name: `Reducción ${row}` });
    await reduction.getByLabel('Circunstancia').selectOption({ label: circumstance });
    await reduction.getByRole('radio', { name: /^Un porcentaje de descuento/ }).check();
    await reduction.getByLabel(/^Descuento \(%\)/).fill(percent);
  }

  async function linkPerson(
    request: APIRequestContext,
    token: string,
    person: { dni: string; phone: string },
  ) {
    const headers = { Authorization: `Bearer ${token}` };
    const asked = await request.post('/api/user/persons/request-association', {
      headers,
      data: { dni: person.dni, phone: person.phone },
    });
    expect(asked.ok(), await asked.text()).toBe(true);
    const verified = await request.post('/api/user/persons/verify-association', {
      headers,
      data: { dni: person.dni, otp_code: await latestCode(request, person.phone) },
    });
    expect(verified.ok(), await verified.text()).toBe(true);
  }

  test('a clerk enters the price table; the family pays part 1 by Bizum; the receipt adds up', async ({
    page,
  }, testInfo) => {
    await test.step('the clerk enters two reductions by age and their percentages', async () => {
      await seedStorage(page, { token: adminToken, consent: true });
      await page.goto('/admin');
      await createAgeCircumstance(page, under18, 17);
      await createAgeCircumstance(page, under14, 13);
      const rules = page.locator('#admin-fee-rules');
      await expect(rules.getByRole('button', { name: 'Añadir una reducción' })).toBeVisible();
      await addReduction(page, 1, under18, '25');
      await addReduction(page, 2, under14, '50');
      await rules.getByRole('button', { name: 'Guardar las reglas de precios' }).click();
      await expect(rules.getByText('Reglas de precios guardadas.')).toBeVisible();
    });

    await test.step('the clerk creates the activity: a registration fee, two parts by weight', async () => {
      const activities = page.getByRole('region', { name: 'Gestión manual de actividades' });
      await activities.getByLabel('Nombre', { exact: true }).fill(activityName);
      await activities.getByLabel('Precio en euros').fill('100');
      await activities.getByLabel(/^Matrícula \(€\)/).fill('10');
      const editor = activities.getByRole('group', { name: 'Pago en plazos' });
      await editor.getByRole('button', { name: 'Cobrar en plazos' }).click();
      await editor.getByRole('radio', { name: /^Por pesos/ }).check();
      const first = editor.getByRole('group', { name: 'Plazo 1' });
      const second = editor.getByRole('group', { name: 'Plazo 2' });
      await first.getByLabel(/^Peso/).fill('3');
      await first.getByLabel(/Último día para pagarlo/).fill(addDays(today, 7));
      await second.getByLabel(/^Peso/).fill('1');
      await second.getByLabel(/Último día para pagarlo/).fill(addDays(today, 60));
      await activities.getByRole('button', { name: 'Crear actividad' }).click();
      await expect(activities.getByText('Actividad guardada correctamente.')).toBeVisible();
    });

    await test.step('the four are enrolled and linked to the parent’s account', async () => {
      const activityId = (await admin.listActivities()).find((a) => a.name === activityName)?.id;
      expect(activityId).toBeDefined();
      const token = await loginToken(page.request, parent);
      for (const person of family) {
        await admin.createEnrolment({
          first_name: person.first_name,
          last_name: person.last_name,
          dni: person.dni,
          phone: person.phone,
          birth_date: `${person.born}-01-01`,
          activity_ids: [activityId!],
        });
        await linkPerson(page.request, token, person);
      }
    });

    let order = '';
    await test.step('the family pays every part 1 in one Bizum payment', async () => {
      await seedStorage(page, { token: await loginToken(page.request, parent), consent: true });
      await page.goto('/dashboard');
      await expect(page.getByRole('heading', { level: 1, name: 'Mis actividades' })).toBeVisible();
      await page.getByRole('button', { name: 'Pagar por toda la familia' }).click();
      for (const person of family)
        await page
          .getByRole('checkbox', {
            name: `Seleccionar ${activityName}, 2.º plazo de 2, de ${person.dni}`,
          })
          .uncheck();
      const bar = page.locator('[data-slot="pay-bar"]');
      // adults 75 + 10, the 15-year-old 56,25 + 10 (25 %), the 9-year-old 37,50 + 10 (50 % wins)
      await expect(bar).toContainText(/283,75\s€/);
      await expect(page.getByText(/Pagas por toda la familia: 4 personas/)).toBeVisible();
      await page
        .getByRole('group', { name: 'Forma de pago' })
        .getByRole('radio', { name: 'Bizum' })
        .check();
      const popup = page.context().waitForEvent('page');
      await page.getByRole('button', { name: 'Pagar con Bizum' }).click();
      const gateway = await popup;
      await gateway.waitForLoadState();
      await expect(gateway.getByRole('heading', { level: 1, name: /Bizum/ })).toBeVisible();
      order = (await gateway.locator('dt:has-text("Pedido") + dd').textContent()) ?? '';
      expect(order).toMatch(/^\d{4}\w{8}$/);
      await gateway.getByLabel('Número de móvil de Bizum').fill('700 000 000');
      await gateway.getByRole('button', { name: 'Continuar' }).click();
      await gateway.getByRole('button', { name: 'Aprobar el pago' }).click();
      await expect(gateway).toHaveURL(/\/pago-ok$/);
      await gateway.close();
    });

    await test.step('the receipt’s lines add up: part 1 + registration fee = item; items = total', async () => {
      await page.reload();
      await page.getByRole('tab', { name: 'Pagos realizados' }).click();
      const receipts = page.getByRole('region', { name: 'Justificantes de pago' });
      const downloading = page.waitForEvent('download');
      await receipts.getByRole('button', { name: `Descargar justificante ${order} (PDF)` }).click();
      const download = await downloading;
      const file = testInfo.outputPath(download.suggestedFilename());
      await download.saveAs(file);
      const text = execFileSync('pdftotext', ['-layout', '-enc', 'UTF-8', file, '-'], {
        encoding: 'utf8',
      });
      await testInfo.attach('receipt.txt', { body: text, contentType: 'text/plain' });
      expect(text).toMatch(/Forma de pago\s+Bizum/);
      const items = receiptItems(text);
      expect(items.map((item) => [item.person, item.amount])).toEqual([
        ['Rosa Lema Outeiro', 8500],
        ['Xurxo Pazos Lema', 8500],
        ['Noa Pazos Lema', 6625],
        ['Iago Pazos Lema', 4750],
      ]);
      for (const item of items) {
        const part = item.line('Este pago, 1.º plazo de 2');
        const registration = item.line('Matrícula (sin reducción)');
        const fee = item.line('Cuota con sus reducciones');
        expect(registration, item.person).toBe(1000);
        expect(part + registration, item.person).toBe(item.amount);
        // weights 3:1: part 1 is three quarters of the fee, the rest still to pay
        expect(part * 4, item.person).toBe(fee * 3);
        expect(part + item.line('Queda por pagar de la cuota'), item.person).toBe(fee);
      }
      const total = text.match(/Total pagado\s+([\d.]+,\d{2})\s€/)?.[1];
      expect(items.reduce((sum, item) => sum + item.amount, 0)).toBe(cents(total ?? ''));
      expect(cents(total ?? '')).toBe(28375);
    });
  });
});
