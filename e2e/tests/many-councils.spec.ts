import { expect, test, type APIRequestContext, type Browser } from '@playwright/test';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import {
  AdminApi,
  identity,
  loginToken,
  OPEN_CONFIG,
  registerResident,
  seedStorage,
} from './support/api';
import { format, text, type Lang } from './support/catalogs';
import { answers, startNodeProcess } from './support/child-process';
import { openGateway, payInGateway } from './support/gateway';
import { latestCode } from './support/outbox';

const PORT = Number(process.env.E2E_PORT ?? 8181) + 9;

/**
 * Issue 64: one deployment (the very build the other journeys use, started with COUNCILS_DIR on
 * the bundled councils folder) serves two councils on two host names, each its own portal: its
 * name, logo, legal texts and the language its resident reads, and a resident of each paying by
 * card in the sandbox bank of that council. The same DNI, the same activity name and the same
 * child are in both: two accounts, two activities, two payments, nothing of one shown in the
 * other. The browser opens http://nigran.localhost and http://ejemplo.localhost (Chromium sends
 * *.localhost to this machine); the API helpers, from Node, which does not, name the council
 * by X-Forwarded-Host through the proxy the server trusts.
 */
interface CouncilCase {
  id: 'nigran' | 'ejemplo';
  lang: Lang;
  title: string;
  name: string;
  logo: string;
  /** A sentence of its accessibility statement as the resident reads it. */
  statement: string;
  /** What the other council's pages say and this one's never do. */
  otherName: string;
}

const COUNCILS: CouncilCase[] = [
  {
    id: 'nigran',
    lang: 'gl',
    title: 'Actividades deportivas municipais',
    name: 'Concello de Nigrán',
    logo: '/council/logo.svg',
    // the bundled statement, in Galician
    statement: 'Este portal é parcialmente conforme co RD 1112/2018',
    otherName: 'Villaejemplo',
  },
  {
    id: 'ejemplo',
    lang: 'es',
    title: 'Deportes municipales de Villaejemplo',
    name: 'Ayuntamiento de Villaejemplo',
    logo: '/council/escudo-ejemplo.svg',
    // its own wording (council.json legal.texts), not the bundled statement's
    statement: 'Este portal es plenamente conforme con el RD 1112/2018 según la revisión de',
    otherName: 'Nigrán',
  },
];

const resident = { ...identity(91), password: 'veciña-de-dous-concellos-26' };
const child = identity(92);

async function councilApi(
  playwright: { request: { newContext: (o: object) => Promise<APIRequestContext> } },
  id: string,
) {
  return playwright.request.newContext({
    baseURL: `http://127.0.0.1:${PORT}`,
    extraHTTPHeaders: { 'X-Forwarded-Host': `${id}.localhost` },
  });
}

async function payIn(browser: Browser, council: CouncilCase, activityName: string, token: string) {
  const context = await browser.newContext({ baseURL: `http://${council.id}.localhost:${PORT}` });
  const page = await context.newPage();
  try {
    await seedStorage(page, { token, lang: council.lang, consent: true });
    await page.goto('/dashboard');
    await expect(
      page.getByRole('heading', { level: 1, name: text(council.lang, 'dashboard.title') }),
    ).toBeVisible();

    // its own portal: title, logo, name in the footer, nothing of the other council
    await expect(page).toHaveTitle(new RegExp(council.title));
    const logo = page.getByRole('img', { name: council.name }).first();
    await expect(logo).toHaveAttribute('src', council.logo);
    await expect
      .poll(() => logo.evaluate((img: HTMLImageElement) => (img.complete ? img.naturalWidth : 0)))
      .toBeGreaterThan(0);
    await expect(page.locator('footer')).toContainText(council.name);
    expect(await page.locator('body').innerText()).not.toContain(council.otherName);

    // pays its activity in its own sandbox bank, on its own host
    await page
      .getByRole('checkbox', {
        name: format(council.lang, 'dashboard.table.selectRow', {
          activity: activityName,
          dni: child.dni,
        }),
      })
      .check();
    const gateway = await openGateway(page, text(council.lang, 'dashboard.pay.button'));
    expect(new URL(gateway.url()).host).toBe(`${council.id}.localhost:${PORT}`);
    await payInGateway(gateway);
    await expect(gateway).toHaveURL(
      new RegExp(`^http://${council.id}\\.localhost:${PORT}/pago-ok$`),
    );
    await expect(
      gateway.getByRole('heading', {
        level: 1,
        name: text(council.lang, 'payments.ok.received.title'),
      }),
    ).toBeVisible();
    await gateway.close();

    // its legal texts, in the resident's language, naming this council
    await page.goto('/accesibilidad');
    await expect(page.locator('main')).toContainText(council.statement);
    expect(await page.locator('main').innerText()).not.toContain(council.otherName);
  } finally {
    await context.close();
  }
}

test('one deployment, two councils on two host names: each its own portal, a resident paying in each', async ({
  browser,
  playwright,
}) => {
  test.setTimeout(240_000);
  const {
    child: server,
    output,
    exited,
  } = startNodeProcess(['bff/dist/src/server.js'], {
    PATH: process.env.PATH ?? '',
    HOME: process.env.HOME ?? '',
    PORT: String(PORT),
    HOST: '127.0.0.1',
    DATA_DIR: mkdtempSync(join(tmpdir(), 'portal-e2e-councils-')),
    COUNCILS_DIR: 'councils',
    PUBLIC_URL: `http://localhost:${PORT}`,
    NODE_ENV: 'development',
    SEED_DEMO: '0',
    LOG_LEVEL: 'warn',
    ADMIN_DNI: '33445566R',
    ADMIN_PASSWORD: 'e2e-admin-password-2026',
    TRUST_PROXY: '1',
    RESPONSE_VALIDATION: 'strict',
    SHED_EVENT_LOOP_DELAY_MS: '0',
  });
  try {
    await expect
      .poll(() => answers(`http://127.0.0.1:${PORT}/api/health`, { ok: true }), {
        timeout: 60_000,
        message: `the server did not start:\n${output()}`,
      })
      .toBe(true);

    const paid: Record<string, number> = {};
    for (const council of COUNCILS) {
      await test.step(`${council.id}: the same activity name, child and DNI arranged`, async () => {
        const request = await councilApi(playwright, council.id);
        const admin = await AdminApi.login(request);
        await admin.setConfig({ ...OPEN_CONFIG, global_discount: 0 });
        // the same name in both councils, another price in each
        const price = council.id === 'nigran' ? 30 : 45;
        const activity = await admin.createActivity('Natación', price);
        paid[council.id] = price;
        await admin.createEnrolment({
          first_name: 'Antía',
          last_name: 'Lois Pereira',
          dni: child.dni,
          phone: child.phone,
          activity_ids: [activity.id],
        });
        const token = await registerResident(request, resident);
        const headers = { Authorization: `Bearer ${token}` };
        const asked = await request.post('/api/user/persons/request-association', {
          headers,
          data: { dni: child.dni, phone: child.phone },
        });
        expect(asked.status(), await asked.text()).toBe(200);
        const verified = await request.post('/api/user/persons/verify-association', {
          headers,
          data: { dni: child.dni, otp_code: await latestCode(request, child.phone) },
        });
        expect(verified.status(), await verified.text()).toBe(200);
        await request.dispose();
      });
    }

    for (const council of COUNCILS) {
      await test.step(`${council.id}: its own portal, and its resident pays`, async () => {
        const request = await councilApi(playwright, council.id);
        const token = await loginToken(request, resident);
        await request.dispose();
        await payIn(browser, council, 'Natación', token);
      });
    }

    await test.step('each council has its own payment, and an unknown host is no council', async () => {
      for (const council of COUNCILS) {
        const request = await councilApi(playwright, council.id);
        const token = await loginToken(request, resident);
        const history = await request.get('/api/user/payments/', {
          headers: { Authorization: `Bearer ${token}` },
        });
        expect(history.status(), await history.text()).toBe(200);
        // one payment each, of that council's price (the simple mode charges 75 %)
        const payments = (await history.json()) as {
          status: string;
          amount: number;
          items: { name: string }[];
        }[];
        expect(payments).toHaveLength(1);
        expect(payments[0]).toMatchObject({
          status: 'paid',
          amount: paid[council.id]! * 0.75,
          items: [{ name: 'Natación' }],
        });
        await request.dispose();
      }
      const context = await browser.newContext();
      const page = await context.newPage();
      const unknown = await page.goto(`http://oeste.localhost:${PORT}/login`);
      expect(unknown?.status()).toBe(404);
      expect(await page.locator('body').innerText()).not.toMatch(/Nigrán|Villaejemplo/);
      await context.close();
    });
  } finally {
    server.kill('SIGTERM');
    await exited;
  }
});
