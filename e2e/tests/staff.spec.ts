import ExcelJS from 'exceljs';
import { expect, test, type Locator, type Page } from '@playwright/test';
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

const XLSX_MIME = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';

/** The template's header row, read from the template the panel offers. */
async function templateHeaders(page: Page): Promise<string[]> {
  const token = await loginToken(page.request, ADMIN);
  const res = await page.request.get('/api/admin/upload-table/template', {
    headers: { Authorization: `Bearer ${token}` },
  });
  expect(res.status()).toBe(200);
  const book = new ExcelJS.Workbook();
  await book.xlsx.load((await res.body()) as unknown as ArrayBuffer);
  const header = book.worksheets[0]!.getRow(1);
  const headers: string[] = [];
  header.eachCell((cell) => headers.push(String(cell.value)));
  expect(headers.length).toBeGreaterThanOrEqual(7);
  return headers;
}

/** A real .xlsx with the template's headers and one row per person and activity. */
async function workbook(headers: string[], rows: Record<string, string | number>[]) {
  const book = new ExcelJS.Workbook();
  const sheet = book.addWorksheet('Inscripciones');
  sheet.addRow(headers);
  for (const row of rows) sheet.addRow(headers.map((h) => row[h] ?? ''));
  return Buffer.from(await book.xlsx.writeBuffer());
}

/** Finds the template header for a column, whichever of its accepted spellings it uses. */
function column(headers: string[], pattern: RegExp): string {
  const found = headers.find((h) => pattern.test(h));
  if (!found) throw new Error(`no template header matches ${pattern}: ${headers.join(', ')}`);
  return found;
}

/**
 * Journey 2: staff log in, upload enrolments from Excel (a good file and a broken one), manage
 * users, activities and enrolments in the panel, change the four settings, and maintenance mode
 * blocks residents but not /admin, /login and /registrarse.
 */
test.describe('staff journey', () => {
  let admin: AdminApi;
  const resident = { ...identity(21), password: 'vecino-mantenimiento-26' };

  test.beforeAll(async ({ playwright, baseURL }) => {
    const request = await playwright.request.newContext({ baseURL });
    admin = await AdminApi.login(request);
    await admin.setConfig(OPEN_CONFIG);
  });

  test.afterAll(async () => {
    await admin.setConfig(OPEN_CONFIG);
  });

  test('logs in, uploads Excel, manages users, activities, enrolments and settings', async ({
    page,
    browser,
  }) => {
    test.setTimeout(150_000);
    const section = (name: string): Locator => page.getByRole('region', { name });

    await test.step('logs in as staff and lands on the panel', async () => {
      await seedStorage(page, { consent: true });
      await page.goto('/login');
      await page.getByLabel('DNI o NIE').fill(ADMIN.dni);
      await page.getByLabel('Contraseña', { exact: true }).fill(ADMIN.password);
      await page.getByRole('button', { name: 'Iniciar sesión' }).click();
      await expect(page).toHaveURL(/\/admin$/);
      await expect(
        page.getByRole('heading', { level: 1, name: 'Panel de Administración' }),
      ).toBeVisible();
      await expectAccessible(page, '/admin (es)');
    });

    const upload = section('Carga de Excel');
    const headers = await templateHeaders(page);
    const h = {
      first: column(headers, /^(nombre|first name|nome)$/i),
      last: column(headers, /^(apellidos|last name|apelidos)$/i),
      dni: column(headers, /^(dni|nie|dni\/nie|nif)$/i),
      phone: column(headers, /^(teléfono|móvil|phone|mobile)$/i),
      activity: column(headers, /^(actividad|activity|actividade)$/i),
      price: column(headers, /^(precio|price|prezo|importe)$/i),
    };
    const uploaded = [identity(22), identity(22)];

    await test.step('a broken file is rejected with its row errors', async () => {
      const broken = await workbook(headers, [
        {
          [h.first]: 'Antía',
          [h.last]: 'Rial Souto',
          [h.dni]: '12345678A', // wrong control letter
          [h.phone]: '61234567', // 8 digits
          [h.activity]: 'Baloncesto J2',
          [h.price]: 50,
        },
        {
          [h.first]: '',
          [h.last]: 'Sen Nome',
          [h.dni]: uploaded[0]!.dni,
          [h.phone]: uploaded[0]!.phone,
          [h.activity]: 'Baloncesto J2',
          [h.price]: 50,
        },
      ]);
      await upload.getByLabel('Archivo de inscripciones').setInputFiles({
        name: 'inscripciones-mal.xlsx',
        mimeType: XLSX_MIME,
        buffer: broken,
      });
      await upload.getByRole('button', { name: 'Subir el archivo' }).click();
      const rows = upload.getByRole('list', { name: 'Filas con errores' });
      await expect(rows).toBeVisible();
      await expect(
        rows
          .getByRole('listitem')
          .filter({ hasText: /^Fila 2, / })
          .first(),
      ).toBeVisible();
      await expect(
        rows
          .getByRole('listitem')
          .filter({ hasText: /^Fila 3, / })
          .first(),
      ).toBeVisible();
      await expect(upload.getByText('No se ha importado nada')).toBeVisible();
      await expectAccessible(page, 'upload with row errors (es)', '#admin-upload');
    });

    await test.step('a good file is imported', async () => {
      const good = await workbook(headers, [
        {
          [h.first]: 'Antía',
          [h.last]: 'Rial Souto',
          [h.dni]: uploaded[0]!.dni,
          [h.phone]: uploaded[0]!.phone,
          [h.activity]: 'Baloncesto J2',
          [h.price]: 50,
        },
        {
          [h.first]: 'Antía',
          [h.last]: 'Rial Souto',
          [h.dni]: uploaded[0]!.dni,
          [h.phone]: uploaded[0]!.phone,
          [h.activity]: 'Ajedrez J2',
          [h.price]: '25,50',
        },
        {
          [h.first]: 'Brais',
          [h.last]: 'Costas Vidal',
          [h.dni]: uploaded[1]!.dni,
          [h.phone]: uploaded[1]!.phone,
          [h.activity]: 'Baloncesto J2',
          [h.price]: 50,
        },
      ]);
      await upload.getByLabel('Archivo de inscripciones').setInputFiles({
        name: 'inscripciones.xlsx',
        mimeType: XLSX_MIME,
        buffer: good,
      });
      await upload.getByRole('button', { name: 'Subir el archivo' }).click();
      const done = upload.getByText('Archivo importado correctamente');
      await expect(done).toBeVisible();
      await expect(upload).toContainText(/Personas añadidas\s*2/);
      await expect(upload).toContainText(/Actividades creadas\s*2/);
      await expect(upload).toContainText(/Filas leídas\s*3/);
      const enrolments = section('Inscripciones de personas en actividades');
      await enrolments.getByLabel(/^Buscar/).fill(uploaded[1]!.dni);
      await expect(
        enrolments.getByRole('cell', { name: 'Costas Vidal', exact: true }),
      ).toBeVisible();
      await enrolments.getByLabel(/^Buscar/).fill('');
    });

    await test.step('a file that is not .xlsx is refused before sending', async () => {
      await upload.getByLabel('Archivo de inscripciones').setInputFiles({
        name: 'inscripciones.csv',
        mimeType: 'text/csv',
        buffer: Buffer.from('Nombre;Apellidos\n'),
      });
      await upload.getByRole('button', { name: 'Subir el archivo' }).click();
      await expect(
        upload.getByText('El archivo debe ser una hoja de cálculo .xlsx').first(),
      ).toBeVisible();
      await expectAccessible(page, 'upload with a wrong file type (es)', '#admin-upload');
    });

    const users = section('Gestión de usuarios');
    const account = identity(23);
    await test.step('creates, edits and deletes a user', async () => {
      await users.getByRole('button', { name: 'Crear usuario' }).click();
      await expect(
        users.getByText('Completa todos los campos obligatorios.').first(),
      ).toBeVisible();
      await expectAccessible(page, 'user form with errors (es)', '#admin-users');
      await users.getByLabel('DNI', { exact: true }).fill(account.dni);
      await users.getByLabel('Teléfono', { exact: true }).fill(account.phone);
      await users.getByLabel('Contraseña', { exact: true }).fill('cuenta-nueva-2026');
      await users.getByLabel('Repetir contraseña').fill('cuenta-nueva-2026');
      await users.getByRole('button', { name: 'Crear usuario' }).click();
      await expect(users.getByText('Usuario creado correctamente.')).toBeVisible();
      await expect(users.getByRole('rowheader', { name: account.dni })).toBeVisible();

      await users.getByRole('button', { name: `Editar usuario ${account.dni}` }).click();
      await expect(
        users.getByRole('heading', { name: `Editar el usuario ${account.dni}` }),
      ).toBeVisible();
      await users.getByLabel(/^Correo electrónico/).fill('cuenta.nueva@example.es');
      await users.getByRole('button', { name: 'Guardar cambios' }).click();
      await expect(users.getByText('Usuario actualizado correctamente.')).toBeVisible();
      await expect(
        users.getByRole('row', { name: new RegExp(account.dni) }).getByRole('cell', {
          name: 'cuenta.nueva@example.es',
        }),
      ).toBeVisible();

      await users.getByRole('button', { name: `Eliminar usuario ${account.dni}` }).click();
      const confirm = page.getByRole('alertdialog');
      await expect(confirm).toContainText(`¿Eliminar el usuario ${account.dni}?`);
      await expectAccessible(page, 'delete user confirmation (es)', '[role=alertdialog]');
      await confirm.getByRole('button', { name: 'Eliminar' }).click();
      await expect(users.getByText('Usuario eliminado correctamente.')).toBeVisible();
      await expect(users.getByRole('rowheader', { name: account.dni })).toHaveCount(0);
    });

    const activities = section('Gestión manual de actividades');
    await test.step('creates, edits and deletes an activity', async () => {
      await activities.getByLabel('Nombre', { exact: true }).fill('Zumba J2');
      await activities.getByLabel('Precio en euros').fill('35,50');
      await activities.getByLabel(/^Fecha de inicio/).fill('2027-02-01');
      await activities.getByRole('button', { name: 'Crear actividad' }).click();
      await expect(activities.getByText('Actividad guardada correctamente.')).toBeVisible();
      // the catalogue is paged by the server: find it by name, as staff would
      await activities.getByRole('searchbox', { name: /Buscar actividades/ }).fill('zumba');
      const zumba = activities.getByRole('row', { name: /Zumba J2/ });
      await expect(zumba).toContainText(/35,50\s€/);

      await activities.getByRole('button', { name: 'Editar actividad Zumba J2' }).click();
      await activities.getByLabel('Nombre', { exact: true }).fill('Zumba adultos J2');
      await activities.getByLabel('Precio en euros').fill('38');
      await activities.getByRole('button', { name: 'Guardar cambios' }).click();
      await expect(activities.getByText('Actividad guardada correctamente.')).toBeVisible();
      await expect(activities.getByRole('row', { name: /Zumba adultos J2/ })).toContainText(
        /38,00\s€/,
      );

      await activities.getByRole('button', { name: 'Eliminar actividad Zumba adultos J2' }).click();
      await expectAccessible(page, 'delete activity confirmation (es)', '[role=alertdialog]');
      await page.getByRole('alertdialog').getByRole('button', { name: 'Eliminar' }).click();
      await expect(activities.getByText('Actividad eliminada correctamente.')).toBeVisible();
      await expect(activities.getByRole('row', { name: /Zumba adultos J2/ })).toHaveCount(0);
    });

    const enrolments = section('Inscripciones de personas en actividades');
    const person = identity(24);
    await test.step('creates, edits and deletes an enrolment', async () => {
      await enrolments.getByRole('button', { name: 'Crear inscripción' }).click();
      await expect(
        enrolments.getByText('Por favor, completa todos los campos obligatorios').first(),
      ).toBeVisible();
      await expectAccessible(page, 'enrolment form with errors (es)', '#admin-enrolments');
      await enrolments.getByLabel('Nombre', { exact: true }).fill('Iria');
      await enrolments.getByLabel('Apellidos', { exact: true }).fill('Fernández Lago');
      await enrolments.getByLabel('DNI', { exact: true }).fill(person.dni);
      await enrolments.getByLabel('Teléfono', { exact: true }).fill(person.phone);
      await enrolments
        .getByLabel(/^Actividades/)
        .selectOption([{ label: 'Baloncesto J2' }, { label: 'Ajedrez J2' }]);
      await enrolments.getByRole('button', { name: 'Crear inscripción' }).click();
      await expect(enrolments.getByText('Inscripción guardada correctamente.')).toBeVisible();
      await enrolments.getByLabel(/^Buscar/).fill(person.dni);
      const row = enrolments.getByRole('row', { name: new RegExp(person.dni) });
      await expect(row).toContainText('Baloncesto J2');
      await expect(row).toContainText('Ajedrez J2');

      await enrolments
        .getByRole('button', { name: 'Editar inscripción de Iria Fernández Lago' })
        .click();
      await enrolments.getByLabel(/^Correo electrónico/).fill('iria@example.es');
      await enrolments.getByLabel(/^Actividades/).selectOption([{ label: 'Ajedrez J2' }]);
      await enrolments.getByRole('button', { name: 'Guardar cambios' }).click();
      await expect(enrolments.getByText('Inscripción guardada correctamente.')).toBeVisible();
      await expect(row).toContainText('iria@example.es');
      await expect(row).not.toContainText('Baloncesto J2');

      await enrolments
        .getByRole('button', { name: 'Eliminar inscripción de Iria Fernández Lago' })
        .click();
      await expectAccessible(page, 'delete enrolment confirmation (es)', '[role=alertdialog]');
      await page.getByRole('alertdialog').getByRole('button', { name: 'Eliminar' }).click();
      await expect(enrolments.getByText('Inscripción eliminada correctamente.')).toBeVisible();
      await expect(row).toHaveCount(0);
      await enrolments.getByLabel(/^Buscar/).fill('');
    });

    const config = section('Configuración global');
    await test.step('changes the four settings', async () => {
      await config.getByLabel('Descuento global (%)').fill('150');
      await config.getByRole('button', { name: 'Guardar la configuración' }).click();
      await expect(
        config.getByText('El descuento debe estar entre 0 y 100%').first(),
      ).toBeVisible();
      await expectAccessible(page, 'config form with errors (es)', '#admin-config');

      await config.getByRole('checkbox', { name: 'Modo mantenimiento' }).check();
      await config.getByRole('checkbox', { name: 'Pagos habilitados' }).uncheck();
      await config.getByLabel('Descuento global (%)').fill('25');
      await config.getByLabel(/^Fecha límite de pago/).fill('2027-06-30');
      await config.getByRole('button', { name: 'Guardar la configuración' }).click();
      await expect(config.getByText('Configuración guardada correctamente.')).toBeVisible();
      expect(await admin.getConfig()).toMatchObject({
        maintenance_mode: true,
        payments_enabled: false,
        global_discount: 0.25,
        deadline_date: '2027-06-30',
      });
    });

    await test.step('maintenance blocks residents but not /admin, /login, /registrarse', async () => {
      const token = await registerResident(page.request, resident);
      const context = await browser.newContext();
      const residentPage = await context.newPage();
      await seedStorage(residentPage, { token, consent: true });
      await residentPage.goto('/dashboard');
      await expect(
        residentPage.getByRole('heading', { level: 1, name: 'Modo de mantenimiento activado' }),
      ).toBeVisible();
      await expect(residentPage.getByRole('main').getByRole('heading')).toHaveCount(1);
      await expect(residentPage.getByRole('heading', { name: 'Mis actividades' })).toHaveCount(0);
      await expectAccessible(residentPage, 'maintenance message (es)');
      for (const path of ['/privacidad', '/pago-ok']) {
        await residentPage.goto(path);
        await expect(
          residentPage.getByRole('heading', { level: 1, name: 'Modo de mantenimiento activado' }),
        ).toBeVisible();
      }
      await residentPage.goto('/login');
      await expect(
        residentPage.getByRole('heading', { level: 1, name: 'Iniciar sesión' }),
      ).toBeVisible();
      await residentPage.goto('/registrarse');
      await expect(
        residentPage.getByRole('heading', { level: 1, name: 'Crear una cuenta' }),
      ).toBeVisible();
      await context.close();

      await page.reload();
      await expect(
        page.getByRole('heading', { level: 1, name: 'Panel de Administración' }),
      ).toBeVisible();
      await expect(config.getByRole('checkbox', { name: 'Modo mantenimiento' })).toBeChecked();
      await config.getByRole('checkbox', { name: 'Modo mantenimiento' }).uncheck();
      await config.getByRole('button', { name: 'Guardar la configuración' }).click();
      await expect(config.getByText('Configuración guardada correctamente.')).toBeVisible();
      expect((await admin.getConfig()).maintenance_mode).toBe(false);
    });
  });
});
