import { expect, test } from '@playwright/test';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { text } from './support/catalogs';
import { answers, startNodeProcess } from './support/child-process';

const PORT = Number(process.env.E2E_PORT ?? 8181) + 7;
const base = `http://127.0.0.1:${PORT}`;

/**
 * One image, many councils: the very build the other journeys use, started again with another
 * council's file (councils/ejemplo), shows that council everywhere a resident looks, with no
 * rebuild. (Its receipts and SMS are checked in bff/test/council.test.ts.)
 */
test('the same build serves a second council: its name, logo, colours, contacts and address', async ({
  browser,
}) => {
  test.setTimeout(120_000);
  const { child, output, exited } = startNodeProcess(['bff/dist/src/server.js'], {
    PATH: process.env.PATH ?? '',
    HOME: process.env.HOME ?? '',
    PORT: String(PORT),
    HOST: '127.0.0.1',
    DATA_DIR: mkdtempSync(join(tmpdir(), 'portal-e2e-council-')),
    PUBLIC_URL: base,
    NODE_ENV: 'development',
    SEED_DEMO: '0',
    LOG_LEVEL: 'warn',
    COUNCIL_FILE: 'councils/ejemplo/council.json',
  });
  try {
    await expect
      .poll(() => answers(`${base}/api/health`, { ok: true }), {
        timeout: 60_000,
        message: `the server did not start:\n${output()}`,
      })
      .toBe(true);
    const context = await browser.newContext({ baseURL: base });
    const page = await context.newPage();
    await page.goto('/login');

    // the header: its portal's title, its logo, its colour on the design tokens
    await expect(page.getByText('Deportes municipales de Villaejemplo').first()).toBeVisible();
    const logo = page.getByRole('img', { name: 'Ayuntamiento de Villaejemplo' });
    await expect(logo).toHaveAttribute('src', '/council/escudo-ejemplo.svg');
    // the logo decodes (width > 0) once loaded: poll, the element is there before its image is
    await expect
      .poll(() => logo.evaluate((img: HTMLImageElement) => (img.complete ? img.naturalWidth : 0)))
      .toBeGreaterThan(0);
    const header = page.locator('header').first();
    await expect(header).toHaveCSS('background-color', 'rgb(11, 110, 79)');
    await expect(page).toHaveTitle(/Deportes municipales de Villaejemplo/);

    // the footer, and nothing of the bundled council anywhere on the page
    const footer = page.locator('footer');
    await expect(footer).toContainText(
      'Ayuntamiento de Villaejemplo · Plaza Mayor, 1, 28999 Villaejemplo, Madrid',
    );
    await expect(footer).toHaveCSS('background-color', 'rgb(8, 61, 44)');
    await expect(footer.getByRole('link', { name: 'Instagram' })).toHaveAttribute(
      'href',
      'https://www.instagram.com/villaejemplo',
    );
    expect(await page.locator('body').innerText()).not.toContain('Nigrán');

    // the help modal: its phone, its e-mail, its hours
    await page.getByRole('button', { name: text('es', 'help.open') }).click();
    const help = page.getByRole('dialog');
    await expect(help).toContainText('+34 910 000 100');
    await expect(help).toContainText('info@villaejemplo.example.es');
    await expect(help).toContainText('9:00');
    await page.keyboard.press('Escape');

    // its contact page, at the neutral address
    await page.goto('/concello');
    const main = page.locator('main');
    await expect(main).toContainText('Ayuntamiento de Villaejemplo');
    await expect(main).toContainText('Plaza Mayor, 1, 28999 Villaejemplo, Madrid');
    await expect(
      main.getByRole('link', { name: /deportes@villaejemplo\.example\.es/ }),
    ).toBeVisible();

    // its own wording of the accessibility statement, and when it reviewed it
    await page.goto('/accesibilidad');
    await expect(page.locator('main')).toContainText(
      'Este portal es plenamente conforme con el RD 1112/2018 según la revisión de Ayuntamiento de Villaejemplo',
    );
    await expect(page.locator('main')).toContainText('15 de octubre de 2026');

    // its documents at the spec's addresses
    const reduction = await page.request.get('/assets/bonificacion.pdf');
    expect(reduction.headers()['content-type']).toBe('application/pdf');
    expect((await reduction.body()).toString('latin1')).toContain('Villaejemplo');
    await context.close();
  } finally {
    child.kill('SIGTERM');
    await exited;
  }
});
