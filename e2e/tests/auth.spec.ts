import { expect, test, type Page } from '@playwright/test';
import { expectAccessible } from './support/a11y';
import { AdminApi, identity, OPEN_CONFIG, registerResident, seedStorage } from './support/api';
import { spanishOnly, text, type Lang } from './support/catalogs';
import { latestCode } from './support/outbox';

/** A token the server never signed, with `exp` an hour ago: the app must treat it as expired. */
function expiredToken(): string {
  const encode = (value: object) => Buffer.from(JSON.stringify(value)).toString('base64url');
  const exp = Math.floor(Date.now() / 1000) - 3600;
  return `${encode({ alg: 'HS256', typ: 'JWT' })}.${encode({ sub: '1', role: 'user', is_admin: false, exp })}.c2ln`;
}

/** Visible texts per language on /login and /dashboard (from the catalogs). */
const LOGIN_TEXTS = [
  'auth.login.title',
  'auth.login.forgot',
  'auth.login.register',
  'footer.privacy',
  'footer.legalNotice',
  'help.open',
];
const DASHBOARD_TEXTS = [
  'dashboard.title',
  'dashboard.tabs.pending',
  'dashboard.tabs.completed',
  'persons.heading',
  'persons.add.open',
  'header.logout',
  'dashboard.pay.button',
];

async function expectLanguage(page: Page, lang: Lang, ids: string[]): Promise<void> {
  await expect(page.locator('html')).toHaveAttribute('lang', lang);
  for (const id of ids) {
    await expect(
      page.getByText(text(lang, id), { exact: true }).first(),
      `${id} in ${lang}`,
    ).toBeVisible();
  }
  if (lang === 'en') {
    const visible = await page.locator('body').innerText();
    const leftovers = spanishOnly('en').filter((es) => visible.includes(es));
    expect(leftovers, `Spanish texts left on ${page.url()} in English`).toEqual([]);
  }
}

/**
 * Journey 3: password recovery by e-mail code, logout, an expired token, the language switcher
 * (every visible text, kept after a reload) and the storage notice.
 */
test.describe('account journey', () => {
  const resident = {
    ...identity(31),
    password: 'contrasinal-vello-2026',
    email: 'xiana.recupera@example.es',
  };
  const newPassword = 'contrasinal-novo-2026';

  test.beforeAll(async ({ playwright, baseURL }) => {
    const request = await playwright.request.newContext({ baseURL });
    const admin = await AdminApi.login(request);
    await admin.setConfig(OPEN_CONFIG);
    const activity = await admin.createActivity('Atletismo J3', 44);
    await admin.createEnrolment({
      first_name: 'Xiana',
      last_name: 'Vidal Piñeiro',
      dni: resident.dni,
      phone: resident.phone,
      activity_ids: [activity.id],
    });
    await registerResident(request, resident);
  });

  test('recovers the password with the e-mailed code, logs in and out', async ({ page }) => {
    await seedStorage(page, { consent: true });
    await page.goto('/login');
    await page.getByRole('link', { name: 'He olvidado mi contraseña' }).click();
    await expect(page).toHaveURL(/\/recuperar-cuenta$/);
    await page.getByRole('button', { name: 'Enviar el código' }).click();
    await expect(page.getByRole('heading', { name: 'Hay un problema' })).toBeVisible();
    await expectAccessible(page, 'recovery e-mail step with errors (es)');
    await page.getByLabel('Correo electrónico').fill(resident.email);
    await page.getByRole('button', { name: 'Enviar el código' }).click();
    await expect(page.getByRole('heading', { name: 'Código y nueva contraseña' })).toBeVisible();

    await page.getByLabel('Nueva contraseña', { exact: true }).fill(newPassword);
    await page.getByLabel('Repite la nueva contraseña').fill('otra-cosa-distinta');
    await page.getByRole('button', { name: 'Cambiar la contraseña' }).click();
    await expect(page.getByRole('heading', { name: 'Hay un problema' })).toBeVisible();
    await expectAccessible(page, 'recovery code step with errors (es)');

    await page
      .getByLabel('Código recibido por correo electrónico')
      .fill(await latestCode(page.request, resident.email));
    await page.getByLabel('Repite la nueva contraseña').fill(newPassword);
    await page.getByRole('button', { name: 'Cambiar la contraseña' }).click();
    await expect(page.getByText('Contraseña cambiada correctamente.')).toBeVisible();
    await expectAccessible(page, 'recovery done (es)');
    await page.getByRole('link', { name: 'Ir a iniciar sesión' }).click();

    await expect(page).toHaveURL(/\/login$/);
    await page.getByLabel('DNI o NIE').fill(resident.dni);
    await page.getByLabel('Contraseña', { exact: true }).fill(resident.password);
    await page.getByRole('button', { name: 'Iniciar sesión' }).click();
    await expect(page.getByText('DNI o contraseña incorrectos.').first()).toBeVisible();
    await expectAccessible(page, 'login with bad credentials (es)');
    await page.getByLabel('Contraseña', { exact: true }).fill(newPassword);
    await page.getByRole('button', { name: 'Iniciar sesión' }).click();
    await expect(page).toHaveURL(/\/dashboard$/);
    await expect(page.getByRole('heading', { level: 1, name: 'Mis actividades' })).toBeVisible();

    const ended = await page.evaluate(() => localStorage.getItem('token'));
    await page.getByRole('button', { name: 'Cerrar sesión' }).click();
    await expect(page).toHaveURL(/\/login$/);
    expect(await page.evaluate(() => localStorage.getItem('token'))).toBeNull();
    // the server ended that token too: a copy of it no longer works
    await expect
      .poll(async () =>
        (
          await page.request.get('/api/user/me', {
            headers: { Authorization: `Bearer ${ended}` },
          })
        ).status(),
      )
      .toBe(401);
    await expect(page.getByRole('button', { name: 'Cerrar sesión' })).toHaveCount(0);
    // a visitor who is not signed in sees no logout on the public pages either
    for (const path of ['/actividades', '/privacidad', '/pago-ok']) {
      await page.goto(path);
      await expect(page.getByRole('group', { name: 'Idioma' })).toBeVisible();
      await expect(page.getByRole('contentinfo')).toBeVisible();
      await expect(page.getByRole('button', { name: 'Cerrar sesión' })).toHaveCount(0);
    }
    await page.goto('/dashboard');
    await expect(page).toHaveURL(/\/login$/);
  });

  test('an expired token returns to /login', async ({ page }) => {
    await seedStorage(page, { consent: true, token: expiredToken() });
    await page.goto('/dashboard');
    await expect(page).toHaveURL(/\/login$/);
    await expect(page.getByRole('heading', { level: 1, name: 'Iniciar sesión' })).toBeVisible();
    await page.goto('/admin');
    await expect(page).toHaveURL(/\/login$/);
  });

  test('the language switcher changes every visible text and survives a reload', async ({
    page,
  }) => {
    await seedStorage(page, { consent: true });
    await page.goto('/login');
    await expectLanguage(page, 'es', LOGIN_TEXTS);
    const switcher = page.getByRole('group', { name: 'Idioma' });
    await switcher.getByRole('button', { name: 'English' }).click();
    await expectLanguage(page, 'en', LOGIN_TEXTS);
    await page.reload();
    await expectLanguage(page, 'en', LOGIN_TEXTS);
    await expect(
      page.getByRole('group', { name: 'Language' }).getByRole('button', { name: 'English' }),
    ).toHaveAttribute('aria-pressed', 'true');

    await page.getByLabel('DNI or NIE').fill(resident.dni);
    await page.getByLabel('Password', { exact: true }).fill(newPassword);
    await page.getByRole('button', { name: 'Log in' }).click();
    await expect(page).toHaveURL(/\/dashboard$/);
    await expect(page.getByRole('checkbox', { name: /Atletismo J3/ })).toBeVisible();
    await expectLanguage(page, 'en', DASHBOARD_TEXTS);

    await page
      .getByRole('group', { name: 'Language' })
      .getByRole('button', { name: 'Galego' })
      .click();
    await expectLanguage(page, 'gl', DASHBOARD_TEXTS);
    await page.reload();
    await expect(page.getByRole('checkbox', { name: /Atletismo J3/ })).toBeVisible();
    await expectLanguage(page, 'gl', DASHBOARD_TEXTS);
    await page.getByRole('button', { name: text('gl', 'header.logout') }).click();
    await expectLanguage(page, 'gl', LOGIN_TEXTS);

    await page
      .getByRole('group', { name: text('gl', 'header.language') })
      .getByRole('button', { name: 'Español' })
      .click();
    await expectLanguage(page, 'es', LOGIN_TEXTS);
  });

  test('the storage notice stays away once accepted', async ({ page }) => {
    await page.goto('/login');
    const notice = page.getByRole('region', {
      name: 'Aviso sobre el almacenamiento en tu navegador',
    });
    await expect(notice).toBeVisible();
    await expect(
      notice.getByRole('link', { name: 'Política de privacidad y cookies' }),
    ).toHaveAttribute('href', '/privacidad');
    await expectAccessible(page, '/login with the storage notice (es)');
    await notice.getByRole('button', { name: 'Aceptar' }).click();
    await expect(notice).toHaveCount(0);
    expect(await page.evaluate(() => localStorage.getItem('cookie-consent-accepted'))).toBe('true');
    await page.reload();
    await expect(page.getByRole('heading', { level: 1, name: 'Iniciar sesión' })).toBeVisible();
    await expect(notice).toHaveCount(0);
    await page.getByRole('link', { name: 'Registrarse' }).click();
    await expect(page.getByRole('heading', { level: 1, name: 'Crear una cuenta' })).toBeVisible();
    await expect(notice).toHaveCount(0);
  });

  test('the help modal shows the contacts and closes on Escape', async ({ page }) => {
    await seedStorage(page, { consent: true });
    await page.goto('/login');
    await page.getByRole('button', { name: 'Ayuda' }).click();
    const help = page.getByRole('dialog', { name: '¿Necesitas ayuda?' });
    await expect(help).toBeVisible();
    await expect(help).toContainText(/8:00/);
    await expect(help).toContainText(/17:00/);
    await expect(help.getByRole('link', { name: /@/ }).first()).toBeVisible();
    await expectAccessible(page, 'help modal (es)');
    await page.keyboard.press('Escape');
    await expect(help).toHaveCount(0);
    await page.getByRole('button', { name: 'Iniciar sesión' }).click();
    await expect(page.getByRole('heading', { name: 'Hay un problema' })).toBeVisible();
    await expectAccessible(page, 'login with errors (es)');
  });
});
