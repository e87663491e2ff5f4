import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { authHeaders, createAccount, snapshot, type Account } from '../admin/factory.js';
import { startTestApp, type TestApp } from '../helpers/test-app.js';
import { factory } from '../payments/factory.js';
import { generate, payInSandbox } from '../payments/helpers.js';
import { errorOf } from '../residents/helpers.js';
import {
  apply,
  applied,
  createSeasonActivity,
  household,
  statuses,
  type Household,
} from './helpers.js';

/**
 * Offers over time (both engines, the clock moved): the bounded hold of an open payment, the
 * waitlist's end and the free places after it, and every family told, one message per account
 * and activity an hour.
 */

async function startSeasonApp(now: string): Promise<{ app: TestApp; admin: Account }> {
  const app = await startTestApp({ now });
  await factory(app).settings({ payments_enabled: true, discount_bp: 0, deadline: null });
  await app.deps.repos.config.save({
    ...(await app.deps.repos.config.get()),
    reminder_channel: 'sms',
  });
  return { app, admin: await createAccount(app, 'admin') };
}

/** A household whose people have these first names, on a mobile of its own, in a language. */
async function family(
  app: TestApp,
  names: string[],
  locale: 'es' | 'gl' | 'en' = 'es',
): Promise<Household & { phone: string }> {
  const home = await household(app, names.length);
  const phone = `6${String(100_000_000 + home.account.id).slice(1)}`;
  await sql`UPDATE users SET phone = ${phone}, locale = ${locale} WHERE id = ${home.account.id}`.execute(
    app.deps.db.q(),
  );
  for (const [i, name] of names.entries())
    await sql`UPDATE enrolments SET first_name = ${name} WHERE id = ${home.people[i]!}`.execute(
      app.deps.db.q(),
    );
  return { ...home, phone };
}

const smsTo = (app: TestApp, phone: string) =>
  app.column<string>(
    sql`SELECT body FROM outbox WHERE channel = 'sms' AND recipient LIKE ${`%${phone}`} ORDER BY id`,
  );

async function myApplications(app: TestApp, who: Household) {
  const res = await fetch(`${app.baseUrl}/api/user/applications`, {
    headers: await authHeaders(app, who.account.id),
  });
  expect(res.status).toBe(200);
  return (await res.json()) as {
    id: number;
    status: string;
    payment_check_until: string | null;
  }[];
}

async function staffList(app: TestApp, admin: Account, activity: number) {
  const res = await fetch(
    `${app.baseUrl}/api/admin/activities/${activity}/applications?page=1&page_size=50`,
    { headers: await authHeaders(app, admin.id) },
  );
  expect(res.status).toBe(200);
  return (await res.json()) as { id: number; status: string; payment_check_until: string | null }[];
}

async function openCardPage(app: TestApp, who: Household, activity: number) {
  const user = await app.deps.repos.users.findById(who.account.id);
  return generate(app, await app.deps.tokens.issue(user!), {
    person_activity_id: who.people[0]!,
    activity_ids: [activity],
    use_discount: false,
  });
}

describe('an open payment holds an offer for two hours past its deadline at most', () => {
  let app: TestApp;
  let admin: Account;
  beforeAll(async () => ({ app, admin } = await startSeasonApp('2026-12-01T08:00:00Z')));
  afterAll(() => app.close());

  it('shows the payment being checked, then lets the expiry decide; a bank that answers keeps it', async () => {
    admin = await createAccount(app, 'admin');
    const activity = await createSeasonActivity(app, admin, {
      name: 'Pádel retenido',
      allocation: 'first_come',
      capacity: 1,
      openAt: '2026-12-01T09:00:00Z',
      closeAt: '2026-12-03T09:00:00Z',
      offerHours: 1,
    });
    const paid = await createSeasonActivity(app, admin, {
      name: 'Yoga pagado',
      allocation: 'first_come',
      capacity: 1,
      openAt: '2026-12-01T09:00:00Z',
      closeAt: '2026-12-03T09:00:00Z',
      offerHours: 1,
    });
    app.clock.set('2026-12-01T10:00:00Z');
    const [ana, bea, dora] = [
      await family(app, ['Ana']),
      await family(app, ['Bea']),
      await family(app, ['Dora']),
    ];
    const offer = await applied(app, ana!, ana!.people[0]!, activity);
    expect(offer.offer_expires_at).toBe('2026-12-01T11:00:00.000Z');
    const waiting = await applied(app, bea!, bea!.people[0]!, activity);
    expect(waiting.status).toBe('waitlisted');
    await applied(app, dora!, dora!.people[0]!, paid);

    // both open the card page before the deadline and leave it open
    app.clock.set('2026-12-01T10:30:00Z');
    await openCardPage(app, ana!, activity);
    const doraPage = await openCardPage(app, dora!, paid);

    // past the deadline, inside the hold: held, and both sides see the payment being checked
    app.clock.set('2026-12-01T11:30:00Z');
    expect((await app.deps.season.runJobs()).result).toMatchObject({ expired: 0 });
    const mine = (await myApplications(app, ana!)).find((a) => a.id === offer.id)!;
    expect(mine).toMatchObject({
      status: 'offered',
      payment_check_until: '2026-12-01T13:00:00.000Z',
    });
    const rows = await staffList(app, admin, activity);
    expect(rows.find((r) => r.id === offer.id)?.payment_check_until).toBe(
      '2026-12-01T13:00:00.000Z',
    );
    expect(rows.find((r) => r.id === waiting.id)?.payment_check_until).toBeNull();

    // the bank answers for Dora within the hold: her place is confirmed and stays so
    await payInSandbox(app, doraPage);
    expect((await statuses(app, paid))[0]?.status).toBe('confirmed');

    app.clock.set('2026-12-01T12:59:00Z');
    expect((await app.deps.season.runJobs()).result).toMatchObject({ expired: 0 });

    // the hold is over: the offer expires though the payment is still open, the place passes on
    app.clock.set('2026-12-01T13:01:00Z');
    expect((await app.deps.season.runJobs()).result).toMatchObject({ expired: 1, notified: 1 });
    expect((await statuses(app, activity)).map((r) => r.status)).toEqual(['expired', 'offered']);
    expect((await statuses(app, paid))[0]?.status).toBe('confirmed');
    expect((await myApplications(app, ana!))[0]?.payment_check_until).toBeNull();
    expect(await smsTo(app, ana!.phone)).toEqual([
      expect.stringContaining(
        'La plaza ofrecida a Ana en Pádel retenido no se pagó a tiempo y pasa a la siguiente persona.',
      ),
    ]);
    expect(await smsTo(app, bea!.phone)).toEqual([
      expect.stringContaining('Hay plaza para Bea en Pádel retenido'),
    ]);
  });
});

describe("the waitlist's end and the free places after it", () => {
  let app: TestApp;
  let admin: Account;
  beforeAll(async () => ({ app, admin } = await startSeasonApp('2026-12-01T08:00:00Z')));
  afterAll(() => app.close());

  const form = (fields: Record<string, unknown>) => ({
    name: 'Baloncesto fechas',
    price: 40,
    start_date: '2027-01-11',
    allocation: 'lottery',
    capacity: 10,
    applications_open_at: '2026-12-02T08:00:00Z',
    applications_close_at: '2026-12-05T08:00:00Z',
    ...fields,
  });

  it('refuses dates that break the rules, in the reader language, changing nothing', async () => {
    const before = await snapshot(app, 'activities', 'draws');
    const cases: [Record<string, unknown>, string, string, string][] = [
      [
        { waitlist_ends_at: '2026-12-05T08:00:00Z' },
        'waitlist_ends_at',
        'waitlist_end_before_close',
        'A lista de espera debe rematar despois do peche da inscrición.',
      ],
      [
        { waitlist_ends_at: '2026-12-10T08:00:00Z', free_places_at: '2026-12-04T08:00:00Z' },
        'free_places_at',
        'free_places_before_close',
        'As prazas libres deben abrirse despois do peche da inscrición.',
      ],
      [
        { waitlist_ends_at: '2026-12-10T08:00:00Z', free_places_at: '2026-12-09T08:00:00Z' },
        'free_places_at',
        'free_places_before_waitlist_end',
        'As prazas libres ábrense cando remata a lista de espera: pon unha data igual ou posterior ao seu remate (ou unha data de inicio).',
      ],
      [
        { start_date: null, free_places_at: '2026-12-09T08:00:00Z' },
        'free_places_at',
        'free_places_before_waitlist_end',
        'As prazas libres ábrense cando remata a lista de espera: pon unha data igual ou posterior ao seu remate (ou unha data de inicio).',
      ],
    ];
    for (const [fields, field, type, text] of cases) {
      const res = await fetch(`${app.baseUrl}/api/admin/activities-crud`, {
        method: 'POST',
        headers: {
          ...(await authHeaders(app, admin.id)),
          'Content-Type': 'application/json',
          'Accept-Language': 'gl',
        },
        body: JSON.stringify(form(fields)),
      });
      expect(res.status).toBe(422);
      const body = (await res.json()) as { detail: { loc: string[]; msg: string; type: string }[] };
      expect(body.detail).toEqual([{ loc: ['body', field], msg: text, type }]);
    }
    expect(await snapshot(app, 'activities', 'draws')).toEqual(before);
  });

  it('ends the waitlist on its date, tells each waiting family once, then opens the places left', async () => {
    admin = await createAccount(app, 'admin');
    const activity = await createSeasonActivity(app, admin, {
      name: 'Baloncesto final',
      allocation: 'lottery',
      capacity: 1,
      openAt: '2026-12-02T08:00:00Z',
      closeAt: '2026-12-05T08:00:00Z',
      offerHours: 168,
      waitlistEndsAt: '2026-12-10T09:00:00Z',
      freePlacesAt: '2026-12-12T09:00:00Z',
    });
    const list = await fetch(`${app.baseUrl}/api/admin/activities-crud`, {
      headers: await authHeaders(app, admin.id),
    });
    const saved = ((await list.json()) as { id: number }[]).find((a) => a.id === activity);
    expect(saved).toMatchObject({
      waitlist_ends_at: '2026-12-10T09:00:00.000Z',
      free_places_at: '2026-12-12T09:00:00.000Z',
    });
    app.clock.set('2026-12-02T09:00:00Z');
    const families = [
      await family(app, ['Carla']),
      await family(app, ['Diego']),
      await family(app, ['Elena']),
    ];
    for (const f of families) await applied(app, f, f.people[0]!, activity);

    app.clock.set('2026-12-05T08:01:00Z');
    expect((await app.deps.season.runJobs()).result).toMatchObject({ drawn: 1 });
    const drawn = await statuses(app, activity);
    const waitingIds = drawn.filter((r) => r.status === 'waitlisted').map((r) => r.id);
    expect(waitingIds).toHaveLength(2);

    // a minute before its end nothing happens; after it the waiting are let go and told
    app.clock.set('2026-12-10T08:59:00Z');
    expect((await app.deps.season.runJobs()).result).toMatchObject({ waitlist_ended: 0 });
    app.clock.set('2026-12-10T09:01:00Z');
    expect((await app.deps.season.runJobs()).result).toMatchObject({ waitlist_ended: 2 });
    expect((await app.deps.season.runJobs()).result).toMatchObject({ waitlist_ended: 0 });
    const after = await statuses(app, activity);
    expect(after.filter((r) => waitingIds.includes(r.id)).map((r) => r.status)).toEqual([
      'expired',
      'expired',
    ]);
    const audited = await app.column<string>(
      sql`SELECT details FROM audit_log WHERE action = 'application.expired' AND entity_id IN (${sql.join(waitingIds.map(String))})`,
    );
    expect(audited.map((d) => JSON.parse(d) as { reason: string })).toEqual([
      expect.objectContaining({ reason: 'waitlist_ended' }),
      expect.objectContaining({ reason: 'waitlist_ended' }),
    ]);
    const ids = new Map(drawn.map((r) => [r.id, r]));
    for (const [i, f] of families.entries()) {
      const name = ['Carla', 'Diego', 'Elena'][i]!;
      const own = (await smsTo(app, f.phone)).filter((t) => t.includes('ha terminado'));
      const mineId = drawn[i]!.id;
      expect(own).toEqual(
        waitingIds.includes(mineId)
          ? [
              expect.stringContaining(
                `La lista de espera de Baloncesto final ha terminado: no quedó plaza para ${name}.`,
              ),
            ]
          : [],
      );
      expect(ids.get(mineId)).toBeDefined();
    }

    // the offer expires after the end: its place is not offered to anyone
    app.clock.set('2026-12-12T08:02:00Z');
    expect((await app.deps.season.runJobs()).result).toMatchObject({ expired: 1, notified: 0 });
    expect((await statuses(app, activity)).filter((r) => r.status === 'offered')).toEqual([]);

    // before the free places open, a new family is refused; after, the first takes the place
    const [fran, gael] = [await family(app, ['Fran']), await family(app, ['Gael'])];
    app.clock.set('2026-12-12T08:30:00Z');
    const early = await apply(app, fran!, fran!.people[0]!, activity);
    expect([early.status, (await errorOf(early)).code]).toEqual([409, 'applications_not_open']);
    const catalogueStatus = async () =>
      (
        (await (await fetch(`${app.baseUrl}/api/catalogue`)).json()) as {
          id: number;
          status: string;
        }[]
      ).find((a) => a.id === activity)?.status;
    expect(await catalogueStatus()).toBe('drawn');
    app.clock.set('2026-12-12T09:01:00Z');
    expect(await catalogueStatus()).toBe('open');
    const first = await applied(app, fran!, fran!.people[0]!, activity);
    expect(first.status).toBe('offered');
    expect(await catalogueStatus()).toBe('full');
    const before = await snapshot(app, 'applications', 'enrolment_activities');
    const late = await apply(app, gael!, gael!.people[0]!, activity, 'gl');
    expect(late.status).toBe(409);
    expect(await late.json()).toMatchObject({
      code: 'no_places_left',
      detail: 'Non quedan prazas libres nesta actividade.',
    });
    expect(await snapshot(app, 'applications', 'enrolment_activities')).toEqual(before);
  });

  it('ends the waitlist at 00:00 in Madrid on the start date when no end is set', async () => {
    admin = await createAccount(app, 'admin');
    const activity = await createSeasonActivity(app, admin, {
      name: 'Tenis inicio',
      allocation: 'first_come',
      capacity: 1,
      openAt: '2027-01-02T08:00:00Z',
      closeAt: '2027-01-09T08:00:00Z',
      offerHours: 720,
    });
    app.clock.set('2027-01-03T09:00:00Z');
    const [hugo, irene] = [await family(app, ['Hugo']), await family(app, ['Irene'])];
    await applied(app, hugo!, hugo!.people[0]!, activity);
    expect((await applied(app, irene!, irene!.people[0]!, activity)).status).toBe('waitlisted');
    // start_date 2027-01-11: 00:00 in Madrid is 23:00 UTC the day before
    app.clock.set('2027-01-10T22:59:00Z');
    expect((await app.deps.season.runJobs()).result).toMatchObject({ waitlist_ended: 0 });
    app.clock.set('2027-01-10T23:00:30Z');
    expect((await app.deps.season.runJobs()).result).toMatchObject({ waitlist_ended: 1 });
    expect((await statuses(app, activity)).map((r) => r.status)).toEqual(['offered', 'expired']);
    expect(await smsTo(app, irene!.phone)).toEqual([
      expect.stringContaining(
        'La lista de espera de Tenis inicio ha terminado: no quedó plaza para Irene.',
      ),
    ]);
  });
});

describe('every family hears the result, one message per account and activity an hour', () => {
  let app: TestApp;
  let admin: Account;
  beforeAll(async () => ({ app, admin } = await startSeasonApp('2026-12-01T08:00:00Z')));
  afterAll(() => app.close());

  it('tells every family at the draw, by name and in its language, events of one account as one message', async () => {
    admin = await createAccount(app, 'admin');
    const activity = await createSeasonActivity(app, admin, {
      name: 'Natación infantil',
      allocation: 'lottery',
      capacity: 1,
      openAt: '2026-12-02T08:00:00Z',
      closeAt: '2026-12-05T08:00:00Z',
      offerHours: 48,
      price: 60,
    });
    app.clock.set('2026-12-02T09:00:00Z');
    const lopez = await family(app, ['Lucía', 'Brais']);
    const souto = await family(app, ['Uxía'], 'gl');
    const rial = await family(app, ['Martín'], 'en');
    const byPerson = new Map<number, { home: typeof lopez; name: string }>();
    for (const [home, names] of [
      [lopez, ['Lucía', 'Brais']],
      [souto, ['Uxía']],
      [rial, ['Martín']],
    ] as const) {
      const locale = home === souto ? 'gl' : home === rial ? 'en' : 'es';
      for (const [i, person] of home.people.entries()) {
        // the account's language is the one it last used
        const res = await apply(app, home, person, activity, locale);
        expect(res.status).toBe(201);
        const row = (await res.json()) as { id: number };
        byPerson.set(row.id, { home, name: names[i]! });
      }
    }

    app.clock.set('2026-12-05T08:01:00Z');
    expect((await app.deps.season.runJobs()).result).toMatchObject({
      drawn: 1,
      notified: 1,
      waitlist_told: 3,
      messages: 3,
    });
    const rows = await statuses(app, activity);
    const expected = new Map<string, string[]>();
    for (const row of rows) {
      const { home, name } = byPerson.get(row.id)!;
      const locale = home === souto ? 'gl' : home === rial ? 'en' : 'es';
      const position = row.rank! - 1;
      const text =
        row.status === 'offered'
          ? {
              es: `Hay plaza para ${name} en Natación infantil: paga 45,00`,
              gl: `Hai praza para ${name} en Natación infantil: paga 45,00`,
              en: `There is a place for ${name} in Natación infantil: pay €45.00`,
            }[locale]
          : {
              es: `${name} está en el puesto ${position} de la lista de espera de Natación infantil.`,
              gl: `${name} está no posto ${position} da lista de espera de Natación infantil.`,
              en: `${name} is number ${position} on the waitlist for Natación infantil.`,
            }[locale];
      expected.set(home.phone, [...(expected.get(home.phone) ?? []), text]);
    }
    for (const home of [lopez, souto, rial]) {
      const messages = await smsTo(app, home.phone);
      // one message each: the López family's two children in one
      expect(messages).toHaveLength(1);
      for (const part of expected.get(home.phone)!) expect(messages[0]).toContain(part);
    }
    // nothing more to say: a second run sends nothing
    expect((await app.deps.season.runJobs()).result).toMatchObject({ messages: 0 });
  });

  it('holds what happens within the hour after a message and sends it folded into one', async () => {
    admin = await createAccount(app, 'admin');
    const activity = await createSeasonActivity(app, admin, {
      name: 'Pádel plegado',
      allocation: 'first_come',
      capacity: 1,
      openAt: '2026-12-10T08:00:00Z',
      closeAt: '2026-12-20T08:00:00Z',
      offerHours: 2,
    });
    app.clock.set('2026-12-10T10:00:00Z');
    const zoe = await family(app, ['Zoe']);
    const lopez = await family(app, ['Lucía', 'Brais']);
    const first = await applied(app, zoe, zoe.people[0]!, activity);
    const lucia = await applied(app, lopez, lopez.people[0]!, activity);
    await applied(app, lopez, lopez.people[1]!, activity);
    expect(first.status).toBe('offered');

    // staff withdraw Zoe's offer: Lucía moves up and is told at once (nothing sent this hour)
    app.clock.set('2026-12-10T10:05:00Z');
    const withdrawn = await fetch(`${app.baseUrl}/api/admin/applications/${first.id}/withdraw`, {
      method: 'POST',
      headers: await authHeaders(app, admin.id),
    });
    expect(withdrawn.status).toBe(204);
    app.clock.set('2026-12-10T10:06:00Z');
    await app.deps.season.runJobs();
    expect(await smsTo(app, lopez.phone)).toEqual([
      expect.stringContaining('Hay plaza para Lucía en Pádel plegado'),
    ]);

    // within the hour: Lucía's reminder, then her withdrawal and Brais's offer wait
    app.clock.set('2026-12-10T10:08:00Z');
    expect((await app.deps.season.runJobs()).result).toMatchObject({ reminded: 1, messages: 0 });
    app.clock.set('2026-12-10T10:30:00Z');
    const gone = await fetch(`${app.baseUrl}/api/user/applications/${lucia.id}`, {
      method: 'DELETE',
      headers: await authHeaders(app, lopez.account.id),
    });
    expect(gone.status).toBe(204);
    app.clock.set('2026-12-10T10:31:00Z');
    expect((await app.deps.season.runJobs()).result).toMatchObject({ notified: 1, messages: 0 });
    app.clock.set('2026-12-10T10:33:00Z');
    expect((await app.deps.season.runJobs()).result).toMatchObject({ reminded: 1, messages: 0 });
    app.clock.set('2026-12-10T11:05:00Z');
    expect((await app.deps.season.runJobs()).result).toMatchObject({ messages: 0 });
    expect(await smsTo(app, lopez.phone)).toHaveLength(1);

    // an hour after the last message: one message with Brais's offer and its reminder; the
    // reminder of Lucía's withdrawn offer is left out
    app.clock.set('2026-12-10T11:07:00Z');
    expect((await app.deps.season.runJobs()).result).toMatchObject({ messages: 1 });
    const texts = await smsTo(app, lopez.phone);
    expect(texts).toHaveLength(2);
    expect(texts[1]).toContain('Hay plaza para Brais en Pádel plegado');
    expect(texts[1]).toContain('La plaza de Brais en Pádel plegado caduca el');
    expect(texts[1]).not.toContain('Lucía');
    // Zoe's family heard of staff's withdrawal, once, naming her
    expect(await smsTo(app, zoe.phone)).toEqual([
      expect.stringContaining(
        'Hemos retirado la solicitud de Zoe en Pádel plegado; si no lo esperabas, ponte en contacto con nosotros.',
      ),
    ]);

    // two days after, what was sent is forgotten
    const sentIds = async () =>
      (
        await app.rows<{ id: number }>(
          sql`SELECT id FROM season_notices WHERE activity_id = ${activity} AND sent_at IS NOT NULL`,
        )
      ).map((row) => Number(row.id));
    const before = await sentIds();
    expect(before.length).toBeGreaterThan(0);
    app.clock.set('2026-12-12T11:06:00Z');
    await app.deps.season.runJobs();
    // the message of 11:07 is still within its two days
    expect((await sentIds()).filter((id) => before.includes(id)).length).toBeGreaterThan(0);
    app.clock.set('2026-12-12T11:08:00Z');
    const result = (await app.deps.season.runJobs()).result as { pruned: number };
    expect(result.pruned).toBeGreaterThan(0);
    expect((await sentIds()).filter((id) => before.includes(id))).toEqual([]);
  });
});
