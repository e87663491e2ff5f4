import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createAccount, nextDni, snapshot, type Account } from './admin/factory.js';
import { xlsx } from './admin/xlsx-fixtures.js';
import { startTestApp, type TestApp } from './helpers/test-app.js';
import { errorOf } from './residents/helpers.js';

/**
 * Every text a body carries refuses control and invisible characters, in one place for every call
 * (http/validate.ts, with lib/invisible-characters.ts, which the Excel import uses too): 422
 * `invisible_characters` on the field, in the caller's language, and nothing changes. Real names
 * and texts in the council's languages, and beyond, still pass.
 */
const MESSAGE = {
  es: 'No puede contener caracteres de control ni invisibles (NUL, escapes, cambios de dirección del texto, espacios de anchura cero, rellenos) ni ser solo tildes o diacríticos sueltos.',
  en: 'It cannot contain control or invisible characters (NUL, escapes, text direction overrides, zero-width spaces, fillers), nor be only accent marks.',
  gl: 'Non pode conter caracteres de control nin invisibles (NUL, escapes, cambios de dirección do texto, espazos de largura cero, recheos) nin ser só tiles ou diacríticos soltos.',
} as const;
const LANGS = ['es', 'en', 'gl'] as const;

/** What the security test sent, and the kin the issue names, each inside a real name. */
const SNEAKY: [string, string][] = [
  ['RLO (U+202E)', 'Uxía \u202Earéiep'],
  ['LRI (U+2066)', 'Uxía\u2066 López'],
  ['zero-width space', 'Ux\u200Bía'],
  ['zero-width joiner', 'Ux\u200Día'],
  ['BOM', '\uFEFFUxía'],
  ['BEL', 'Uxía\u0007'],
  ['NUL', 'Ux\u0000ía'],
  ['DEL', 'Uxía\u007F'],
  ['ESC', '\u001b[31mUxía'],
  ['a tab', 'Uxía\tLópez'],
  ['a line break', 'Uxía\nLópez'],
  ['Hangul filler (U+3164)', '\u3164'],
  ['Hangul choseong filler (U+115F)', 'Uxía\u115F'],
  ['Hangul jungseong filler (U+1160)', '\u1160Uxía'],
  ['halfwidth Hangul filler (U+FFA0)', 'Ux\uFFA0ía'],
  ['combining grapheme joiner', 'Ux\u034Fía'],
  ['Braille blank', '\u2800'],
  ['only combining marks', '\u0301\u0308\u0327'],
  ['a lone surrogate', 'Ux\uD800ía'],
];

/** Names and texts that must keep working. */
const REAL_NAMES: [string, string][] = [
  ['Uxía', 'Núñez-Pereira'],
  ['Begoña', 'O’Connor Çelik'],
  ['Itziar', 'Etxeberria Agirre'],
  ['Pau', 'Puigdomènech i Gual·la'],
  ['Xoán', "d'Arousa Fernández"],
  // typed with separate accents (NFD): stored composed
  ['Jose\u0301', 'Mun\u0303oz'],
  ['小明', '王'],
];

describe('control and invisible characters, in every text a body carries', () => {
  let app: TestApp;
  let admin: Account;
  let resident: Account;
  beforeAll(async () => {
    app = await startTestApp();
    admin = await createAccount(app, 'admin');
    resident = await createAccount(app, 'user');
  });
  afterAll(() => app.close());

  const post = (path: string, account: Account, body: unknown, lang: string) =>
    app.json(path, 'POST', body, { ...account.headers, 'Accept-Language': lang });

  /** The answer refuses `field` alone, with the message in `lang`. */
  const expectRefused = async (
    res: Response,
    loc: (string | number)[],
    lang: keyof typeof MESSAGE,
  ) =>
    expect(await errorOf(res)).toMatchObject({
      status: 422,
      code: 'validation_error',
      detail: [{ loc, msg: MESSAGE[lang], type: 'invisible_characters' }],
    });

  describe('a person a resident adds', () => {
    const child = (first_name: string, last_name = 'López Pereira') => ({
      first_name,
      last_name,
      birth_date: '2017-05-09',
      dni: null,
    });

    it.each(SNEAKY)(
      'refuses a name with %s, in es, en and gl, and adds nobody',
      async (_, name) => {
        const before = await snapshot(app, 'enrolments', 'user_persons', 'audit_log');
        for (const [index, lang] of LANGS.entries()) {
          const field = index === 1 ? 'last_name' : 'first_name';
          const body = field === 'first_name' ? child(name) : child('Uxía', name);
          await expectRefused(
            await post('/api/user/persons/', resident, body, lang),
            ['body', field],
            lang,
          );
        }
        expect(await snapshot(app, 'enrolments', 'user_persons', 'audit_log')).toEqual(before);
      },
    );

    it('says so for each field, beside any other problem', async () => {
      const res = await post(
        '/api/user/persons/',
        resident,
        { first_name: 'Ux\u200Bía', last_name: '\u3164', birth_date: '09/05/2017', dni: null },
        'en',
      );
      const { detail } = await errorOf(res);
      expect(detail).toEqual([
        { loc: ['body', 'first_name'], msg: MESSAGE.en, type: 'invisible_characters' },
        { loc: ['body', 'last_name'], msg: MESSAGE.en, type: 'invisible_characters' },
        expect.objectContaining({ loc: ['body', 'birth_date'], type: 'invalid_format' }),
      ]);
    });

    it('takes real names in the council’s languages and beyond, stored composed', async () => {
      const parent = await createAccount(app, 'user');
      for (const [index, [first, last]] of REAL_NAMES.entries()) {
        const res = await post(
          '/api/user/persons/',
          parent,
          { ...child(first, last), birth_date: `2016-03-${10 + index}` },
          'es',
        );
        expect(res.status, `${first} ${last}`).toBe(201);
        expect(((await res.json()) as { full_name: string }).full_name).toBe(
          `${first} ${last}`.normalize('NFC'),
        );
      }
    });
  });

  describe("an activity's texts", () => {
    const activity = (fields: Record<string, string>) => ({
      name: `Natación ${nextDni()}`,
      price: 10,
      start_date: null,
      ...fields,
    });

    it.each(['name', 'description', 'schedule', 'venue'])(
      'refuses %s with any of them, in es, en and gl, and creates nothing',
      async (field) => {
        const before = await snapshot(app, 'activities', 'audit_log');
        for (const [index, [, text]] of SNEAKY.entries()) {
          // a description and a schedule keep their line breaks: that case is below
          if (['description', 'schedule'].includes(field) && text.includes('\n')) continue;
          const lang = LANGS[index % 3]!;
          const res = await post(
            '/api/admin/activities-crud/',
            admin,
            activity({ [field]: text }),
            lang,
          );
          await expectRefused(res, ['body', field], lang);
        }
        expect(await snapshot(app, 'activities', 'audit_log')).toEqual(before);
      },
    );

    it('keeps line breaks in a description and a schedule only, and nothing else of the controls', async () => {
      const ok = await post(
        '/api/admin/activities-crud/',
        admin,
        activity({
          description: 'Iniciación á natación.\nTraer gorro.\r\nNivel 1 ❤️ 太極拳',
          schedule: 'Luns e mércores, 17:00–18:00\nVenres, 18:00',
          venue: 'Pavillón d’A Ramallosa',
        }),
        'gl',
      );
      expect(ok.status).toBe(201);
      expect(await ok.json()).toMatchObject({
        description: 'Iniciación á natación.\nTraer gorro.\r\nNivel 1 ❤️ 太極拳',
        schedule: 'Luns e mércores, 17:00–18:00\nVenres, 18:00',
        venue: 'Pavillón d’A Ramallosa',
      });
      const before = await snapshot(app, 'activities');
      for (const [field, text] of [
        ['description', 'Traer gorro.\rNivel 1'],
        ['description', 'Traer gorro.\tNivel 1'],
        ['description', 'Traer gorro.\u2028Nivel 1'],
        ['schedule', 'Luns\tMércores'],
        ['venue', 'Piscina\r\nmunicipal'],
      ] as const) {
        const res = await post(
          '/api/admin/activities-crud/',
          admin,
          activity({ [field]: text }),
          'es',
        );
        await expectRefused(res, ['body', field], 'es');
      }
      expect(await snapshot(app, 'activities')).toEqual(before);
    });

    it('refuses them on an edit too, and the activity stays as it was', async () => {
      const created = await post('/api/admin/activities-crud/', admin, activity({}), 'es');
      const saved = (await created.json()) as { id: number; name: string };
      const before = await snapshot(app, 'activities');
      const res = await app.json(
        `/api/admin/activities-crud/${saved.id}`,
        'PUT',
        { name: saved.name, price: 10, start_date: null, venue: 'Piscina\u202E' },
        { ...admin.headers, 'Accept-Language': 'en' },
      );
      await expectRefused(res, ['body', 'venue'], 'en');
      expect(await snapshot(app, 'activities')).toEqual(before);
    });
  });

  describe('the other texts staff and residents send', () => {
    it('a refund reason', async () => {
      const before = await snapshot(app, 'payments', 'payment_refunds', 'audit_log');
      const res = await post(
        '/api/admin/payments/1/refund',
        admin,
        { reason: 'Baja por lesión\u202E', activity_ids: [1] },
        'gl',
      );
      await expectRefused(res, ['body', 'reason'], 'gl');
      expect(await snapshot(app, 'payments', 'payment_refunds', 'audit_log')).toEqual(before);
    });

    it("an enrolment's names and e-mail, and a staff account's e-mail", async () => {
      const before = await snapshot(app, 'enrolments', 'users', 'audit_log');
      const enrolment = await post(
        '/api/admin/person-activities/',
        admin,
        {
          first_name: '\u3164',
          last_name: 'Pérez\u0007',
          dni: nextDni(),
          phone: '612345678',
          email: 'ana\u200B@example.es',
          activity_ids: [],
        },
        'en',
      );
      expect((await errorOf(enrolment)).detail).toEqual(
        ['first_name', 'last_name', 'email'].map((field) => ({
          loc: ['body', field],
          msg: MESSAGE.en,
          type: 'invisible_characters',
        })),
      );
      const user = await post(
        '/api/admin/users/',
        admin,
        {
          dni: nextDni(),
          phone: '612345678',
          email: 'ana@exam\u00ADple.es',
          password: 'polideportivo-2026',
          repeat_password: 'polideportivo-2026',
        },
        'es',
      );
      await expectRefused(user, ['body', 'email'], 'es');
      expect(await snapshot(app, 'enrolments', 'users', 'audit_log')).toEqual(before);
    });

    it("a resident's e-mail at registration, but never a password", async () => {
      const before = await snapshot(app, 'users', 'outbox');
      const register = (email: string | null, password: string) =>
        app.json(
          '/api/user/register',
          'POST',
          { dni: nextDni(), phone: '34612345678', email, password, repeat_password: password },
          { 'Accept-Language': 'es' },
        );
      await expectRefused(
        await register('maria\u202E@example.es', 'piscina-verano-2026'),
        ['body', 'email'],
        'es',
      );
      expect(await snapshot(app, 'users', 'outbox')).toEqual(before);
      // a password is hashed, never stored or shown: whatever a password manager chose is taken
      expect((await register(null, 'piscina\u200Dverano\u00002026')).status).toBe(201);
    });

    it('a cell of the Excel import, by the same rule', async () => {
      const before = await snapshot(app, 'enrolments', 'activities');
      const file = await xlsx([
        ['\u3164', 'Pérez', nextDni(), '', '612345678', 'Natación', '10', '2026-10-01', 'No'],
      ]);
      const form = new FormData();
      form.append('file', new Blob([new Uint8Array(file)]), 'inscripciones.xlsx');
      const upload = await app.fetch('/api/admin/upload-table/', {
        method: 'POST',
        headers: { ...admin.headers, 'Accept-Language': 'en' },
        body: form,
      });
      expect((await errorOf(upload)).detail).toEqual([
        expect.objectContaining({ loc: [2, 'Nombre'], type: 'invisible_characters' }),
      ]);
      expect(await snapshot(app, 'enrolments', 'activities')).toEqual(before);
    });
  });
});
