import { execFileSync } from 'node:child_process';
import { expect, test, type Page } from '@playwright/test';
import { expectAccessible } from './support/a11y';
import {
  AdminApi,
  identity,
  loginToken,
  OPEN_CONFIG,
  registerResident,
  seedStorage,
  type ActivityRow,
} from './support/api';
import { latestCode } from './support/outbox';

/**
 * Issue 51: Bizum through the same Redsys redirect. With Bizum switched on, the resident chooses
 * Bizum in the pay bar, confirms the test mobile on the sandbox bank's Bizum page and approves;
 * the receipt says Bizum. A declined Bizum payment returns to /pago-ko.
 */
test.describe('paying with Bizum', () => {
  const resident = {
    ...identity(43),
    password: 'vecina-bizum-2026',
    email: 'bizum@example.gal',
  };
  const child = identity(44);
  let admin: AdminApi;
  let swimming: ActivityRow;
  let yoga: ActivityRow;

  test.beforeAll(async ({ playwright, baseURL }) => {
    const request = await playwright.request.newContext({ baseURL });
    admin = await AdminApi.login(request);
    await admin.setConfig({ ...OPEN_CONFIG, global_discount: 0, bizum_enabled: true });
    swimming = await admin.createActivity('Natación B51', 40);
    yoga = await admin.createActivity('Yoga B51', 20);
    await admin.createEnrolment({
      first_name: 'Antía',
      last_name: 'Bermúdez Rial',
      dni: child.dni,
      phone: child.phone,
      activity_ids: [swimming.id, yoga.id],
    });
    const token = await registerResident(request, resident);
    const headers = { Authorization: `Bearer ${token}` };
    const asked = await request.post('/api/user/persons/request-association', {
      headers,
      data: { dni: child.dni, phone: child.phone },
    });
    if (asked.ok()) {
      await request.post('/api/user/persons/verify-association', {
        headers,
        data: { dni: child.dni, otp_code: await latestCode(request, child.phone) },
      });
    }
  });

  test.afterAll(async () => {
    await admin.setConfig({ ...OPEN_CONFIG, bizum_enabled: false });
  });

  const select = (page: Page, activity: ActivityRow) =>
    page.getByRole('checkbox', { name: `Seleccionar ${activity.name} de ${child.dni}` });

  async function asResident(page: Page) {
    await seedStorage(page, { token: await loginToken(page.request, resident), consent: true });
    await page.goto('/dashboard');
    await expect(page.getByRole('heading', { level: 1, name: 'Mis actividades' })).toBeVisible();
  }

  /** Chooses Bizum with the keyboard, pays, and returns the sandbox's Bizum page (a new tab). */
  async function openBizum(page: Page): Promise<Page> {
    const methods = page.getByRole('group', { name: 'Forma de pago' });
    await expect(methods.getByRole('radio', { name: 'Tarjeta' })).toBeChecked();
    await methods.getByRole('radio', { name: 'Tarjeta' }).focus();
    await page.keyboard.press('ArrowRight');
    await expect(methods.getByRole('radio', { name: 'Bizum' })).toBeChecked();
    const popup = page.context().waitForEvent('page');
    await page.getByRole('button', { name: 'Pagar con Bizum' }).click();
    const gateway = await popup;
    await gateway.waitForLoadState();
    await expect(gateway).toHaveURL(/\/api\/payments\/sandbox$/);
    await expect(gateway.getByRole('heading', { level: 1, name: /Bizum/ })).toBeVisible();
    return gateway;
  }

  test('chooses Bizum, approves on the sandbox’s Bizum page, and the receipt says Bizum', async ({
    page,
  }, testInfo) => {
    let order = '';
    await test.step('the pay bar offers Tarjeta and Bizum', async () => {
      await asResident(page);
      await select(page, swimming).check();
      await expectAccessible(page, 'pay bar with Tarjeta and Bizum (es)');
    });

    await test.step('the Bizum page: a mobile that is not one is refused, the test one goes on', async () => {
      const gateway = await openBizum(page);
      order = (await gateway.locator('dt:has-text("Pedido") + dd').textContent()) ?? '';
      expect(order).toMatch(/^\d{4}\w{8}$/);
      await expect(gateway.getByText(/Bizum acepta de 0,50\s€ a 1\.?000,00\s€/)).toBeVisible();
      await expectAccessible(gateway, 'sandbox Bizum page (es)');
      const mobile = gateway.getByLabel('Número de móvil de Bizum');
      await mobile.fill('12345');
      await gateway.getByRole('button', { name: 'Continuar' }).click();
      await expect(gateway.getByRole('alert')).toContainText('Escribe un número de móvil español');
      await gateway.getByLabel('Número de móvil de Bizum').fill('+34 700000000');
      await gateway.getByRole('button', { name: 'Continuar' }).click();
      await expect(
        gateway.getByRole('heading', { level: 1, name: 'Confirma el pago en tu banco' }),
      ).toBeVisible();
      await expectAccessible(gateway, 'sandbox Bizum confirmation (es)');
      await gateway.getByRole('button', { name: 'Aprobar el pago' }).click();
      await expect(gateway).toHaveURL(/\/pago-ok$/);
      await expect(gateway.getByRole('heading', { level: 1, name: 'Pago recibido' })).toBeVisible();
      await gateway.close();
    });

    await test.step('Completed says Bizum, and so does the receipt', async () => {
      await page.reload();
      await page.getByRole('tab', { name: 'Pagos realizados' }).click();
      const receipts = page.getByRole('region', { name: 'Justificantes de pago' });
      await expect(receipts).toContainText('Pagado con Bizum');
      const downloading = page.waitForEvent('download');
      await receipts.getByRole('button', { name: `Descargar justificante ${order} (PDF)` }).click();
      const download = await downloading;
      const file = testInfo.outputPath(download.suggestedFilename());
      await download.saveAs(file);
      const text = execFileSync('pdftotext', ['-enc', 'UTF-8', file, '-'], { encoding: 'utf8' });
      expect(text).toMatch(/Forma de pago\s+Bizum/);
      expect(text).toContain(order);
    });
  });

  test('a declined Bizum payment returns to /pago-ko and the activity stays pending', async ({
    page,
  }) => {
    await asResident(page);
    await select(page, yoga).check();
    const gateway = await openBizum(page);
    await gateway.getByLabel('Número de móvil de Bizum').fill('700 000 000');
    await gateway.getByRole('button', { name: 'Continuar' }).click();
    await gateway.getByRole('button', { name: 'Rechazar el pago' }).click();
    await expect(gateway).toHaveURL(/\/pago-ko$/);
    await gateway.close();
    await page.reload();
    await expect(select(page, yoga)).toBeEnabled();
  });
});
