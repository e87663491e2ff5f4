import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { mockApi } from '../../../testing/mock-api';
import { renderScreen } from '../../../testing/render';
import type { AdminPayment } from '../api/payments';
import { signInAsAdmin } from '../test-support';
import { PaymentsSection } from './payments-section';

const payment = (id: number, overrides: Partial<AdminPayment> = {}): AdminPayment => ({
  id,
  order: `2611AB12CD${String(id).padStart(2, '0')}`,
  pay_method: 'card',
  bank_pay_method: '1',
  status: 'paid',
  amount: 64.13,
  use_discount: false,
  person_activity_id: 4,
  full_name: 'Xoán López Pereira',
  dni: '87654321X',
  user_id: 7,
  created_at: '2026-11-20T10:12:00Z',
  updated_at: '2026-11-20T10:15:00Z',
  response_code: '0000',
  authorisation_code: '082150',
  paid_at: '2026-11-20T10:15:00Z',
  refunded_amount: 0,
  receipt_available: true,
  items: [
    { activity_id: 2, name: 'Pádel adultos', amount: 64.13, refunded: false, breakdown: null },
    { activity_id: 5, name: 'Natación', amount: 30, refunded: false, breakdown: null },
  ],
  refunds: [],
  ...overrides,
});

function setup(handlers: Parameters<typeof mockApi>[0] = {}) {
  const api = mockApi({
    'GET /api/admin/payments/': (request) => {
      const url = new URL(request.url);
      const page = Number(url.searchParams.get('page') ?? 1);
      return {
        body: {
          items: [payment(page), payment(100 + page, { status: 'duplicate', use_discount: true })],
          total: 45,
          page,
          page_size: 20,
        },
      };
    },
    ...handlers,
  });
  renderScreen(<PaymentsSection />, { locale: 'es' });
  return api;
}

describe('payments list', () => {
  beforeEach(signInAsAdmin);
  it('says how each payment was paid: Tarjeta or Bizum', async () => {
    setup({
      'GET /api/admin/payments/': {
        body: {
          items: [payment(1), payment(2, { pay_method: 'bizum', bank_pay_method: '68' })],
          total: 2,
          page: 1,
          page_size: 20,
        },
      },
    });
    const table = await screen.findByRole('table', { name: 'Lista de pagos' });
    const headers = within(table)
      .getAllByRole('columnheader')
      .map((cell) => cell.textContent);
    const column = headers.indexOf('Forma de pago');
    expect(column).toBeGreaterThan(-1);
    const rows = within(table).getAllByRole('row').slice(1);
    const methodOf = (row: HTMLElement) => row.querySelectorAll('th, td')[column]?.textContent;
    expect(rows.map(methodOf)).toEqual(['Tarjeta', 'Bizum']);
  });

  it('says under each activity how its amount came about (tariff, reduction, family discount)', async () => {
    const withRules = payment(1, {
      amount: 57.6,
      items: [
        {
          activity_id: 2,
          name: 'Escola de fútbol',
          amount: 48,
          refunded: false,
          breakdown: {
            tariff_price: 60,
            tariff: { min_age: 0, max_age: 17, age: 10, default: false },
            reduction: {
              circumstance_id: 1,
              name: 'Familia numerosa',
              percent: 20,
              price: null,
              amount: 12,
            },
            family_discount: null,
          },
        },
        {
          activity_id: 5,
          name: 'Ximnasia',
          amount: 9.6,
          refunded: false,
          breakdown: {
            tariff_price: 45,
            tariff: { min_age: 18, max_age: null, age: null, default: true },
            reduction: {
              circumstance_id: 4,
              name: 'Pensionista',
              percent: null,
              price: 12,
              amount: 33,
            },
            family_discount: { member: 2, percent: 20, amount: 2.4 },
          },
        },
        { activity_id: 6, name: 'Pilates', amount: 30, refunded: false, breakdown: null },
      ],
    });
    setup({
      'GET /api/admin/payments/': {
        body: { items: [withRules], total: 1, page: 1, page_size: 20 },
      },
    });
    const table = await screen.findByRole('table', { name: 'Lista de pagos' });
    const items = within(within(table).getAllByRole('row')[1]!).getAllByRole('listitem');
    expect(items.map((item) => item.textContent?.replace(/\s/g, ' '))).toEqual([
      'Escola de fútbolTarifa 0–17 años 60,00 €; Familia numerosa −20 % (−12,00 €)',
      'XimnasiaTarifa 18 años y más (sin fecha de nacimiento) 45,00 €; Pensionista: precio 12,00 € (−33,00 €); Descuento familiar, 2.º miembro −20 % (−2,40 €)',
      'Pilates',
    ]);
    // the reduction column names what each item had, not "No" (issue 60, item 8)
    expect(within(table).getAllByRole('row')[1]!).toHaveTextContent(
      'Familia numerosa −20 %; Pensionista (precio fijo); Descuento familiar, 2.º miembro −20 %',
    );
  });

  it('names a registration fee charged in the simple mode, and says "No" reduction for a ruled payment without one', async () => {
    const simple = payment(1, {
      amount: 50,
      items: [
        {
          activity_id: 2,
          name: 'Piscina',
          amount: 50,
          refunded: false,
          breakdown: null,
          registration_fee: 20,
        },
      ],
    });
    const ruled = payment(2, {
      amount: 60,
      items: [
        {
          activity_id: 3,
          name: 'Ximnasia',
          amount: 60,
          refunded: false,
          breakdown: {
            tariff_price: 40,
            tariff: null,
            reduction: null,
            family_discount: null,
            registration_fee: 20,
          },
        },
      ],
    });
    setup({
      'GET /api/admin/payments/': {
        body: { items: [simple, ruled], total: 2, page: 1, page_size: 20 },
      },
    });
    const table = await screen.findByRole('table', { name: 'Lista de pagos' });
    const [first, second] = within(table).getAllByRole('row').slice(1);
    expect(first).toHaveTextContent('PiscinaMatrícula +20,00 €');
    expect(second).toHaveTextContent('Precio 40,00 €; Matrícula +20,00 €');
    expect(second).toHaveTextContent(/Matrícula \+20,00 €.*No/);
  });

  it('lists payments with Madrid date and time, euros and translated status', async () => {
    setup();
    const table = await screen.findByRole('table', { name: 'Lista de pagos' });
    const row = within(table).getAllByRole('row')[1]!;
    expect(row).toHaveTextContent('20/11/2026, 11:12');
    expect(row).toHaveTextContent('2611AB12CD01');
    expect(row).toHaveTextContent('Pádel adultos');
    expect(row).toHaveTextContent('64,13 €');
    expect(row).toHaveTextContent('Pagado');
    expect(within(table).getAllByRole('row')[2]).toHaveTextContent('Duplicado: devolver');
    expect(screen.getByRole('navigation', { name: 'Páginas de pagos' })).toHaveTextContent(
      'Página 1 de 3 · 45 resultados',
    );
  });

  it('filters by status (back to page 1) and pages on the server', async () => {
    const api = setup();
    await screen.findByRole('table', { name: 'Lista de pagos' });
    const nav = () => within(screen.getByRole('navigation', { name: 'Páginas de pagos' }));
    await userEvent.click(nav().getByRole('button', { name: /Siguiente/ }));
    await waitFor(() =>
      expect(api.calls.at(-1)?.path).toBe('/api/admin/payments/?page=2&page_size=20'),
    );
    await userEvent.selectOptions(screen.getByRole('combobox', { name: 'Estado' }), 'duplicate');
    await waitFor(() =>
      expect(api.calls.at(-1)?.path).toBe(
        '/api/admin/payments/?page=1&status=duplicate&page_size=20',
      ),
    );
  });

  it('shows the load error', async () => {
    setup({ 'GET /api/admin/payments/': { status: 502, body: null } });
    expect(await screen.findByText('Error al cargar los pagos.')).toBeInTheDocument();
  });

  it('exports the filtered payments as .xlsx', async () => {
    URL.createObjectURL = vi.fn(() => 'blob:pagos');
    URL.revokeObjectURL = vi.fn();
    const click = vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(() => {});
    const api = setup({ 'GET /api/admin/payments/export': { body: 'UEsDBBQAAAAIAA==' } });
    await screen.findByRole('table', { name: 'Lista de pagos' });
    await userEvent.selectOptions(screen.getByRole('combobox', { name: 'Estado' }), 'paid');
    await userEvent.click(screen.getByRole('button', { name: 'Descargar en Excel (.xlsx)' }));
    await waitFor(() => expect(click).toHaveBeenCalledOnce());
    expect((click.mock.contexts[0] as HTMLAnchorElement).download).toBe('pagos.xlsx');
    expect(api.calls.some((c) => c.path === '/api/admin/payments/export?status=paid')).toBe(true);
    click.mockRestore();
  });

  it('says when the export fails', async () => {
    setup({ 'GET /api/admin/payments/export': { status: 502, body: null } });
    await screen.findByRole('table', { name: 'Lista de pagos' });
    await userEvent.click(screen.getByRole('button', { name: 'Descargar en Excel (.xlsx)' }));
    expect(
      await screen.findByText('No se han podido descargar los pagos. Inténtalo de nuevo.'),
    ).toBeInTheDocument();
  });

  it('refunds one activity after a confirmation with the amount and a required reason', async () => {
    const refunded = payment(1, {
      status: 'partially_refunded',
      refunded_amount: 30,
      items: [
        { activity_id: 2, name: 'Pádel adultos', amount: 64.13, refunded: false, breakdown: null },
        { activity_id: 5, name: 'Natación', amount: 30, refunded: true, breakdown: null },
      ],
      refunds: [
        {
          id: 3,
          amount: 30,
          reason: 'Baja por lesión',
          status: 'succeeded',
          gateway_code: '0900',
          actor_dni: '****5678Z',
          created_at: '2026-11-22T09:00:00Z',
          completed_at: '2026-11-22T09:00:01Z',
          activity_ids: [5],
        },
      ],
    });
    const api = setup({ 'POST /api/admin/payments/1/refund': { body: refunded } });
    const table = await screen.findByRole('table', { name: 'Lista de pagos' });
    await userEvent.click(
      within(table).getByRole('button', { name: 'Devolver el pago 2611AB12CD01' }),
    );
    const dialog = await screen.findByRole('dialog', { name: 'Devolver el pago 2611AB12CD01' });
    expect(within(dialog).getByText('94,13 €')).toBeInTheDocument();
    await userEvent.click(within(dialog).getByRole('checkbox', { name: /^Pádel adultos/ }));
    expect(within(dialog).getByText('30,00 €')).toBeInTheDocument();
    await userEvent.click(within(dialog).getByRole('button', { name: 'Devolver' }));
    expect(
      within(dialog).getByRole('textbox', { name: /Motivo de la devolución/ }),
    ).toHaveAccessibleDescription(/Indica el motivo de la devolución\./);
    expect(api.calls.some((c) => c.method === 'POST')).toBe(false);
    await userEvent.type(
      within(dialog).getByRole('textbox', { name: /Motivo/ }),
      'Baja por lesión',
    );
    await userEvent.click(within(dialog).getByRole('button', { name: 'Devolver' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(api.calls.find((c) => c.method === 'POST')?.body).toEqual({
      reason: 'Baja por lesión',
      activity_ids: [5],
    });
    expect(
      await screen.findByText('Devolución hecha. Pedido 2611AB12CD01: devuelto en total 30,00 €.'),
    ).toBeInTheDocument();
  });

  it('keeps the gateway’s refusal in the dialog', async () => {
    setup({
      'POST /api/admin/payments/1/refund': {
        status: 502,
        body: {
          detail: 'La pasarela rechazó la devolución (código SIS0057). No se ha devuelto nada.',
          code: 'refund_gateway_refused',
        },
      },
    });
    const table = await screen.findByRole('table', { name: 'Lista de pagos' });
    await userEvent.click(
      within(table).getByRole('button', { name: 'Devolver el pago 2611AB12CD01' }),
    );
    const dialog = await screen.findByRole('dialog');
    await userEvent.type(within(dialog).getByRole('textbox', { name: /Motivo/ }), 'Baja');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Devolver' }));
    expect(
      await within(dialog).findByText(
        'La pasarela rechazó la devolución (código SIS0057). No se ha devuelto nada.',
      ),
    ).toBeInTheDocument();
  });

  it('checks a pending payment with the bank and says how it stands', async () => {
    setup({
      'GET /api/admin/payments/': {
        body: {
          items: [payment(7, { status: 'pending', receipt_available: false, paid_at: null })],
          total: 1,
          page: 1,
          page_size: 20,
        },
      },
      'POST /api/admin/payments/7/check': { body: payment(7) },
    });
    const table = await screen.findByRole('table', { name: 'Lista de pagos' });
    expect(within(table).queryByRole('button', { name: /Devolver/ })).not.toBeInTheDocument();
    await userEvent.click(
      within(table).getByRole('button', { name: 'Consultar al banco el pago 2611AB12CD07' }),
    );
    expect(
      await screen.findByText('Pedido 2611AB12CD07 consultado al banco: Pagado.'),
    ).toBeInTheDocument();
  });
});
