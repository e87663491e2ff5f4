import { expect, test } from '@playwright/test';
import { text } from './support/catalogs';
import { answers, startNodeProcess } from './support/child-process';

const MOCK_PORT = '4317';
const WEB_PORT = '5317';

/**
 * QA's first hour: `npm run dev:mock` (Prism and Vite) logs in as a resident and, choosing the
 * contract's `admin` example, as an administrator; SIGTERM stops both processes.
 */
test('dev:mock: a resident and an administrator log in on the mock; SIGTERM stops it all', async ({
  browser,
}) => {
  test.setTimeout(180_000);
  const { child, output, exited } = startNodeProcess(['scripts/dev-mock.mjs'], {
    ...process.env,
    MOCK_PORT,
    WEB_PORT,
  });
  const web = `http://127.0.0.1:${WEB_PORT}`;
  try {
    await expect
      .poll(
        async () => (await answers(web)) && (await answers(`http://127.0.0.1:${MOCK_PORT}/config`)),
        {
          timeout: 90_000,
          message: `dev:mock did not start:\n${output()}`,
        },
      )
      .toBe(true);
    const context = await browser.newContext({ baseURL: web });
    const page = await context.newPage();
    await page.goto('/login');
    await page.evaluate(() => localStorage.setItem('cookie-consent-accepted', 'true'));

    await page.getByLabel(text('es', 'auth.field.dni')).fill('12345678Z');
    await page
      .getByLabel(text('es', 'auth.field.password'), { exact: true })
      .fill('cualquiera-vale');
    await page.getByRole('button', { name: text('es', 'auth.login.submit') }).click();
    await expect(page).toHaveURL(/\/dashboard$/, { timeout: 30_000 });
    await expect(
      page.getByRole('heading', { level: 1, name: text('es', 'dashboard.title') }),
    ).toBeVisible();

    await page.getByRole('button', { name: text('es', 'header.logout') }).click();
    await expect(page).toHaveURL(/\/login$/);
    await page.goto(`/login?mock=${encodeURIComponent('POST /user/login|example=admin')}`);
    await page.getByLabel(text('es', 'auth.field.dni')).fill('33445566R');
    await page
      .getByLabel(text('es', 'auth.field.password'), { exact: true })
      .fill('cualquiera-vale');
    await page.getByRole('button', { name: text('es', 'auth.login.submit') }).click();
    await expect(page).toHaveURL(/\/admin$/, { timeout: 30_000 });
    await expect(
      page.getByRole('heading', { level: 1, name: text('es', 'admin.title') }),
    ).toBeVisible();
    await context.close();
  } finally {
    if (child.exitCode === null) child.kill('SIGTERM');
    await exited;
  }
  expect(child.exitCode).toBe(0);
  // both stopped: nothing answers on either port any more
  await expect.poll(() => answers(web), { timeout: 10_000 }).toBe(false);
  await expect
    .poll(() => answers(`http://127.0.0.1:${MOCK_PORT}/config`), { timeout: 10_000 })
    .toBe(false);
});
