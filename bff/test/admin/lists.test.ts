import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '../helpers/test-app.js';
import { createAccount, insertActivity, insertEnrolment, type Account } from './factory.js';

interface Listed {
  status: number;
  total: number | null;
  rows: Record<string, unknown>[];
}

describe('admin lists: paged, searched and sorted by the server', () => {
  let app: TestApp;
  let admin: Account;
  let swimming: number;
  let padel: number;

  beforeAll(async () => {
    app = await startTestApp({ env: { RESPONSE_VALIDATION: 'strict' } });
    admin = await createAccount(app, 'admin');
    swimming = await insertActivity(app, 'Natación infantil', 4000, '2026-10-01');
    padel = await insertActivity(app, 'Pádel adultos', 8550);
    await insertActivity(app, 'Yoga senior', 2500, '2027-01-10');
    await insertEnrolment(
      app,
      {
        first_name: 'Uxía',
        last_name: 'Núñez Castro',
        phone: '611000001',
        email: 'uxia@example.gal',
      },
      [{ id: padel }],
    );
    await insertEnrolment(
      app,
      { first_name: 'Brais', last_name: 'Otero Lago', phone: '611000002', email: null },
      [{ id: swimming }],
    );
    for (let i = 0; i < 23; i++) {
      await insertEnrolment(app, {
        first_name: `Persoa ${String(i).padStart(2, '0')}`,
        last_name: `Apelido ${String(22 - i).padStart(2, '0')}`,
        phone: `6220000${String(i).padStart(2, '0')}`,
        email: `p${i}@example.es`,
      });
    }
  });
  afterAll(() => app.close());

  async function list(path: string): Promise<Listed> {
    const res = await app.fetch(path, { headers: admin.headers });
    const header = res.headers.get('x-total-count');
    return {
      status: res.status,
      total: header === null ? null : Number(header),
      rows: res.status === 200 ? ((await res.json()) as Record<string, unknown>[]) : [],
    };
  }

  const names = (rows: Record<string, unknown>[]) =>
    rows.map((row) => `${String(row.first_name)} ${String(row.last_name)}`);

  it('without paging parameters every list answers all of it, as the spec shows', async () => {
    const enrolments = await list('/api/admin/person-activities/');
    expect(enrolments.rows).toHaveLength(25);
    expect(enrolments.total).toBe(25);
    // by last name, as before
    expect(names(enrolments.rows).slice(0, 2)).toEqual([
      'Persoa 22 Apelido 00',
      'Persoa 21 Apelido 01',
    ]);
    expect(enrolments.rows.find((row) => row.last_name === 'Núñez Castro')).toMatchObject({
      activities: [{ id: padel, name: 'Pádel adultos' }],
    });
    const activities = await list('/api/admin/activities-crud');
    expect(activities.rows.map((row) => row.name)).toEqual([
      'Natación infantil',
      'Pádel adultos',
      'Yoga senior',
    ]);
    expect((await list('/api/admin/users/')).rows).toHaveLength(1);
  });

  it('with page and page_size answers one page in the same shape, and the count in X-Total-Count', async () => {
    const first = await list('/api/admin/person-activities/?page=1&page_size=10');
    const third = await list('/api/admin/person-activities/?page=3&page_size=10');
    expect(first.rows).toHaveLength(10);
    expect(third.rows).toHaveLength(5);
    expect(first.total).toBe(25);
    expect(third.total).toBe(25);
    const all = await list('/api/admin/person-activities/');
    expect([
      ...first.rows,
      ...(await list('/api/admin/person-activities/?page=2&page_size=10')).rows,
      ...third.rows,
    ]).toEqual(all.rows);
    expect((await list('/api/admin/person-activities/?page=9&page_size=10')).rows).toEqual([]);
    // a page alone is a page of ten, the panel's size
    expect((await list('/api/admin/person-activities/?page=2')).rows).toHaveLength(10);
  });

  it('searches without regard to case or accents, over the fields the spec names and activity names', async () => {
    for (const q of ['nunez', 'NÚÑEZ', 'uxia núñez', 'uxia@', '611000001']) {
      const found = await list(
        `/api/admin/person-activities/?page=1&page_size=10&q=${encodeURIComponent(q)}`,
      );
      expect(names(found.rows), q).toEqual(['Uxía Núñez Castro']);
      expect(found.total).toBe(1);
    }
    const bySport = await list('/api/admin/person-activities/?q=natacion');
    expect(names(bySport.rows)).toEqual(['Brais Otero Lago']);
    // counted from the activity's links when no person's own text matches
    expect((await list('/api/admin/person-activities/?page=1&page_size=10&q=natacion')).total).toBe(
      1,
    );
    const padelPeople = await list('/api/admin/person-activities/?q=PADEL');
    expect(names(padelPeople.rows)).toEqual(['Uxía Núñez Castro']);
    // the user's % and _ are letters, not wildcards
    expect((await list('/api/admin/person-activities/?q=%25')).rows).toEqual([]);
    expect((await list('/api/admin/person-activities/?q=_')).rows).toEqual([]);
    // a search never spans two fields
    expect((await list('/api/admin/person-activities/?q=castro611')).rows).toEqual([]);
    const activities = await list('/api/admin/activities-crud/?q=pádel');
    expect(activities.rows.map((row) => row.name)).toEqual(['Pádel adultos']);
    expect(activities.total).toBe(1);
  });

  it('sorts by the visible columns, both ways', async () => {
    const byFirst = await list('/api/admin/person-activities/?page=1&page_size=3&sort=first_name');
    expect(names(byFirst.rows)).toEqual([
      'Brais Otero Lago',
      'Persoa 00 Apelido 22',
      'Persoa 01 Apelido 21',
    ]);
    const byPhoneDown = await list(
      '/api/admin/person-activities/?page=1&page_size=2&sort=phone&order=desc',
    );
    expect(byPhoneDown.rows.map((row) => row.phone)).toEqual(['622000022', '622000021']);
    // no e-mail comes first going up, last going down, on both engines
    const byEmail = await list('/api/admin/person-activities/?page=1&page_size=1&sort=email');
    expect(byEmail.rows[0]?.email).toBeNull();
    const byEmailDown = await list(
      '/api/admin/person-activities/?page=3&page_size=10&sort=email&order=desc',
    );
    expect(byEmailDown.rows.at(-1)?.email).toBeNull();
    const byDni = (await list('/api/admin/person-activities/?sort=dni')).rows.map((row) =>
      String(row.dni),
    );
    expect(byDni).toEqual([...byDni].sort());
    const byPrice = await list('/api/admin/activities-crud/?sort=price&order=desc');
    expect(byPrice.rows.map((row) => row.price)).toEqual([85.5, 40, 25]);
    const byStart = await list('/api/admin/activities-crud/?sort=start_date');
    expect(byStart.rows.map((row) => row.start_date)).toEqual([null, '2026-10-01', '2027-01-10']);
  });

  it('users: newest first, searched by DNI, phone or e-mail, sorted by column', async () => {
    const a = await createAccount(app, 'user');
    await app.exec(sql`UPDATE users SET created_at = '2026-01-01T00:00:00Z' WHERE id = ${a.id}`);
    await app.deps.repos.users.update(a.id, { email: 'Mar.Lopez@Example.ES', phone: '699887766' });
    const b = await createAccount(app, 'user');
    const all = await list('/api/admin/users/?page=1&page_size=10');
    expect(all.total).toBe(3);
    expect(all.rows.at(-1)?.id).toBe(a.id);
    expect(all.rows[0]?.id).toBe(b.id);
    for (const q of ['mar.lopez', 'EXAMPLE.es', '99887', a.dni.toLowerCase()]) {
      const found = await list(`/api/admin/users/?page=1&page_size=10&q=${encodeURIComponent(q)}`);
      expect(
        found.rows.map((row) => row.id),
        q,
      ).toEqual([a.id]);
    }
    const byPhone = await list('/api/admin/users/?sort=phone&order=desc');
    expect(byPhone.rows[0]?.phone).toBe('699887766');
  });

  it('payments and the audit log keep their shape and gain the same search and sorting', async () => {
    const res = await app.fetch('/api/admin/audit/?q=USER.UPDATE&page=1&page_size=5', {
      headers: admin.headers,
    });
    const page = (await res.json()) as { items: { action: string }[]; total: number };
    expect(page.items.every((entry) => entry.action === 'user.update')).toBe(true);
    expect(res.headers.get('x-total-count')).toBe(String(page.total));
    const payments = await app.fetch('/api/admin/payments/?q=x&sort=amount&order=asc', {
      headers: admin.headers,
    });
    expect(payments.status).toBe(200);
    expect(await payments.json()).toMatchObject({ items: [], total: 0, page: 1 });
  });

  it('refuses bad paging, sorting and search values with a clear message and changes nothing', async () => {
    for (const query of [
      'page=0&page_size=10',
      'page=1&page_size=101',
      'page=uno',
      'sort=password_hash',
      'order=sideways',
      `q=${'x'.repeat(101)}`,
    ]) {
      const res = await app.fetch(`/api/admin/person-activities/?${query}`, {
        headers: { ...admin.headers, 'Accept-Language': 'en' },
      });
      expect(res.status, query).toBe(422);
      const body = (await res.json()) as { code: string; detail: { msg: string }[] };
      expect(body.code).toBe('validation_error');
      expect(body.detail[0]?.msg).not.toMatch(/^[a-z_]+$/);
    }
    expect((await list('/api/admin/users/?sort=role')).status).toBe(422);
  });

  it('a search with many matches pages through them in every order, each page with the same total', async () => {
    for (const sort of ['last_name', 'first_name', 'dni', 'email', 'phone']) {
      for (const order of ['asc', 'desc']) {
        const query = `q=PERSOA&sort=${sort}&order=${order}`;
        const whole = await list(`/api/admin/person-activities/?${query}`);
        expect(whole.rows, query).toHaveLength(23);
        const pages = await Promise.all(
          [1, 2, 3].map((n) =>
            list(`/api/admin/person-activities/?${query}&page=${n}&page_size=10`),
          ),
        );
        expect(
          pages.map((page) => page.total),
          query,
        ).toEqual([23, 23, 23]);
        expect(
          pages.flatMap((page) => page.rows),
          query,
        ).toEqual(whole.rows);
        const past = await list(`/api/admin/person-activities/?${query}&page=4&page_size=10`);
        expect(past.rows, query).toEqual([]);
        expect(past.total, query).toBe(23);
      }
    }
    const byEmailDown = await list(
      '/api/admin/person-activities/?q=61100&sort=email&order=desc&page=1&page_size=10',
    );
    // Brais has no e-mail: last going down, in a search too
    expect(names(byEmailDown.rows)).toEqual(['Uxía Núñez Castro', 'Brais Otero Lago']);
    const none = await list('/api/admin/person-activities/?q=zzzz&page=1&page_size=10');
    expect(none).toMatchObject({ status: 200, rows: [], total: 0 });
  });

  it('a text found in a person and in an activity name counts each person once', async () => {
    await insertEnrolment(app, { first_name: 'Natacha', last_name: 'Padelo' }, [{ id: padel }]);
    const both = await list('/api/admin/person-activities/?page=1&page_size=10&q=padel');
    expect(both.total).toBe(2);
    expect(names(both.rows).sort()).toEqual(['Natacha Padelo', 'Uxía Núñez Castro']);
    // two letters: too short for a trigram index, looked for in every row
    const short = await list('/api/admin/person-activities/?page=1&page_size=10&q=P%C3%81');
    expect(short.total).toBe(2);
    expect(names(short.rows)).toEqual(['Uxía Núñez Castro', 'Natacha Padelo']);
  });

  it('the total of a page follows every new and deleted enrolment, one or many at a time', async () => {
    const total = async () =>
      (await list('/api/admin/person-activities/?page=2&page_size=5&sort=dni')).total;
    const before = await total();
    const { id } = await insertEnrolment(app, { first_name: 'Antía', last_name: 'Rei Souto' });
    expect(await total()).toBe((before ?? 0) + 1);
    const removed = await app.fetch(`/api/admin/person-activities/${id}`, {
      method: 'DELETE',
      headers: admin.headers,
    });
    expect(removed.status).toBe(204);
    expect(await total()).toBe(before);
    // several rows in one statement, as the import writes them
    await app.exec(
      sql`INSERT INTO enrolments (first_name, last_name, dni, phone, search_key)
          VALUES ('Ana', 'Pena', '11111111H', '600000001', 'ana'),
                 ('Iago', 'Rial', '22222222J', '600000002', 'iago')`,
    );
    expect(await total()).toBe((before ?? 0) + 2);
    await app.exec(sql`DELETE FROM enrolments WHERE dni IN ('11111111H', '22222222J')`);
    expect(await total()).toBe(before);
  });
});
