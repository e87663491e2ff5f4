import { expect, test } from '@playwright/test';
import {
  AdminApi,
  identity,
  loginToken,
  OPEN_CONFIG,
  registerResident,
  seedStorage,
  type ActivityRow,
} from './support/api';
import { text } from './support/catalogs';
import { openGateway, payInGateway } from './support/gateway';
import { latestCode } from './support/outbox';

/**
 * A resident's first hour: the tab left open forgets what the bank's tab just paid, without a
 * reload; the password is changed on "Mi cuenta" and the next login takes the new one; the mobile
 * is changed there too, with the SMS code sent to the new one.
 */
test.describe('a resident’s first hour', () => {
  const resident = { ...identity(85), password: 'primeira-hora-2026' };
  let rowing: ActivityRow;

  test.beforeAll(async ({ playwright, baseURL }) => {
    const request = await playwright.request.newContext({ baseURL });
    const admin = await AdminApi.login(request);
    await admin.setConfig(OPEN_CONFIG);
    rowing = await admin.createActivity('Remo J85', 33);
    await admin.createEnrolment({
      first_name: 'Noa',
      last_name: 'Barreiro Vidal',
      dni: resident.dni,
      phone: resident.phone,
      activity_ids: [rowing.id],
    });
    await registerResident(request, resident);
    await request.dispose();
  });

  test('the first tab forgets what the bank’s tab just paid, without a reload', async ({
    page,
  }) => {
    await seedStorage(page, { token: await loginToken(page.request, resident), consent: true });
    await page.goto('/dashboard');
    const box = page.getByRole('checkbox', {
      name: `Seleccionar ${rowing.name} de ${resident.dni}`,
    });
    await box.check();
    const gateway = await openGateway(page, text('es', 'dashboard.pay.button'));
    await payInGateway(gateway);
    await expect(gateway).toHaveURL(/\/pago-ok$/);
    await expect(
      gateway.getByRole('heading', { level: 1, name: text('es', 'payments.ok.received.title') }),
    ).toBeVisible();
    // the first tab was never reloaded: the bank's tab told it, and it read its data again
    await expect(box).toHaveCount(0);
    await expect(page.getByText(text('es', 'dashboard.pending.empty'))).toBeVisible();
    await expect(
      page.getByRole('button', { name: text('es', 'dashboard.pay.button') }),
    ).toHaveCount(0);
  });

  test('changes the password on Mi cuenta; the next login takes the new one', async ({ page }) => {
    const next = 'segunda-hora-2026';
    await seedStorage(page, { token: await loginToken(page.request, resident), consent: true });
    await page.goto('/mi-cuenta');
    const section = page.getByRole('region', { name: text('es', 'account.password.title') });
    await section
      .getByLabel(text('es', 'account.password.current'), { exact: true })
      .fill(resident.password);
    await section.getByLabel(text('es', 'account.password.new'), { exact: true }).fill(next);
    await section.getByLabel(text('es', 'account.password.repeat'), { exact: true }).fill(next);
    await section.getByRole('button', { name: text('es', 'account.password.submit') }).click();
    await expect(section.getByText(text('es', 'account.password.changed'))).toBeVisible();
    // this session goes on
    await page.goto('/dashboard');
    await expect(
      page.getByRole('heading', { level: 1, name: text('es', 'dashboard.title') }),
    ).toBeVisible();
    await page.getByRole('button', { name: text('es', 'header.logout') }).click();
    await expect(page).toHaveURL(/\/login$/);
    await page.getByLabel(text('es', 'auth.field.dni')).fill(resident.dni);
    await page
      .getByLabel(text('es', 'auth.field.password'), { exact: true })
      .fill(resident.password);
    await page.getByRole('button', { name: text('es', 'auth.login.submit') }).click();
    await expect(page.getByText(text('es', 'auth.login.badCredentials')).first()).toBeVisible();
    await page.getByLabel(text('es', 'auth.field.password'), { exact: true }).fill(next);
    await page.getByRole('button', { name: text('es', 'auth.login.submit') }).click();
    await expect(page).toHaveURL(/\/dashboard$/);
  });

  test('changes the mobile on Mi cuenta (in Galician) with the code sent to the new one', async ({
    page,
  }) => {
    const owner = { ...identity(86), password: 'terceira-hora-2026' };
    await registerResident(page.request, owner);
    const newPhone = identity(87).phone;
    await seedStorage(page, {
      token: await loginToken(page.request, owner),
      consent: true,
      lang: 'gl',
    });
    await page.goto('/mi-cuenta');
    const section = page.getByRole('region', { name: text('gl', 'account.contact.title') });
    await section.getByRole('button', { name: text('gl', 'account.contact.changePhone') }).click();
    await section
      .getByLabel(text('gl', 'account.contact.newPhone'), { exact: true })
      .fill(newPhone);
    await section
      .getByLabel(text('gl', 'account.contact.password'), { exact: true })
      .fill(owner.password);
    await section.getByRole('button', { name: text('gl', 'account.contact.send') }).click();
    const code = await latestCode(page.request, newPhone);
    await section.getByLabel(text('gl', 'account.contact.code'), { exact: true }).fill(code);
    await section.getByRole('button', { name: text('gl', 'account.contact.confirm') }).click();
    await expect(section.getByText(text('gl', 'account.contact.phoneChanged'))).toBeVisible();
    await expect(page.getByText(newPhone, { exact: true })).toBeVisible();
  });
});
