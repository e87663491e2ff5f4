import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { listPayments } from '../../src/generated/sdk.gen.js';
import { startTestApp, type TestApp } from '../helpers/test-app.js';
import { factory } from './factory.js';
import { generate } from './helpers.js';

/** Staff's payments sorted by person read names as the people's list does: "ñ" after "n". */
describe('payments sorted by person', () => {
  let app: TestApp;
  let admin: Awaited<ReturnType<ReturnType<typeof factory>['user']>>;

  beforeAll(async () => {
    app = await startTestApp({ now: '2026-11-01T09:00:00Z' });
    const f = factory(app);
    await f.settings({ payments_enabled: true, discount_bp: 0, deadline: null });
    for (const last of ['Mur', 'Muñoz', 'Muntaner', 'Álvarez']) {
      const household = await f.household([1500]);
      await app.exec(
        sql`UPDATE enrolments SET first_name = 'Ana', last_name = ${last} WHERE id = ${household.person.id}`,
      );
      await generate(app, household.user.token, {
        person_activity_id: household.person.id,
        activity_ids: household.activities,
        use_discount: false,
      });
    }
    admin = await f.user('admin');
  });
  afterAll(() => app.close());

  const names = async (query: Record<string, string | number>) => {
    const { data } = await listPayments({
      client: app.api,
      headers: admin.auth,
      query: query as never,
      throwOnError: true,
    });
    return data.items.map((p) => p.full_name);
  };

  it('both ways, paged, and found without the tilde', async () => {
    const byPerson = ['Ana Álvarez', 'Ana Muntaner', 'Ana Muñoz', 'Ana Mur'];
    expect(await names({ sort: 'person', order: 'asc' })).toEqual(byPerson);
    expect(await names({ sort: 'person', order: 'desc' })).toEqual([...byPerson].reverse());
    expect(await names({ sort: 'person', order: 'asc', page: 2, page_size: 2 })).toEqual(
      byPerson.slice(2),
    );
    expect(await names({ q: 'munoz' })).toEqual(['Ana Muñoz']);
  });
});
