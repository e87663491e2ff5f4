import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DomainError } from '../../src/services/errors.js';
import {
  recordRefundAnswer,
  requestRefund,
  throwUnlessRefunded,
} from '../../src/services/payments/refund-steps.js';
import { createAccount } from '../admin/factory.js';
import { startTestApp, type TestApp } from '../helpers/test-app.js';

/**
 * The steps every refund shares (a payment's items, refunds.ts; what a fee in parts owes back,
 * owed-back-refund.ts): the refund row and its audit lines, as both wrote them before sharing them.
 */
describe('the steps every refund shares', () => {
  let app: TestApp;
  let actor: { id: number; dni: string; ip: string };
  let payment: { id: number; order_code: string };

  beforeAll(async () => {
    app = await startTestApp({ now: '2026-11-21T10:00:00Z' });
    const admin = await createAccount(app, 'admin');
    actor = { id: admin.id, dni: admin.dni, ip: '203.0.113.9' };
    const person = await app.deps.repos.enrolments.insert({
      first_name: 'Iria',
      last_name: 'Castro Pena',
      dni: null,
      email: null,
      phone: '600000001',
      birth_date: '2015-05-05',
    });
    const order_code = 'RS0000000001';
    const id = await app.deps.repos.payments.insertPayment({
      order_code,
      locale: 'es',
      user_id: admin.id,
      enrolment_id: person,
      person_name: 'Iria Castro Pena',
      person_dni: '',
      amount_cents: 6000,
      use_discount: false,
      gateway: 'sandbox',
      merchant_code: '999008881',
      terminal: '1',
      pay_method: 'card',
      now: '2026-11-21T10:00:00.000Z',
    });
    payment = { id, order_code };
  });
  afterAll(() => app.close());

  const deps = () => ({ refunds: app.deps.repos.refunds, audit: app.deps.repos.audit });
  const auditOf = async (refundId: number) =>
    (
      await app.rows<{ action: string; details: string; ip: string }>(
        sql`SELECT action, details, ip FROM audit_log WHERE entity = 'payment'
            AND entity_id = ${String(payment.id)} ORDER BY id`,
      )
    )
      .map((row) => ({ ...row, details: JSON.parse(row.details) as Record<string, unknown> }))
      .filter((row) => row.details.refund_id === refundId);
  const refundRow = (id: number) =>
    app.row<{ status: string; amount_cents: number; gateway_code: string | null }>(
      sql`SELECT status, amount_cents, gateway_code FROM payment_refunds WHERE id = ${id}`,
    );

  it('records a refund of items as requested, then succeeded, audited without owed_back', async () => {
    const at = '2026-11-21T10:05:00.000Z';
    const refundId = await requestRefund(deps(), actor, {
      payment,
      amountCents: 6000,
      reason: 'Baixa',
      activityIds: [7, 8],
      at,
    });
    expect(await refundRow(refundId)).toMatchObject({ status: 'requested', gateway_code: null });
    await recordRefundAnswer(
      deps(),
      actor,
      { payment, refundId, amountCents: 6000 },
      { outcome: 'refunded', code: '0900', raw: '{}' },
      at,
    );
    expect(await refundRow(refundId)).toMatchObject({ status: 'succeeded', gateway_code: '0900' });
    const lines = await auditOf(refundId);
    expect(lines.map((l) => l.action)).toEqual([
      'payment.refund_requested',
      'payment.refund_succeeded',
    ]);
    expect(JSON.stringify(lines[0]!.details)).toBe(
      JSON.stringify({
        order: payment.order_code,
        refund_id: refundId,
        amount_cents: 6000,
        activity_ids: [7, 8],
        reason: 'Baixa',
      }),
    );
    expect(lines[1]!.details).toEqual({
      order: payment.order_code,
      refund_id: refundId,
      amount_cents: 6000,
      gateway_code: '0900',
    });
    expect(() =>
      throwUnlessRefunded({ outcome: 'refunded', code: '0900', raw: '{}' }),
    ).not.toThrow();
  });

  it('marks what a fee owes back as owed_back; a refusal fails the refund, no answer leaves it requested', async () => {
    const at = '2026-11-21T10:06:00.000Z';
    const ask = () =>
      requestRefund(deps(), actor, {
        payment,
        amountCents: 1500,
        reason: 'Rebaixa tardía',
        activityIds: [7],
        owedBack: true,
        at,
      });
    const refused = await ask();
    const refusal = { outcome: 'refused', code: 'SIS0057', raw: 'KO' } as const;
    const owed = { payment, refundId: refused, amountCents: 1500, owedBack: true };
    await recordRefundAnswer(deps(), actor, owed, refusal, at);
    expect(await refundRow(refused)).toMatchObject({ status: 'failed', gateway_code: 'SIS0057' });
    const lines = await auditOf(refused);
    expect(JSON.stringify(lines[0]!.details)).toBe(
      JSON.stringify({
        order: payment.order_code,
        refund_id: refused,
        amount_cents: 1500,
        activity_ids: [7],
        owed_back: true,
        reason: 'Rebaixa tardía',
      }),
    );
    expect(lines[1]).toMatchObject({
      action: 'payment.refund_refused',
      details: { owed_back: true, gateway_code: 'SIS0057' },
      ip: '203.0.113.9',
    });
    expect(() => throwUnlessRefunded(refusal)).toThrow(
      expect.objectContaining({ code: 'refund_gateway_refused', kind: 'gateway_failed' }),
    );

    const unanswered = await ask();
    const silence = { outcome: 'unknown', code: 'timeout', raw: '' } as const;
    await recordRefundAnswer(deps(), actor, { ...owed, refundId: unanswered }, silence, at);
    expect(await refundRow(unanswered)).toMatchObject({ status: 'requested', gateway_code: null });
    expect((await auditOf(unanswered))[1]!.action).toBe('payment.refund_unconfirmed');
    let thrown: unknown;
    try {
      throwUnlessRefunded(silence);
    } catch (error) {
      thrown = error;
    }
    expect(thrown).toBeInstanceOf(DomainError);
    expect(thrown).toMatchObject({ code: 'refund_gateway_no_answer', kind: 'gateway_timeout' });
  });
});
