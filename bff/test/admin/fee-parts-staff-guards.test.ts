import { sql } from 'kysely';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { t } from '../../src/i18n/index.js';
import { startTestApp, type TestApp } from '../helpers/test-app.js';
import { errorOf } from '../residents/helpers.js';
import {
  createAccount,
  insertActivity,
  insertEnrolment,
  snapshot,
  type Account,
} from './factory.js';
import { payFirstParts, setParts } from './fee-parts-rows.js';
import { xlsx } from './xlsx-fixtures.js';

const TABLES = ['enrolments', 'enrolment_activities', 'activities', 'payments', 'audit_log'];

/**
 * Issue 51, staff's side of a fee in parts: a part paid online is money on record, as a whole fee
 * is. Staff's edits keep it (an edit that does not touch the paid flag never touches
 * `parts_paid`), the activity cannot be dropped from the person nor the person deleted, the
 * activity itself cannot be deleted, and the desk's "paid" in an upload marks the whole fee paid
 * and keeps the parts paid online.
 */
describe('staff and a fee partly paid online', () => {
  let app: TestApp;
  let admin: Account;
  let judo: number;
  let yoga: number;
  let person: { id: number; dni: string };
  let paymentId: number;

  const link = () =>
    app.row<Record<string, unknown>>(
      sql`SELECT is_paid, parts_paid, paid_amount_cents, paid_payment_id
          FROM enrolment_activities WHERE enrolment_id = ${person.id} AND activity_id = ${judo}`,
    );
  const edit = (activityIds: number[], lang = 'es', phone = '622334455') =>
    app.json(
      `/api/admin/person-activities/${person.id}`,
      'PUT',
      {
        first_name: 'Brais',
        last_name: 'Otero Souto',
        dni: person.dni,
        phone,
        activity_ids: activityIds,
      },
      { ...admin.headers, 'Accept-Language': lang },
    );

  beforeAll(async () => {
    app = await startTestApp({ now: '2026-11-25T10:00:00Z' });
    admin = await createAccount(app, 'admin');
  });
  beforeEach(async () => {
    // 60 €, starting 2026-10-01: as the upload below names it
    judo = await insertActivity(app, `Judo ${Date.now()}`, 6000, '2026-10-01');
    yoga = await insertActivity(app, `Yoga ${Date.now()}`, 2000);
    await setParts(app, judo, [
      { percent: 50, due_date: '2026-12-15' },
      { percent: 50, due_date: '2027-01-15' },
    ]);
    person = await insertEnrolment(app, { first_name: 'Brais', last_name: 'Otero Souto' }, [
      { id: judo },
      { id: yoga },
    ]);
    paymentId = await payFirstParts(app, { enrolmentId: person.id, activityId: judo }, 1, 2250);
  });
  afterAll(() => app.close());

  it('keeps the part paid when staff edit the person or their other activities', async () => {
    const res = await edit([judo, yoga], 'es', '633445566');
    expect(res.status).toBe(200);
    expect(await link()).toEqual({
      is_paid: 0,
      parts_paid: 1,
      paid_amount_cents: 2250,
      paid_payment_id: paymentId,
    });
    // dropping the unpaid one is still allowed, and leaves the part paid as it was
    expect((await edit([judo])).status).toBe(200);
    expect(await link()).toMatchObject({ parts_paid: 1, paid_amount_cents: 2250 });
  });

  it('refuses to drop an activity with a part paid (409 has_paid_items), changing nothing', async () => {
    const before = await snapshot(app, ...TABLES);
    for (const lang of ['es', 'en', 'gl'] as const) {
      expect(await errorOf(await edit([yoga], lang))).toMatchObject({
        status: 409,
        code: 'has_paid_items',
        detail: t(lang, 'has_paid_items'),
      });
    }
    expect(await snapshot(app, ...TABLES)).toEqual(before);
  });

  it('refuses to delete a person with a part paid (409 has_paid_items), changing nothing', async () => {
    const before = await snapshot(app, ...TABLES);
    const res = await app.fetch(`/api/admin/person-activities/${person.id}`, {
      method: 'DELETE',
      headers: { ...admin.headers, 'Accept-Language': 'gl' },
    });
    expect(await errorOf(res)).toMatchObject({
      status: 409,
      code: 'has_paid_items',
      detail: t('gl', 'enrolment_has_paid_items'),
    });
    expect(await snapshot(app, ...TABLES)).toEqual(before);
  });

  it('refuses to delete an activity someone paid a part of; one nobody paid goes', async () => {
    const before = await snapshot(app, ...TABLES);
    const res = await app.fetch(`/api/admin/activities-crud/${judo}`, {
      method: 'DELETE',
      headers: { ...admin.headers, 'Accept-Language': 'en' },
    });
    expect(await errorOf(res)).toMatchObject({
      status: 409,
      code: 'has_paid_items',
      detail: t('en', 'activity_has_paid_items'),
    });
    expect(await snapshot(app, ...TABLES)).toEqual(before);
    // the same split, nothing paid: deleted with its unpaid links
    await app.exec(
      sql`UPDATE enrolment_activities SET parts_paid = 0, paid_amount_cents = NULL,
          paid_payment_id = NULL, paid_at = NULL WHERE activity_id = ${judo}`,
    );
    const deleted = await app.fetch(`/api/admin/activities-crud/${judo}`, {
      method: 'DELETE',
      headers: admin.headers,
    });
    expect(deleted.status).toBe(204);
  });

  it("marks the whole fee paid from the desk's upload and keeps the parts paid online", async () => {
    const name = await app.value<string>(sql`SELECT name FROM activities WHERE id = ${judo}`);
    const form = new FormData();
    const file = await xlsx([
      ['Brais', 'Otero Souto', person.dni, '', '622334455', name, 60, '2026-10-01', 'sí'],
    ]);
    form.append('file', new Blob([new Uint8Array(file)]), 'inscripciones.xlsx');
    const res = await app.fetch('/api/admin/upload-table/', {
      method: 'POST',
      headers: admin.headers,
      body: form,
    });
    expect(res.status).toBe(200);
    expect(await link()).toEqual({
      is_paid: 1,
      parts_paid: 1,
      paid_amount_cents: 6000,
      paid_payment_id: paymentId,
    });
    // the staff list: paid whole, every part
    const listed = await app.fetch(
      `/api/admin/person-activities/?page=1&page_size=10&q=${person.dni}`,
      { headers: admin.headers },
    );
    const [row] = (await listed.json()) as { activities: { id: number }[] }[];
    expect(row?.activities.find((a) => a.id === judo)).toMatchObject({
      is_paid: true,
      paid: 60,
      to_pay: 0,
      parts: { paid: 2, of: 2 },
    });
  });
});
