import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { listOutbox } from '../../src/generated/sdk.gen.js';
import {
  authHeaders,
  createAccount,
  insertActivity,
  nextDni,
  type Account,
} from '../admin/factory.js';
import { startTestApp, type TestApp } from '../helpers/test-app.js';
import { bearer, errorOf, lastCode, links, PASSWORD } from './helpers.js';

/**
 * Issue 59 item 3: the account whose verified mobile registered a DNI owns that DNI's person.
 * Someone who added the DNI through "add a person" loses it the moment its holder registers (or,
 * registered before this rule, adds themselves): the link ends, audited, the other account is
 * told in its language, and the person's enrolments and payments stay with the person. Staff's
 * flag and release tool never point at the holder (both engines).
 */
describe('the DNI’s holder owns its person', () => {
  let app: TestApp;
  let admin: Account;
  let phones = 655_100_000;

  beforeAll(async () => {
    app = await startTestApp({ now: '2026-12-01T08:00:00Z' });
    admin = await createAccount(app, 'admin');
  });
  afterAll(() => app.close());

  /** A verified resident with a mobile of their own, speaking `locale`. */
  async function resident(locale: 'es' | 'en' | 'gl' = 'es') {
    const phone = String(++phones);
    const dni = nextDni();
    const id = await app.deps.repos.users.insert({
      dni,
      phone,
      email: null,
      password_hash: await app.deps.passwords.hash(PASSWORD),
      role: 'user',
      verified: true,
    });
    return { id, dni, phone, locale, headers: await authHeaders(app, id) };
  }

  /** Someone adds the victim's DNI (an adult's) through "add a person", enrols and pays for them. */
  async function squat(squatter: { headers: object; locale: string }, victimDni: string) {
    const res = await app.json(
      '/api/user/persons/',
      'POST',
      { first_name: 'Marta', last_name: 'Pazos Lema', birth_date: '1980-06-15', dni: victimDni },
      // every call records the language it was made in: the squatter's
      { ...squatter.headers, 'Accept-Language': squatter.locale },
    );
    expect(res.status).toBe(201);
    const person = (await res.json()) as { person_activity_id: number };
    const activity = await insertActivity(app, `Pilates ${victimDni}`, 3000);
    await app.deps.repos.enrolments.addLink(person.person_activity_id, activity);
    await app.db
      .q()
      .updateTable('enrolment_activities')
      .set({ is_paid: 1, paid_amount_cents: 3000 })
      .where('enrolment_id', '=', person.person_activity_id)
      .execute();
    return { personId: person.person_activity_id, activity };
  }

  const managed = async (headers: Record<string, string>) =>
    (await (await app.fetch('/api/user/persons/', { headers })).json()) as {
      person_activity_id: number;
      dni: string | null;
    }[];

  async function registerAndVerify(dni: string, phone: string): Promise<string> {
    const registered = await app.json('/api/user/register', 'POST', {
      dni,
      phone,
      email: null,
      password: PASSWORD,
      repeat_password: PASSWORD,
    });
    expect(registered.status, await registered.clone().text()).toBe(201);
    const verified = await app.json('/api/user/verify', 'POST', {
      dni,
      otp_code: await lastCode(app, phone),
    });
    expect(verified.status).toBe(200);
    return ((await verified.json()) as { access_token: string }).access_token;
  }

  const staffRow = async (dni: string) => {
    const res = await app.fetch(`/api/admin/users/?q=${dni}`, { headers: admin.headers });
    return (
      (await res.json()) as {
        id: number;
        phone_on_records: string | null;
        record_added_by_resident: boolean;
      }[]
    )[0];
  };

  it('registering takes the person over at once: the squatter’s link ends, audited and told', async () => {
    const squatter = await resident('gl');
    const victim = { dni: nextDni(), phone: String(++phones) };
    const { personId, activity } = await squat(squatter, victim.dni);

    const token = await registerAndVerify(victim.dni, victim.phone);
    const holder = (await app.deps.repos.users.findByDni(victim.dni))!;
    // the same person, with their activity paid, now the holder's and nobody else's
    expect(await managed(bearer(token))).toMatchObject([
      { person_activity_id: personId, dni: victim.dni },
    ]);
    expect(await managed(squatter.headers)).toEqual([]);
    expect((await links(app)).filter((l) => l.enrolment_id === personId)).toEqual([
      { user_id: holder.id, enrolment_id: personId },
    ]);
    expect(
      await app.row(
        sql`SELECT is_paid, paid_amount_cents FROM enrolment_activities
            WHERE enrolment_id = ${personId} AND activity_id = ${activity}`,
      ),
    ).toEqual({ is_paid: 1, paid_amount_cents: 3000 });
    // the record carries the holder's mobile now: the council reaches them, codes go to them
    expect(
      await app.row(sql`SELECT phone, added_by_resident FROM enrolments WHERE id = ${personId}`),
    ).toEqual({
      phone: victim.phone,
      added_by_resident: 0,
    });
    const audited = await app.rows<{ actor_user_id: number; entity_id: string; details: string }>(
      sql`SELECT actor_user_id, entity_id, details FROM audit_log WHERE action = 'person_taken_over'`,
    );
    expect(audited).toHaveLength(1);
    expect(audited[0]).toMatchObject({ actor_user_id: holder.id, entity_id: String(personId) });
    expect(JSON.parse(String(audited[0]!.details))).toEqual({ from_user_id: squatter.id });
    // the squatter is told, in their language (Galician)
    const { data } = await listOutbox({
      client: app.api,
      query: { to: squatter.phone },
      throwOnError: true,
    });
    expect(data[0]?.body).toContain(
      'Marta rexistrou o seu propio DNI no portal de deportes e agora xestiona as súas actividades desde a súa conta.',
    );

    // adding themselves again, or asking to link with their own mobile, finds them linked
    const again = await app.json(
      '/api/user/persons/',
      'POST',
      { first_name: 'Marta', last_name: 'Pazos Lema', birth_date: '1980-06-15', dni: victim.dni },
      bearer(token),
    );
    expect((await errorOf(again)).code).toBe('person_exists');
    const associate = await app.json(
      '/api/user/persons/request-association',
      'POST',
      { dni: victim.dni, phone: victim.phone },
      bearer(token),
    );
    expect((await errorOf(associate)).code).toBe('already_associated');

    // staff see no flag on the holder, and the release tool refuses to delete them
    expect(await staffRow(victim.dni)).toMatchObject({
      id: holder.id,
      phone_on_records: null,
      record_added_by_resident: false,
    });
    const release = await app.fetch(`/api/admin/users/${holder.id}/release`, {
      method: 'POST',
      headers: admin.headers,
    });
    expect((await errorOf(release)).code).toBe('not_squatted');
    expect(await app.deps.repos.users.findById(holder.id)).toBeDefined();
  });

  it('a holder who registered before the rule takes the person over by adding themselves', async () => {
    const squatter = await resident();
    const other = await resident('en');
    const victimDni = nextDni();
    const { personId } = await squat(squatter, victimDni);
    // a second account linked the record with a code sent to the squatter's mobile
    await app.deps.repos.persons.link(other.id, personId);
    await app.fetch('/api/user/persons/', {
      headers: { ...other.headers, 'Accept-Language': 'en' },
    });
    // the victim's account, registered with their own mobile while the squatter held the record
    const holder = await resident();
    await app.deps.repos.users.update(holder.id, { dni: victimDni });
    holder.headers = await authHeaders(app, holder.id);
    expect(await staffRow(victimDni)).toMatchObject({ record_added_by_resident: false });

    const added = await app.json(
      '/api/user/persons/',
      'POST',
      { first_name: 'Marta', last_name: 'Pazos Lema', birth_date: '1980-06-15', dni: victimDni },
      holder.headers,
    );
    expect(added.status).toBe(201);
    expect(await added.json()).toMatchObject({ person_activity_id: personId, dni: victimDni });
    expect((await links(app)).filter((l) => l.enrolment_id === personId)).toEqual([
      { user_id: holder.id, enrolment_id: personId },
    ]);
    const { data } = await listOutbox({
      client: app.api,
      query: { to: other.phone },
      throwOnError: true,
    });
    expect(data[0]?.body).toContain('Marta has registered their own DNI on the sports portal');
    expect(
      await app.column(
        sql`SELECT details FROM audit_log WHERE action = 'person_taken_over' AND entity_id = ${String(personId)} ORDER BY id`,
      ),
    ).toHaveLength(2);
  });

  it('someone else adding a DNI that is on record is still refused, and changes nothing', async () => {
    const squatter = await resident();
    const victimDni = nextDni();
    const { personId } = await squat(squatter, victimDni);
    const third = await resident();
    const refused = await app.json(
      '/api/user/persons/',
      'POST',
      { first_name: 'Marta', last_name: 'Pazos Lema', birth_date: '1980-06-15', dni: victimDni },
      third.headers,
    );
    expect((await errorOf(refused)).code).toBe('person_on_record');
    expect((await links(app)).filter((l) => l.enrolment_id === personId)).toEqual([
      { user_id: squatter.id, enrolment_id: personId },
    ]);
  });

  it('an account registered on the DNI from the squatter’s own mobile takes nothing over, and staff may release it', async () => {
    const squatter = await resident();
    const victimDni = nextDni();
    const { personId } = await squat(squatter, victimDni);
    await registerAndVerify(victimDni, squatter.phone);
    const row = (await staffRow(victimDni))!;
    expect(row).toMatchObject({ phone_on_records: null, record_added_by_resident: true });
    expect((await links(app)).filter((l) => l.enrolment_id === personId)).toEqual([
      { user_id: squatter.id, enrolment_id: personId },
    ]);
    const released = await app.fetch(`/api/admin/users/${row.id}/release`, {
      method: 'POST',
      headers: admin.headers,
    });
    expect(released.status).toBe(204);
  });
});
