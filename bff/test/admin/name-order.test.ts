import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '../helpers/test-app.js';
import { bearer, signUp, userByDni } from '../residents/helpers.js';
import {
  createAccount,
  dniWithLetter,
  insertActivity,
  insertEnrolment,
  type Account,
} from './factory.js';
import { xlsx } from './xlsx-fixtures.js';

/**
 * Names sorted as a reader of Spanish or Galician expects: an accented initial with its letter
 * ("Álvarez" among the a's, "Íñigo" among the i's), not after "Zapata", and "ñ" after "n".
 * Whoever writes the person (a form, the import, an edit) writes what the sort reads.
 */
describe('people sorted by name, accents aside', () => {
  let app: TestApp;
  let admin: Account;
  let zapata: { id: number; dni: string };

  beforeAll(async () => {
    app = await startTestApp({ env: { RESPONSE_VALIDATION: 'strict' } });
    admin = await createAccount(app, 'admin');
    zapata = await insertEnrolment(app, { first_name: 'Brais', last_name: 'Zapata Rial' });
    await insertEnrolment(app, { first_name: 'Íñigo', last_name: 'Álvarez Souto' });
    await insertEnrolment(app, { first_name: 'Iago', last_name: 'Castro Lema' });
    await insertEnrolment(app, { first_name: 'Óscar', last_name: 'Otero Vidal' });
    await insertEnrolment(app, { first_name: 'Olalla', last_name: 'Núñez Pérez' });
  });
  afterAll(() => app.close());

  const names = async (query: string) => {
    const res = await app.fetch(`/api/admin/person-activities/?${query}`, {
      headers: admin.headers,
    });
    expect(res.status).toBe(200);
    return ((await res.json()) as { first_name: string; last_name: string }[]).map(
      (row) => `${row.first_name} ${row.last_name}`,
    );
  };

  it('the staff list by surname and by first name, paged or whole, both ways', async () => {
    const bySurname = [
      'Íñigo Álvarez Souto',
      'Iago Castro Lema',
      'Olalla Núñez Pérez',
      'Óscar Otero Vidal',
      'Brais Zapata Rial',
    ];
    expect(await names('sort=last_name')).toEqual(bySurname);
    expect(await names('sort=last_name&page=1&page_size=2')).toEqual(bySurname.slice(0, 2));
    expect(await names('sort=last_name&order=desc&page=1&page_size=5')).toEqual(
      [...bySurname].reverse(),
    );
    expect(await names('sort=first_name&page=1&page_size=10')).toEqual([
      'Brais Zapata Rial',
      'Iago Castro Lema',
      'Íñigo Álvarez Souto',
      'Olalla Núñez Pérez',
      'Óscar Otero Vidal',
    ]);
    // a search's page too (three letters or more: the trigram index)
    expect(await names('q=souto&sort=last_name&page=1&page_size=10')).toEqual([
      'Íñigo Álvarez Souto',
    ]);
  });

  it('follows an edit of the name and the people the import adds', async () => {
    const edited = await app.fetch(`/api/admin/person-activities/${zapata.id}`, {
      method: 'PUT',
      headers: { ...admin.headers, 'Content-Type': 'application/json' },
      body: JSON.stringify({
        first_name: 'Brais',
        last_name: 'Ábalo Rial',
        dni: zapata.dni,
        email: '',
        phone: '622334455',
        activity_ids: [],
      }),
    });
    expect(edited.status).toBe(200);
    const form = new FormData();
    const file = await xlsx([
      ['Úrsula', 'Úbeda Paz', dniWithLetter(55_000_001), '', '633000001', 'Yoga', 25, null, 'no'],
    ]);
    form.append('file', new Blob([new Uint8Array(file)]), 'inscripciones.xlsx');
    const imported = await app.fetch('/api/admin/upload-table/', {
      method: 'POST',
      headers: admin.headers,
      body: form,
    });
    expect(imported.status).toBe(200);
    expect(await names('sort=last_name&page=1&page_size=10')).toEqual([
      'Brais Ábalo Rial',
      'Íñigo Álvarez Souto',
      'Iago Castro Lema',
      'Olalla Núñez Pérez',
      'Óscar Otero Vidal',
      'Úrsula Úbeda Paz',
    ]);
  });

  it("activities by name, accents aside, in the catalogue and in a person's activities", async () => {
    const gym = await insertActivity(app, 'Ximnasia', 2500);
    const area = await insertActivity(app, 'Área de xogo', 1500);
    const basket = await insertActivity(app, 'baloncesto', 3000);
    const res = await app.fetch('/api/admin/activities-crud/?sort=name&page=1&page_size=10', {
      headers: admin.headers,
    });
    // Yoga came with the import above
    expect(((await res.json()) as { name: string }[]).map((a) => a.name)).toEqual([
      'Área de xogo',
      'baloncesto',
      'Ximnasia',
      'Yoga',
    ]);
    const person = await insertEnrolment(app, { first_name: 'Sabela', last_name: 'Vidal' }, [
      { id: gym },
      { id: basket },
      { id: area },
    ]);
    const listed = await app.fetch('/api/admin/person-activities/?q=sabela&page=1&page_size=10', {
      headers: admin.headers,
    });
    const [row] = (await listed.json()) as { id: number; activities: { name: string }[] }[];
    expect(row?.id).toBe(person.id);
    expect(row?.activities.map((a) => a.name)).toEqual(['Área de xogo', 'baloncesto', 'Ximnasia']);
  });

  it('ñ is a letter of its own, after n, as in a Spanish or Galician dictionary', async () => {
    for (const name of [
      'Lucía Peña',
      'Iñaki Peralta',
      'Inés Penas',
      'Antía Muñoz',
      'Xiana Muntaner',
    ]) {
      const [first, last] = name.split(' ') as [string, string];
      await insertEnrolment(app, { first_name: first, last_name: `${last} Quiroga` });
    }
    const bySurname = [
      'Xiana Muntaner Quiroga',
      'Antía Muñoz Quiroga',
      'Inés Penas Quiroga',
      'Lucía Peña Quiroga',
      'Iñaki Peralta Quiroga',
    ];
    expect(await names('q=quiroga&sort=last_name&page=1&page_size=10')).toEqual(bySurname);
    expect(await names('q=quiroga&sort=last_name&order=desc')).toEqual([...bySurname].reverse());
    expect(await names('q=quiroga&sort=first_name&page=1&page_size=10')).toEqual([
      'Antía Muñoz Quiroga',
      'Inés Penas Quiroga',
      'Iñaki Peralta Quiroga',
      'Lucía Peña Quiroga',
      'Xiana Muntaner Quiroga',
    ]);
    // the search still ignores the tilde
    expect(await names('q=pena&page=1&page_size=10')).toEqual([
      'Inés Penas Quiroga',
      'Lucía Peña Quiroga',
    ]);
  });

  it('activities with "ñ" after "n", in the catalogue and in a person\'s activities', async () => {
    const ids = [];
    for (const name of ['Baño termal', 'Banzo termal', 'Bañeira termal'])
      ids.push({ id: await insertActivity(app, name, 1000) });
    const byName = ['Banzo termal', 'Bañeira termal', 'Baño termal'];
    for (const order of ['asc', 'desc']) {
      const res = await app.fetch(
        `/api/admin/activities-crud/?q=termal&sort=name&order=${order}&page=1&page_size=10`,
        { headers: admin.headers },
      );
      expect(((await res.json()) as { name: string }[]).map((a) => a.name)).toEqual(
        order === 'asc' ? byName : [...byName].reverse(),
      );
    }
    await insertEnrolment(app, { first_name: 'Rut', last_name: 'Termas' }, ids);
    const listed = await app.fetch('/api/admin/person-activities/?q=termas&page=1&page_size=10', {
      headers: admin.headers,
    });
    const [row] = (await listed.json()) as { activities: { name: string }[] }[];
    expect(row?.activities.map((a) => a.name)).toEqual(byName);
  });

  it("a resident's own people, in the same order", async () => {
    const dni = dniWithLetter(56_000_002);
    const token = await signUp(app, { dni, phone: '644000002' });
    const userId = (await userByDni(app, dni))?.id;
    for (const last of ['Castro Lema', 'Ábalo Rial', 'Álvarez Souto', 'Vidal']) {
      await app.exec(
        sql`INSERT INTO user_persons (user_id, enrolment_id)
            SELECT ${userId}, id FROM enrolments WHERE last_name = ${last}`,
      );
    }
    const res = await app.fetch('/api/user/persons/', { headers: bearer(token) });
    expect(res.status).toBe(200);
    const people = (await res.json()) as { full_name: string; person_activity_id: number }[];
    expect(people.map((p) => p.full_name)).toEqual([
      'Brais Ábalo Rial',
      'Íñigo Álvarez Souto',
      'Iago Castro Lema',
      'Sabela Vidal',
    ]);
    // Sabela's activities (none has a start date): by name, accents aside
    const sabela = people[3]?.person_activity_id;
    const activities = await app.fetch(`/api/user/activities/${sabela}`, {
      headers: bearer(token),
    });
    expect(activities.status).toBe(200);
    expect(JSON.stringify(await activities.json())).toMatch(/Área de xogo.*baloncesto.*Ximnasia/);
  });
});
