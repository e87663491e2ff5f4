/**
 * QA's examples tell one story (docs/qa-with-prism.md): the refusals of a fee in parts name the
 * fee, the part and the day of the list they are tried on, and the default payment's amount is
 * the default list's pending total, which `/pago-ok`'s payment of the same order shows too.
 */
import { formatDate } from '@portal/design-system/lib/format.ts';
import { expect, it } from 'vitest';
import { exampleAnswer } from '../stories-support/contract-examples';
import type { ListedFee } from '../../build/mock-bank';

type Line = ListedFee & {
  name: string;
  price: number;
  part?: { number: number; due_date: string };
};
const LIST = 'GET /user/activities/{person_activity_id}';
const PAY = 'POST /payments/generate-multiple/';
const list = (name?: string) => exampleAnswer(LIST, name).body as Line[];
const refusal = (name: string) => (exampleAnswer(PAY, name).body as { detail: string }).detail;

it('refuses the parts of the very fee the fee_in_parts list shows, naming its parts and days', () => {
  const parts = list('fee_in_parts').filter((line) => line.part);
  const fee = parts[0]!;
  expect(new Set(parts.map((line) => line.id))).toEqual(new Set([fee.id]));
  const named = (number: number) => {
    const part = parts.find((line) => line.part!.number === number)!;
    return [`${number}.º plazo de «${fee.name}»`, formatDate(part.part!.due_date, 'es')];
  };
  // the 1st part is unpaid again (refunded), so the 2nd may not go before it
  for (const text of named(1)) expect(refusal('part_out_of_order')).toContain(text);
  // the pending 2nd part, after its day
  for (const text of named(2)) expect(refusal('part_deadline_passed')).toContain(text);
  // the same fee asked for whole while it is in parts, as the fee_before_parts list shows it
  expect(refusal('fee_in_parts')).toContain(`«${fee.name}»`);
  const whole = list('fee_before_parts').find((line) => line.id === fee.id)!;
  expect(whole).toMatchObject({ name: fee.name, price: fee.price, is_paid: false });
  expect(whole.part).toBeUndefined();
});

it('charges the default list’s pending total, and /pago-ok shows that payment', () => {
  const pending = list().filter((line) => !line.is_paid);
  const total = pending.reduce((sum, line) => sum + Math.round((line.amount_due ?? 0) * 100), 0);
  const payment = exampleAnswer(PAY).body as { order: string; amount: number };
  expect(payment.amount * 100).toBe(total);
  const latest = exampleAnswer('GET /user/payments/latest', 'paid').body as typeof payment;
  expect({ order: latest.order, amount: latest.amount }).toEqual({
    order: payment.order,
    amount: payment.amount,
  });
});
