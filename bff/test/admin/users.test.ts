import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  createUser,
  deleteUser,
  getAdminConfig,
  listUsers,
  updateUser,
} from '../../src/generated/sdk.gen.js';
import { zError } from '../../src/generated/zod.gen.js';
import { t, type Locale } from '../../src/i18n/index.js';
import { startTestApp, type TestApp } from '../helpers/test-app.js';
import { authHeaders, createAccount, nextDni, snapshot, type Account } from './factory.js';

describe('admin users', () => {
  let app: TestApp;
  let admin: Account;
  let resident: Account;
  beforeAll(async () => {
    app = await startTestApp({ env: { RESPONSE_VALIDATION: 'strict' } });
    admin = await createAccount(app, 'admin');
    resident = await createAccount(app, 'user');
  });
  afterAll(() => app.close());

  const post = (body: unknown, lang = 'es', headers = admin.headers) =>
    app.json('/api/admin/users/', 'POST', body, { ...headers, 'Accept-Language': lang });
  const put = (id: number, body: unknown, lang = 'es') =>
    app.json(`/api/admin/users/${id}`, 'PUT', body, { ...admin.headers, 'Accept-Language': lang });

  it('refuses calls without a token (401) and from residents (403), for every admin call', async () => {
    const calls: [string, string][] = [
      ['GET', '/api/admin/users/'],
      ['POST', '/api/admin/users/'],
      ['PUT', '/api/admin/users/1'],
      ['DELETE', '/api/admin/users/1'],
      ['GET', '/api/admin/config'],
      ['GET', '/api/admin/config/'],
      ['PUT', '/api/admin/config'],
      ['PUT', '/api/admin/config/'],
      ['GET', '/api/admin/activities-crud'],
      ['GET', '/api/admin/activities-crud/'],
      ['POST', '/api/admin/activities-crud'],
      ['POST', '/api/admin/activities-crud/'],
      ['PUT', '/api/admin/activities-crud/1'],
      ['DELETE', '/api/admin/activities-crud/1'],
      ['GET', '/api/admin/person-activities/'],
      ['POST', '/api/admin/person-activities/'],
      ['PUT', '/api/admin/person-activities/1'],
      ['DELETE', '/api/admin/person-activities/1'],
      ['POST', '/api/admin/upload-table/'],
      ['GET', '/api/admin/upload-table/template'],
      ['GET', '/api/admin/audit/'],
    ];
    for (const [method, path] of calls) {
      const anonymous = await app.json(
        path,
        method,
        method === 'GET' || method === 'DELETE' ? undefined : {},
      );
      expect(anonymous.status, `${method} ${path}`).toBe(401);
      expect(zError.parse(await anonymous.json()).code).toBe('not_authenticated');
      const asResident = await app.fetch(path, { method, headers: resident.headers });
      expect(asResident.status, `${method} ${path}`).toBe(403);
      expect(zError.parse(await asResident.json()).code).toBe('forbidden');
    }
    const ok = await getAdminConfig({ client: app.api, headers: admin.headers });
    expect(ok.response?.status).toBe(200);
  });

  it('lists accounts without passwords or hashes', async () => {
    const { data, response } = await listUsers({
      client: app.api,
      headers: admin.headers,
      throwOnError: true,
    });
    expect(response.status).toBe(200);
    expect(data.map((u) => u.id)).toEqual(expect.arrayContaining([admin.id, resident.id]));
    expect(data.find((u) => u.id === admin.id)).toMatchObject({
      role: 'admin',
      is_admin: true,
      verified: true,
    });
    const text = JSON.stringify(data);
    expect(text).not.toMatch(/password|hash|argon2/i);
  });

  it('creates a verified account with the DNI upper-cased, the 34 prefix removed and an empty e-mail as null', async () => {
    const dni = nextDni();
    const { data, response } = await createUser({
      client: app.api,
      headers: admin.headers,
      throwOnError: true,
      body: {
        dni: ` ${dni.toLowerCase()} `,
        phone: '34622334455',
        email: '',
        password: 'natacion-infantil-26',
        repeat_password: 'natacion-infantil-26',
        is_admin: false,
      },
    });
    expect(response.status).toBe(201);
    expect(data).toMatchObject({
      dni,
      phone: '622334455',
      email: null,
      role: 'user',
      is_admin: false,
      verified: true,
    });
    expect(JSON.stringify(data)).not.toMatch(/password/i);
    const row = await app.deps.repos.users.findById(data.id);
    expect(row?.verified).toBe(1);
    expect(await app.deps.passwords.verify(row?.password_hash ?? '', 'natacion-infantil-26')).toBe(
      true,
    );
    const audit = (await app.row(
      sql`SELECT * FROM audit_log WHERE action = 'user.create' ORDER BY id DESC`,
    )) as {
      details: string;
      actor_user_id: number;
    };
    expect(audit.actor_user_id).toBe(admin.id);
    expect(audit.details).not.toMatch(/natacion|argon/);
  });

  it('creates an admin when asked', async () => {
    const res = await post({
      dni: nextDni(),
      phone: '633445566',
      password: 'piscina-municipal',
      repeat_password: 'piscina-municipal',
      is_admin: true,
    });
    expect(res.status).toBe(201);
    expect(await res.json()).toMatchObject({ role: 'admin', is_admin: true });
  });

  describe('refuses bad input with the spec messages and changes nothing', () => {
    const cases: [string, Record<string, unknown>, string, Record<string, string>][] = [
      [
        'blank dni',
        {
          dni: ' ',
          phone: '612345678',
          password: 'piscina-municipal',
          repeat_password: 'piscina-municipal',
        },
        'complete_all_required_fields',
        {
          es: 'Por favor, completa todos los campos obligatorios.',
          en: 'Please fill in all required fields.',
          gl: 'Por favor, completa todos os campos obrigatorios.',
        },
      ],
      [
        'missing phone',
        { dni: nextDni(), password: 'piscina-municipal', repeat_password: 'piscina-municipal' },
        'complete_all_required_fields',
        {},
      ],
      [
        'missing password',
        { dni: nextDni(), phone: '612345678', password: '', repeat_password: '' },
        'complete_all_required_fields',
        {},
      ],
      [
        'bad email',
        {
          dni: nextDni(),
          phone: '612345678',
          email: 'maria@',
          password: 'piscina-municipal',
          repeat_password: 'piscina-municipal',
        },
        'invalid_email',
        {
          es: 'Introduce una dirección de correo electrónico válida, como nombre@example.com.',
          en: 'Enter a valid e-mail address, like name@example.com.',
        },
      ],
      [
        'passwords differ',
        {
          dni: nextDni(),
          phone: '612345678',
          password: 'piscina-municipal',
          repeat_password: 'piscina-Municipal',
        },
        'passwords_do_not_match',
        {
          es: 'Las contraseñas no coinciden.',
          en: 'Passwords do not match.',
          gl: 'Os contrasinais non coinciden.',
        },
      ],
      [
        'short password',
        { dni: nextDni(), phone: '612345678', password: 'corta', repeat_password: 'corta' },
        'password_too_short',
        {},
      ],
      [
        'common password',
        {
          dni: nextDni(),
          phone: '612345678',
          password: 'password123',
          repeat_password: 'password123',
        },
        'password_too_common',
        {},
      ],
      [
        'wrong DNI letter',
        {
          dni: '12345678A',
          phone: '612345678',
          password: 'piscina-municipal',
          repeat_password: 'piscina-municipal',
        },
        'invalid_dni',
        {},
      ],
      [
        'phone of 8 digits',
        {
          dni: nextDni(),
          phone: '61234567',
          password: 'piscina-municipal',
          repeat_password: 'piscina-municipal',
        },
        'invalid_phone',
        {},
      ],
    ];
    for (const [name, body, key, texts] of cases) {
      it(name, async () => {
        const before = await snapshot(app, 'users', 'audit_log');
        for (const lang of ['es', 'en', 'gl']) {
          const res = await post(body, lang);
          expect(res.status).toBe(422);
          const error = zError.parse(await res.json());
          expect(error.code).toBe('validation_error');
          const items = error.detail as { msg: string; type: string; loc: unknown[] }[];
          expect(items.length).toBeGreaterThan(0);
          if (texts[lang]) expect(items.map((i) => i.msg)).toContain(texts[lang]);
          expect(items.map((i) => i.msg)).toContain(t(lang as Locale, key));
        }
        expect(await snapshot(app, 'users', 'audit_log')).toEqual(before);
      });
    }
  });

  it('answers 409 account_exists for a DNI that has an account', async () => {
    const before = await snapshot(app, 'users');
    const res = await post({
      dni: resident.dni,
      phone: '612345678',
      password: 'piscina-municipal',
      repeat_password: 'piscina-municipal',
    });
    expect(res.status).toBe(409);
    expect(zError.parse(await res.json())).toEqual({
      detail: 'Ya existe una cuenta con ese DNI.',
      code: 'account_exists',
    });
    expect(await snapshot(app, 'users')).toEqual(before);
  });

  it('edits without a password: the password and sessions stay', async () => {
    const target = await createAccount(app, 'user');
    const { data } = await updateUser({
      client: app.api,
      headers: admin.headers,
      throwOnError: true,
      path: { id: target.id },
      body: {
        dni: target.dni,
        phone: '644556677',
        email: 'xoan.lopez@example.gal',
        password: '',
        repeat_password: '',
      },
    });
    expect(data).toMatchObject({
      phone: '644556677',
      email: 'xoan.lopez@example.gal',
      role: 'user',
    });
    const row = await app.deps.repos.users.findById(target.id);
    expect(await app.deps.passwords.verify(row?.password_hash ?? '', target.password)).toBe(true);
    const me = await app.fetch('/api/admin/users/', { headers: admin.headers });
    expect(me.status).toBe(200);
    // the target's token still works (a resident token: 403, not 401)
    const still = await app.fetch('/api/admin/users/', { headers: target.headers });
    expect(still.status).toBe(403);
    const audit = (await app.row(
      sql`SELECT details FROM audit_log WHERE action = 'user.update' ORDER BY id DESC`,
    )) as { details: string };
    expect(JSON.parse(audit.details)).toEqual({
      before: { phone: '612345678', email: null },
      after: { phone: '644556677', email: 'xoan.lopez@example.gal' },
    });
  });

  it('a new password applies the policy and ends the older sessions', async () => {
    const target = await createAccount(app, 'admin');
    const weak = await put(target.id, {
      dni: target.dni,
      phone: '612345678',
      password: 'corta',
      repeat_password: 'corta',
    });
    expect(weak.status).toBe(422);
    const ok = await put(target.id, {
      dni: target.dni,
      phone: '612345678',
      password: 'nuevo-pabellon-2027',
      repeat_password: 'nuevo-pabellon-2027',
    });
    expect(ok.status).toBe(200);
    const row = await app.deps.repos.users.findById(target.id);
    expect(await app.deps.passwords.verify(row?.password_hash ?? '', 'nuevo-pabellon-2027')).toBe(
      true,
    );
    expect((await app.fetch('/api/admin/users/', { headers: target.headers })).status).toBe(401);
    expect(
      (await app.fetch('/api/admin/users/', { headers: await authHeaders(app, target.id) })).status,
    ).toBe(200);
    const audit = (await app.row(
      sql`SELECT details FROM audit_log WHERE action = 'user.update' ORDER BY id DESC`,
    )) as { details: string };
    expect(audit.details).toContain('password_changed');
    expect(audit.details).not.toContain('nuevo-pabellon');
  });

  it('a role change ends sessions; an admin cannot remove their own role', async () => {
    const target = await createAccount(app, 'user');
    const res = await put(target.id, { dni: target.dni, phone: '612345678', is_admin: true });
    expect(res.status).toBe(200);
    expect(await res.json()).toMatchObject({ role: 'admin', is_admin: true });
    expect((await app.fetch('/api/admin/users/', { headers: target.headers })).status).toBe(401);
    expect(
      (await app.fetch('/api/admin/users/', { headers: await authHeaders(app, target.id) })).status,
    ).toBe(200);

    const self = await put(admin.id, { dni: admin.dni, phone: '612345678', is_admin: false });
    expect(self.status).toBe(409);
    expect((await self.json()).code).toBe('cannot_demote_self');
    expect((await app.deps.repos.users.findById(admin.id))?.role).toBe('admin');
  });

  it('edit: 404 for an unknown id, 409 for a DNI of another account', async () => {
    const target = await createAccount(app, 'user');
    expect((await put(999_999, { dni: nextDni(), phone: '612345678' })).status).toBe(404);
    const before = await snapshot(app, 'users');
    const res = await put(target.id, { dni: resident.dni, phone: '612345678' });
    expect(res.status).toBe(409);
    expect((await res.json()).code).toBe('account_exists');
    expect(await snapshot(app, 'users')).toEqual(before);
  });

  it('deletes an account: its token stops working at once; enrolments stay', async () => {
    const target = await createAccount(app, 'admin');
    const enrolment = await app.deps.repos.enrolments.insert({
      first_name: 'Uxía',
      last_name: 'Pereira Souto',
      dni: target.dni,
      email: null,
      phone: '622334455',
    });
    await app.exec(
      sql`INSERT INTO user_persons (user_id, enrolment_id) VALUES (${target.id}, ${enrolment})`,
    );
    const { response } = await deleteUser({
      client: app.api,
      headers: admin.headers,
      path: { id: target.id },
    });
    expect(response?.status).toBe(204);
    expect(await app.deps.repos.users.findById(target.id)).toBeUndefined();
    expect((await app.fetch('/api/admin/users/', { headers: target.headers })).status).toBe(401);
    expect(
      await app.row(sql`SELECT COUNT(*) AS n FROM enrolments WHERE id = ${enrolment}`),
    ).toEqual({ n: 1 });
    expect(
      (
        await app.fetch(`/api/admin/users/${target.id}`, {
          method: 'DELETE',
          headers: admin.headers,
        })
      ).status,
    ).toBe(404);
  });

  it('an admin cannot delete their own account', async () => {
    const res = await app.fetch(`/api/admin/users/${admin.id}`, {
      method: 'DELETE',
      headers: { ...admin.headers, 'Accept-Language': 'gl' },
    });
    expect(res.status).toBe(409);
    expect(zError.parse(await res.json())).toEqual({
      detail: 'Non podes eliminar a túa propia conta.',
      code: 'cannot_delete_self',
    });
    expect(await app.deps.repos.users.findById(admin.id)).toBeDefined();
  });
});
