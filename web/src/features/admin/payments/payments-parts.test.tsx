/** Staff's payments list and refund dialog name the parts of a fee in parts (issue 51, item 7). */
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it } from 'vitest';
import { mockApi } from '../../../testing/mock-api';
import { renderScreen } from '../../../testing/render';
import type { AdminPayment } from '../api/payments';
import { signInAsAdmin } from '../test-support';
import { PaymentsSection } from './payments-section';

const paid: AdminPayment = {
  id: 1,
  order: '2610PT12AB01',
  pay_method: 'card',
  bank_pay_method: '1',
  status: 'paid',
  amount: 93.75,
  use_discount: false,
  person_activity_id: 4,
  full_name: 'Xoán López Pereira',
  dni: '87654321X',
  user_id: 7,
  created_at: '2026-10-10T09:28:00Z',
  updated_at: '2026-10-10T09:30:00Z',
  response_code: '0000',
  authorisation_code: '082150',
  paid_at: '2026-10-10T09:30:00Z',
  refunded_amount: 0,
  receipt_available: true,
  items: [
    {
      activity_id: 8,
      name: 'Escola de natación',
      amount: 33.75,
      refunded: false,
      breakdown: null,
      parts: { from: 1, to: 1, of: 2 },
    },
    {
      activity_id: 7,
      name: 'Ximnasia',
      amount: 60,
      refunded: false,
      breakdown: null,
      parts: { from: 1, to: 2, of: 3 },
    },
  ],
  refunds: [],
};

describe('payments of parts in the staff list', () => {
  beforeEach(signInAsAdmin);

  it.each([
    [
      'es',
      'Lista de pagos',
      '1.º plazo de 2',
      'plazos 1.º a 2.º de 3',
      'Devolver el pago 2610PT12AB01',
    ],
    [
      'en',
      'List of payments',
      'Instalment 1 of 2',
      'Instalments 1–2 of 3',
      'Refund payment 2610PT12AB01',
    ],
    [
      'gl',
      'Lista de pagamentos',
      '1.º prazo de 2',
      'prazos 1.º a 2.º de 3',
      'Devolver o pagamento 2610PT12AB01',
    ],
  ] as const)(
    '[%s] each item names the parts it paid, in the list and the refund dialog',
    async (locale, caption, one, run, refund) => {
      mockApi({
        'GET /api/admin/payments/': { body: { items: [paid], total: 1, page: 1, page_size: 20 } },
      });
      renderScreen(<PaymentsSection />, { locale });
      const table = await screen.findByRole('table', { name: caption });
      const items = within(within(table).getAllByRole('row')[1]!).getAllByRole('listitem');
      expect(items.map((item) => item.textContent)).toEqual([
        `Escola de natación${one}`,
        `Ximnasia${run}`,
      ]);
      await userEvent.click(within(table).getByRole('button', { name: refund }));
      const dialog = await screen.findByRole('dialog', { name: refund });
      expect(
        within(dialog).getByRole('checkbox', { name: new RegExp(`^Escola de natación, ${one}`) }),
      ).toBeInTheDocument();
      expect(
        within(dialog).getByRole('checkbox', { name: new RegExp(`^Ximnasia, ${run}`) }),
      ).toBeInTheDocument();
    },
  );
});

describe('a family difference in the staff list (issue 60, item 7)', () => {
  beforeEach(signInAsAdmin);

  it.each([
    ['es', 'Lista de pagos', 'Diferencia del descuento familiar (lo daba Antía López Pereira)'],
    ['en', 'List of payments', 'Family discount difference (earned by Antía López Pereira)'],
    ['gl', 'Lista de pagamentos', 'Diferenza do desconto familiar (dábao Antía López Pereira)'],
  ] as const)(
    '[%s] the item says it paid the difference, not the fee',
    async (locale, caption, text) => {
      const difference: AdminPayment = {
        ...paid,
        amount: 30,
        items: [
          {
            activity_id: 9,
            person_activity_id: 4,
            name: 'Escola de fútbol',
            amount: 30,
            refunded: false,
            breakdown: null,
            parts: null,
            registration_fee: 0,
            family_difference: { id: 12, member_name: 'Antía López Pereira' },
          },
        ],
      };
      mockApi({
        'GET /api/admin/payments/': {
          body: { items: [difference], total: 1, page: 1, page_size: 20 },
        },
      });
      renderScreen(<PaymentsSection />, { locale });
      const table = await screen.findByRole('table', { name: caption });
      const [item] = within(within(table).getAllByRole('row')[1]!).getAllByRole('listitem');
      expect(item!.textContent).toBe(`Escola de fútbol${text}`);
    },
  );
});
