import { expect, test } from '@playwright/test';
import { AdminApi, identity, registerResident, seedStorage } from './support/api';
import { LANGS, text } from './support/catalogs';

/**
 * The front door: the owner of an account gets in from a device they used before while someone
 * elsewhere guesses the password, and a DNI on the records cannot be registered from another
 * mobile (the message in every language).
 */
test.describe('front door', () => {
  const resident = { ...identity(81), password: 'porta-principal-2026' };
  // one DNI per language: a refused registration still counts as a code sent for that DNI
  const squatted = { es: identity(82), en: identity(82), gl: identity(82) };

  test.beforeAll(async ({ playwright, baseURL }) => {
    const request = await playwright.request.newContext({ baseURL });
    const admin = await AdminApi.login(request);
    for (const [person, name] of [
      [resident, 'Lúa'],
      [squatted.es, 'Antía'],
      [squatted.en, 'Breixo'],
      [squatted.gl, 'Candela'],
    ] as const) {
      await admin.createEnrolment({
        first_name: name,
        last_name: 'Porto Rial',
        dni: person.dni,
        phone: person.phone,
        activity_ids: [],
      });
    }
    await registerResident(request, resident);
    await request.dispose();
  });

  test('logs in, out and in again with the device token while guesses elsewhere are refused', async ({
    page,
  }) => {
    await seedStorage(page, { consent: true });
    const logIn = async () => {
      await page.goto('/login');
      await page.getByLabel(text('es', 'auth.field.dni')).fill(resident.dni);
      await page
        .getByLabel(text('es', 'auth.field.password'), { exact: true })
        .fill(resident.password);
      const sent = page.waitForRequest((req) => req.url().endsWith('/api/user/login'));
      await page.getByRole('button', { name: text('es', 'auth.login.submit') }).click();
      await expect(page).toHaveURL(/\/dashboard$/);
      return new URLSearchParams((await sent).postData() ?? '');
    };

    const first = await logIn();
    expect(first.get('device_token')).toBeNull();
    const kept = await page.evaluate(() =>
      JSON.parse(localStorage.getItem('device-tokens') ?? '{}'),
    );
    expect(kept[resident.dni]).toMatch(/^d1\./);
    await page.getByRole('button', { name: text('es', 'header.logout') }).click();
    await expect(page).toHaveURL(/\/login$/);

    // someone else guesses from this address until the account's pair budget is spent
    for (let i = 0; i < 5; i++) {
      const guess = await page.request.post('/api/user/login', {
        form: { username: resident.dni, password: `guess-${i}` },
      });
      expect(guess.status()).toBe(401);
    }
    const stopped = await page.request.post('/api/user/login', {
      form: { username: resident.dni, password: resident.password },
    });
    expect(stopped.status()).toBe(429);

    // the owner's browser sends its device token and is checked on that device's own budget
    const second = await logIn();
    expect(second.get('device_token')).toBe(kept[resident.dni]);
  });

  for (const lang of LANGS) {
    test(`a DNI on the records cannot be registered from another mobile (${lang})`, async ({
      page,
    }) => {
      await seedStorage(page, { consent: true, lang });
      await page.goto('/registrarse');
      await page.getByLabel(text(lang, 'auth.field.dni')).fill(squatted[lang].dni);
      await page.getByLabel(text(lang, 'auth.field.phone')).fill('699000111');
      await page
        .getByLabel(text(lang, 'auth.field.password'), { exact: true })
        .fill('alguen-mais-2026');
      await page.getByLabel(text(lang, 'auth.field.repeatPassword')).fill('alguen-mais-2026');
      await page.getByRole('button', { name: text(lang, 'auth.register.submit') }).click();
      const message = {
        es: 'Este DNI figura en las inscripciones del Concello con otro teléfono móvil. Regístrate con ese móvil o contacta con el Concello para actualizarlo.',
        en: "This DNI is on the council's enrolment records with another mobile phone. Register with that mobile, or contact the council to update it.",
        gl: 'Este DNI figura nas inscricións do Concello con outro teléfono móbil. Rexístrate con ese móbil ou contacta co Concello para actualizalo.',
      }[lang];
      await expect(page.getByText(message).first()).toBeVisible();
      // still on the first step: no code was sent
      await expect(page.getByLabel(text(lang, 'auth.field.smsCode'))).toHaveCount(0);
    });
  }
});
