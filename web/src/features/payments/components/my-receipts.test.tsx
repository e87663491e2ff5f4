import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { mockApi } from '../../../testing/mock-api';
import { renderScreen } from '../../../testing/render';
import { MyReceipts } from './my-receipts';

const payment = (id: number, overrides: Record<string, unknown> = {}) => ({
  id,
  order: `2611AB12CD${id}`,
  status: 'paid',
  paid_at: '2026-11-20T10:15:00Z',
  person_activity_id: 4,
  full_name: 'Xoán López Pereira',
  dni: '87654321X',
  amount: 64.13,
  refunded_amount: 0,
  use_discount: false,
  receipt_available: true,
  pay_method: 'card',
  bank_pay_method: null,
  items: [
    { activity_id: 2, name: 'Pádel adultos', amount: 64.13, refunded: false, breakdown: null },
  ],
  ...overrides,
});

describe('receipts in the Completed tab', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('offers one receipt per payment, and downloads it in the page’s language', async () => {
    URL.createObjectURL = vi.fn(() => 'blob:receipt');
    URL.revokeObjectURL = vi.fn();
    const click = vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(() => {});
    const api = mockApi({
      'GET /api/user/payments/': {
        body: [payment(1), payment(2, { status: 'partially_refunded', refunded_amount: 30 })],
      },
      'GET /api/user/payments/1/receipt': {
        body: 'JVBERi0xLjMK',
        headers: { 'Content-Disposition': 'attachment; filename="justificante-2611AB12CD1.pdf"' },
      },
    });
    renderScreen(<MyReceipts />, { locale: 'gl' });
    const list = await screen.findByRole('list');
    const items = within(list).getAllByRole('listitem');
    expect(items).toHaveLength(2);
    expect(items[0]).toHaveTextContent(
      '20/11/2026: Xoán López Pereira, 64,13 € (pedido 2611AB12CD1)',
    );
    expect(items[1]).toHaveTextContent('Devolto en parte: 30,00 €');
    await userEvent.click(
      within(items[0]!).getByRole('button', { name: 'Descargar xustificante 2611AB12CD1 (PDF)' }),
    );
    await waitFor(() => expect(click).toHaveBeenCalledOnce());
    expect((click.mock.contexts[0] as HTMLAnchorElement).download).toBe(
      'justificante-2611AB12CD1.pdf',
    );
    expect(api.calls.at(-1)?.path).toBe('/api/user/payments/1/receipt?lang=gl');
    click.mockRestore();
  });

  it('shows a payment charged twice, without a receipt, and the paid ones beside it', async () => {
    mockApi({
      'GET /api/user/payments/': {
        body: [
          payment(32),
          payment(31, { status: 'duplicate', receipt_available: false }),
          payment(30, { status: 'refunded', refunded_amount: 64.13, receipt_available: false }),
        ],
      },
    });
    renderScreen(<MyReceipts />, { locale: 'es' });
    const list = await screen.findByRole('list');
    const [paid, duplicate, refunded] = within(list).getAllByRole('listitem');
    expect(within(paid!).getByRole('button', { name: /Descargar justificante/ })).toBeVisible();
    expect(duplicate).toHaveTextContent(
      'Cobrado dos veces: el ayuntamiento te devuelve este cobro entero. No tiene justificante.',
    );
    expect(within(duplicate!).queryByRole('button')).toBeNull();
    expect(refunded).toHaveTextContent('Devuelto');
    expect(within(refunded!).queryByRole('button')).toBeNull();
  });

  it('says when the receipt cannot be downloaded, and when the list cannot be loaded', async () => {
    mockApi({
      'GET /api/user/payments/': { body: [payment(1)] },
      'GET /api/user/payments/1/receipt': { status: 404, body: { detail: 'x', code: 'not_found' } },
    });
    renderScreen(<MyReceipts />, { locale: 'es' });
    await userEvent.click(await screen.findByRole('button', { name: /Descargar justificante/ }));
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'No se pudo descargar el justificante. Inténtalo de nuevo.',
    );
  });

  it('shows the load error with a retry, and the empty state', async () => {
    let calls = 0;
    mockApi({
      'GET /api/user/payments/': () => (++calls === 1 ? { status: 502, body: null } : { body: [] }),
    });
    renderScreen(<MyReceipts />, { locale: 'en' });
    expect(await screen.findByText('The receipts could not be loaded.')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByText('No completed payments yet.')).toBeInTheDocument();
  });

  it('lists a payment’s items with how each amount came about when fee rules applied', async () => {
    mockApi({
      'GET /api/user/payments/': {
        body: [
          payment(21, {
            amount: 88,
            items: [
              {
                activity_id: 1,
                name: 'Natación infantil',
                amount: 48,
                refunded: false,
                breakdown: {
                  tariff_price: 60,
                  tariff: { min_age: 0, max_age: 17, age: 10, default: false },
                  reduction: {
                    circumstance_id: 1,
                    name: 'Familia numerosa xeral',
                    percent: 20,
                    price: null,
                    amount: 12,
                  },
                  family_discount: null,
                },
              },
              {
                activity_id: 6,
                name: 'Escola de baloncesto',
                amount: 40,
                refunded: true,
                breakdown: {
                  tariff_price: 50,
                  tariff: { min_age: 65, max_age: null, age: 70, default: false },
                  reduction: {
                    circumstance_id: 5,
                    name: 'Pensionista',
                    percent: null,
                    price: 40,
                    amount: 10,
                  },
                  family_discount: null,
                },
              },
            ],
          }),
          payment(15),
        ],
      },
    });
    renderScreen(<MyReceipts />, { locale: 'gl' });
    const items = await screen.findByRole('list', {
      name: 'Actividades do pagamento 2611AB12CD21',
    });
    const [swim, basket] = within(items).getAllByRole('listitem');
    expect(swim).toHaveTextContent('Natación infantil: 48,00 €');
    expect(
      within(swim!)
        .getAllByRole('definition')
        .map((d) => d.textContent?.replace(/\s/g, ' ')),
    ).toEqual(['0–17 anos: 60,00 €', 'Familia numerosa xeral −20 % (−12,00 €)']);
    expect(basket).toHaveTextContent('Escola de baloncesto: 40,00 € (devolto)');
    expect(
      within(basket!)
        .getAllByRole('definition')
        .map((d) => d.textContent?.replace(/\s/g, ' ')),
    ).toEqual(['65 anos ou máis: 50,00 €', 'Pensionista: prezo reducido de 40,00 € (−10,00 €)']);
    // a simple-mode payment: its summary only, as before
    expect(
      screen.queryByRole('list', { name: 'Actividades do pagamento 2611AB12CD15' }),
    ).not.toBeInTheDocument();
  });
});
