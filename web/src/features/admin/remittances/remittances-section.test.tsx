import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { mockApi } from '../../../testing/mock-api';
import { renderScreen } from '../../../testing/render';
import type { Remittance, RemittanceDetail } from '../api/remittances';
import { signInAsAdmin } from '../test-support';
import { RemittancesSection } from './remittances-section';

const remittance: Remittance = {
  id: 3,
  collection_date: '2026-10-15',
  count: 2,
  total: 60,
  status: 'collected',
  created_at: '2026-10-13T09:00:00.000Z',
  collected: 30,
  returned: 30,
  pending: 0,
};

const detail: RemittanceDetail = {
  ...remittance,
  sandbox_bank: false,
  items: [
    {
      id: 52,
      end_to_end_id: 'RM3-52',
      person_name: 'Uxía Pereira Souto',
      activity_name: 'Ximnasia',
      part: null,
      amount: 30,
      sequence_type: 'RCUR',
      mandate_reference: 'MDT-000002-ZZ81QA',
      iban_masked: 'ES79 **** **** **** **** 6789',
      status: 'returned',
      return_reason: { code: 'AM04', text: 'Saldo insuficiente' },
    },
  ],
  returns: [
    {
      item_id: 52,
      end_to_end_id: 'RM3-52',
      reason_code: 'AM04',
      reason: 'Saldo insuficiente',
      received_at: '2026-10-20T08:00:00.000Z',
      file_type: 'camt.054',
      represent: true,
    },
  ],
};

describe('Admin: remittances', () => {
  beforeEach(() => signInAsAdmin());

  it('says nothing_to_collect and collection_date_too_soon, in Spanish', async () => {
    let answer = 0;
    mockApi({
      'GET /api/admin/remittances': { body: [] },
      'POST /api/admin/remittances': () =>
        ++answer === 1
          ? {
              status: 409,
              body: {
                detail: 'No hay ningún recibo domiciliado que cobrar hasta el 15/10/2026.',
                code: 'nothing_to_collect',
              },
            }
          : {
              status: 422,
              body: {
                detail: 'La fecha de cobro tiene que ser como pronto el próximo día hábil.',
                code: 'collection_date_too_soon',
              },
            },
    });
    renderScreen(<RemittancesSection />, { locale: 'es' });
    await screen.findByText('Aún no hay remesas.');
    await userEvent.click(screen.getByRole('button', { name: 'Crear la remesa' }));
    expect(screen.getByLabelText('Fecha de cobro').getAttribute('aria-invalid')).toBe('true');
    await userEvent.type(screen.getByLabelText('Fecha de cobro'), '2026-10-15');
    await userEvent.click(screen.getByRole('button', { name: 'Crear la remesa' }));
    expect(await screen.findByText(/No hay ningún recibo domiciliado/)).toBeTruthy();
    await userEvent.click(screen.getByRole('button', { name: 'Crear la remesa' }));
    await waitFor(() =>
      expect(screen.getByLabelText('Fecha de cobro').getAttribute('aria-invalid')).toBe('true'),
    );
    expect(screen.getByText(/como pronto el próximo día hábil\./)).toBeTruthy();
  });

  it('opens one with its totals, items and returns, and shows a refused answer file, in English', async () => {
    const api = mockApi({
      'GET /api/admin/remittances': { body: [remittance] },
      'GET /api/admin/remittances/3': { body: detail },
      'POST /api/admin/remittances/3/returns': {
        status: 422,
        body: {
          detail:
            'The file is not the bank’s answer to this remittance: return RM9-1 matches no debit.',
          code: 'returns_file_invalid',
        },
      },
    });
    renderScreen(<RemittancesSection />, { locale: 'en' });
    await userEvent.click(
      await screen.findByRole('button', { name: 'Open the remittance of 15/10/2026' }),
    );
    const region = await screen.findByRole('region', { name: 'Remittance of 15/10/2026' });
    const items = await within(region).findByRole('table', { name: 'Debits in the remittance' });
    expect(items.textContent).toContain('Returned: AM04 · Saldo insuficiente');
    const returns = within(region).getByRole('table', { name: 'Returns applied' });
    expect(returns.textContent).toContain('Yes, in the next remittance');
    const file = new File(['<Document/>'], 'camt054.xml', { type: 'application/xml' });
    await userEvent.upload(within(region).getByLabelText(/The bank's answer/), file);
    await userEvent.click(within(region).getByRole('button', { name: 'Apply the answer' }));
    await waitFor(() =>
      expect(
        within(region)
          .getByLabelText(/The bank's answer/)
          .getAttribute('aria-invalid'),
      ).toBe('true'),
    );
    expect(within(region).getByText(/return RM9-1 matches no debit/)).toBeTruthy();
    expect(api.calls.some((c) => c.path === '/api/admin/remittances/3/returns')).toBe(true);
  });

  it('applies the bank’s answer and reads the remittance again, in Galician', async () => {
    let reads = 0;
    mockApi({
      'GET /api/admin/remittances': { body: [remittance] },
      'GET /api/admin/remittances/3': () => {
        reads += 1;
        return { body: detail };
      },
      'POST /api/admin/remittances/3/returns': {
        body: { file_type: 'camt.054', applied: 1, already_applied: 0, returns: detail.returns },
      },
    });
    renderScreen(<RemittancesSection />, { locale: 'gl' });
    await userEvent.click(
      await screen.findByRole('button', { name: 'Abrir a remesa do 15/10/2026' }),
    );
    const region = await screen.findByRole('region', { name: 'Remesa do 15/10/2026' });
    const file = new File(['<Document/>'], 'camt054.xml', { type: 'application/xml' });
    await userEvent.upload(within(region).getByLabelText(/Resposta do banco/), file);
    await userEvent.click(within(region).getByRole('button', { name: 'Aplicar a resposta' }));
    expect(
      await within(region).findByText('camt.054: 1 devolucións aplicadas, 0 xa aplicadas antes.'),
    ).toBeTruthy();
    await waitFor(() => expect(reads).toBeGreaterThan(1));
  });

  it('offers no test bank on a real site', async () => {
    mockApi({
      'GET /api/admin/remittances': { body: [remittance] },
      'GET /api/admin/remittances/3': { body: detail },
    });
    renderScreen(<RemittancesSection />, { locale: 'en' });
    await userEvent.click(
      await screen.findByRole('button', { name: 'Open the remittance of 15/10/2026' }),
    );
    const region = await screen.findByRole('region', { name: 'Remittance of 15/10/2026' });
    await within(region).findByRole('table', { name: 'Debits in the remittance' });
    expect(within(region).queryByRole('button', { name: /sandbox bank/ })).toBeNull();
    expect(within(region).queryByText(/test mode/)).toBeNull();
  });

  it.each([
    [
      'es',
      'Abrir la remesa del 15/10/2026',
      'Remesa del 15/10/2026',
      'Descargar la respuesta del banco de pruebas (test)',
      /modo de pruebas/,
    ],
    [
      'en',
      'Open the remittance of 15/10/2026',
      'Remittance of 15/10/2026',
      "Download the sandbox bank's answer (test)",
      /test mode/,
    ],
    [
      'gl',
      'Abrir a remesa do 15/10/2026',
      'Remesa do 15/10/2026',
      'Descargar a resposta do banco de probas (test)',
      /modo de probas/,
    ],
  ] as const)(
    '[%s] in sandbox mode downloads the test bank’s answer beside the returns upload, saying it is a test bank',
    async (locale, open, name, label, explained) => {
      // jsdom has no object URLs
      const createObjectURL = vi.fn((_blob: Blob) => 'blob:answer');
      URL.createObjectURL = createObjectURL;
      URL.revokeObjectURL = vi.fn();
      const click = vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(() => {});
      const api = mockApi({
        'GET /api/admin/remittances': { body: [remittance] },
        'GET /api/admin/remittances/3': { body: { ...detail, sandbox_bank: true } },
        'GET /api/admin/remittances/3/sandbox-answer': { body: '<Document>camt.054</Document>' },
      });
      renderScreen(<RemittancesSection />, { locale });
      await userEvent.click(await screen.findByRole('button', { name: open }));
      const region = await screen.findByRole('region', { name });
      const button = await within(region).findByRole('button', { name: label });
      expect(within(region).getByText(explained)).toBeTruthy();
      await userEvent.click(button);
      await vi.waitFor(() => expect(click).toHaveBeenCalledOnce());
      expect(await createObjectURL.mock.calls[0]![0].text()).toContain('camt.054');
      expect((click.mock.contexts[0] as HTMLAnchorElement).download).toBe(
        'remesa-3-banco-de-pruebas.xml',
      );
      const call = api.calls.find((c) => c.path === '/api/admin/remittances/3/sandbox-answer');
      expect(call?.headers.get('Authorization')).toMatch(/^Bearer /);
      click.mockRestore();
    },
  );

  it('says when the test bank’s answer cannot be downloaded', async () => {
    mockApi({
      'GET /api/admin/remittances': { body: [remittance] },
      'GET /api/admin/remittances/3': { body: { ...detail, sandbox_bank: true } },
      'GET /api/admin/remittances/3/sandbox-answer': { status: 404, body: null },
    });
    renderScreen(<RemittancesSection />, { locale: 'en' });
    await userEvent.click(
      await screen.findByRole('button', { name: 'Open the remittance of 15/10/2026' }),
    );
    await userEvent.click(
      await screen.findByRole('button', { name: "Download the sandbox bank's answer (test)" }),
    );
    expect(
      await screen.findByText("The test bank's answer could not be downloaded."),
    ).toBeInTheDocument();
  });
});
