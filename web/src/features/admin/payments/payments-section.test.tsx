import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { mockApi } from '../../../testing/mock-api';
import { renderScreen } from '../../../testing/render';
import type { AdminPayment } from '../api/payments';
import { signInAsAdmin } from '../test-support';
import { PaymentsSection } from './payments-section';

const payment = (id: number, overrides: Partial<AdminPayment> = {}): AdminPayment => ({
  id,
  order: `2611AB12CD${String(id).padStart(2, '0')}`,
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
  items: [{ activity_id: 2, name: 'Pádel adultos', amount: 64.13 }],
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
  afterEach(() => vi.unstubAllGlobals());

  it('lists payments with Madrid date and time, euros and translated status', async () => {
    setup();
    const table = await screen.findByRole('table', { name: 'Pagos' });
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
    await screen.findByRole('table', { name: 'Pagos' });
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
    await screen.findByRole('table', { name: 'Pagos' });
    await userEvent.selectOptions(screen.getByRole('combobox', { name: 'Estado' }), 'paid');
    await userEvent.click(screen.getByRole('button', { name: 'Descargar en Excel (.xlsx)' }));
    await waitFor(() => expect(click).toHaveBeenCalledOnce());
    expect((click.mock.contexts[0] as HTMLAnchorElement).download).toBe('pagos.xlsx');
    expect(api.calls.some((c) => c.path === '/api/admin/payments/export?status=paid')).toBe(true);
    click.mockRestore();
  });

  it('says when the export fails', async () => {
    setup({ 'GET /api/admin/payments/export': { status: 502, body: null } });
    await screen.findByRole('table', { name: 'Pagos' });
    await userEvent.click(screen.getByRole('button', { name: 'Descargar en Excel (.xlsx)' }));
    expect(
      await screen.findByText('No se han podido descargar los pagos. Inténtalo de nuevo.'),
    ).toBeInTheDocument();
  });
});
