import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '../helpers/test-app.js';
import { factory } from '../payments/factory.js';
import { payInSandbox } from '../payments/helpers.js';

interface ListedActivity {
  id: number;
  is_paid: boolean;
  paid: number;
  to_pay: number | null;
  parts: { paid: number; of: number } | null;
}

/**
 * Issue 51 item 7 end to end: a resident pays a fee in three parts through the real checkout and
 * the sandbox bank; after each payment staff's list and overview say what is paid and what is
 * still due, and an edit of the person keeps the parts paid.
 */
describe("staff's view of a fee paid in parts online", () => {
  let app: TestApp;
  let f: ReturnType<typeof factory>;
  let admin: Awaited<ReturnType<ReturnType<typeof factory>['user']>>;

  beforeAll(async () => {
    app = await startTestApp({ now: '2026-11-21T10:00:00Z' });
    f = factory(app);
    admin = await f.user('admin');
    await f.settings({ payments_enabled: true, discount_bp: 0, deadline: '2026-12-01' });
  });
  afterAll(() => app.close());

  const staffLine = async (personId: number, activityId: number) => {
    const res = await app.fetch(`/api/admin/person-activities/?page=1&page_size=100`, {
      headers: admin.auth,
    });
    expect(res.status).toBe(200);
    const rows = (await res.json()) as { id: number; activities: ListedActivity[] }[];
    return rows.find((row) => row.id === personId)?.activities.find((a) => a.id === activityId);
  };
  const pending = async () => {
    const res = await app.fetch('/api/admin/summary', { headers: admin.auth });
    return (await res.json()) as { pending_items: number; pending_cents: number };
  };

  it('after each part paid: paid, still to pay, parts paid, and the parts still pending', async () => {
    // 90 € in three parts: 75 % = 67.50 €, 22.50 € a part
    const created = await app.json(
      '/api/admin/activities-crud/',
      'POST',
      {
        name: 'Escola de baloncesto',
        price: 90,
        start_date: '2026-10-01',
        parts: [
          { percent: 33.33, due_date: '2026-12-15' },
          { percent: 33.33, due_date: '2027-01-15' },
          { percent: 33.34, due_date: '2027-02-15' },
        ],
      },
      admin.auth,
    );
    expect(created.status).toBe(201);
    const activity = ((await created.json()) as { id: number }).id;
    const user = await f.user();
    const person = await f.person('Antía', 'Vilar Rey');
    await f.link(user.id, person.id);
    await f.enrol(person.id, activity);

    expect(await staffLine(person.id, activity)).toMatchObject({
      is_paid: false,
      paid: 0,
      to_pay: 67.5,
      parts: { paid: 0, of: 3 },
    });
    expect(await pending()).toMatchObject({ pending_items: 3, pending_cents: 6750 });

    const pay = async (numbers: number[]) => {
      const res = await app.json(
        '/api/payments/generate-multiple/',
        'POST',
        {
          person_activity_id: person.id,
          use_discount: false,
          parts: numbers.map((number) => ({ activity_id: activity, number })),
        },
        user.auth,
      );
      expect(res.status).toBe(200);
      const { location } = await payInSandbox(
        app,
        (await res.json()) as { action: string; fields: Record<string, string> },
      );
      expect(location).toContain('/pago-ok');
    };

    await pay([1]);
    expect(await staffLine(person.id, activity)).toEqual({
      id: activity,
      name: 'Escola de baloncesto',
      is_paid: false,
      paid: 22.5,
      to_pay: 45,
      parts: { paid: 1, of: 3 },
    });
    expect(await pending()).toMatchObject({ pending_items: 2, pending_cents: 4500 });

    // staff correct the person's phone: the part paid stays
    const edited = await app.json(
      `/api/admin/person-activities/${person.id}`,
      'PUT',
      {
        first_name: 'Antía',
        last_name: 'Vilar Rey',
        dni: person.dni,
        phone: '633445566',
        activity_ids: [activity],
      },
      admin.auth,
    );
    expect(edited.status).toBe(200);
    expect(await staffLine(person.id, activity)).toMatchObject({ paid: 22.5, to_pay: 45 });

    await pay([2, 3]);
    expect(await staffLine(person.id, activity)).toMatchObject({
      is_paid: true,
      paid: 67.5,
      to_pay: 0,
      parts: { paid: 3, of: 3 },
    });
    expect(await pending()).toMatchObject({ pending_items: 0, pending_cents: 0 });
  });
});
