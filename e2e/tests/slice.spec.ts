import { expect, test } from '@playwright/test';
import { withDb } from './db';

test.describe('thin slice: shell, public config, maintenance', () => {
  test.afterEach(() => withDb((db) => db.prepare('UPDATE config SET maintenance_mode = 0').run()));

  test('serves the shell with the language switcher', async ({ page }) => {
    await page.goto('/');
    await expect(page).toHaveURL(/\/login$/);
    await expect(page.getByRole('banner')).toBeVisible();
    await page.getByRole('button', { name: 'English' }).click();
    await expect(page.locator('html')).toHaveAttribute('lang', 'en');
    await page.reload();
    await expect(page.locator('html')).toHaveAttribute('lang', 'en');
  });

  test('shows only the maintenance message when maintenance is on in the database', async ({
    page,
  }) => {
    withDb((db) => db.prepare('UPDATE config SET maintenance_mode = 1').run());
    const config = await page.request.get('/api/config');
    expect((await config.json()).maintenance_mode).toBe(true);
    await page.goto('/login');
    // the gate runs only with a stored session
    await page.evaluate(() =>
      localStorage.setItem('token', 'x.eyJzdWIiOiIxIiwiZXhwIjo0MTAyNDQ0ODAwfQ.y'),
    );
    await page.goto('/dashboard');
    await expect(
      page.getByRole('heading', {
        name: /Modo de mantenimiento activado|Maintenance mode enabled/,
      }),
    ).toBeVisible();
  });
});
