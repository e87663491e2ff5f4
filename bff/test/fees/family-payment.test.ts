import { sql } from 'kysely';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '../helpers/test-app.js';
import { payInSandbox, pdfText } from '../payments/helpers.js';
import { feesWorld, tables, type Auth } from './support.js';

/**
 * Issue 60, item 7: one payment for several of an account's people, and a family discount
 * earned by the members paid with it. The ghost member: an invented child entered first and a
 * real one, 50 % off the 2nd: the real one cannot pay 30 € alone; paying both together works; the
 * invented child refunded and withdrawn leaves the real one's 30 € pending for the family.
 */
describe('the family’s payment and the family discount earned by paid members', () => {
  let app: TestApp;
  let w: ReturnType<typeof feesWorld>;
  let admin: { id: number; auth: Auth };
  let school: number;
  let group: string;
  beforeAll(async () => {
    app = await startTestApp({ now: '2026-11-21T10:00:00Z' });
    w = feesWorld(app);
    admin = await w.user('admin');
  });
  beforeEach(async () => {
    await w.clearRules();
    await w.settings({ payments_enabled: true, discount_bp: 0, deadline: '2026-12-15' });
    group = `Escolas ${Math.random()}`;
    school = await w.staffActivity(admin.auth, { name: 'Escola', price: 60, fee_group: group });
    await w.rules(admin.auth, { family_discounts: [{ from_member: 2, percent: 50 }] });
  });
  afterAll(() => app.close());

  const pay = (user: { auth: Auth }, body: Record<string, unknown>, lang = 'es') =>
    app.json(
      '/api/payments/generate-multiple/',
      'POST',
      { use_discount: false, ...body },
      { ...user.auth, 'Accept-Language': lang },
    );

  /** The ghost (entered first, so the dearer place) and the real child, both in the school. */
  async function ghostFamily() {
    const ghost = await w.born('Fantasma', '2015-01-01');
    const real = await w.born('Real', '2016-01-01');
    await w.enrol(ghost, school);
    await w.enrol(real, school);
    const user = await w.family(ghost, real);
    return { user, ghost, real };
  }

  const nameOf = async (id: number) => {
    const row = await app.row<{ first_name: string; last_name: string }>(
      sql`SELECT first_name, last_name FROM enrolments WHERE id = ${id}`,
    );
    return `${row!.first_name} ${row!.last_name}`;
  };

  it('the discounted member cannot pay alone: 409 family_discount_needs_members naming the other, nothing stored', async () => {
    const { user, ghost, real } = await ghostFamily();
    // what is shown stays the discounted amount
    expect(await w.amountDue(user, real, school)).toBe(30);
    expect(await w.amountDue(user, ghost, school)).toBe(60);
    const before = await tables(app, 'payments', 'payment_items', 'enrolment_activities');
    for (const [lang, words] of [
      ['es', 'se gana con la cuota de'],
      ['en', 'is earned by the fee of'],
      ['gl', 'gáñase coa cota de'],
    ] as const) {
      const res = await pay(user, { person_activity_id: real, activity_ids: [school] }, lang);
      expect(res.status).toBe(409);
      const body = (await res.json()) as { code: string; detail: string };
      expect(body.code).toBe('family_discount_needs_members');
      expect(body.detail).toContain(words);
      expect(body.detail).toContain(await nameOf(ghost));
    }
    expect(await tables(app, 'payments', 'payment_items', 'enrolment_activities')).toEqual(before);
    // the first member pays alone: no discount to earn
    const alone = await pay(user, { person_activity_id: ghost, activity_ids: [school] });
    expect(alone.status).toBe(200);
    expect((await alone.json()).amount).toBe(60);
  });

  it('paying both in one family payment works: one bank page, one receipt naming each person', async () => {
    const { user, ghost, real } = await ghostFamily();
    const res = await pay(user, {
      people: [
        { person_activity_id: real, activity_ids: [school] },
        { person_activity_id: ghost, activity_ids: [school] },
      ],
    });
    expect(res.status, app.logs.filter((l) => l.includes('error')).join('\n')).toBe(200);
    const redirect = await res.json();
    expect(redirect.amount).toBe(90);
    const items = await app.rows<{
      enrolment_id: number;
      amount_cents: number;
      person_name: string;
    }>(
      sql`SELECT i.enrolment_id, i.amount_cents, i.person_name FROM payment_items i
          JOIN payments p ON p.id = i.payment_id WHERE p.order_code = ${redirect.order}
          ORDER BY i.amount_cents`,
    );
    expect(
      items.map((i) => [Number(i.enrolment_id), Number(i.amount_cents), i.person_name]),
    ).toEqual([
      [real, 3000, await nameOf(real)],
      [ghost, 6000, await nameOf(ghost)],
    ]);
    await payInSandbox(app, redirect);
    const payment = (await w.payment(redirect.order))!;
    expect(payment.status).toBe('paid');
    expect((await w.enrolment(real, school)).is_paid).toBe(1);
    expect((await w.enrolment(ghost, school)).is_paid).toBe(1);
    const receipt = await app.fetch(`/api/user/payments/${payment.id}/receipt?lang=es`, {
      headers: user.auth,
    });
    expect(receipt.status).toBe(200);
    const text = pdfText(Buffer.from(await receipt.arrayBuffer())).replace(/\s+/g, ' ');
    expect(text).toContain(`${await nameOf(real)}: Escola`);
    expect(text).toContain(`${await nameOf(ghost)}: Escola`);
    // the resident's history names whose fee each item paid
    const history = await app.fetch('/api/user/payments/', { headers: user.auth });
    const [paid] = (await history.json()) as { items: { person_activity_id: number }[] }[];
    expect(paid!.items.map((i) => i.person_activity_id).sort()).toEqual([ghost, real].sort());
  });

  it('once the first member is paid, the second pays the discounted fee alone', async () => {
    const { user, ghost, real } = await ghostFamily();
    const first = await pay(user, { person_activity_id: ghost, activity_ids: [school] });
    await payInSandbox(app, await first.json());
    const res = await pay(user, { person_activity_id: real, activity_ids: [school] });
    expect(res.status).toBe(200);
    expect((await res.json()).amount).toBe(30);
  });

  it('refunding and withdrawing the member who earned the discount makes the difference pending, with its reason', async () => {
    const { user, ghost, real } = await ghostFamily();
    const res = await pay(user, {
      people: [
        { person_activity_id: ghost, activity_ids: [school] },
        { person_activity_id: real, activity_ids: [school] },
      ],
    });
    const redirect = await res.json();
    await payInSandbox(app, redirect);
    const payment = (await w.payment(redirect.order))!;
    expect((await w.due(user, real)).get(school)).not.toHaveProperty('family_difference.amount');

    // the ghost's fee given back (only theirs: the family's payment names each person)
    const refund = await app.json(
      `/api/admin/payments/${payment.id}/refund`,
      'POST',
      { reason: 'Inscrición inventada', activity_ids: [school], person_activity_id: ghost },
      admin.auth,
    );
    expect(refund.status).toBe(200);
    expect(await refund.json()).toMatchObject({ refunded_amount: 60 });
    expect((await w.enrolment(real, school)).is_paid).toBe(1);
    const afterRefund = (await w.due(user, real, 'en')).get(school) as unknown as {
      family_difference: Record<string, unknown>;
    };
    expect(afterRefund.family_difference).toMatchObject({
      amount: 30,
      reason_code: 'member_refunded',
      member_name: await nameOf(ghost),
    });
    expect(afterRefund.family_difference.reason).toContain('was refunded');

    // then withdrawn: the difference stays pending, now saying why
    const ghostRow = await app.row<{ first_name: string; last_name: string; dni: string }>(
      sql`SELECT first_name, last_name, dni FROM enrolments WHERE id = ${ghost}`,
    );
    const edit = await app.json(
      `/api/admin/person-activities/${ghost}`,
      'PUT',
      { ...ghostRow, phone: '612345678', email: null, activity_ids: [] },
      admin.auth,
    );
    expect(edit.status, await edit.clone().text()).toBe(200);
    const afterWithdrawal = (await w.due(user, real)).get(school) as unknown as {
      family_difference: Record<string, unknown>;
    };
    expect(afterWithdrawal.family_difference).toMatchObject({
      amount: 30,
      reason_code: 'member_withdrawn',
      reason: `${await nameOf(ghost)}, que daba el descuento familiar, ya no está inscrito: queda pendiente la diferencia.`,
    });
    // the differences are recorded once, against the payment that charged the discount
    const rows = await app.rows<{ amount_cents: number; payment_id: number }>(
      sql`SELECT amount_cents, payment_id FROM family_differences WHERE enrolment_id = ${real}`,
    );
    expect(rows.map((r) => [Number(r.amount_cents), Number(r.payment_id)])).toEqual([
      [3000, payment.id],
    ]);
  });

  it('the refunded member paying again earns the discount back: nothing stays pending', async () => {
    const { user, ghost, real } = await ghostFamily();
    const res = await pay(user, {
      people: [
        { person_activity_id: ghost, activity_ids: [school] },
        { person_activity_id: real, activity_ids: [school] },
      ],
    });
    const redirect = await res.json();
    await payInSandbox(app, redirect);
    const payment = (await w.payment(redirect.order))!;
    await app.json(
      `/api/admin/payments/${payment.id}/refund`,
      'POST',
      { reason: 'Erro', activity_ids: [school], person_activity_id: ghost },
      admin.auth,
    );
    expect((await w.due(user, real)).get(school)).toHaveProperty('family_difference.amount', 30);
    const again = await pay(user, { person_activity_id: ghost, activity_ids: [school] });
    await payInSandbox(app, await again.json());
    expect((await w.due(user, real)).get(school)).not.toHaveProperty('family_difference.amount');
    const open = await app.rows(
      sql`SELECT id FROM family_differences WHERE enrolment_id = ${real} AND settled_at IS NULL`,
    );
    expect(open).toEqual([]);
  });

  it('a refund that leaves the discount earned records nothing', async () => {
    // three children, 50 % from the 2nd: the third keeps its discount while two others are paid
    const a = await w.born('Ana', '2014-01-01');
    const b = await w.born('Bea', '2015-01-01');
    const c = await w.born('Cris', '2016-01-01');
    for (const id of [a, b, c]) await w.enrol(id, school);
    const user = await w.family(a, b, c);
    const res = await pay(user, {
      people: [a, b, c].map((id) => ({ person_activity_id: id, activity_ids: [school] })),
    });
    const redirect = await res.json();
    expect(redirect.amount).toBe(120);
    await payInSandbox(app, redirect);
    const payment = (await w.payment(redirect.order))!;
    // the third's discount needs two others paid: refunding the second leaves one
    const refund = await app.json(
      `/api/admin/payments/${payment.id}/refund`,
      'POST',
      { reason: 'Baixa', activity_ids: [school], person_activity_id: b },
      admin.auth,
    );
    expect(refund.status).toBe(200);
    const differences = await app.rows<{ enrolment_id: number }>(
      sql`SELECT enrolment_id FROM family_differences WHERE enrolment_id IN (${a}, ${b}, ${c})`,
    );
    expect(differences.map((d) => Number(d.enrolment_id))).toEqual([c]);
  });

  it('refuses both forms at once, or neither, with a clear message and nothing stored', async () => {
    const { user, ghost, real } = await ghostFamily();
    const before = await tables(app, 'payments', 'payment_items');
    for (const body of [
      {
        person_activity_id: ghost,
        activity_ids: [school],
        people: [{ person_activity_id: real, activity_ids: [school] }],
      },
      { activity_ids: [school] },
    ]) {
      const res = await pay(user, body);
      expect(res.status).toBe(422);
      const answer = (await res.json()) as { code: string; detail: string };
      expect(answer.code).toBe('payment_one_form');
      expect(answer.detail).toContain('toda la familia');
    }
    // a person of another account: not found, nothing stored
    const stranger = await w.born('Alleo', '2015-05-05');
    await w.enrol(stranger, school);
    const res = await pay(user, {
      people: [
        { person_activity_id: ghost, activity_ids: [school] },
        { person_activity_id: stranger, activity_ids: [school] },
      ],
    });
    expect(res.status).toBe(404);
    expect(await tables(app, 'payments', 'payment_items')).toEqual(before);
  });
});
