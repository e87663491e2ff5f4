import { sql } from 'kysely';
import { expect } from 'vitest';
import { createAccount, type Account } from '../admin/factory.js';
import { freshDni } from '../payments/factory.js';
import type { TestApp } from '../helpers/test-app.js';

export const HOUR = 3_600_000;

/** An activity with places, created through staff's API as the panel does. */
export async function createSeasonActivity(
  app: TestApp,
  admin: Account,
  fields: {
    name?: string;
    allocation: 'first_come' | 'lottery';
    capacity: number;
    openAt: string;
    closeAt: string;
    offerHours?: number;
    minBirthYear?: number | null;
    maxBirthYear?: number | null;
    price?: number;
    waitlistEndsAt?: string | null;
    freePlacesAt?: string | null;
  },
): Promise<number> {
  const res = await fetch(`${app.baseUrl}/api/admin/activities-crud`, {
    method: 'POST',
    headers: { ...admin.headers, 'Content-Type': 'application/json' },
    body: JSON.stringify({
      name: fields.name ?? `Actividad ${Math.random().toString(36).slice(2, 8)}`,
      price: fields.price ?? 40,
      start_date: '2027-01-11',
      allocation: fields.allocation,
      capacity: fields.capacity,
      applications_open_at: fields.openAt,
      applications_close_at: fields.closeAt,
      offer_hours: fields.offerHours ?? 72,
      min_birth_year: fields.minBirthYear ?? null,
      max_birth_year: fields.maxBirthYear ?? null,
      waitlist_ends_at: fields.waitlistEndsAt ?? null,
      free_places_at: fields.freePlacesAt ?? null,
    }),
  });
  expect(res.status, await res.clone().text()).toBe(201);
  return ((await res.json()) as { id: number }).id;
}

export interface Household {
  account: Account;
  people: number[];
}

/** A resident account managing `count` people born on `birthDate`, straight through the repos. */
export async function household(
  app: TestApp,
  count = 1,
  birthDate: string | null = '2016-04-02',
): Promise<Household> {
  const account = await createAccount(app, 'user');
  const people: number[] = [];
  for (let i = 0; i < count; i++) {
    const id = await app.deps.repos.enrolments.insert({
      first_name: `Persoa${i}`,
      last_name: `Proba ${account.id}`,
      dni: freshDni(),
      email: null,
      phone: '622334455',
      birth_date: birthDate,
    });
    await app.deps.repos.persons.link(account.id, id);
    people.push(id);
  }
  return { account, people };
}

/** POST /api/user/applications as the resident's browser sends it. */
export function apply(app: TestApp, who: Household, person: number, activity: number, lang = 'es') {
  return fetch(`${app.baseUrl}/api/user/applications`, {
    method: 'POST',
    headers: {
      ...who.account.headers,
      'Content-Type': 'application/json',
      'Accept-Language': lang,
    },
    body: JSON.stringify({ person_activity_id: person, activity_id: activity }),
  });
}

export async function applied(app: TestApp, who: Household, person: number, activity: number) {
  const res = await apply(app, who, person, activity);
  expect(res.status, await res.clone().text()).toBe(201);
  return (await res.json()) as {
    id: number;
    code: string;
    status: string;
    waitlist_position: number | null;
    offer_expires_at: string | null;
  };
}

export function statuses(app: TestApp, activity: number) {
  return app.rows<{ id: number; code: string; status: string; rank: number | null }>(
    sql`SELECT id, code, status, rank FROM applications WHERE activity_id = ${activity} ORDER BY id`,
  );
}

export function linkOf(app: TestApp, person: number, activity: number) {
  return app.row<{ is_paid: number }>(
    sql`SELECT is_paid FROM enrolment_activities WHERE enrolment_id = ${person} AND activity_id = ${activity}`,
  );
}
