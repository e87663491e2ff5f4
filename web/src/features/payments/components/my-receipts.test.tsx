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
  items: [{ activity_id: 2, name: 'Pádel adultos', amount: 64.13, refunded: false }],
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
});
