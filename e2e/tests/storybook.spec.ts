import { createReadStream, existsSync, statSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import { extname, join, normalize } from 'node:path';
import { fileURLToPath } from 'node:url';
import { expect, test } from '@playwright/test';

/**
 * The static Storybook (`npm run build:storybook`) published as is, under a sub-folder of some
 * web server: a screen story renders the real dashboard from the contract's examples through
 * MSW's service worker, its play function runs, and a component's documentation page has its
 * usage notes and props table.
 */
const built = fileURLToPath(new URL('../../stories/storybook-static', import.meta.url));
const PREFIX = '/design/storybook';
const TYPES: Record<string, string> = {
  '.html': 'text/html',
  '.js': 'text/javascript',
  '.css': 'text/css',
  '.json': 'application/json',
  '.svg': 'image/svg+xml',
  '.woff2': 'font/woff2',
  '.pdf': 'application/pdf',
};

let server: Server;
let base: string;

test.beforeAll(async () => {
  test.skip(!existsSync(join(built, 'iframe.html')), 'run npm run build:storybook first');
  server = createServer((req, res) => {
    const path = decodeURIComponent(new URL(req.url ?? '/', 'http://x').pathname);
    if (!path.startsWith(`${PREFIX}/`)) return void res.writeHead(404).end();
    let file = normalize(join(built, path.slice(PREFIX.length)));
    if (!file.startsWith(built)) return void res.writeHead(403).end();
    if (existsSync(file) && statSync(file).isDirectory()) file = join(file, 'index.html');
    if (!existsSync(file)) return void res.writeHead(404).end();
    res.writeHead(200, { 'Content-Type': TYPES[extname(file)] ?? 'application/octet-stream' });
    createReadStream(file).pipe(res);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const address = server.address();
  base = `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}${PREFIX}`;
});

test.afterAll(() => server?.close());

test('a screen story shows the dashboard from the contract and plays its rule', async ({
  page,
}) => {
  await page.goto(
    `${base}/iframe.html?id=screens-dashboard--pending-with-selection&viewMode=story&globals=locale:en`,
  );
  const pending = page.getByRole('table', { name: 'Activities pending payment' });
  await expect(pending.getByRole('rowheader', { name: 'Natación infantil' })).toBeVisible({
    timeout: 20_000,
  });
  // the play function ticked two activities of Xoán: 45 + 30 (its steps wait for the page, which
  // a loaded machine slows as much as the first render)
  await expect(page.locator('[data-slot="total-bar"]')).toContainText('€75.00', {
    timeout: 20_000,
  });
  // the council's logo and the reduction document are found inside the sub-folder too
  const logo = page.getByRole('banner').getByRole('img').first();
  await expect(logo).toHaveAttribute('src', /^\.\/council\/logo\.svg$/);
  await expect
    .poll(() => logo.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth))
    .toBeGreaterThan(0);
  const pdf = await page.request.get(new URL('assets/bonificacion.pdf', page.url()).href);
  expect(pdf.headers()['content-type']).toBe('application/pdf');
});

test('the Council toolbar shows the same screen with the other council’s details and colours', async ({
  page,
}) => {
  await page.goto(
    `${base}/iframe.html?id=screens-dashboard--pending-with-selection&viewMode=story&globals=locale:en;council:ejemplo`,
  );
  const banner = page.getByRole('banner');
  const logo = banner.getByRole('img', { name: 'Ayuntamiento de Villaejemplo' });
  await expect(logo).toHaveAttribute('src', './council/escudo-ejemplo.svg', { timeout: 20_000 });
  await expect
    .poll(() => logo.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth))
    .toBeGreaterThan(0);
  await expect(banner).toContainText('Villaejemplo municipal sports');
  await expect(banner).toHaveCSS('background-color', 'rgb(11, 110, 79)');
  await expect(page.getByRole('contentinfo')).toContainText('Plaza Mayor, 1, 28999 Villaejemplo');
});

test('a component page documents its use and props', async ({ page }) => {
  await page.goto(`${base}/iframe.html?id=overlays-confirmdialog--docs&viewMode=docs`);
  await expect(page.getByText('ConfirmDialog or DiscountModal?')).toBeVisible({
    timeout: 20_000,
  });
  await page.goto(`${base}/iframe.html?id=primitives-button--docs&viewMode=docs`);
  await expect(page.getByRole('table').filter({ hasText: 'variant' }).first()).toBeVisible({
    timeout: 20_000,
  });
});
