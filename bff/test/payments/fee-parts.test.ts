import { sql } from 'kysely';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { zError } from '../../src/generated/zod.gen.js';
import { startTestApp, type TestApp } from '../helpers/test-app.js';
import { factory } from './factory.js';
import { payInSandbox } from './helpers.js';

/**
 * A fee in parts (issue 51, items 5, 6, 7 and 8), over HTTP on the real app and database (both
 * engines): staff split an activity's fee; a resident sees a line per part and pays them in
 * order, each until its own day; a refund of a part returns that part; an offered place is
 * confirmed by its first part. Every wrong input answers in the caller's language and changes
 * nothing.
 */
describe('a fee in parts', () => {
  let app: TestApp;
  let f: ReturnType<typeof factory>;
  let admin: Awaited<ReturnType<ReturnType<typeof factory>['user']>>;
  const TWO_PARTS = [
    { percent: 50, due_date: '2026-12-15' },
    { percent: 50, due_date: '2027-01-15' },
  ];

  beforeAll(async () => {
    app = await startTestApp({ now: '2026-11-21T10:00:00Z' });
    f = factory(app);
    admin = await f.user('admin');
  });
  beforeEach(async () => {
    app.clock.set('2026-11-21T10:00:00Z');
    await f.settings({ payments_enabled: true, discount_bp: 0, deadline: '2026-12-01' });
  });
  afterAll(() => app.close());

  const adminWrite = (method: 'POST' | 'PUT', path: string, body: unknown, lang = 'es') =>
    app.json(`/api/admin/activities-crud${path}`, method, body, {
      ...admin.auth,
      'Accept-Language': lang,
    });

  const activityBody = (name: string, parts: unknown, price = 90) => ({
    name,
    price,
    start_date: '2026-10-01',
    parts,
  });

  /** A resident managing one person enrolled in one activity of 90 € split as `parts`. */
  async function enrolledInParts(parts = TWO_PARTS, price = 90) {
    const res = await adminWrite(
      'POST',
      '/',
      activityBody(`Escola ${Math.random()}`, parts, price),
    );
    expect(res.status).toBe(201);
    const activity = (await res.json()) as { id: number; parts: unknown };
    const user = await f.user();
    const person = await f.person();
    await f.link(user.id, person.id);
    await f.enrol(person.id, activity.id);
    return { activity, user, person };
  }

  const lines = async (who: { user: { auth: object }; person: { id: number } }) => {
    const res = await app.json(`/api/user/activities/${who.person.id}`, 'GET', undefined, {
      ...who.user.auth,
    });
    expect(res.status).toBe(200);
    return (await res.json()) as {
      id: number;
      is_paid: boolean;
      amount: number;
      amount_due: number | null;
      amount_with_discount: number | null;
      part?: { number: number; of: number; due_date: string } | null;
    }[];
  };

  const pay = (
    who: { user: { auth: object }; person: { id: number } },
    body: { activity_ids?: number[]; parts?: { activity_id: number; number: number }[] },
    lang = 'es',
  ) =>
    app.json(
      '/api/payments/generate-multiple/',
      'POST',
      { person_activity_id: who.person.id, use_discount: false, ...body },
      { ...who.user.auth, 'Accept-Language': lang },
    );

  async function payParts(
    who: Awaited<ReturnType<typeof enrolledInParts>>,
    numbers: number[],
  ): Promise<string> {
    return (await payPartsTold(who, numbers)).order;
  }

  /** Pays parts as payParts does; also what the bank's page was told it is for. */
  async function payPartsTold(
    who: Awaited<ReturnType<typeof enrolledInParts>>,
    numbers: number[],
  ): Promise<{ order: string; description: string }> {
    const res = await pay(who, {
      parts: numbers.map((number) => ({ activity_id: who.activity.id, number })),
    });
    expect(res.status).toBe(200);
    const redirect = (await res.json()) as {
      action: string;
      fields: Record<string, string>;
      order: string;
    };
    const { location } = await payInSandbox(app, redirect);
    expect(location).toContain('/pago-ok');
    const sent = JSON.parse(
      Buffer.from(redirect.fields.Ds_MerchantParameters!, 'base64').toString('utf8'),
    ) as Record<string, string>;
    return { order: redirect.order, description: sent.DS_MERCHANT_PRODUCTDESCRIPTION! };
  }

  /** The clock moved on: a session of that day (a token from weeks ago has expired). */
  async function moveClock(at: string, who: { user: { id: number; auth: object } }) {
    app.clock.set(at);
    const user = (await app.deps.repos.users.findById(who.user.id))!;
    who.user.auth = { Authorization: `Bearer ${await app.deps.tokens.issue(user)}` };
  }

  const link = (who: { person: { id: number }; activity: { id: number } }) =>
    app.row<{ is_paid: number; parts_paid: number; paid_amount_cents: number | null }>(
      sql`SELECT is_paid, parts_paid, paid_amount_cents FROM enrolment_activities
          WHERE enrolment_id = ${who.person.id} AND activity_id = ${who.activity.id}`,
    );

  const stored = async () => ({
    activities: await app.rows(sql`SELECT id, parts FROM activities ORDER BY id`),
    payments: Number(await app.value(sql`SELECT count(*) FROM payments`)),
    items: Number(await app.value(sql`SELECT count(*) FROM payment_items`)),
  });

  it('staff split a fee: the parts are stored and read back; left out, they stay', async () => {
    const created = await adminWrite('POST', '/', activityBody('Escola de natación', TWO_PARTS));
    expect(created.status).toBe(201);
    const activity = (await created.json()) as { id: number; parts: unknown };
    expect(activity.parts).toEqual(TWO_PARTS);
    // an older client that knows nothing of parts keeps them
    const { parts: _parts, ...withoutParts } = activityBody('Escola de natación', []);
    const kept = await adminWrite('PUT', `/${activity.id}`, withoutParts);
    expect(kept.status).toBe(200);
    expect(((await kept.json()) as { parts: unknown }).parts).toEqual(TWO_PARTS);
    // three parts with shares in hundredths
    const three = [
      { percent: 33.33, due_date: '2026-12-15' },
      { percent: 33.33, due_date: '2027-01-15' },
      { percent: 33.34, due_date: '2027-02-15' },
    ];
    const again = await adminWrite(
      'PUT',
      `/${activity.id}`,
      activityBody('Escola de natación', three),
    );
    expect(((await again.json()) as { parts: unknown }).parts).toEqual(three);
    // empty: one payment again
    const one = await adminWrite('PUT', `/${activity.id}`, activityBody('Escola de natación', []));
    expect(((await one.json()) as { parts: unknown }).parts).toEqual([]);
  });

  it('refuses parts that do not add up, days out of order, one part or more than 12, changing nothing', async () => {
    const created = await adminWrite('POST', '/', activityBody('Escola de vela', TWO_PARTS));
    const { id } = (await created.json()) as { id: number };
    const before = await stored();
    const cases: [unknown, string, Record<string, string>][] = [
      [
        [
          { percent: 50, due_date: '2026-12-15' },
          { percent: 40, due_date: '2027-01-15' },
        ],
        'parts_total',
        {
          es: 'Los plazos suman el 90 %: deben sumar el 100 %.',
          en: 'The instalments add up to 90 %: they must add up to 100 %.',
          gl: 'Os prazos suman o 90 %: deben sumar o 100 %.',
        },
      ],
      [
        [
          { percent: 50, due_date: '2027-01-15' },
          { percent: 50, due_date: '2026-12-15' },
        ],
        'parts_order',
        {
          es: 'El 2.º plazo debe vencer después del 1.º.',
          en: 'Instalment 2 must fall due after instalment 1.',
          gl: 'O 2.º prazo debe vencer despois do 1.º.',
        },
      ],
      [
        [{ percent: 100, due_date: '2026-12-15' }],
        'parts_one',
        {
          es: 'Un solo plazo no divide la cuota: deja la lista vacía para un único pago o añade otro plazo.',
          en: 'A single instalment does not split the fee: leave the list empty for one payment or add another instalment.',
          gl: 'Un só prazo non divide a cota: deixa a lista baleira para un único pagamento ou engade outro prazo.',
        },
      ],
    ];
    for (const [parts, type, texts] of cases) {
      for (const lang of ['es', 'en', 'gl'] as const) {
        const res = await adminWrite('PUT', `/${id}`, activityBody('Escola de vela', parts), lang);
        expect(res.status).toBe(422);
        const body = zError.parse(await res.json());
        expect(body.detail).toEqual([expect.objectContaining({ type, msg: texts[lang] })]);
      }
    }
    // more than 12: the contract's limit, answered as a field error too
    const thirteen = Array.from({ length: 13 }, (_, i) => ({
      percent: i < 12 ? 7.69 : 7.72,
      due_date: `2027-${String((i % 12) + 1).padStart(2, '0')}-${String(i + 1).padStart(2, '0')}`,
    }));
    const tooMany = await adminWrite('PUT', `/${id}`, activityBody('Escola de vela', thirteen));
    expect(tooMany.status).toBe(422);
    expect(zError.parse(await tooMany.json()).detail).toEqual([
      {
        loc: ['body', 'parts'],
        msg: 'Una cuota puede pagarse como mucho en 12 plazos.',
        type: 'parts_too_many',
      },
    ]);
    // a share of 0 % or with three decimals
    for (const percent of [0, 33.333]) {
      const res = await adminWrite(
        'PUT',
        `/${id}`,
        activityBody('Escola de vela', [
          { percent, due_date: '2026-12-15' },
          { percent: 100 - percent, due_date: '2027-01-15' },
        ]),
        'en',
      );
      expect(res.status).toBe(422);
      expect(zError.parse(await res.json()).detail).toContainEqual({
        loc: ['body', 'parts', 0, 'percent'],
        msg: 'Instalment 1 must be a share of the fee above 0 % and up to 100 %, with two decimals at most.',
        type: 'parts_percent',
      });
    }
    expect(await stored()).toEqual(before);
  });

  it('a line per part, each its share of the fee, the last taking the rounding', async () => {
    const three = [
      { percent: 33.33, due_date: '2026-12-15' },
      { percent: 33.33, due_date: '2027-01-15' },
      { percent: 33.34, due_date: '2027-02-15' },
    ];
    // 100 € → 75 € to pay (the spec's 75 %): 25.00 + 25.00 (24.9975 rounded) + 25.00
    const who = await enrolledInParts(three, 100.01);
    const shown = await lines(who);
    expect(shown.map((l) => [l.part?.number, l.part?.of, l.part?.due_date, l.amount_due])).toEqual([
      [1, 3, '2026-12-15', 25],
      [2, 3, '2027-01-15', 25],
      [3, 3, '2027-02-15', 25.01],
    ]);
    expect(shown.reduce((sum, l) => sum + Math.round(l.amount * 100), 0)).toBe(7501);
    expect(shown.every((l) => l.id === who.activity.id && !l.is_paid)).toBe(true);
  });

  it('the global discount splits the same way (simple mode)', async () => {
    await f.settings({ discount_bp: 5000 });
    const who = await enrolledInParts(TWO_PARTS, 90.05);
    const shown = await lines(who);
    // 75 % of 90.05 = 67.54 (67.5375); half of the price = 45.03 (45.025)
    expect(shown.map((l) => [l.amount, l.amount_with_discount])).toEqual([
      [33.77, 22.52],
      [33.77, 22.51],
    ]);
  });

  it('pays part 1, then part 2 after part 1’s day; the whole fee is paid with its last part', async () => {
    const who = await enrolledInParts();
    await payParts(who, [1]);
    expect(await link(who)).toEqual({ is_paid: 0, parts_paid: 1, paid_amount_cents: 3375 });
    let shown = await lines(who);
    expect(shown.map((l) => [l.part?.number, l.is_paid, l.amount, l.amount_due])).toEqual([
      [1, true, 33.75, null],
      [2, false, 33.75, 33.75],
    ]);
    const items = await app.rows(
      sql`SELECT amount_cents, part_from, part_to, part_of FROM payment_items
          WHERE enrolment_id = ${who.person.id}`,
    );
    expect(items).toEqual([{ amount_cents: 3375, part_from: 1, part_to: 1, part_of: 2 }]);

    // part 1's day and the global deadline have passed: part 2 has its own day
    await moveClock('2026-12-20T10:00:00Z', who);
    await payParts(who, [2]);
    expect(await link(who)).toEqual({ is_paid: 1, parts_paid: 2, paid_amount_cents: 6750 });
    shown = await lines(who);
    expect(shown.map((l) => [l.part?.number, l.is_paid, l.amount])).toEqual([
      [1, true, 33.75],
      [2, true, 33.75],
    ]);
  });

  it('pays two parts together in one item', async () => {
    const who = await enrolledInParts();
    const { order, description } = await payPartsTold(who, [2, 1]);
    // the bank's page names the activity and the parts, in plain ASCII
    const name = (await app.row<{ name: string }>(
      sql`SELECT name FROM activities WHERE id = ${who.activity.id}`,
    ))!.name;
    expect(description).toBe(`${name} 1-2/2`);
    const payment = await f.payment(order);
    expect(payment!.amount_cents).toBe(6750);
    const items = await app.rows(
      sql`SELECT part_from, part_to, part_of FROM payment_items WHERE payment_id = ${payment!.id}`,
    );
    expect(items).toEqual([{ part_from: 1, part_to: 2, part_of: 2 }]);
    expect(await link(who)).toEqual({ is_paid: 1, parts_paid: 2, paid_amount_cents: 6750 });
  });

  it('refuses a later part first, a part past its day, a fee in parts asked whole, a paid part: nothing stored', async () => {
    const who = await enrolledInParts();
    const before = await stored();
    const refusals: [Parameters<typeof pay>[1], string, Record<string, string>][] = [
      [
        { parts: [{ activity_id: who.activity.id, number: 2 }] },
        'part_out_of_order',
        {
          es: `Paga antes el 1.º plazo de «${'NAME'}» (hasta el 15/12/2026).`,
          en: `Pay instalment 1 of “${'NAME'}” first (by 15/12/2026).`,
          gl: `Paga antes o 1.º prazo de «${'NAME'}» (ata o 15/12/2026).`,
        },
      ],
      [
        { activity_ids: [who.activity.id] },
        'fee_in_parts',
        {
          es: `La cuota de «${'NAME'}» se paga en plazos: elige los plazos que quieres pagar.`,
          en: `The fee for “${'NAME'}” is paid in instalments: choose the instalments you want to pay.`,
          gl: `A cota de «${'NAME'}» págase en prazos: escolle os prazos que queres pagar.`,
        },
      ],
    ];
    const name = (await app.row<{ name: string }>(
      sql`SELECT name FROM activities WHERE id = ${who.activity.id}`,
    ))!.name;
    for (const [body, code, texts] of refusals) {
      for (const lang of ['es', 'en', 'gl'] as const) {
        const res = await pay(who, body, lang);
        expect(res.status).toBe(409);
        expect(zError.parse(await res.json())).toEqual({
          detail: texts[lang]!.replace('NAME', name),
          code,
        });
      }
    }
    const unknown = await pay(who, { parts: [{ activity_id: who.activity.id, number: 3 }] });
    expect(unknown.status).toBe(422);
    const nothing = await pay(who, { activity_ids: [], parts: [] });
    expect(nothing.status).toBe(422);

    // part 1's day has passed: it cannot be paid online any more, nor part 2 before it
    await moveClock('2026-12-16T10:00:00Z', who);
    const late = await pay(who, { parts: [{ activity_id: who.activity.id, number: 1 }] }, 'en');
    expect(late.status).toBe(409);
    expect(zError.parse(await late.json())).toEqual({
      detail: `Instalment 1 of “${name}” could be paid until 15/12/2026. Ask the council how to pay it.`,
      code: 'part_deadline_passed',
    });
    expect(await stored()).toEqual(before);

    // a part already paid
    await moveClock('2026-11-21T10:00:00Z', who);
    await payParts(who, [1]);
    const again = await pay(who, { parts: [{ activity_id: who.activity.id, number: 1 }] });
    expect(again.status).toBe(409);
    expect(zError.parse(await again.json()).code).toBe('part_already_paid');
  });

  it('parts cannot change once a part is paid (409 parts_locked); the activity cannot be deleted', async () => {
    const who = await enrolledInParts();
    await payParts(who, [1]);
    const before = await stored();
    const name = (await app.row<{ name: string }>(
      sql`SELECT name FROM activities WHERE id = ${who.activity.id}`,
    ))!.name;
    const res = await adminWrite(
      'PUT',
      `/${who.activity.id}`,
      activityBody(name, [
        { percent: 40, due_date: '2026-12-15' },
        { percent: 60, due_date: '2027-01-15' },
      ]),
      'gl',
    );
    expect(res.status).toBe(409);
    expect(zError.parse(await res.json())).toEqual({
      detail: 'Alguén xa pagou esta cota ou un dos seus prazos: os seus prazos non poden cambiar.',
      code: 'parts_locked',
    });
    // the same parts sent back with another change are no change of parts
    const same = await adminWrite('PUT', `/${who.activity.id}`, {
      ...activityBody(name, TWO_PARTS),
      venue: 'Piscina municipal',
    });
    expect(same.status).toBe(200);
    const removed = await app.json(
      `/api/admin/activities-crud/${who.activity.id}`,
      'DELETE',
      undefined,
      admin.auth,
    );
    expect(removed.status).toBe(409);
    expect((await stored()).activities).toEqual(before.activities);
  });

  it('a refund returns a part, last paid first; the part is pending again', async () => {
    const who = await enrolledInParts();
    const first = await payParts(who, [1]);
    const second = await payParts(who, [2]);
    const refund = (order: string) =>
      f
        .payment(order)
        .then((payment) =>
          app.json(
            `/api/admin/payments/${payment!.id}/refund`,
            'POST',
            { reason: 'Baja por lesión.' },
            { ...admin.auth, 'Accept-Language': 'es' },
          ),
        );
    const name = (await app.row<{ name: string }>(
      sql`SELECT name FROM activities WHERE id = ${who.activity.id}`,
    ))!.name;
    const refused = await refund(first);
    expect(refused.status).toBe(409);
    expect(zError.parse(await refused.json())).toEqual({
      detail: `Devuelve antes el 2.º plazo de «${name}», pagado después de este.`,
      code: 'refund_later_part_first',
    });
    expect(await link(who)).toEqual({ is_paid: 1, parts_paid: 2, paid_amount_cents: 6750 });

    expect((await refund(second)).status).toBe(200);
    expect(await link(who)).toEqual({ is_paid: 0, parts_paid: 1, paid_amount_cents: 3375 });
    expect((await lines(who)).map((l) => [l.part?.number, l.is_paid, l.amount_due])).toEqual([
      [1, true, null],
      [2, false, 33.75],
    ]);
    // now part 1 goes back too
    expect((await refund(first)).status).toBe(200);
    expect(await link(who)).toEqual({ is_paid: 0, parts_paid: 0, paid_amount_cents: null });
  });
});
