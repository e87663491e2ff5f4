/**
 * A domiciled fee, or part, sent to the bank in a remittance is collected by the bank: the
 * dashboard's pay table does not let it be ticked (paid by card or Bizum as well, a double
 * charge) and says why, with the collection day, in the resident's language (issue 62).
 */
import { screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { setToken } from '../../lib/session';
import { fakeToken, mockApi } from '../../testing/mock-api';
import { renderScreen } from '../../testing/render';
import type { components } from '../../lib/api/schema.gen';
import { sentToBank } from '../direct-debit/rules';
import { DashboardPage } from './dashboard-page';
import { lineLock, selectableLines, type PublicConfig, type UserActivity } from './rules';

type DirectDebit = components['schemas']['DirectDebit'];

const config: PublicConfig = {
  fee_mode: 'simple',
  maintenance_mode: false,
  payments_enabled: true,
  global_discount: 0,
  deadline_date: '2027-06-15',
  payments_open: true,
  bizum_enabled: false,
  direct_debit_enabled: true,
  today: '2027-01-02',
};

const line = (over: Partial<UserActivity>): UserActivity => ({
  id: 1,
  name: 'Ximnasia',
  price: 40,
  start_date: null,
  is_paid: false,
  amount_due: 40,
  breakdown: null,
  amount: 40,
  amount_with_discount: null,
  dni: '87654321X',
  person_activity_id: 4,
  ...over,
});
const swim = (number: number) =>
  line({
    id: 8,
    name: 'Escola de natación',
    amount: 40,
    amount_due: 40,
    part: { number, of: 3, due_date: ['2026-10-15', '2027-01-15', '2027-04-15'][number - 1]! },
  });
const gym = line({});
const yoga = line({ id: 2, name: 'Ioga' });
const [swim2, swim3] = [swim(2), swim(3)];
const pending = [gym, yoga, swim2, swim3];

const state = (
  status: DirectDebit['lines'][number]['direct_debit']['status'],
  collection_date: string | null,
) => ({ mandate_reference: 'CONCELLO-000004', collection_date, status, return_reason: null });
const debit = (activity_id: number, lines: DirectDebit['lines']): DirectDebit => ({
  id: activity_id,
  mandate_id: 1,
  mandate_reference: 'CONCELLO-000004',
  person_activity_id: 4,
  person_name: 'Xoán López Pereira',
  activity_id,
  activity_name: 'x',
  status: 'active',
  created_at: '2026-09-01T10:00:00Z',
  lines,
});
/** Ximnasia whole and part 2 of the swimming with the bank; Ioga returned; part 3 scheduled. */
const debits: DirectDebit[] = [
  debit(1, [
    { kind: 'fee', part: null, amount: 40, direct_debit: state('in_remittance', '2027-01-15') },
    // a return fee with the bank is a line of its own, not one of the dashboard's
    {
      kind: 'return_fee',
      part: null,
      amount: 6,
      direct_debit: state('in_remittance', '2027-01-15'),
    },
  ]),
  debit(2, [
    { kind: 'fee', part: null, amount: 40, direct_debit: state('returned', '2026-10-15') },
  ]),
  debit(8, [
    {
      kind: 'fee',
      part: { number: 1, of: 3 },
      amount: 40,
      direct_debit: state('collected', '2026-10-15'),
    },
    {
      kind: 'fee',
      part: { number: 2, of: 3 },
      amount: 40,
      direct_debit: state('in_remittance', '2027-01-15'),
    },
    { kind: 'fee', part: { number: 3, of: 3 }, amount: 40, direct_debit: state('scheduled', null) },
  ]),
];

describe('lines sent to the bank', () => {
  it('are keyed as the dashboard keys its lines, with their collection day', () => {
    expect([...sentToBank(debits)]).toEqual([
      ['4:1', '2027-01-15'],
      ['4:8:2', '2027-01-15'],
    ]);
  });

  it('cannot be ticked; returned or only scheduled ones can', () => {
    const sent = sentToBank(debits);
    expect(pending.map((row) => lineLock(row, config, pending, sent))).toEqual([
      'in_remittance',
      null,
      'in_remittance',
      // part 3 waits for part 2, which the bank is collecting (parts are paid in order)
      'earlier_part_with_bank',
    ]);
    // even while payment is closed, the bank is the reason
    expect(lineLock(gym, { ...config, payments_enabled: false }, pending, sent)).toBe(
      'in_remittance',
    );
    expect(selectableLines(pending, config, sent)).toEqual([yoga]);
    expect(lineLock(gym, config, pending)).toBeNull();
  });
});

describe('the pay table says why', () => {
  beforeEach(() => {
    setToken(fakeToken());
    mockApi({
      'GET /api/config': { body: config },
      'GET /api/user/persons/': {
        body: [{ person_activity_id: 4, full_name: 'Xoán López Pereira', dni: '87654321X' }],
      },
      'GET /api/user/activities/4': { body: pending },
    });
  });
  afterEach(() => vi.restoreAllMocks());

  it.each([
    [
      'es',
      'Enviado al banco para cobrar el 15/01/2027: no se puede pagar con tarjeta ni Bizum.',
      'Va después de un plazo que está cobrando el banco: se podrá pagar cuando el banco lo cobre o lo devuelva.',
    ],
    [
      'en',
      'Sent to the bank to be collected on 15/01/2027: it cannot be paid by card or Bizum.',
      'It comes after an instalment the bank is collecting: it can be paid once the bank has collected or returned that one.',
    ],
    [
      'gl',
      'Enviado ao banco para cobrar o 15/01/2027: non se pode pagar con tarxeta nin Bizum.',
      'Vai despois dun prazo que está a cobrar o banco: poderase pagar cando o banco o cobre ou o devolva.',
    ],
  ] as const)(
    'in %s, under the whole fee, the part and the part after it, their checkboxes disabled',
    async (locale, text, after) => {
      renderScreen(<DashboardPage sentToBank={sentToBank(debits)} />, {
        route: '/dashboard',
        locale,
      });
      const reasons = await screen.findAllByText(text);
      expect(reasons).toHaveLength(2);
      for (const reason of reasons) {
        const box = document.querySelector<HTMLInputElement>(`[aria-describedby~="${reason.id}"]`);
        expect(box).not.toBeNull();
        expect(box!.disabled).toBe(true);
      }
      const waiting = screen.getByText(after);
      const part3 = document.querySelector<HTMLInputElement>(`[aria-describedby~="${waiting.id}"]`);
      expect(part3!.disabled).toBe(true);
      const enabled = screen
        .getAllByRole('checkbox')
        .filter((box) => !(box as HTMLInputElement).disabled);
      // Ioga (plus the table's "select all", if any)
      expect(enabled.length).toBeGreaterThanOrEqual(1);
      expect(document.querySelectorAll('[data-slot="part-lock"]')).toHaveLength(3);
    },
  );
});
