import { expect, test, type Page } from '@playwright/test';
import { execFileSync } from 'node:child_process';
import { text } from './support/catalogs';
import { answers, freePort, startNodeProcess, startProcess } from './support/child-process';

type DevMock = Awaited<ReturnType<typeof startDevMock>>;

/**
 * `npm run dev:mock` (`via: 'npm'`) or its script run by node itself, on free ports; settles once
 * both Prism and Vite answer.
 */
async function startDevMock(via: 'npm' | 'node') {
  const [mockPort, webPort] = [await freePort(), await freePort()];
  const env = { ...process.env, MOCK_PORT: String(mockPort), WEB_PORT: String(webPort) };
  const run =
    via === 'npm'
      ? startProcess('npm', ['run', 'dev:mock'], env)
      : startNodeProcess(['scripts/dev-mock.mjs'], env);
  const web = `http://127.0.0.1:${webPort}`;
  const mock = `http://127.0.0.1:${mockPort}/config`;
  await expect
    .poll(async () => (await answers(web)) && (await answers(mock)), {
      timeout: 90_000,
      message: `dev:mock did not start:\n${run.output()}`,
    })
    .toBe(true);
  return { ...run, web, mock };
}

/** Every process running now and its parent (a zombie waiting for its parent has ended). */
function runningProcesses(): Array<readonly [pid: number, parent: number]> {
  return execFileSync('ps', ['-A', '-o', 'pid=,ppid=,stat='], { encoding: 'utf8' })
    .trim()
    .split('\n')
    .map((line) => line.trim().split(/\s+/))
    .filter(([, , stat]) => !stat?.startsWith('Z'))
    .map(([pid, parent]) => [Number(pid), Number(parent)] as const);
}

/** `pid` and every process below it. */
function processTree(pid: number): number[] {
  const rows = runningProcesses();
  const tree = [pid];
  for (let i = 0; i < tree.length; i++) {
    for (const [child, parent] of rows) if (parent === tree[i]) tree.push(child);
  }
  return tree;
}

function stillRunning(pids: number[]): number[] {
  const running = new Set(runningProcesses().map(([pid]) => pid));
  return pids.filter((pid) => running.has(pid));
}

/** Sends `signal` to the process the test started only, as a supervisor or `kill` would. */
async function expectSignalStopsAll(devMock: DevMock, signal: NodeJS.Signals) {
  const started = processTree(devMock.child.pid!);
  // npm (and its shell), the script, Prism and Vite at least
  expect(started.length, `processes: ${started.join(' ')}`).toBeGreaterThanOrEqual(3);
  try {
    devMock.child.kill(signal);
    await expect.poll(() => devMock.child.exitCode ?? devMock.child.signalCode).not.toBeNull();
    await expect.poll(() => answers(devMock.web), { timeout: 10_000 }).toBe(false);
    await expect.poll(() => answers(devMock.mock), { timeout: 10_000 }).toBe(false);
    await expect.poll(() => stillRunning(started), { timeout: 10_000 }).toEqual([]);
  } finally {
    for (const pid of started) {
      try {
        process.kill(pid, 'SIGKILL');
      } catch {
        // stopped, as it should
      }
    }
  }
}

async function loginAsResident(page: Page) {
  await page.goto('/login');
  await page.evaluate(() => localStorage.setItem('cookie-consent-accepted', 'true'));
  await page.getByLabel(text('es', 'auth.field.dni')).fill('12345678Z');
  await page.getByLabel(text('es', 'auth.field.password'), { exact: true }).fill('cualquiera-vale');
  await page.getByRole('button', { name: text('es', 'auth.login.submit') }).click();
  await expect(page).toHaveURL(/\/dashboard$/, { timeout: 30_000 });
}

/**
 * QA's first hour: `npm run dev:mock` (Prism and Vite) logs in as a resident and, choosing the
 * contract's `admin` example, as an administrator; SIGTERM stops both processes.
 */
test('dev:mock: a resident and an administrator log in on the mock; SIGTERM stops it all', async ({
  browser,
}) => {
  test.setTimeout(180_000);
  const devMock = await startDevMock('node');
  const context = await browser.newContext({ baseURL: devMock.web });
  try {
    const page = await context.newPage();
    const consoleErrors: string[] = [];
    page.on('console', (message) => {
      if (message.type() === 'error') consoleErrors.push(message.text());
    });
    await loginAsResident(page);
    await expect(
      page.getByRole('heading', { level: 1, name: text('es', 'dashboard.title') }),
    ).toBeVisible();
    // the default examples are one family: each pending activity once, no duplicate React keys
    const pending = page.getByRole('table', { name: text('es', 'dashboard.pending.caption') });
    await expect(pending.getByRole('rowheader').first()).toBeVisible({ timeout: 30_000 });
    const rows = await pending.getByRole('row').allInnerTexts();
    expect(rows.length).toBeGreaterThan(1);
    expect(new Set(rows).size, rows.join('\n')).toBe(rows.length);
    expect(consoleErrors.filter((error) => /same key/.test(error))).toEqual([]);

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
  } finally {
    await context.close();
    await expectSignalStopsAll(devMock, 'SIGTERM');
  }
  expect(devMock.child.exitCode).toBe(0);
});

/**
 * Paying on the mock: the card form goes to the mock's stand-in bank, in a new tab, never to
 * Redsys; the bank shows the order and the total chosen on the dashboard and sends the browser
 * back to /pago-ok (Pagar), which shows that amount, or /pago-ko (Denegar). No request of any tab
 * leaves the machine.
 */
test('dev:mock: paying goes to the stand-in bank and back, all on this machine', async ({
  browser,
}) => {
  test.setTimeout(180_000);
  const devMock = await startDevMock('node');
  const context = await browser.newContext({ baseURL: devMock.web });
  const offMachine: string[] = [];
  context.on('request', (request) => {
    const url = new URL(request.url());
    if (/^https?:$/.test(url.protocol) && !['127.0.0.1', 'localhost'].includes(url.hostname)) {
      offMachine.push(`${request.method()} ${request.url()}`);
    }
  });
  try {
    const page = await context.newPage();
    await loginAsResident(page);
    await page
      .getByRole('checkbox', { name: /^Seleccionar / })
      .first()
      .check();
    // Natación infantil alone: 45 €, not the payment example's 75 €
    const total = /^45,00\s€$/;
    await expect(page.locator('[data-slot="pay-bar"]')).toContainText(/45,00\s€/);

    for (const [decision, back, title] of [
      ['Pagar', /\/pago-ok$/, text('es', 'payments.ok.received.title')],
      ['Denegar', /\/pago-ko$/, text('es', 'payments.ko.title')],
    ] as const) {
      const popup = context.waitForEvent('page');
      await page.getByRole('button', { name: text('es', 'dashboard.pay.button') }).click();
      const bank = await popup;
      await expect(bank).toHaveURL(/\/mock-bank\?/);
      await expect(bank.getByRole('heading', { name: 'Banco de pruebas del mock' })).toBeVisible();
      // the contract's example's order, and the amount chosen
      await expect(bank.getByText('2611AB12CD34')).toBeVisible();
      await expect(bank.getByText(total)).toBeVisible();
      await bank.getByRole('button', { name: decision }).click();
      await expect(bank).toHaveURL(back);
      await expect(bank.getByRole('heading', { level: 1, name: title })).toBeVisible();
      if (decision === 'Pagar') await expect(bank.getByRole('main')).toContainText(/45,00\s€/);
      await bank.close();
    }
    expect(offMachine).toEqual([]);
  } finally {
    await context.close();
    await expectSignalStopsAll(devMock, 'SIGTERM');
  }
});

/**
 * Whoever stops dev:mock, a person's terminal or a supervisor, may signal npm or the script, with
 * SIGTERM, SIGINT or SIGHUP: each stops Prism and Vite and frees both ports.
 */
for (const [via, signal] of [
  ['npm', 'SIGTERM'],
  ['npm', 'SIGINT'],
  ['npm', 'SIGHUP'],
  ['node', 'SIGINT'],
  ['node', 'SIGHUP'],
] as const) {
  test(`dev:mock: ${signal} to ${via === 'npm' ? 'npm run dev:mock' : 'its script'} stops Prism and Vite`, async () => {
    test.setTimeout(120_000);
    await expectSignalStopsAll(await startDevMock(via), signal);
  });
}
