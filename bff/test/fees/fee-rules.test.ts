import { sql } from 'kysely';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '../helpers/test-app.js';
import { feesWorld, tables, type Auth } from './support.js';

describe('fee rules (GET and PUT /admin/fee-rules) and the fee mode', () => {
  let app: TestApp;
  let w: ReturnType<typeof feesWorld>;
  let admin: Auth;
  beforeAll(async () => {
    app = await startTestApp({ now: '2026-11-21T10:00:00Z' });
    w = feesWorld(app);
    admin = (await w.user('admin')).auth;
  });
  beforeEach(async () => {
    await w.clearRules();
    await w.settings({ payments_enabled: true, discount_bp: 5000, deadline: '2026-12-15' });
  });
  afterAll(() => app.close());

  const feeMode = async () =>
    ((await (await app.fetch('/api/config')).json()) as { fee_mode: string }).fee_mode;
  const put = (body: unknown, lang = 'es', auth: Record<string, string> = admin) =>
    app.json('/api/admin/fee-rules', 'PUT', body, { ...auth, 'Accept-Language': lang });
  const stored = () => tables(app, 'reduction_rules', 'family_discounts', 'config', 'audit_log');

  it('stores the rules staff write, replaces them as a whole, audits before and after, and turns the rules mode on and off', async () => {
    expect(await feeMode()).toBe('simple');
    const empty = await app.fetch('/api/admin/fee-rules', { headers: admin });
    expect(await empty.json()).toEqual({ reductions: [], family_discounts: [], cumulative: false });

    const large = await w.circumstance('Familia numerosa');
    const pensioner = await w.circumstance('Pensionista');
    const gym = await w.staffActivity(admin, { name: 'Ximnasio', price: 24 });
    const rules = {
      reductions: [
        { circumstance_id: pensioner, activity_id: null, percent: null, price: 45.5 },
        { circumstance_id: large, activity_id: gym, percent: 50, price: null },
        { circumstance_id: large, activity_id: null, percent: 12.5, price: null },
      ],
      family_discounts: [
        { from_member: 3, percent: 100 },
        { from_member: 2, percent: 20 },
      ],
      cumulative: true,
    };
    const saved = await w.rules(admin, rules);
    // ordered by circumstance (council-wide first) and by member
    expect(saved).toEqual({
      reductions: [
        { circumstance_id: large, activity_id: null, fee_group: null, percent: 12.5, price: null },
        { circumstance_id: large, activity_id: gym, fee_group: null, percent: 50, price: null },
        {
          circumstance_id: pensioner,
          activity_id: null,
          fee_group: null,
          percent: null,
          price: 45.5,
        },
      ],
      family_discounts: [
        { fee_group: null, from_member: 2, percent: 20 },
        { fee_group: null, from_member: 3, percent: 100 },
      ],
      cumulative: true,
    });
    const read = await app.fetch('/api/admin/fee-rules', { headers: admin });
    expect(await read.json()).toEqual(saved);
    expect(
      await app.rows(
        sql`SELECT circumstance_id, activity_id, percent_bp, price_cents FROM reduction_rules ORDER BY circumstance_id, activity_id`,
      ),
    ).toEqual(
      expect.arrayContaining([
        { circumstance_id: large, activity_id: null, percent_bp: 1250, price_cents: null },
        { circumstance_id: pensioner, activity_id: null, percent_bp: null, price_cents: 4550 },
      ]),
    );
    expect(await app.value(sql`SELECT fees_cumulative FROM config`)).toBe(1);

    // replaced as a whole; the audit log says what was and what is
    const replaced = await w.rules(admin, { family_discounts: [{ from_member: 2, percent: 10 }] });
    expect(replaced).toEqual({
      reductions: [],
      family_discounts: [{ fee_group: null, from_member: 2, percent: 10 }],
      cumulative: false,
    });
    const audit = await app.rows<{ details: string }>(
      sql`SELECT details FROM audit_log WHERE action = 'fee_rules.update' ORDER BY id`,
    );
    expect(audit).toHaveLength(2);
    const last = JSON.parse(audit[1]!.details) as { before: unknown; after: unknown };
    expect(last.before).toEqual(saved);
    expect(last.after).toEqual(replaced);

    // a family discount alone is a rule: the rules mode; without any rule, the simple mode
    await app.exec(sql`DELETE FROM circumstances`);
    expect(await feeMode()).toBe('rules');
    await w.rules(admin, {});
    expect(await feeMode()).toBe('simple');
    // an activity priced by age is a rule too
    await w.staffActivity(admin, {
      name: 'Natación',
      price: 40,
      tariffs: [
        { min_age: 0, max_age: 17, price: 30, default: false },
        { min_age: 18, max_age: null, price: 40, default: true },
      ],
    });
    expect(await feeMode()).toBe('rules');
  });

  it('refuses each wrong rule by its place in the list, in the caller’s language, and stores nothing', async () => {
    const large = await w.circumstance('Familia numerosa');
    await w.rules(admin, {
      reductions: [{ circumstance_id: large, activity_id: null, percent: 10, price: null }],
    });
    const before = await stored();
    const reduction = (rule: Record<string, unknown>) => ({
      reductions: [
        { circumstance_id: large, activity_id: null, percent: 10, price: null },
        { circumstance_id: large, activity_id: null, percent: null, price: null, ...rule },
      ],
      family_discounts: [],
      cumulative: false,
    });
    const family = (rules: Record<string, unknown>[]) => ({
      reductions: [],
      family_discounts: rules,
      cumulative: false,
    });
    const cases: [string, unknown, (string | number)[], string][] = [
      [
        'both a percent and a price',
        reduction({ activity_id: 999_999, percent: 20, price: 30 }),
        ['body', 'reductions', 1, 'percent'],
        'Indica un porcentaje de reducción o un precio fijo, solo uno de los dos.',
      ],
      [
        'neither',
        reduction({ activity_id: 999_998 }),
        ['body', 'reductions', 1, 'percent'],
        'Indica un porcentaje de reducción o un precio fijo, solo uno de los dos.',
      ],
      [
        'a percentage with two decimals',
        reduction({ percent: 12.25 }),
        ['body', 'reductions', 1, 'percent'],
        'El porcentaje debe estar entre 0 y 100, con un decimal como mucho (100 es gratis).',
      ],
      [
        'over 100 %',
        reduction({ percent: 100.5 }),
        ['body', 'reductions', 1, 'percent'],
        'El porcentaje debe estar entre 0 y 100, con un decimal como mucho (100 es gratis).',
      ],
      [
        'a price below 0',
        reduction({ price: -1 }),
        ['body', 'reductions', 1, 'price'],
        'El precio debe ser un número de 0 o más.',
      ],
      [
        'an unknown circumstance',
        reduction({ circumstance_id: 999_999, percent: 5 }),
        ['body', 'reductions', 1, 'circumstance_id'],
        'Esa circunstancia no existe: elige una de la lista del Concello.',
      ],
      [
        'an unknown activity',
        reduction({ activity_id: 999_999, percent: 5 }),
        ['body', 'reductions', 1, 'activity_id'],
        'Esa actividad no existe.',
      ],
      [
        'two rules for one circumstance council-wide',
        reduction({ percent: 5 }),
        ['body', 'reductions', 1, 'circumstance_id'],
        'Ya hay otra regla para esta circunstancia en esta actividad (o en todo el Concello): deja solo una.',
      ],
      [
        'a family rule from the 1st member',
        family([{ from_member: 1, percent: 10 }]),
        ['body', 'family_discounts', 0, 'from_member'],
        'Un descuento familiar empieza en el 2.º miembro de la familia o después (de 2 a 20).',
      ],
      [
        'two family rules from one member',
        family([
          { from_member: 2, percent: 10 },
          { from_member: 2, percent: 20 },
        ]),
        ['body', 'family_discounts', 1, 'from_member'],
        'Ya hay un descuento familiar desde ese miembro: deja solo uno.',
      ],
      [
        'a family percentage over 100',
        family([{ from_member: 2, percent: 150 }]),
        ['body', 'family_discounts', 0, 'percent'],
        'El porcentaje debe estar entre 0 y 100, con un decimal como mucho (100 es gratis).',
      ],
    ];
    for (const [what, body, loc, msg] of cases) {
      const res = await put(body);
      const answer = (await res.json()) as {
        code: string;
        detail: { loc: unknown; msg: string }[];
      };
      expect([what, res.status, answer.code]).toEqual([what, 422, 'validation_error']);
      expect(answer.detail, what).toContainEqual(expect.objectContaining({ loc, msg }));
    }
    // N < 2 in English and Galician
    const english = await put(family([{ from_member: 1, percent: 10 }]), 'en');
    expect((await english.json()).detail[0].msg).toBe(
      'A family discount starts from the 2nd family member or later (2 to 20).',
    );
    const galician = await put(family([{ from_member: 0, percent: 10 }]), 'gl');
    expect((await galician.json()).detail[0].msg).toBe(
      'Un desconto familiar comeza no 2.º membro da familia ou despois (de 2 a 20).',
    );
    // every problem of one body at once
    const many = await put({
      reductions: [{ circumstance_id: 999_999, activity_id: null, percent: 10, price: 10 }],
      family_discounts: [
        { from_member: 2, percent: 12.34 },
        { from_member: 2, percent: 10 },
      ],
      cumulative: false,
    });
    expect((await many.json()).detail.map((d: { loc: unknown }) => d.loc)).toEqual([
      ['body', 'reductions', 0, 'circumstance_id'],
      ['body', 'reductions', 0, 'percent'],
      ['body', 'family_discounts', 0, 'percent'],
      ['body', 'family_discounts', 1, 'from_member'],
    ]);
    expect(await stored()).toEqual(before);
  });

  it('is staff’s alone', async () => {
    const resident = await w.user();
    const before = await stored();
    expect((await app.fetch('/api/admin/fee-rules', { headers: resident.auth })).status).toBe(403);
    expect(
      (await put({ reductions: [], family_discounts: [], cumulative: true }, 'es', resident.auth))
        .status,
    ).toBe(403);
    expect(
      (await put({ reductions: [], family_discounts: [], cumulative: true }, 'es', {})).status,
    ).toBe(401);
    expect(await stored()).toEqual(before);
  });

  it('an activity’s own rule for a circumstance overrides the council-wide one there', async () => {
    const large = await w.circumstance('Familia numerosa');
    const gym = await w.staffActivity(admin, { name: 'Ximnasio', price: 30 });
    const pool = await w.staffActivity(admin, { name: 'Piscina', price: 30 });
    await w.rules(admin, {
      reductions: [
        { circumstance_id: large, activity_id: null, percent: 20, price: null },
        { circumstance_id: large, activity_id: gym, percent: 50, price: null },
      ],
    });
    const person = await w.born('Sabela', '1990-01-01');
    await w.enrol(person, gym);
    await w.enrol(person, pool);
    await w.approve(person, large);
    const user = await w.family(person);
    const dues = await w.due(user, person);
    expect([dues.get(gym)?.amount_due, dues.get(pool)?.amount_due]).toEqual([15, 24]);
    // an activity that takes no reductions (an exception to the council's rules)
    const put = await app.json(
      `/api/admin/activities-crud/${pool}`,
      'PUT',
      { name: 'Piscina sen reducións', price: 30, reductions_apply: false },
      admin,
    );
    expect(put.status).toBe(200);
    expect((await w.due(user, person)).get(pool)?.amount_due).toBe(30);
  });

  it('the simple mode answers exactly as before: 75 %, the global discount, no breakdown', async () => {
    const { user, person, activities } = await w.household([6000, 8550]);
    const res = await app.fetch(`/api/user/activities/${person.id}`, { headers: user.auth });
    const rows = (await res.json()) as Record<string, unknown>[];
    expect(rows.map((r) => [r.amount_due, r.amount, r.amount_with_discount, r.breakdown])).toEqual([
      [45, 45, 30, null],
      [64.13, 64.13, 42.75, null],
    ]);
    expect(rows.map((r) => r.id)).toEqual(activities);
  });
});
