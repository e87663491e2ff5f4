import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import { withDb } from './db';
import { expectAccessible } from './support/a11y';
import {
  ADMIN,
  AdminApi,
  identity,
  loginToken,
  OPEN_CONFIG,
  registerResident,
  seedStorage,
  type ActivityRow,
} from './support/api';
import { format, text } from './support/catalogs';
import { openGateway, payInGateway } from './support/gateway';
import { latestCode } from './support/outbox';

/** A real PDF of a few KB (the council's reduction form), as a resident's scan would be. */
const PROOF = join(import.meta.dirname, '../../councils/nigran/bonificacion.pdf');

/**
 * Journey 7 (issue 48): fees as the council's ordinance writes them. Staff define "Familia
 * numerosa" (reviewed by staff, 20 % off); a resident asks for it for her son with a PDF, staff
 * approve it in the panel, the dashboard's amount drops with its breakdown, she pays in the
 * sandbox bank and the receipt shows the reduction. Another resident's request is refused and he
 * reads why, in Galician.
 *
 * A circumstance puts the whole portal in the rules mode, so the journey removes what it made
 * afterwards (requests straight from the database: the API refuses to delete a circumstance that
 * was asked for) and the journeys after it find the simple mode as before.
 */
test.describe('fees by the ordinance: a reduction asked for with a proof', () => {
  const maria = { ...identity(71), password: 'vecina-familia-numerosa-26' };
  const brais = identity(72);
  const xoan = { ...identity(73), password: 'vecino-rexeitado-2026' };
  const antia = identity(74);
  const circumstanceName = 'Familia numerosa';
  let admin: AdminApi;
  let adminToken = '';
  let swimming: ActivityRow;
  let circumstanceId = 0;

  async function api(
    request: APIRequestContext,
    method: 'post' | 'put' | 'delete',
    path: string,
    data?: unknown,
  ) {
    const res = await request[method](path, {
      headers: { Authorization: `Bearer ${adminToken}` },
      ...(data === undefined ? {} : { data }),
    });
    expect(res.status(), `${method} ${path}: ${await res.text()}`).toBeLessThan(300);
    return res.status() === 204 ? null : ((await res.json()) as unknown);
  }

  async function linkPerson(
    request: APIRequestContext,
    token: string,
    person: { dni: string; phone: string },
  ) {
    const headers = { Authorization: `Bearer ${token}` };
    const asked = await request.post('/api/user/persons/request-association', {
      headers,
      data: { dni: person.dni, phone: person.phone },
    });
    if (asked.ok()) {
      await request.post('/api/user/persons/verify-association', {
        headers,
        data: { dni: person.dni, otp_code: await latestCode(request, person.phone) },
      });
    }
  }

  test.beforeAll(async ({ playwright, baseURL }) => {
    const request = await playwright.request.newContext({ baseURL });
    admin = await AdminApi.login(request);
    adminToken = await loginToken(request, ADMIN);
    await admin.setConfig({ ...OPEN_CONFIG, global_discount: 0 });
    swimming = await admin.createActivity('Natación F48', 60);
    const created = (await api(request, 'post', '/api/admin/circumstances', {
      name: { es: circumstanceName, en: 'Large family', gl: circumstanceName },
      proof: {
        es: 'Título de familia numerosa en vigor (las dos caras).',
        en: 'A valid large-family card (both sides).',
        gl: 'Título de familia numerosa en vigor (as dúas caras).',
      },
      validity_months: 12,
      review: 'staff',
    })) as { id: number };
    circumstanceId = created.id;
    await api(request, 'put', '/api/admin/fee-rules', {
      reductions: [
        { circumstance_id: circumstanceId, activity_id: null, percent: 20, price: null },
      ],
      family_discounts: [],
      cumulative: false,
    });
    await admin.createEnrolment({
      first_name: 'Brais',
      last_name: 'Souto Lamas',
      dni: brais.dni,
      phone: brais.phone,
      activity_ids: [swimming.id],
    });
    await admin.createEnrolment({
      first_name: 'Antía',
      last_name: 'Rial Vidal',
      dni: antia.dni,
      phone: antia.phone,
      activity_ids: [swimming.id],
    });
    await linkPerson(request, await registerResident(request, maria), brais);
    await linkPerson(request, await registerResident(request, xoan), antia);
  });

  test.afterAll(async ({ playwright, baseURL }) => {
    const request = await playwright.request.newContext({ baseURL });
    if (circumstanceId) {
      await api(request, 'put', '/api/admin/fee-rules', {
        reductions: [],
        family_discounts: [],
        cumulative: false,
      });
      withDb((db) => {
        db.prepare(
          'DELETE FROM circumstance_documents WHERE request_id IN (SELECT id FROM circumstance_requests WHERE circumstance_id = ?)',
        ).run(circumstanceId);
        db.prepare('DELETE FROM circumstance_requests WHERE circumstance_id = ?').run(
          circumstanceId,
        );
      });
      await api(request, 'delete', `/api/admin/circumstances/${circumstanceId}`);
    }
    await admin.setConfig(OPEN_CONFIG);
  });

  async function dashboardAs(
    page: Page,
    resident: { dni: string; password: string },
    lang: 'es' | 'gl',
  ) {
    await seedStorage(page, {
      token: await loginToken(page.request, resident),
      consent: true,
      lang,
    });
    await page.goto('/dashboard');
    await expect(
      page.getByRole('heading', { level: 1, name: text(lang, 'dashboard.title') }),
    ).toBeVisible();
  }

  /** The reductions beside the people, in the page's language. */
  const reductions = (page: Page, lang: 'es' | 'gl') =>
    page.getByRole('region', { name: text(lang, 'persons.reduction.heading') });

  async function askForReduction(page: Page, lang: 'es' | 'gl', name: string) {
    await reductions(page, lang)
      .getByRole('button', { name: format(lang, 'persons.reduction.askFor', { name }) })
      .click();
    const dialog = page.getByRole('dialog', { name: text(lang, 'persons.reduction.title') });
    await dialog
      .getByRole('combobox', { name: text(lang, 'persons.reduction.circumstance.label') })
      .selectOption({ label: circumstanceName });
    await dialog
      .getByLabel(text(lang, 'persons.reduction.document.label'), { exact: true })
      .setInputFiles({
        name: 'titulo-familia-numerosa.pdf',
        mimeType: 'application/pdf',
        buffer: readFileSync(PROOF),
      });
    await expectAccessible(page, `the request for a reduction (${lang})`, '[role=dialog]');
    await dialog.getByRole('button', { name: text(lang, 'persons.reduction.submit') }).click();
    await expect(dialog).toHaveCount(0);
    await expect(
      page.getByText(
        format(lang, 'persons.reduction.done.pending', { circumstance: circumstanceName, name }),
      ),
    ).toBeVisible();
  }

  /** The review queue in the admin panel, with the request of one person opened. */
  async function reviewRequestOf(staff: Page, person: string) {
    await seedStorage(staff, { token: await loginToken(staff.request, ADMIN), consent: true });
    await staff.goto('/admin');
    const section = staff.locator('#admin-circumstance-requests');
    await expect(
      section.getByRole('table', { name: text('es', 'admin.requests.tableCaption') }),
    ).toBeVisible();
    await section
      .getByRole('button', {
        name: format('es', 'admin.requests.reviewLabel', {
          person,
          circumstance: circumstanceName,
        }),
      })
      .click();
    return section;
  }

  test('a resident asks for a large-family reduction, staff approve it, she pays less and the receipt says why', async ({
    page,
    browser,
  }, testInfo) => {
    test.setTimeout(120_000);
    const son = 'Brais Souto Lamas';
    const row = () => page.getByRole('row', { name: new RegExp(swimming.name) });

    await test.step('the fee is the price, and a reduction can be asked for', async () => {
      await dashboardAs(page, maria, 'es');
      await expect(row()).toContainText(/60,00\s€/);
      await expect(row().getByRole('definition').first()).toHaveText(/60,00\s€/);
      // no reduction to tick: it is asked for, with its proof
      await expect(page.getByRole('checkbox', { name: /bonificación/ })).toHaveCount(0);
      await expect(reductions(page, 'es')).toContainText(text('es', 'persons.reduction.noneAsked'));
      await expectAccessible(page, 'dashboard with fee rules (es)');
    });

    await test.step('she asks for it with the PDF of the large-family card', async () => {
      await askForReduction(page, 'es', son);
      await expect(reductions(page, 'es')).toContainText(
        `${circumstanceName}: ${text('es', 'persons.reduction.status.pending')}`,
      );
    });

    await test.step('staff see the document and approve it in the panel', async () => {
      const staff = await browser.newPage();
      const section = await reviewRequestOf(staff, son);
      await expect(
        section.getByRole('heading', {
          name: format('es', 'admin.requests.reviewTitle', {
            person: son,
            circumstance: circumstanceName,
          }),
        }),
      ).toBeVisible();
      await section.getByRole('button', { name: text('es', 'admin.requests.approve') }).click();
      // "…approved until <date>": the text up to the date
      const approved = format('es', 'admin.requests.approved', {
        person: son,
        circumstance: circumstanceName,
      }).split('{')[0]!;
      await expect(section.getByText(approved, { exact: false })).toBeVisible();
      await staff.close();
    });

    await test.step('the amount drops to 48,00 € and says why', async () => {
      await page.reload();
      await expect(row()).toContainText(/48,00\s€/);
      await expect(row().getByRole('definition')).toHaveText([
        /60,00\s€/,
        new RegExp(`${circumstanceName} −20\\s%\\s\\(−12,00\\s€\\)`),
      ]);
      await expect(reductions(page, 'es')).toContainText(
        new RegExp(`${circumstanceName}: aprobada hasta el \\d{2}/\\d{2}/\\d{4}`),
      );
      // approved: nothing more to ask for him
      await expect(
        reductions(page, 'es').getByRole('button', { name: /Solicitar una reducción/ }),
      ).toHaveCount(0);
      await expectAccessible(page, 'dashboard with an approved reduction (es)');
    });

    let order = '';
    await test.step('she pays 48,00 € in the sandbox bank', async () => {
      await page
        .getByRole('checkbox', { name: `Seleccionar ${swimming.name} de ${brais.dni}` })
        .check();
      await expect(page.locator('[data-slot="pay-bar"]')).toContainText(/48,00\s€/);
      const gateway = await openGateway(page, 'Pagar con tarjeta');
      order = (await gateway.locator('dt:has-text("Pedido") + dd').textContent()) ?? '';
      await payInGateway(gateway);
      await expect(gateway).toHaveURL(/\/pago-ok$/);
      await expect(gateway.getByRole('status')).toContainText(/48,00\s€/);
      await gateway.close();
    });

    await test.step('the receipt shows the reduction, on the page and in the PDF', async () => {
      await page.reload();
      await page.getByRole('tab', { name: 'Pagos realizados' }).click();
      const receipts = page.getByRole('region', { name: 'Justificantes de pago' });
      const items = receipts.getByRole('list', {
        name: format('es', 'payments.items.label', { order }),
      });
      await expect(items).toContainText(new RegExp(`${swimming.name}: 48,00\\s€`));
      await expect(items.getByRole('definition')).toHaveText([
        /60,00\s€/,
        new RegExp(`${circumstanceName} −20\\s%\\s\\(−12,00\\s€\\)`),
      ]);
      // the paid activity says how its 48,00 € came about, as it was charged
      const paid = page
        .getByRole('table', { name: 'Actividades pagadas' })
        .getByRole('row', { name: new RegExp(swimming.name) });
      await expect(paid).toContainText(/48,00\s€/);
      await expect(paid.getByRole('definition')).toHaveText([
        /60,00\s€/,
        new RegExp(`${circumstanceName} −20\\s%\\s\\(−12,00\\s€\\)`),
      ]);
      await expectAccessible(page, 'Completed tab with a breakdown (es)');
      const downloading = page.waitForEvent('download');
      await receipts.getByRole('button', { name: `Descargar justificante ${order} (PDF)` }).click();
      const download = await downloading;
      const file = testInfo.outputPath(download.suggestedFilename());
      await download.saveAs(file);
      const pdf = execFileSync('pdftotext', ['-enc', 'UTF-8', file, '-'], { encoding: 'utf8' });
      for (const expected of [son, swimming.name, '48,00 €', circumstanceName, '12,00 €']) {
        expect(pdf, expected).toContain(expected);
      }
    });
  });

  test('another resident’s request is refused, and he reads why in Galician', async ({
    page,
    browser,
  }) => {
    test.setTimeout(90_000);
    const daughter = 'Antía Rial Vidal';

    await test.step('he asks for it in Galician', async () => {
      await dashboardAs(page, xoan, 'gl');
      await askForReduction(page, 'gl', daughter);
    });

    await test.step('staff refuse it: the document cannot be read', async () => {
      const staff = await browser.newPage();
      const section = await reviewRequestOf(staff, daughter);
      await section
        .getByRole('combobox', { name: text('es', 'admin.requests.reasonCode') })
        .selectOption({ label: text('es', 'admin.requests.reason.unreadable') });
      await section.getByRole('button', { name: text('es', 'admin.requests.refuse') }).click();
      await expect(
        section.getByText(
          format('es', 'admin.requests.refused', {
            person: daughter,
            circumstance: circumstanceName,
          }),
        ),
      ).toBeVisible();
      await staff.close();
    });

    const refusal = `rexeitada: O documento non se pode ler.`;
    await test.step('he reads the refusal and its reason beside his daughter, in Galician', async () => {
      await page.reload();
      await expect(
        reductions(page, 'gl').getByRole('list', {
          name: format('gl', 'persons.reduction.listLabel', { name: daughter }),
        }),
      ).toContainText(`${circumstanceName}: ${refusal}`);
      // the fee is the price still, and he can ask again
      await expect(page.getByRole('row', { name: new RegExp(swimming.name) })).toContainText(
        /60,00\s€/,
      );
      await expect(
        reductions(page, 'gl').getByRole('button', {
          name: format('gl', 'persons.reduction.askFor', { name: daughter }),
        }),
      ).toBeVisible();
      await expectAccessible(page, 'dashboard with a refusal (gl)');
    });

    await test.step('and on A miña conta', async () => {
      await page.goto('/mi-cuenta');
      const section = page.getByRole('region', { name: text('gl', 'account.reductions.title') });
      await expect(section).toContainText(`${daughter}: ${circumstanceName}`);
      await expect(section).toContainText(`Estado: ${refusal}`);
      await expectAccessible(page, 'A miña conta with a refusal (gl)');
    });
  });
});
