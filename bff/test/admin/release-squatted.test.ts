import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '../helpers/test-app.js';
import { bearer, errorOf, lastCode, PASSWORD, seedPerson } from '../residents/helpers.js';
import { authHeaders, createAccount, type Account } from './factory.js';

/** A DNI registered by someone else from their own phone, released by staff for its owner. */
describe('releasing a squatted DNI', () => {
  let app: TestApp;
  let admin: Account;
  const owner = { dni: '11223344B', mobile: '644556677' };
  let squatter: { id: number; headers: { Authorization: string } };
  let honest: Account;

  beforeAll(async () => {
    app = await startTestApp();
    admin = await createAccount(app, 'admin');
    await seedPerson(app, {
      first: 'Uxía',
      last: 'Pereira',
      dni: owner.dni,
      phone: owner.mobile,
      activities: [{ name: 'Natación adultos', priceCents: 4115 }],
    });
    // registered from another phone before registration checked it (or the records changed since)
    const id = await app.deps.repos.users.insert({
      dni: owner.dni,
      phone: '699887766',
      email: 'otra@example.es',
      password_hash: await app.deps.passwords.hash(PASSWORD),
      role: 'user',
      verified: true,
    });
    squatter = { id, headers: await authHeaders(app, id) };
    honest = await createAccount(app, 'user');
    await seedPerson(app, { first: 'Ana', last: 'Vidal', dni: honest.dni, phone: '612345678' });
  });
  afterAll(() => app.close());

  const list = async (q: string) => {
    const res = await app.fetch(`/api/admin/users/?q=${q}`, { headers: admin.headers });
    return (await res.json()) as { id: number; phone_on_records: string | null }[];
  };
  const release = (id: number, headers = admin.headers, lang = 'es') =>
    app.fetch(`/api/admin/users/${id}/release`, {
      method: 'POST',
      headers: { ...headers, 'Accept-Language': lang },
    });

  it('shows staff the mobile on the records where an account was registered from another', async () => {
    expect(await list(owner.dni)).toEqual([
      expect.objectContaining({ id: squatter.id, phone_on_records: owner.mobile }),
    ]);
    expect(await list(honest.dni)).toEqual([
      expect.objectContaining({ id: honest.id, phone_on_records: null }),
    ]);
  });

  it('refuses to release an account whose phone agrees, or one’s own, or for a resident', async () => {
    expect(await errorOf(await release(honest.id, admin.headers, 'en'))).toMatchObject({
      status: 409,
      code: 'not_squatted',
      detail: 'This account’s phone matches the enrolment records; there is nothing to release.',
    });
    expect((await errorOf(await release(admin.id))).code).toBe('cannot_delete_self');
    expect((await release(squatter.id, honest.headers)).status).toBe(403);
    expect((await release(999_999)).status).toBe(404);
    expect((await list(honest.dni)).length).toBe(1);
    expect((await list(owner.dni)).length).toBe(1);
  });

  it('deletes the account, keeps the records, audits it, and lets the owner register', async () => {
    expect((await release(squatter.id)).status).toBe(204);
    expect(await list(owner.dni)).toEqual([]);
    expect((await app.fetch('/api/user/me', { headers: squatter.headers })).status).toBe(401);
    expect(
      Number(await app.value(sql`SELECT COUNT(*) AS n FROM enrolments WHERE dni = ${owner.dni}`)),
    ).toBe(1);
    const audited = await app.rows<{ details: unknown }>(
      sql`SELECT details FROM audit_log WHERE action = 'user.released'`,
    );
    expect(audited).toHaveLength(1);
    const details = JSON.stringify(audited[0]?.details);
    expect(details).toContain(owner.mobile);
    expect(details).not.toContain(owner.dni);

    const registered = await app.json('/api/user/register', 'POST', {
      dni: owner.dni,
      phone: owner.mobile,
      email: null,
      password: PASSWORD,
      repeat_password: PASSWORD,
    });
    expect(registered.status).toBe(201);
    const verified = await app.json('/api/user/verify', 'POST', {
      dni: owner.dni,
      otp_code: await lastCode(app, owner.mobile),
    });
    const { access_token: token } = (await verified.json()) as { access_token: string };
    const persons = (await (
      await app.fetch('/api/user/persons/', { headers: bearer(token) })
    ).json()) as { dni: string }[];
    expect(persons.map((p) => p.dni)).toContain(owner.dni);
  });
});
