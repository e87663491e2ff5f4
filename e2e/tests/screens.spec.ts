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
import { format, LANGS, prefix, text, type Lang } from './support/catalogs';
import { hasHorizontalScroll, snap } from './support/screens';

const PAGES = [
  '/login',
  '/registrarse',
  '/recuperar-cuenta',
  '/dashboard',
  '/admin',
  '/privacidad',
  '/aviso-legal',
  '/nigran-info',
  '/accesibilidad',
  '/actividades',
  '/pago-ok',
  '/pago-ko',
  '/mi-cuenta',
  '/recordatorios/baja?token=1.x',
] as const;
const WIDTHS = [1280, 375] as const;
/** The phones no page may scroll sideways on: each page loaded at 375 px is narrowed to 360 too. */
const PHONE_WIDTHS = [375, 360] as const;
/** A long date with a Spanish month whose Galician name differs ("25 de noviembre de 2026"). */
const SPANISH_LONG_DATE =
  /\d{1,2} de (enero|febrero|mayo|junio|julio|septiembre|octubre|noviembre|diciembre) de \d{4}/;

/**
 * Journey 5 and the accessibility gate: every page at 1280 and 375 px in es, en and gl saved as a
 * screenshot; axe (the rules of Storybook's accessibility panel: WCAG 2.2 A/AA and best
 * practices) on every page at 1280 px and on the significant states (help modal, discount modal,
 * confirmation dialogs, forms showing errors, the sandbox gateway); no sideways page scroll at
 * 375 and 360 px.
 */
test.describe('every page in every language', () => {
  const resident = { ...identity(51), password: 'vecina-capturas-2026' };
  let residentToken = '';
  let adminToken = '';
  let drawPath = '';

  test.beforeAll(async ({ playwright, baseURL }) => {
    const request = await playwright.request.newContext({ baseURL });
    const admin = await AdminApi.login(request);
    await admin.setConfig(OPEN_CONFIG);
    const one = await admin.createActivity('Baile tradicional J5', 28, '2027-01-15');
    const two = await admin.createActivity('Surf J5', 90);
    await admin.createEnrolment({
      first_name: 'Sabela',
      last_name: 'Rodríguez Alonso',
      dni: resident.dni,
      phone: resident.phone,
      email: 'sabela@example.es',
      activity_ids: [one.id, two.id],
    });
    residentToken = await registerResident(request, resident);
    adminToken = await loginToken(request, ADMIN);
    // an activity with places, for the catalogue and a draw page
    const lottery = await request.post('/api/admin/activities-crud/', {
      headers: { Authorization: `Bearer ${adminToken}` },
      data: {
        name: `Natación sorteo J5 ${Date.now() % 100000}`,
        price: 45,
        allocation: 'lottery',
        capacity: 12,
        applications_open_at: new Date(Date.now() - 3_600_000).toISOString(),
        applications_close_at: new Date(Date.now() + 30 * 86_400_000).toISOString(),
        schedule: 'Luns e mércores, 17:00–18:00',
        venue: 'Piscina municipal',
        min_birth_year: 2014,
        max_birth_year: 2020,
      },
    });
    expect(lottery.status(), await lottery.text()).toBe(201);
    drawPath = `/sorteos/${((await lottery.json()) as { id: number }).id}`;
  });

  /**
   * No sideways page scroll on the page already loaded, at each phone width (the viewport
   * narrowed in place, then back to 375 px for the next page).
   */
  async function expectNoSideScroll(page: Page, where: string): Promise<void> {
    for (const width of PHONE_WIDTHS) {
      await page.setViewportSize({ width, height: 800 });
      // the layout after the resize, and after anything that listens to it
      await page.evaluate(
        () => new Promise((done) => requestAnimationFrame(() => requestAnimationFrame(done))),
      );
      expect(await hasHorizontalScroll(page), `horizontal scroll on ${where} at ${width} px`).toBe(
        false,
      );
    }
    await page.setViewportSize({ width: 375, height: 800 });
  }

  /** Opens a page as the right user and waits until its content (not a spinner) shows. */
  async function open(page: Page, lang: Lang, path: string): Promise<void> {
    const token = path === '/admin' ? adminToken : residentToken;
    await page.evaluate((value) => localStorage.setItem('token', value), token);
    await page.goto(path);
    await expect(page.locator('html')).toHaveAttribute('lang', lang);
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    await expect(page.getByText(text(lang, 'app.loading'), { exact: true })).toHaveCount(0);
    if (path === '/dashboard') {
      await expect(page.getByRole('checkbox', { name: /Surf J5/ })).toBeVisible();
    }
    if (path === '/mi-cuenta') {
      await expect(
        page.getByRole('checkbox', { name: text(lang, 'account.reminders.label') }),
      ).toBeVisible();
    }
    if (path === '/admin') {
      // the users list has loaded (newest accounts first: other journeys may push the
      // administrator past the first page)
      await expect(page.locator('#admin-users').getByRole('rowheader').first()).toBeVisible();
      await expect(page.locator('#config-discount')).toBeVisible();
    }
  }

  for (const lang of LANGS) {
    test(`screenshots and axe in ${lang}`, async ({ page }, testInfo) => {
      test.setTimeout(180_000);
      const t = (id: string) => text(lang, id);
      await seedStorage(page, { lang, consent: true });

      for (const width of WIDTHS) {
        await page.setViewportSize({ width, height: width === 375 ? 800 : 900 });
        for (const path of [...PAGES, drawPath]) {
          await open(page, lang, path);
          const name = path.slice(1).replace(/[^\w-]+/g, '-');
          await snap(page, testInfo, name);
          // this Chromium has no Galician date data: the months must still be Galician
          if (lang === 'gl')
            expect(await page.locator('body').innerText(), path).not.toMatch(SPANISH_LONG_DATE);
          if (width === 1280) await expectAccessible(page, `${path} (${lang})`);
          else await expectNoSideScroll(page, `${path} (${lang})`);
        }
      }

      await page.setViewportSize({ width: 1280, height: 900 });
      await test.step('login: help modal and errors', async () => {
        await open(page, lang, '/login');
        await page.getByRole('button', { name: t('help.open') }).click();
        const help = page.getByRole('dialog', { name: t('help.title') });
        await expect(help).toBeVisible();
        await snap(page, testInfo, 'help-modal');
        await expectAccessible(page, `help modal (${lang})`, '[role=dialog]');
        await page.keyboard.press('Escape');
        await expect(help).toHaveCount(0);
        await page.getByRole('button', { name: t('auth.login.submit') }).click();
        await expect(page.getByText(t('auth.error.dniRequired')).first()).toBeVisible();
        await snap(page, testInfo, 'login-errors');
        await expectAccessible(page, `/login with errors (${lang})`, 'main');
      });

      await test.step('registration and recovery with errors', async () => {
        await open(page, lang, '/registrarse');
        await page.getByLabel(t('auth.field.phone')).fill('12');
        await page.getByLabel(t('auth.field.dni')).focus();
        await expect(page.getByText(t('auth.error.phoneInvalid')).first()).toBeVisible();
        await expectAccessible(page, `/registrarse with errors (${lang})`, 'main');
        await open(page, lang, '/recuperar-cuenta');
        await page.getByRole('button', { name: t('auth.recovery.sendCode') }).click();
        await expect(page.getByText(t('auth.error.emailRequired')).first()).toBeVisible();
        await expectAccessible(page, `/recuperar-cuenta with errors (${lang})`, 'main');
      });

      await test.step('dashboard: discount modal, remove confirmation, add form errors', async () => {
        await open(page, lang, '/dashboard');
        await page.getByRole('checkbox', { name: /Surf J5/ }).check();
        await page
          .getByRole('checkbox', { name: prefix(lang, 'dashboard.pay.discountLabel') })
          .click();
        const modal = page.getByRole('alertdialog');
        await expect(modal).toBeVisible();
        await snap(page, testInfo, 'discount-modal');
        await expectAccessible(page, `discount modal (${lang})`, '[role=alertdialog]');
        await modal.getByRole('button', { name: t('dashboard.discount.cancel') }).click();
        await expect(modal).toHaveCount(0);

        await page
          .getByRole('button', {
            name: format(lang, 'persons.remove.label', { name: 'Sabela Rodríguez Alonso' }),
          })
          .click();
        await expect(modal).toBeVisible();
        await expectAccessible(page, `remove person confirmation (${lang})`, '[role=alertdialog]');
        await modal.getByRole('button', { name: t('persons.remove.cancel') }).click();
        await expect(modal).toHaveCount(0);

        await page.getByRole('button', { name: t('persons.add.open') }).click();
        await page.getByRole('button', { name: t('persons.add.sendCode') }).click();
        await expect(page.getByText(t('persons.error.dniRequired')).first()).toBeVisible();
        await expectAccessible(page, `add person with errors (${lang})`, 'main');
      });

      await test.step('the sandbox gateway', async () => {
        await open(page, lang, '/dashboard');
        await page.getByRole('checkbox', { name: /Surf J5/ }).check();
        const popup = page.context().waitForEvent('page');
        await page.getByRole('button', { name: t('dashboard.pay.button') }).click();
        const gateway = await popup;
        await expect(gateway.locator('#card_number')).toBeVisible();
        await expect(gateway.locator('html')).toHaveAttribute('lang', lang);
        await snap(gateway, testInfo, 'sandbox-gateway');
        await expectAccessible(gateway, `sandbox gateway (${lang})`);
        await gateway.close();
      });

      await test.step('admin: delete confirmation and form errors', async () => {
        await open(page, lang, '/admin');
        const users = page.getByRole('region', { name: t('admin.users.title') });
        await users.getByRole('button', { name: t('admin.users.create') }).click();
        await expect(
          users.getByText(t('admin.msg.complete_all_required_fields')).first(),
        ).toBeVisible();
        await expectAccessible(page, `admin user form with errors (${lang})`, '#admin-users');
        // the administrator's row, wherever the other journeys' accounts put it
        await users.getByRole('searchbox', { name: t('admin.users.search') }).fill(ADMIN.dni);
        await users
          .getByRole('button', {
            name: format(lang, 'admin.users.deleteLabel', { dni: ADMIN.dni }),
          })
          .click();
        const confirm = page.getByRole('alertdialog');
        await expect(confirm).toBeVisible();
        await expectAccessible(page, `admin delete confirmation (${lang})`, '[role=alertdialog]');
        await confirm.getByRole('button', { name: t('admin.common.cancel') }).click();
        await expect(confirm).toHaveCount(0);
      });
    });
  }
});
