import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { validateXML } from 'xmllint-wasm';
import { expect } from 'vitest';
import { bffRoot } from '../../src/lib/paths.js';
import type { TestApp } from '../helpers/test-app.js';
import { factory } from '../payments/factory.js';

/**
 * What the direct-debit tests share (issue 62): a staff account whose token follows the clock,
 * a family that signs a mandate and domiciles a fee, staff's remittance calls, the bank's answer
 * uploaded, and the official XSD check of the files the portal writes.
 */

export const GOOD_IBAN = 'ES9121000418450200051332';

export interface Remittance {
  id: number;
  count: number;
  total: number;
  collected: number;
  returned: number;
  pending: number;
  status: string;
}
export interface RemittanceDetail extends Remittance {
  items: {
    id: number;
    end_to_end_id: string;
    person_name: string;
    activity_name: string;
    part: { number: number; of: number } | null;
    amount: number;
    sequence_type: string;
    iban_masked: string;
    status: string;
    return_reason: { code: string; text: string } | null;
  }[];
  returns: { end_to_end_id: string; reason_code: string; reason: string; represent: boolean }[];
}
export interface DebitView {
  lines: { kind: string; part: { number: number; of: number } | null; amount: number }[];
}

const xsd = (name: string) => ({
  fileName: name,
  contents: readFileSync(resolve(bffRoot, 'test/fixtures/sepa', name), 'utf8'),
});

/** The file is valid against the official schema (`test/fixtures/sepa/<schema>`). */
export async function expectValid(xml: string, schema: string) {
  const result = await validateXML({
    xml: { fileName: 'file.xml', contents: xml },
    schema: [xsd(schema)],
  });
  expect(result.errors).toEqual([]);
  expect(result.valid).toBe(true);
}

/** The kit over one test app; `admin` is signed in again whenever the clock moves (`at`). */
export async function directDebitKit(app: TestApp) {
  const f = factory(app);
  let admin = await f.user('admin');

  /** A fresh token for this account (a token lasts less than the months the clock moves). */
  async function authOf(userId: number) {
    const user = (await app.deps.repos.users.findById(userId))!;
    return { Authorization: `Bearer ${await app.deps.tokens.issue(user)}` };
  }

  async function sign(
    user: { id: number; dni: string },
    iban: string,
    holder: string,
    locale = 'es',
  ) {
    const res = await app.json(
      '/api/user/mandates',
      'POST',
      { iban, holder_name: holder, holder_dni: user.dni },
      { ...(await authOf(user.id)), 'Accept-Language': locale },
    );
    expect(res.status).toBe(201);
    return (await res.json()) as { id: number; reference: string };
  }

  function domicile(
    user: { id: number },
    mandateId: number,
    personId: number,
    activityId: number,
    locale = 'es',
  ) {
    return authOf(user.id).then((auth) =>
      app.json(
        '/api/user/direct-debits',
        'POST',
        { mandate_id: mandateId, person_activity_id: personId, activity_id: activityId },
        { ...auth, 'Accept-Language': locale },
      ),
    );
  }

  return {
    f,
    get admin() {
      return admin;
    },
    authOf,
    sign,
    domicile,
    /** Moves the clock; staff sign in again. */
    async at(when: string) {
      (app.clock as unknown as { set(at: string): void }).set(when);
      admin = { ...admin, auth: await authOf(admin.id) };
    },
    /** Turns direct debit (and payments) on, with these settings besides. */
    async enable(values: { direct_debit_return_fee_cents?: number } = {}) {
      const current = await app.deps.repos.config.get();
      await app.deps.repos.config.save({
        ...current,
        payments_enabled: true,
        direct_debit_enabled: true,
        ...values,
      });
    },
    /** An account with one person enrolled in the activity, a mandate signed, the fee on it. */
    async family(iban: string, activityId: number, name: string, locale = 'es') {
      const user = await f.user();
      const person = await f.person(name, 'Pereira Souto');
      await f.link(user.id, person.id);
      await f.enrol(person.id, activityId);
      const mandate = await sign(user, iban, `${name} Pereira Souto`, locale);
      const domiciled = await domicile(user, mandate.id, person.id, activityId, locale);
      expect(domiciled.status).toBe(201);
      const debit = (await domiciled.json()) as DebitView;
      return { user, person, mandate, activityId, debit };
    },
    async remit(date: string): Promise<Remittance> {
      const res = await app.json(
        '/api/admin/remittances',
        'POST',
        { collection_date: date },
        admin.auth,
      );
      expect(res.status).toBe(201);
      return (await res.json()) as Remittance;
    },
    async fileOf(id: number): Promise<string> {
      const res = await app.fetch(`/api/admin/remittances/${id}/file`, { headers: admin.auth });
      expect(res.status).toBe(200);
      return res.text();
    },
    async detail(id: number, locale = 'es'): Promise<RemittanceDetail> {
      const res = await app.fetch(`/api/admin/remittances/${id}`, {
        headers: { ...admin.auth, 'Accept-Language': locale },
      });
      expect(res.status).toBe(200);
      return (await res.json()) as RemittanceDetail;
    },
    /** Uploads the bank's answer (null: a form without the file). */
    upload(id: number, contents: string | null, name = 'answer.xml') {
      const form = new FormData();
      if (contents !== null) form.append('file', new Blob([contents], { type: 'text/xml' }), name);
      else form.append('note', 'x');
      return app.fetch(`/api/admin/remittances/${id}/returns`, {
        method: 'POST',
        headers: { ...admin.auth, 'Accept-Language': 'en' },
        body: form,
      });
    },
    /** The person's enrolment in the family's activity: paid or not, parts paid. */
    enrolment: (fam: { person: { id: number }; activityId: number }) =>
      app.deps.db
        .q()
        .selectFrom('enrolment_activities')
        .select([
          'is_paid',
          'parts_paid',
          'paid_amount_cents',
          'paid_payment_id',
          'registration_fee_paid_cents',
        ])
        .where('enrolment_id', '=', fam.person.id)
        .where('activity_id', '=', fam.activityId)
        .executeTakeFirstOrThrow(),
    /** The newest message handed to the outbox. */
    lastMessage: async () =>
      (
        await app.deps.db
          .q()
          .selectFrom('outbox')
          .select(['body', 'recipient'])
          .orderBy('id', 'desc')
          .limit(1)
          .executeTakeFirstOrThrow()
      ).body,
  };
}

export type DirectDebitKit = Awaited<ReturnType<typeof directDebitKit>>;
export type Family = Awaited<ReturnType<DirectDebitKit['family']>>;
