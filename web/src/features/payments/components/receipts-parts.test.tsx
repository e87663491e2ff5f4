/** The residents' history names the parts of a fee in parts each payment paid (issue 51, item 7). */
import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { mockApi } from '../../../testing/mock-api';
import { renderScreen } from '../../../testing/render';
import { MyReceipts } from './my-receipts';

const payment = (id: number, items: unknown[]) => ({
  id,
  order: `2610PT12AB${id}`,
  pay_method: 'card',
  bank_pay_method: null,
  status: 'paid',
  paid_at: '2026-10-10T09:30:00Z',
  person_activity_id: 4,
  full_name: 'Xoán López Pereira',
  dni: '87654321X',
  amount: 33.75,
  refunded_amount: 0,
  use_discount: false,
  items,
});
const swim = (parts: unknown, amount = 33.75, refunded = false) => ({
  activity_id: 8,
  name: 'Escola de natación',
  amount,
  refunded,
  breakdown: null,
  parts,
});

describe('receipts of parts', () => {
  it.each([
    [
      'es',
      'Escola de natación, 1.º plazo de 2: 33,75 €',
      'Escola de natación, plazos 1.º a 2.º de 3: 60,00 € (devuelto)',
    ],
    [
      'en',
      'Escola de natación, Instalment 1 of 2: €33.75',
      'Escola de natación, Instalments 1–2 of 3: €60.00 (refunded)',
    ],
    [
      'gl',
      'Escola de natación, 1.º prazo de 2: 33,75 €',
      'Escola de natación, prazos 1.º a 2.º de 3: 60,00 € (devolto)',
    ],
  ] as const)(
    '[%s] names the part, or the run of parts, each item paid',
    async (locale, one, run) => {
      mockApi({
        'GET /api/user/payments/': {
          body: [
            payment(1, [swim({ from: 1, to: 1, of: 2 })]),
            payment(2, [swim({ from: 1, to: 2, of: 3 }, 60, true)]),
          ],
        },
      });
      renderScreen(<MyReceipts />, { locale });
      const first = await screen.findByRole('list', { name: /2610PT12AB1/ });
      expect(within(first).getByRole('listitem')).toHaveTextContent(one);
      const second = screen.getByRole('list', { name: /2610PT12AB2/ });
      expect(within(second).getByRole('listitem')).toHaveTextContent(run);
    },
  );

  it('a whole fee paid in the simple mode still lists nothing more than the summary', async () => {
    mockApi({
      'GET /api/user/payments/': {
        body: [payment(1, [{ ...swim(null), name: 'Pádel adultos' }])],
      },
    });
    renderScreen(<MyReceipts />, { locale: 'es' });
    await screen.findByText(/Xoán López Pereira, 33,75 €/);
    expect(screen.queryByRole('list', { name: /Actividades del pago/ })).toBeNull();
  });
});

describe('a registration fee in the residents’ history (issue 60)', () => {
  it.each([
    ['es', 'Incluye la matrícula, sin reducción: 20,00 €'],
    ['en', 'Includes the registration fee, never reduced: €20.00'],
    ['gl', 'Inclúe a matrícula, sen redución: 20,00 €'],
  ] as const)('[%s] says the registration fee part 1 included', async (locale, text) => {
    mockApi({
      'GET /api/user/payments/': {
        body: [
          payment(1, [{ ...swim({ from: 1, to: 1, of: 3 }, 50), registration_fee: 20 }]),
          payment(2, [{ ...swim({ from: 2, to: 2, of: 3 }, 30), registration_fee: 0 }]),
        ],
      },
    });
    renderScreen(<MyReceipts />, { locale });
    expect(await screen.findByText(text)).toBeInTheDocument();
    expect(screen.getAllByText(text)).toHaveLength(1);
  });
});

describe('a family difference in the residents’ history (issue 60, item 7)', () => {
  it.each([
    ['es', 'Diferencia del descuento familiar: lo daba Antía López Pereira'],
    ['en', 'Family discount difference: earned by Antía López Pereira'],
    ['gl', 'Diferenza do desconto familiar: dábao Antía López Pereira'],
  ] as const)(
    '[%s] says the item paid the difference and whose discount it was',
    async (locale, text) => {
      mockApi({
        'GET /api/user/payments/': {
          body: [
            payment(1, [
              {
                ...swim(null, 30),
                name: 'Escola de fútbol',
                registration_fee: 0,
                family_difference: { id: 12, member_name: 'Antía López Pereira' },
              },
            ]),
          ],
        },
      });
      renderScreen(<MyReceipts />, { locale });
      const list = await screen.findByRole('list', { name: /2610PT12AB1/ });
      expect(within(list).getByRole('listitem')).toHaveTextContent(text);
    },
  );
});
