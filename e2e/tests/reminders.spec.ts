import { readFileSync } from 'node:fs';
import { expect, test, type Page } from '@playwright/test';
import { expectAccessible } from './support/a11y';
import {
  addDays,
  ADMIN,
  AdminApi,
  identity,
  loginToken,
  madridToday,
  OPEN_CONFIG,
  registerResident,
  seedStorage,
} from './support/api';
import { latestCode } from './support/outbox';

interface OutboxMessage {
  channel: 'sms' | 'email';
  subject: string | null;
  body: string;
  sender: string | null;
}

/**
 * Journey 7: reminders and data rights. Staff turn payment reminders on and send today's now;
 * the resident finds them in the development outbox and stops them with the e-mail's link; then
 * downloads everything the portal holds about the account and deletes it.
 */
test.describe('payment reminders and the resident’s own data', () => {
  const resident = {
    ...identity(71),
    password: 'vecina-recordatorios-2026',
    email: 'recordatorios@example.gal',
  };
  const child = identity(72);
  let admin: AdminApi;
  const deadline = addDays(madridToday(), 7);

  test.beforeAll(async ({ playwright, baseURL }) => {
    const request = await playwright.request.newContext({ baseURL });
    admin = await AdminApi.login(request);
    await admin.setConfig({ ...OPEN_CONFIG, deadline_date: deadline, reminders_enabled: false });
    const football = await admin.createActivity('Fútbol sala J7', 36);
    await admin.createEnrolment({
      first_name: 'Antía',
      last_name: 'Fernández Lago',
      dni: child.dni,
      phone: child.phone,
      activity_ids: [football.id],
    });
    const token = await registerResident(request, resident);
    const headers = { Authorization: `Bearer ${token}` };
    await request.post('/api/user/persons/request-association', {
      headers,
      data: { dni: child.dni, phone: child.phone },
    });
    const linked = await request.post('/api/user/persons/verify-association', {
      headers,
      data: { dni: child.dni, otp_code: await latestCode(request, child.phone) },
    });
    expect(linked.status(), await linked.text()).toBe(200);
  });

  test.afterAll(async () => {
    // the other journeys read codes from the outbox: no reminder job may write there meanwhile
    await admin.setConfig({ ...OPEN_CONFIG, reminders_enabled: false });
  });

  async function outbox(page: Page, to: string): Promise<OutboxMessage[]> {
    const res = await page.request.get(`/api/dev/outbox?to=${encodeURIComponent(to)}`);
    return (await res.json()) as OutboxMessage[];
  }

  test('staff turn reminders on and send today’s; the resident gets them and can stop them', async ({
    page,
    browser,
  }) => {
    await test.step('staff set the days and the channel, and send today’s now', async () => {
      const staff = await browser.newPage();
      await seedStorage(staff, { token: await loginToken(staff.request, ADMIN), consent: true });
      await staff.goto('/admin');
      const config = staff.locator('#admin-config');
      await config.getByRole('checkbox', { name: 'Enviar recordatorios de pago' }).check();
      const days = config.getByRole('textbox', { name: 'Días antes de la fecha límite' });
      await days.fill('7, 7');
      await config.getByRole('button', { name: 'Guardar la configuración' }).click();
      await expect(days).toHaveAccessibleDescription(/Escribe días distintos entre 1 y 60/);
      await days.fill('7, 1');
      await config
        .getByRole('combobox', { name: 'Cómo se envían' })
        .selectOption({ label: 'SMS y correo electrónico' });
      await config.getByRole('button', { name: 'Guardar la configuración' }).click();
      await expect(config.getByText('Configuración guardada correctamente.')).toBeVisible();

      const reminders = staff.locator('#admin-reminders');
      await reminders
        .getByRole('button', { name: 'Enviar ahora los recordatorios de hoy' })
        .click();
      await expect(reminders.getByText(/^Recordatorios enviados: [1-9]/)).toBeVisible();
      await expect(reminders.getByRole('table', { name: 'Envíos' })).toContainText('Personal');
      await expectAccessible(staff, 'admin reminders after a run (es)', '#admin-reminders');

      // a second run the same day reminds nobody again
      await reminders
        .getByRole('button', { name: 'Enviar ahora los recordatorios de hoy' })
        .click();
      await expect(reminders.getByText(/^Recordatorios enviados: 0 /)).toBeVisible();
      await staff.close();
    });

    let unsubscribeLink = '';
    await test.step('the SMS and the e-mail are in the development outbox', async () => {
      const [sms, ...moreSms] = await outbox(page, resident.phone);
      expect(moreSms.filter((m) => m.body.includes('Fútbol'))).toEqual([]);
      expect(sms?.channel).toBe('sms');
      expect(sms?.sender).toBe('Nigran');
      expect(sms?.body).toContain('Concello de Nigrán');
      expect(sms?.body).toContain('Antía Fernández Lago');
      expect(sms?.body).toMatch(/27,00\s€/);
      const [mail] = await outbox(page, resident.email);
      expect(mail?.sender).toBe('Concello de Nigrán');
      expect(mail?.subject).toMatch(/^Recordatorio: pagos pendientes hasta el /);
      unsubscribeLink = /https?:\/\/\S+\/recordatorios\/baja\?token=\S+/.exec(mail!.body)![0];
    });

    await test.step('the e-mail’s link stops them; My account shows it', async () => {
      await seedStorage(page, { consent: true });
      await page.goto(unsubscribeLink);
      await expect(
        page.getByRole('heading', { level: 1, name: 'Dejar de recibir recordatorios' }),
      ).toBeVisible();
      await page.getByRole('button', { name: 'No quiero más recordatorios' }).click();
      await expect(page.getByText('No recibirás más recordatorios de pago.')).toBeVisible();

      await seedStorage(page, { token: await loginToken(page.request, resident) });
      await page.goto('/dashboard');
      await expect(
        page.getByRole('checkbox', { name: 'Enviarme recordatorios de pago' }),
      ).not.toBeChecked();
    });
  });

  test('the resident downloads their data and deletes their account', async ({
    page,
  }, testInfo) => {
    await seedStorage(page, { token: await loginToken(page.request, resident), consent: true });
    await page.goto('/dashboard');
    await page.getByRole('link', { name: 'Mi cuenta' }).click();
    await expect(page.getByRole('heading', { level: 1, name: 'Mi cuenta' })).toBeVisible();
    await expect(page.getByText(resident.dni)).toBeVisible();
    await expectAccessible(page, '/mi-cuenta (es)');

    await test.step('downloads everything about the account', async () => {
      const downloading = page.waitForEvent('download');
      await page.getByRole('button', { name: 'Descargar mis datos' }).click();
      const download = await downloading;
      expect(download.suggestedFilename()).toBe(`mis-datos-${madridToday()}.json`);
      const file = testInfo.outputPath(download.suggestedFilename());
      await download.saveAs(file);
      const data = JSON.parse(readFileSync(file, 'utf8')) as {
        account: { dni: string; email: string; reminders: boolean };
        persons: { dni: string; full_name: string }[];
        reminders: { deadline_date: string; sms: number; emails: number }[];
      };
      expect(data.account).toMatchObject({
        dni: resident.dni,
        email: resident.email,
        reminders: false,
      });
      expect(data.persons.map((p) => p.full_name)).toEqual(['Antía Fernández Lago']);
      expect(data.reminders).toEqual([
        expect.objectContaining({ deadline_date: deadline, sms: 1, emails: 1 }),
      ]);
      expect(JSON.stringify(data)).not.toMatch(/argon2|password/i);
    });

    await test.step('a wrong password deletes nothing; the right one deletes the account', async () => {
      await page.getByRole('button', { name: 'Eliminar mi cuenta' }).click();
      const dialog = page.getByRole('alertdialog', { name: '¿Eliminar tu cuenta?' });
      await dialog.getByLabel('Contraseña', { exact: true }).fill('no-es-la-mia');
      await dialog.getByRole('button', { name: 'Eliminar definitivamente' }).click();
      await expect(dialog.getByText('La contraseña no es correcta.')).toBeVisible();
      await expectAccessible(
        page,
        'delete account dialog with an error (es)',
        '[role=alertdialog]',
      );
      await dialog.getByLabel('Contraseña', { exact: true }).fill(resident.password);
      await dialog.getByRole('button', { name: 'Eliminar definitivamente' }).click();
      await expect(page).toHaveURL(/\/login$/);
      await expect(page.getByText('Tu cuenta se ha eliminado.')).toBeVisible();
    });

    await test.step('the account no longer exists', async () => {
      const res = await page.request.post('/api/user/login', {
        form: { username: resident.dni, password: resident.password },
      });
      expect(res.status()).toBe(401);
    });
  });
});
