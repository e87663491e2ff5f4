import ExcelJS from 'exceljs';
import { expect, test } from '@playwright/test';
import { expectAccessible } from './support/a11y';
import { ADMIN, dni, loginToken, seedStorage } from './support/api';

const PEOPLE = 2_100;

/** An .xlsx of `PEOPLE` people in one activity, one of them named with accents to search for. */
async function bigWorkbook(): Promise<Buffer> {
  const book = new ExcelJS.Workbook();
  const sheet = book.addWorksheet('Inscripciones');
  sheet.addRow(['Nombre', 'Apellidos', 'DNI', 'Teléfono', 'Actividad', 'Precio']);
  for (let i = 0; i < PEOPLE; i++) {
    const special = i === 1_234;
    sheet.addRow([
      special ? 'Zuriñe' : `Persoa ${i}`,
      special ? 'Núñez Ferreiro' : `Carga Masiva ${String(i).padStart(4, '0')}`,
      dni(91_000_000 + i),
      `6${String(91_000_000 + i).slice(-8)}`,
      'Carga J8',
      12,
    ]);
  }
  return Buffer.from(await book.xlsx.writeBuffer());
}

/**
 * Journey 8: a large town. With more than 2,000 people enrolled, the enrolments table asks the
 * server for one page of ten at a time; staff search (case and accents ignored) and page to the
 * end without the panel downloading the whole list.
 */
test.describe('staff tools at scale', () => {
  test.beforeAll(async ({ playwright, baseURL }) => {
    const request = await playwright.request.newContext({ baseURL });
    const token = await loginToken(request, ADMIN);
    const res = await request.post('/api/admin/upload-table/', {
      headers: { Authorization: `Bearer ${token}` },
      multipart: {
        file: {
          name: 'carga-masiva.xlsx',
          mimeType: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
          buffer: await bigWorkbook(),
        },
      },
      timeout: 60_000,
    });
    expect(res.status(), await res.text()).toBe(200);
  });

  test('search and page through more than 2,000 enrolments', async ({ page }) => {
    const listCalls: string[] = [];
    page.on('request', (request) => {
      const url = new URL(request.url());
      if (url.pathname === '/api/admin/person-activities/') listCalls.push(url.search);
    });
    await seedStorage(page, { token: await loginToken(page.request, ADMIN), consent: true });
    await page.goto('/admin');
    const section = page.locator('#admin-enrolments');
    const table = section.getByRole('table', { name: 'Inscripciones' });
    const pages = section.getByRole('navigation', { name: 'Páginas de inscripciones' });
    await expect(table.getByRole('row')).toHaveCount(11);
    await expect(pages).toContainText(/Página 1 de \d{3} · \d[\d.]* resultados/);
    // never the whole list: every call asks for one page (the table's ten, the person selector's
    // twenty)
    expect(listCalls.length).toBeGreaterThan(0);
    expect(listCalls.every((search) => /page_size=(10|20)\b/.test(search))).toBe(true);

    await test.step('a search ignores case and accents and goes back to page 1', async () => {
      await pages.getByRole('button', { name: /Siguiente/ }).click();
      await expect(pages).toContainText('Página 2 de');
      await section.getByRole('searchbox', { name: /Buscar/ }).fill('ZURINE nunez');
      await expect(pages).toContainText('Página 1 de 1 · 1 resultado');
      await expect(table.getByRole('row').nth(1)).toContainText('ZuriñeNúñez Ferreiro');
      await expectAccessible(page, 'enrolments searched on the server (es)', '#admin-enrolments');
    });

    await test.step('an activity name finds its people; the last page is reachable', async () => {
      await section.getByRole('searchbox', { name: /Buscar/ }).fill('carga j8');
      await expect(pages).toContainText(
        `Página 1 de 210 · ${(2100).toLocaleString('es-ES')} resultados`,
      );
      await pages.getByRole('button', { name: /Última/ }).click();
      await expect(pages).toContainText('Página 210 de 210');
      await expect(table.getByRole('row')).toHaveCount(11);
      await pages.getByRole('button', { name: /Anterior/ }).click();
      await expect(pages).toContainText('Página 209 de 210');
    });
  });
});
