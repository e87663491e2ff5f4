import { expect, test, type Page } from '@playwright/test';
import { AdminApi, identity, OPEN_CONFIG, registerResident, seedStorage } from './support/api';
import { openGateway, payInGateway } from './support/gateway';
import { hasHorizontalScroll } from './support/screens';

async function expectNoSideScroll(page: Page, where: string): Promise<void> {
  expect(await hasHorizontalScroll(page), `horizontal page scroll on ${where} at 375 px`).toBe(
    false,
  );
}

/**
 * Scrolls the page from top to bottom and, at every step, checks that the Help button covers none
 * of the page's own controls (a checkbox, a button, a link, a field) that are on screen.
 */
async function expectHelpCoversNothing(page: Page, where: string): Promise<void> {
  const covered = await page.evaluate(async () => {
    const help = document.querySelector('[data-slot="help-button"]');
    if (!help) return ['no help button'];
    const found = new Set<string>();
    const step = Math.max(100, Math.floor(window.innerHeight / 3));
    const bottom = document.documentElement.scrollHeight;
    for (let y = 0; y <= bottom; y += step) {
      window.scrollTo(0, y);
      await new Promise((resolve) => requestAnimationFrame(resolve));
      const h = help.getBoundingClientRect();
      const controls = document.querySelectorAll(
        'main input, main button, main a, main select, main [role="checkbox"], main [role="tab"]',
      );
      for (const control of Array.from(controls)) {
        const r = control.getBoundingClientRect();
        if (r.width === 0 || r.height === 0) continue;
        if (r.bottom <= 0 || r.top >= window.innerHeight) continue;
        const overlaps =
          r.left < h.right && h.left < r.right && r.top < h.bottom && h.top < r.bottom;
        if (overlaps)
          found.add(
            control.getAttribute('aria-label') ?? control.textContent?.trim() ?? control.tagName,
          );
      }
    }
    window.scrollTo(0, 0);
    return [...found];
  });
  expect(covered, `controls under the Help button on ${where} at 375 px`).toEqual([]);
}

/** Journey 4: the resident's payment on a 375 px phone, with no sideways page scrolling. */
test.describe('resident journey at 375 px', () => {
  test.use({ viewport: { width: 375, height: 800 } });
  const resident = { ...identity(41), password: 'vecino-movil-2026' };

  test.beforeAll(async ({ playwright, baseURL }) => {
    const request = await playwright.request.newContext({ baseURL });
    const admin = await AdminApi.login(request);
    await admin.setConfig(OPEN_CONFIG);
    const long = await admin.createActivity(
      'Natación terapéutica para adultos con horario de tarde J4',
      52.4,
      '2027-03-01',
    );
    const short = await admin.createActivity('Tenis J4', 36);
    await admin.createEnrolment({
      first_name: 'Roi',
      last_name: 'Castro Domínguez',
      dni: resident.dni,
      phone: resident.phone,
      activity_ids: [long.id, short.id],
    });
    await registerResident(request, resident);
  });

  test('logs in, selects, pays in the sandbox and returns to the dashboard', async ({ page }) => {
    await seedStorage(page, { consent: true });
    await page.goto('/login');
    await expect(page.getByRole('heading', { level: 1, name: 'Iniciar sesión' })).toBeVisible();
    await expectNoSideScroll(page, '/login');

    await page.getByLabel('DNI o NIE').fill(resident.dni);
    await page.getByLabel('Contraseña', { exact: true }).fill(resident.password);
    await page.getByRole('button', { name: 'Iniciar sesión' }).click();
    await expect(page).toHaveURL(/\/dashboard$/);
    const longRow = page.getByRole('checkbox', { name: /Natación terapéutica/ });
    await expect(longRow).toBeVisible();
    await expectNoSideScroll(page, '/dashboard');

    await longRow.check();
    await page.getByRole('checkbox', { name: /Tenis J4/ }).check();
    // 75 % of 52,40 + 75 % of 36
    await expect(page.getByText(/66,30\s€/).first()).toBeVisible();
    await expectHelpCoversNothing(page, '/dashboard with two activities selected');
    await page.getByRole('checkbox', { name: /Aplicar la bonificación/ }).click();
    const dialog = page.getByRole('alertdialog');
    await expect(dialog).toBeVisible();
    await expectNoSideScroll(page, '/dashboard with the discount modal');
    await dialog.getByRole('button', { name: 'Cancelar' }).click();
    await expect(page.getByRole('checkbox', { name: /Aplicar la bonificación/ })).not.toBeChecked();
    await expectNoSideScroll(page, '/dashboard with two activities selected');

    const gateway = await openGateway(page, 'Pagar con tarjeta');
    await expect(gateway.getByText(/66,30\s€/).first()).toBeVisible();
    await expectNoSideScroll(gateway, 'the sandbox gateway');
    await payInGateway(gateway);
    await expect(gateway).toHaveURL(/\/pago-ok$/);
    await expect(gateway.getByRole('heading', { level: 1, name: 'Pago recibido' })).toBeVisible();
    await expectNoSideScroll(gateway, '/pago-ok');

    await gateway.getByRole('link', { name: 'Volver a mis actividades' }).click();
    await expect(gateway).toHaveURL(/\/dashboard$/);
    await expect(gateway.getByText('No hay pagos pendientes.')).toBeVisible();
    await gateway.getByRole('tab', { name: 'Pagos realizados' }).click();
    await expect(gateway.getByRole('rowheader', { name: /Natación terapéutica/ })).toBeVisible();
    await expect(gateway.getByRole('rowheader', { name: 'Tenis J4' })).toBeVisible();
    await expectNoSideScroll(gateway, '/dashboard, completed payments');
  });
});
