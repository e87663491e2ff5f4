import { execFileSync } from 'node:child_process';
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
  type ActivityRow,
} from './support/api';
import { openGateway, payInGateway } from './support/gateway';
import { latestCode } from './support/outbox';

/**
 * Journey 6: money after the payment. A resident pays two activities and downloads the receipt
 * from Completed (the PDF's text read back); staff refund one activity and the resident sees it
 * pending again. A payment whose bank notification was lost is recovered from the admin panel.
 */
test.describe('receipts, refunds and recovering a lost payment', () => {
  const resident = {
    ...identity(61),
    password: 'vecina-xustificante-2026',
    email: 'justificantes@example.gal',
  };
  const child = identity(62);
  let admin: AdminApi;
  let swimming: ActivityRow;
  let padel: ActivityRow;
  let tennis: ActivityRow;

  test.beforeAll(async ({ playwright, baseURL }) => {
    const request = await playwright.request.newContext({ baseURL });
    admin = await AdminApi.login(request);
    await admin.setConfig({ ...OPEN_CONFIG, global_discount: 0 });
    swimming = await admin.createActivity('Natación J6', 40);
    padel = await admin.createActivity('Pádel J6', 60);
    tennis = await admin.createActivity('Tenis J6', 20);
    await admin.createEnrolment({
      first_name: 'Brais',
      last_name: 'Núñez Castiñeira',
      dni: child.dni,
      phone: child.phone,
      activity_ids: [swimming.id, padel.id, tennis.id],
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
    await admin.setConfig(OPEN_CONFIG);
  });

  const select = (page: Page, activity: ActivityRow) =>
    page.getByRole('checkbox', { name: `Seleccionar ${activity.name} de ${child.dni}` });

  async function asResident(page: Page) {
    await seedStorage(page, { token: await loginToken(page.request, resident), consent: true });
    await page.goto('/dashboard');
    await expect(page.getByRole('heading', { level: 1, name: 'Mis actividades' })).toBeVisible();
  }

  async function paymentsSection(page: Page) {
    await seedStorage(page, { token: await loginToken(page.request, ADMIN), consent: true });
    await page.goto('/admin');
    const section = page.locator('#admin-payments');
    await expect(section.getByRole('table', { name: 'Lista de pagos' })).toBeVisible();
    return section;
  }

  test('pays, downloads the receipt, gets one activity refunded and sees it pending again', async ({
    page,
    browser,
  }, testInfo) => {
    let order = '';
    await test.step('pays two activities in the sandbox; /pago-ok waits for the bank', async () => {
      await asResident(page);
      await select(page, swimming).check();
      await select(page, padel).check();
      const gateway = await openGateway(page, 'Pagar con tarjeta');
      order = (await gateway.locator('dt:has-text("Pedido") + dd').textContent()) ?? '';
      expect(order).toMatch(/^\d{4}\w{8}$/);
      await payInGateway(gateway);
      await expect(gateway).toHaveURL(/\/pago-ok$/);
      await expect(gateway.getByRole('heading', { level: 1, name: 'Pago recibido' })).toBeVisible();
      await expect(gateway.getByRole('status')).toContainText(/75,00\s€/);
      await expect(
        gateway.getByRole('button', { name: `Descargar justificante ${order} (PDF)` }),
      ).toBeVisible();
      await expectAccessible(gateway, '/pago-ok, payment received (es)');
      await gateway.close();
    });

    await test.step('downloads the receipt from Completed; its text reads right', async () => {
      await page.reload();
      await page.getByRole('tab', { name: 'Pagos realizados' }).click();
      const receipts = page.getByRole('region', { name: 'Justificantes de pago' });
      await expect(receipts.getByRole('listitem')).toHaveCount(1);
      await expectAccessible(page, 'Completed tab with receipts (es)');
      const downloading = page.waitForEvent('download');
      await receipts.getByRole('button', { name: `Descargar justificante ${order} (PDF)` }).click();
      const download = await downloading;
      expect(download.suggestedFilename()).toBe(`justificante-${order}.pdf`);
      const file = testInfo.outputPath(download.suggestedFilename());
      await download.saveAs(file);
      const text = execFileSync('pdftotext', ['-enc', 'UTF-8', file, '-'], { encoding: 'utf8' });
      for (const expected of [
        'Justificante de pago',
        'Concello de Nigrán',
        'Brais Núñez Castiñeira',
        child.dni,
        order,
        swimming.name,
        padel.name,
        '75,00 €',
        'Código de verificación',
      ]) {
        expect(text, expected).toContain(expected);
      }
    });

    await test.step('staff refund the padel with a reason', async () => {
      const staff = await browser.newPage();
      const section = await paymentsSection(staff);
      await section.getByRole('button', { name: `Devolver el pago ${order}` }).click();
      const dialog = staff.getByRole('dialog', { name: `Devolver el pago ${order}` });
      await expect(dialog).toBeVisible();
      await dialog.getByRole('checkbox', { name: new RegExp(`^${swimming.name}`) }).uncheck();
      await expect(dialog.locator('p', { hasText: 'Importe que se devuelve' })).toContainText(
        /45,00\s€/,
      );
      await dialog.getByRole('button', { name: 'Devolver' }).click();
      await expect(dialog.getByText('Indica el motivo de la devolución.').first()).toBeVisible();
      await expectAccessible(staff, 'refund dialog with an error (es)', '[role=dialog]');
      await dialog
        .getByRole('textbox', { name: /Motivo de la devolución/ })
        .fill('Baja por lesión');
      await dialog.getByRole('button', { name: 'Devolver' }).click();
      await expect(dialog).toHaveCount(0);
      await expect(
        section.getByText(`Devolución hecha. Pedido ${order}: devuelto en total 45,00 €.`, {
          exact: false,
        }),
      ).toBeVisible();
      await expect(section.getByText('1 devolución')).toBeVisible();
      await staff.close();
    });

    await test.step('the resident sees the padel pending again', async () => {
      await page.reload();
      await page.getByRole('tab', { name: 'Pagos pendientes' }).click();
      await expect(select(page, padel)).toBeEnabled();
      await expect(select(page, swimming)).toHaveCount(0);
      await page.getByRole('tab', { name: 'Pagos realizados' }).click();
      await expect(page.getByRole('region', { name: 'Justificantes de pago' })).toContainText(
        /Devuelto en parte: 45,00\s€/,
      );
    });
  });

  test('a payment whose notification was lost is recovered from the admin panel', async ({
    page,
    browser,
  }) => {
    let order = '';
    await test.step('pays, but the bank’s notification never arrives', async () => {
      await asResident(page);
      await select(page, tennis).check();
      const gateway = await openGateway(page, 'Pagar con tarjeta');
      order = (await gateway.locator('dt:has-text("Pedido") + dd').textContent()) ?? '';
      await gateway.getByLabel(/Perder la notificación/).check();
      await payInGateway(gateway);
      await expect(gateway).toHaveURL(/\/pago-ok$/);
      await expect(
        gateway.getByRole('heading', { level: 1, name: 'Confirmando tu pago con el banco' }),
      ).toBeVisible();
      await expect(gateway.getByText('Pago recibido')).toHaveCount(0);
      await gateway.close();
      await page.reload();
      await expect(select(page, tennis)).toBeEnabled();
    });

    await test.step('staff check it with the bank: paid', async () => {
      const staff = await browser.newPage();
      const section = await paymentsSection(staff);
      await section.getByRole('combobox', { name: 'Estado' }).selectOption('pending');
      await section.getByRole('button', { name: `Consultar al banco el pago ${order}` }).click();
      await expect(section.getByText(`Pedido ${order} consultado al banco: Pagado.`)).toBeVisible();
      await staff.close();
    });

    await test.step('the resident sees it paid', async () => {
      await page.reload();
      await expect(select(page, tennis)).toHaveCount(0);
      await page.getByRole('tab', { name: 'Pagos realizados' }).click();
      await expect(page.getByRole('rowheader', { name: tennis.name })).toBeVisible();
    });
  });
});
