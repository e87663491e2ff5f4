import { expect, test } from '@playwright/test';
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
import { layoutProblems } from './support/layout';
import { hasHorizontalScroll } from './support/screens';

const SEASON_ACTIVITY = 'Natación infantil de iniciación J88';

const SECTIONS = [
  'admin-reminders',
  'admin-summary',
  'admin-upload',
  'admin-users',
  'admin-enrolments',
  'admin-activities',
  'admin-payments',
  'admin-config',
  'admin-mfa',
  'admin-season',
  'admin-audit',
];

/**
 * Every section of the staff panel on phones (375 and 360 px) and a desktop (1280 px), in the
 * three languages: no page scrolling sideways, no header or label cut by its box, no word split
 * across lines, no control sticking out of the screen. There is a paid payment, so the payments
 * table shows all its columns.
 */
test.describe('the staff panel fits at 375, 360 and 1280 px', () => {
  test.beforeAll(async ({ browser, baseURL }) => {
    const page = await browser.newPage({ baseURL });
    const admin = await AdminApi.login(page.request);
    await admin.setConfig(OPEN_CONFIG);
    const resident = { ...identity(88), password: 'panel-estreito-2026' };
    const activity = await admin.createActivity('Pádel de iniciación para adultos J88', 41.5);
    await admin.createEnrolment({
      first_name: 'Xoana',
      last_name: 'Fernández Outeiro',
      dni: resident.dni,
      phone: resident.phone,
      email: 'xoana.fernandez.outeiro@example.gal',
      activity_ids: [activity.id],
    });
    // an activity with places, so that "Plazas y sorteos" shows a row with its window and counts
    const places = await page.request.post('/api/admin/activities-crud/', {
      headers: { Authorization: `Bearer ${await loginToken(page.request, ADMIN)}` },
      data: {
        name: SEASON_ACTIVITY,
        price: 60,
        start_date: '2027-01-11',
        allocation: 'first_come',
        capacity: 3,
        applications_open_at: new Date(Date.now() - 3_600_000).toISOString(),
        applications_close_at: new Date(Date.now() + 30 * 86_400_000).toISOString(),
      },
    });
    expect([201, 409]).toContain(places.status());
    await registerResident(page.request, resident);
    await seedStorage(page, { token: await loginToken(page.request, resident), consent: true });
    await page.goto('/dashboard');
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    const pending = page.getByRole('checkbox', { name: new RegExp(activity.name) });
    // a worker restarted after a failure finds it paid already
    if ((await pending.count()) > 0) {
      await pending.check();
      const gateway = await openGateway(page, 'Pagar con tarjeta');
      await payInGateway(gateway);
      await expect(gateway).toHaveURL(/\/pago-ok$/);
    }
    await page.close();
  });

  for (const width of [375, 1280]) {
    for (const lang of ['es', 'en', 'gl'] as const) {
      test(`${width} px, ${lang}`, async ({ page }) => {
        await page.setViewportSize({ width, height: 900 });
        await seedStorage(page, {
          token: await loginToken(page.request, ADMIN),
          consent: true,
          lang,
        });
        await page.goto('/admin');
        await expect(page.locator('#admin-payments table')).toBeVisible();
        await expect(page.locator('#admin-users table')).toBeVisible();
        // on a phone, the panel loaded at 375 px is narrowed in place to 360 px and checked again
        for (const at of width === 375 ? [375, 360] : [width]) {
          if (at !== width) await page.setViewportSize({ width: at, height: 900 });
          const problems: string[] = [];
          for (const id of SECTIONS) {
            const section = page.locator(`#${id}`);
            await section.scrollIntoViewIfNeeded();
            for (const problem of await layoutProblems(section)) problems.push(`${id}: ${problem}`);
          }
          expect(await hasHorizontalScroll(page), `the page scrolls sideways at ${at} px`).toBe(
            false,
          );
          expect(problems, `at ${at} px`).toEqual([]);
        }
        if (width === 1280) {
          // "Plazas y sorteos" fits a desktop: no column cut off behind its table's scroller, and
          // a window's dates on two lines at most
          const season = page.locator('#admin-season table').first();
          await expect(
            season.getByRole('row', { name: new RegExp(SEASON_ACTIVITY) }),
          ).toBeVisible();
          const fits = await season.evaluate((table) => {
            const scroller = table.parentElement!;
            return scroller.scrollWidth <= scroller.clientWidth + 1;
          });
          expect(fits, 'the season table scrolls sideways at 1280 px').toBe(true);
          const window = season
            .getByRole('row', { name: new RegExp(SEASON_ACTIVITY) })
            .locator('td')
            .nth(1);
          const lines = await window.evaluate((cell) =>
            Math.round(
              cell.getBoundingClientRect().height / parseFloat(getComputedStyle(cell).lineHeight),
            ),
          );
          expect(lines).toBeLessThanOrEqual(3);
        }
      });
    }
  }
});
