import * as OTPAuth from 'otpauth';
import { expect, test, type Page } from '@playwright/test';
import { expectAccessible } from './support/a11y';
import { ADMIN, identity, loginToken, seedStorage } from './support/api';

const PERIOD_MS = 30_000;

/**
 * Journey 9: an administrator turns on two-step verification (the test is the authenticator
 * app: it computes the codes from the key the panel shows), logs out, and logs in with the
 * password and then a code from the app. A second administrator, so the other journeys' admin
 * keeps logging in with the password alone.
 */
test.describe('two-step verification for administrators', () => {
  const staff = { ...identity(93), password: 'segundo-factor-2026' };

  test.beforeAll(async ({ playwright, baseURL }) => {
    const request = await playwright.request.newContext({ baseURL });
    const token = await loginToken(request, ADMIN);
    const res = await request.post('/api/admin/users/', {
      headers: { Authorization: `Bearer ${token}` },
      data: {
        dni: staff.dni,
        phone: staff.phone,
        email: null,
        password: staff.password,
        repeat_password: staff.password,
        is_admin: true,
      },
    });
    expect(res.status(), await res.text()).toBe(201);
  });

  async function logIn(page: Page) {
    await page.goto('/login');
    await page.getByLabel('DNI o NIE', { exact: false }).fill(staff.dni);
    await page.getByLabel('Contraseña', { exact: true }).fill(staff.password);
    await page.getByRole('button', { name: 'Iniciar sesión' }).click();
  }

  test('sets up the authenticator app and logs in with its code', async ({ page }) => {
    test.setTimeout(90_000);
    await seedStorage(page, { consent: true });
    await logIn(page);
    await expect(page).toHaveURL(/\/admin$/);
    const section = page.locator('#admin-mfa');

    let secret = '';
    let confirmedStep = 0;
    await test.step('turns it on from the key, with the password again and a code from the app', async () => {
      await section.getByLabel('Tu contraseña', { exact: true }).fill(staff.password);
      await section.getByRole('button', { name: 'Activar la verificación en dos pasos' }).click();
      await expect(
        section.getByRole('img', { name: /Código QR para añadir la cuenta/ }),
      ).toBeVisible();
      secret = (await section.getByTestId('mfa-secret').textContent()) ?? '';
      expect(secret).toMatch(/^[A-Z2-7]{32}$/);
      await expectAccessible(page, 'two-step setup with its QR code (es)', '#admin-mfa');
      const totp = new OTPAuth.TOTP({ secret: OTPAuth.Secret.fromBase32(secret) });
      confirmedStep = Math.floor(Date.now() / PERIOD_MS);
      await section.getByLabel('Código de la aplicación').fill(totp.generate());
      await section.getByRole('button', { name: 'Activar', exact: true }).click();
      await expect(section.getByTestId('recovery-codes').getByRole('listitem')).toHaveCount(10);
      await section.getByRole('button', { name: 'Ya los he guardado' }).click();
      await expect(section.getByText(/Está activada\. Te quedan 10 códigos/)).toBeVisible();
    });

    await test.step('the password alone is not enough; the app’s next code is', async () => {
      await page.getByRole('button', { name: 'Cerrar sesión' }).click();
      await expect(page).toHaveURL(/\/login$/);
      await logIn(page);
      await expect(
        page.getByRole('heading', { level: 1, name: 'Verificación en dos pasos' }),
      ).toBeVisible();
      await expectAccessible(page, '/login second step (es)');
      // a code is good once: wait for the period after the one that turned it on
      while (Math.floor(Date.now() / PERIOD_MS) <= confirmedStep) {
        await page.waitForTimeout(1000);
      }
      const totp = new OTPAuth.TOTP({ secret: OTPAuth.Secret.fromBase32(secret) });
      await page.getByLabel('Código de la aplicación').fill(totp.generate());
      await page.getByRole('button', { name: 'Verificar' }).click();
      await expect(page).toHaveURL(/\/admin$/);
      await expect(page.locator('#admin-summary')).toBeVisible();
    });
  });
});
