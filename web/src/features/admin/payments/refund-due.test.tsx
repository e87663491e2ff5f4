import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it } from 'vitest';
import { mockApi } from '../../../testing/mock-api';
import { renderScreen } from '../../../testing/render';
import type { AdminPayment } from '../api/payments';
import { signInAsAdmin } from '../test-support';
import { PaymentsSection } from './payments-section';

/** Part 1 of 3 paid at 80.01 €, then a fixed 50 € approved: 30.01 € owed back (issue 60 item 4). */
const owing = (overrides: Partial<AdminPayment> = {}): AdminPayment => ({
  id: 31,
  order: '2611NT45PL01',
  pay_method: 'card',
  bank_pay_method: '1',
  status: 'paid',
  amount: 80.01,
  use_discount: false,
  person_activity_id: 9,
  full_name: 'Uxía Castro Rey',
  dni: null,
  user_id: 12,
  created_at: '2026-11-21T10:00:00Z',
  updated_at: '2026-11-21T10:01:00Z',
  response_code: '0000',
  authorisation_code: '210933',
  paid_at: '2026-11-21T10:01:00Z',
  refunded_amount: 0,
  receipt_available: true,
  items: [
    {
      activity_id: 1,
      name: 'Escola de natación',
      amount: 80.01,
      refunded: false,
      breakdown: null,
      parts: { from: 1, to: 1, of: 3 },
      refund_due: 30.01,
    },
  ],
  refunds: [],
  ...overrides,
});

function setup(locale: 'es' | 'en' | 'gl', handlers: Parameters<typeof mockApi>[0] = {}) {
  const api = mockApi({
    'GET /api/admin/payments/': { body: { items: [owing()], total: 1, page: 1, page_size: 20 } },
    ...handlers,
  });
  renderScreen(<PaymentsSection />, { locale });
  return api;
}

const TEXTS = {
  es: {
    filter: 'Estado',
    option: 'Devolución pendiente',
    owed: 'Devolución pendiente: 30,01 €',
    button: 'Devolver 30,01 € del pago 2611NT45PL01',
    reason: 'Reducción aprobada después del pago',
    confirm: 'Devolver',
  },
  en: {
    filter: 'Status',
    option: 'Refund due',
    owed: 'Refund due: €30.01',
    button: 'Refund €30.01 of payment 2611NT45PL01',
    reason: 'Reduction approved after payment',
    confirm: 'Refund',
  },
  gl: {
    filter: 'Estado',
    option: 'Devolución pendente',
    owed: 'Devolución pendente: 30,01 €',
    button: 'Devolver 30,01 € do pagamento 2611NT45PL01',
    reason: 'Redución aprobada despois do pagamento',
    confirm: 'Devolver',
  },
} as const;

/** The text, its spaces any white space (currency amounts use non-breaking ones). */
const spaced = (text: string) =>
  new RegExp(`^${text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&').replace(/ /g, '\\s')}$`);

describe('refund due: what a reduction approved after payment owes back', () => {
  beforeEach(signInAsAdmin);

  it.each(['es', 'en', 'gl'] as const)(
    'filters by it, shows the amount and refunds exactly it with the reason written (%s)',
    async (locale) => {
      const text = TEXTS[locale];
      const api = setup(locale, {
        'POST /api/admin/payments/31/refund': {
          body: owing({
            status: 'partially_refunded',
            refunded_amount: 30.01,
            items: [{ ...owing().items[0]!, refund_due: undefined }],
          }),
        },
      });
      const filter = await screen.findByRole('combobox', { name: text.filter });
      expect(within(filter).getByRole('option', { name: text.option })).toBeInTheDocument();
      await userEvent.selectOptions(filter, 'refund_due');
      await waitFor(() =>
        expect(api.calls.at(-1)?.path).toBe(
          '/api/admin/payments/?page=1&status=refund_due&page_size=20',
        ),
      );
      expect(await screen.findByText(spaced(text.owed))).toBeInTheDocument();
      await userEvent.click(screen.getByRole('button', { name: spaced(text.button) }));
      const dialog = await screen.findByRole('dialog');
      expect(within(dialog).getByRole('textbox')).toHaveValue(text.reason);
      await userEvent.click(within(dialog).getByRole('button', { name: text.confirm }));
      await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
      expect(api.calls.find((c) => c.method === 'POST')?.body).toEqual({
        reason: text.reason,
        activity_ids: [1],
        amount: 30.01,
      });
    },
  );

  it('on a family payment, refunds the fee of the person whose item owes it', async () => {
    const item = owing().items[0]!;
    const family = owing({
      amount: 160.02,
      items: [
        { ...item, person_activity_id: 9, person_name: 'Uxía Castro Rey', refund_due: undefined },
        { ...item, person_activity_id: 10, person_name: 'Brais Castro Rey' },
      ],
    });
    const api = setup('es', {
      'GET /api/admin/payments/': { body: { items: [family], total: 1, page: 1, page_size: 20 } },
      'POST /api/admin/payments/31/refund': { body: family },
    });
    await userEvent.click(await screen.findByRole('button', { name: spaced(TEXTS.es.button) }));
    const dialog = await screen.findByRole('dialog');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Devolver' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(api.calls.find((c) => c.method === 'POST')?.body).toEqual({
      reason: TEXTS.es.reason,
      activity_ids: [1],
      amount: 30.01,
      person_activity_id: 10,
    });
  });

  it('keeps the refusal (more than is owed) in the dialog', async () => {
    setup('es', {
      'POST /api/admin/payments/31/refund': {
        status: 409,
        body: {
          detail: 'Eso supera lo que queda por devolver de este pago (0,00 €).',
          code: 'refund_over_refund',
        },
      },
    });
    await userEvent.click(await screen.findByRole('button', { name: spaced(TEXTS.es.button) }));
    const dialog = await screen.findByRole('dialog');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Devolver' }));
    expect(await within(dialog).findByText(/supera lo que queda/)).toBeInTheDocument();
  });
});
