import { sql } from 'kysely';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { authHeaders, createAccount, snapshot, type Account } from '../admin/factory.js';
import { startTestApp, type TestApp } from '../helpers/test-app.js';
import {
  CIRCUMSTANCE_TABLES,
  circumstanceBody,
  createCircumstance,
  PDF,
  resident,
  type Resident,
} from './helpers.js';

/**
 * Issue 60, item 5: a household title (a large family's) is asked once for several of an
 * account's people, with one document and one review; the approval covers each person named, and
 * staff add or remove people.
 */
describe('household titles', () => {
  let app: TestApp;
  let admin: Account;
  let largeFamily: number;
  let disability: number;

  beforeAll(async () => {
    app = await startTestApp({ now: '2026-11-21T10:00:00Z' });
    admin = await createAccount(app, 'admin');
    largeFamily = await createCircumstance(app, admin, {
      ...circumstanceBody(`Familia numerosa ${Math.random()}`, { validity_months: null }),
      scope: 'household',
    } as ReturnType<typeof circumstanceBody>);
    disability = await createCircumstance(
      app,
      admin,
      circumstanceBody(`Discapacidad ${Math.random()}`),
    );
  });
  afterAll(() => app.close());
  beforeEach(async () => {
    admin.headers = await authHeaders(app, admin.id);
    await app.exec(sql`DELETE FROM circumstance_requests`);
    await app.exec(sql`DELETE FROM rate_buckets`);
  });

  function askHousehold(
    who: Resident,
    fields: { circumstance_id: number; people: number[] | string; document?: boolean },
    lang = 'es',
  ) {
    const form = new FormData();
    form.append('circumstance_id', String(fields.circumstance_id));
    form.append(
      'person_activity_ids',
      Array.isArray(fields.people) ? fields.people.join(',') : fields.people,
    );
    if (fields.document !== false)
      form.append(
        'document',
        new Blob([new Uint8Array(PDF)], { type: 'application/pdf' }),
        'titulo.pdf',
      );
    return app.fetch('/api/user/circumstances', {
      method: 'POST',
      headers: { ...who.account.headers, 'Accept-Language': lang },
      body: form,
    });
  }

  const staff = (method: string, path: string, body?: unknown, lang = 'es') =>
    app.json(`/api/admin/circumstance-requests${path}`, method, body, {
      ...admin.headers,
      'Accept-Language': lang,
    });

  const inForce = async (people: number[]) =>
    (await app.deps.repos.circumstances.approvalsInForce(people, '2026-11-21'))
      .filter((a) => a.circumstance_id === largeFamily)
      .map((a) => a.enrolment_id)
      .sort((a, b) => a - b);

  async function threeChildren() {
    const family = await resident(app, {
      count: 3,
      names: ['Antía Vilas Souto', 'Brais Vilas Souto', 'Carme Vilas Souto'],
    });
    const res = await askHousehold(family, { circumstance_id: largeFamily, people: family.people });
    expect(res.status, await res.clone().text()).toBe(201);
    const created = (await res.json()) as {
      id: number;
      status: string;
      person_activity_ids: number[];
    };
    expect(created).toMatchObject({ status: 'pending', person_activity_ids: family.people });
    return { family, id: created.id };
  }

  it('one request, one document and one review approve three children', async () => {
    const { family, id } = await threeChildren();
    // one document kept, on the request staff review
    const documents = await app.rows<{ request_id: number }>(
      sql`SELECT request_id FROM circumstance_documents`,
    );
    expect(documents.map((d) => Number(d.request_id))).toEqual([id]);

    // the queue lists it once, with its three people
    const queue = await app.fetch('/api/admin/circumstance-requests?status=pending', {
      headers: admin.headers,
    });
    const rows = (await queue.json()) as {
      id: number;
      people?: { person_activity_id: number }[];
    }[];
    expect(rows.map((r) => r.id)).toEqual([id]);
    expect(rows[0]!.people!.map((p) => p.person_activity_id)).toEqual(family.people);
    expect(queue.headers.get('x-total-count')).toBe('1');
    const document = await app.fetch(`/api/admin/circumstance-requests/${id}/document`, {
      headers: admin.headers,
    });
    expect(document.status).toBe(200);

    const approved = await staff('POST', `/${id}/approve`, { valid_until: '2027-11-20' });
    expect(approved.status, await approved.clone().text()).toBe(200);
    const view = (await approved.json()) as { status: string; people: { status: string }[] };
    expect(view.status).toBe('approved');
    expect(view.people.map((p) => p.status)).toEqual(['approved', 'approved', 'approved']);
    // each child holds it where the fees read it
    expect(await inForce(family.people)).toEqual([...family.people].sort((a, b) => a - b));
    // the resident sees each child's approval
    const mine = await app.fetch('/api/user/circumstances', { headers: family.account.headers });
    const list = (await mine.json()) as {
      person_activity_id: number;
      status: string;
      household_id: number;
    }[];
    expect(list.filter((r) => r.household_id === id).map((r) => r.status)).toEqual([
      'approved',
      'approved',
      'approved',
    ]);
  });

  it('staff add a person of the family and remove people; the approval follows', async () => {
    const { family, id } = await threeChildren();
    await staff('POST', `/${id}/approve`, { valid_until: '2027-11-20' });
    // a fourth child of the same account
    const fourth = await app.deps.repos.enrolments.insert({
      first_name: 'Dora',
      last_name: 'Vilas Souto',
      dni: null,
      email: null,
      phone: '622334455',
      birth_date: '2020-01-01',
    });
    await app.deps.repos.persons.link(family.account.id, fourth);
    // staff are offered the family's other people
    const offered = await app.fetch(`/api/admin/circumstance-requests?status=approved`, {
      headers: admin.headers,
    });
    const [listed] = (await offered.json()) as {
      addable_people: { person_activity_id: number; person_name: string }[];
    }[];
    expect(listed!.addable_people).toEqual([
      { person_activity_id: fourth, person_name: 'Dora Vilas Souto' },
    ]);
    const added = await staff('POST', `/${id}/people`, { person_activity_id: fourth });
    expect(added.status, await added.clone().text()).toBe(200);
    expect(await inForce([...family.people, fourth])).toHaveLength(4);

    // someone of another family: refused, nothing changed
    const stranger = await resident(app);
    const before = await snapshot(app, ...CIRCUMSTANCE_TABLES);
    const refused = await staff(
      'POST',
      `/${id}/people`,
      { person_activity_id: stranger.people[0] },
      'gl',
    );
    expect(refused.status).toBe(422);
    expect(JSON.stringify(await refused.json())).toContain(
      'Esta persoa non é da familia que o pediu.',
    );
    expect(await snapshot(app, ...CIRCUMSTANCE_TABLES)).toEqual(before);

    // removing the first child (whose row keeps the document) and the second
    const [first, second, third] = family.people as [number, number, number];
    for (const person of [first, second]) {
      const res = await staff('DELETE', `/${id}/people/${person}`);
      expect(res.status, await res.clone().text()).toBe(200);
    }
    expect(await inForce([...family.people, fourth])).toEqual(
      [third, fourth].sort((a, b) => a - b),
    );
    const view = (await (await staff('DELETE', `/${id}/people/${third}`)).json()) as {
      people: { person_activity_id: number; status: string }[];
    };
    expect(
      view.people.filter((p) => p.status === 'approved').map((p) => p.person_activity_id),
    ).toEqual([fourth]);
    // the document stays with the request
    expect(
      (
        await app.fetch(`/api/admin/circumstance-requests/${id}/document`, {
          headers: admin.headers,
        })
      ).status,
    ).toBe(200);
    // the last one cannot go: refuse or withdraw instead
    const last = await staff('DELETE', `/${id}/people/${fourth}`, undefined, 'en');
    expect(last.status).toBe(409);
    expect(await last.json()).toMatchObject({
      code: 'household_last_person',
      detail: 'This is the last person in the request: refuse or withdraw it instead.',
    });
    // withdrawing it ends the last approval
    expect((await staff('POST', `/${id}/withdraw`, {})).status).toBe(200);
    expect(await inForce([...family.people, fourth])).toEqual([]);
  });

  it('a refusal is one for everyone', async () => {
    const { family, id } = await threeChildren();
    const res = await staff('POST', `/${id}/refuse`, { reason_code: 'unreadable' });
    expect(res.status).toBe(200);
    const statuses = await app.rows<{ status: string }>(
      sql`SELECT status FROM circumstance_requests WHERE household_id = ${id}`,
    );
    expect(statuses.map((s) => s.status)).toEqual(['refused', 'refused', 'refused']);
    expect(await inForce(family.people)).toEqual([]);
  });

  it('a circumstance says for whom it is asked: person by default, a wrong value refused', async () => {
    const list = await app.fetch('/api/admin/circumstances', { headers: admin.headers });
    const rows = (await list.json()) as { id: number; scope: string }[];
    expect(rows.find((r) => r.id === largeFamily)?.scope).toBe('household');
    expect(rows.find((r) => r.id === disability)?.scope).toBe('person');
    // residents read it too: the request form asks a household title for several people
    const offered = (await (await app.fetch('/api/circumstances')).json()) as {
      id: number;
      scope: string;
    }[];
    expect(offered.find((r) => r.id === largeFamily)?.scope).toBe('household');
    expect(offered.find((r) => r.id === disability)?.scope).toBe('person');
    const before = await snapshot(app, 'circumstances');
    const wrong = await app.json(
      '/api/admin/circumstances',
      'POST',
      { ...circumstanceBody(`Outra ${Math.random()}`), scope: 'family' },
      admin.headers,
    );
    expect(wrong.status).toBe(422);
    expect(await snapshot(app, 'circumstances')).toEqual(before);
  });

  it('a reduction by age is never asked for a household, a household title with ages the people are outside of is refused as for one person; ids past the database name nothing', async () => {
    const household = async (review: 'age' | 'declaration', ages: object) =>
      createCircumstance(app, admin, {
        ...circumstanceBody(`Familia ${review} ${Math.random()}`),
        review,
        ...ages,
        // an age is never a household's (circumstance_age_household): it applies to each person
        scope: review === 'age' ? 'person' : 'household',
      } as ReturnType<typeof circumstanceBody>);
    const byAge = await household('age', { min_age: 0, max_age: 5 });
    const youth = await household('declaration', { min_age: 14, max_age: 29 });
    // born 2015: eleven years old on 2026-11-21
    const family = await resident(app, { count: 2 });
    const before = await snapshot(app, ...CIRCUMSTANCE_TABLES);
    const refusal = async (res: Response) => {
      expect(res.status).toBe(422);
      const body = (await res.json()) as { detail: { loc: string[]; msg: string; type: string }[] };
      expect(body.detail[0]!.loc).toEqual(['body', 'circumstance_id']);
      return body.detail[0]!;
    };
    const asked = await refusal(
      await askHousehold(family, { circumstance_id: byAge, people: family.people }),
    );
    expect(asked).toMatchObject({ type: 'circumstance_not_household' });
    const declared = await refusal(
      await askHousehold(
        family,
        { circumstance_id: youth, people: family.people, document: false },
        'en',
      ),
    );
    expect(declared.type).toBe('circumstance_age');
    expect(declared.msg).toMatch(/aged 14 to 29/);
    // a multipart field is text: ids past PostgreSQL's integer name nothing (never a 500)
    const nobody = await askHousehold(family, {
      circumstance_id: largeFamily,
      people: [family.people[0]!, 2_147_483_648],
    });
    expect(nobody.status).toBe(404);
    const unknown = await askHousehold(family, {
      circumstance_id: 2_147_483_648,
      people: family.people,
    });
    expect((await refusal(unknown)).type).toBe('circumstance_unknown');
    expect(await snapshot(app, ...CIRCUMSTANCE_TABLES)).toEqual(before);
  });

  it('refuses wrong requests with a clear message and stores nothing', async () => {
    const family = await resident(app, { count: 2 });
    const stranger = await resident(app);
    const before = await snapshot(app, ...CIRCUMSTANCE_TABLES);
    // a circumstance asked per person
    const perPerson = await askHousehold(
      family,
      { circumstance_id: disability, people: family.people },
      'en',
    );
    expect(perPerson.status).toBe(422);
    expect(JSON.stringify(await perPerson.json())).toContain(
      'This circumstance is asked for each person separately.',
    );
    // someone the account does not manage
    const notMine = await askHousehold(family, {
      circumstance_id: largeFamily,
      people: [family.people[0]!, stranger.people[0]!],
    });
    expect(notMine.status).toBe(404);
    // no document
    const noDocument = await askHousehold(family, {
      circumstance_id: largeFamily,
      people: family.people,
      document: false,
    });
    expect(noDocument.status).toBe(422);
    // not a list of ids
    const garbage = await askHousehold(family, { circumstance_id: largeFamily, people: '1;2' });
    expect(garbage.status).toBe(422);
    expect(await snapshot(app, ...CIRCUMSTANCE_TABLES)).toEqual(before);

    // one of them already waiting: 409, nothing more stored
    const first = await askHousehold(family, {
      circumstance_id: largeFamily,
      people: [family.people[0]!],
    });
    expect(first.status).toBe(201);
    const after = await snapshot(app, ...CIRCUMSTANCE_TABLES);
    const again = await askHousehold(family, {
      circumstance_id: largeFamily,
      people: family.people,
    });
    expect(again.status).toBe(409);
    expect(await again.json()).toMatchObject({ code: 'request_pending' });
    expect(await snapshot(app, ...CIRCUMSTANCE_TABLES)).toEqual(after);
  });
});
