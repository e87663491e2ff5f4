import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it } from 'vitest';
import { setToken } from '../../lib/session';
import { fakeToken, mockApi } from '../../testing/mock-api';
import { renderScreen } from '../../testing/render';
import type { DirectDebit, Mandate } from './api/direct-debit-api';
import { DirectDebitArea } from './components/direct-debit-area';
import { DomiciledFees } from './components/domiciled-fees';
import type { PendingLine } from './rules';

const config = (direct_debit_enabled: boolean) => ({
  maintenance_mode: false,
  payments_enabled: true,
  global_discount: 0,
  deadline_date: '2026-12-15',
  payments_open: true,
  today: '2026-11-21',
  fee_mode: 'simple',
  bizum_enabled: true,
  direct_debit_enabled,
});

const mandates: Mandate[] = [
  {
    id: 7,
    reference: 'MDT-000007-K3Q9X2',
    iban_masked: 'ES91 **** **** **** **** 1332',
    holder_name: 'María López García',
    status: 'active',
    signed_at: '2026-09-20T10:15:00.000Z',
    iban_erased_at: null,
  },
  {
    id: 3,
    reference: 'MDT-000003-P8D2LM',
    iban_masked: 'ES79 **** **** **** **** 6789',
    holder_name: 'Xosé López Pereira',
    status: 'cancelled',
    signed_at: '2025-09-12T18:02:00.000Z',
    iban_erased_at: null,
  },
];

const debit: DirectDebit = {
  id: 12,
  mandate_id: 7,
  mandate_reference: 'MDT-000007-K3Q9X2',
  person_activity_id: 4,
  person_name: 'Xoán López Pereira',
  activity_id: 8,
  activity_name: 'Escola de natación',
  status: 'active',
  created_at: '2026-09-20T10:20:00.000Z',
  lines: [
    {
      kind: 'fee',
      part: { number: 1, of: 2 },
      amount: 30,
      direct_debit: {
        mandate_reference: 'MDT-000007-K3Q9X2',
        collection_date: '2026-10-15',
        status: 'returned',
        return_reason: { code: 'AM04', text: 'Saldo insuficiente' },
      },
    },
    {
      kind: 'fee',
      part: { number: 2, of: 2 },
      amount: 30,
      direct_debit: {
        mandate_reference: 'MDT-000007-K3Q9X2',
        collection_date: '2027-01-15',
        status: 'scheduled',
        return_reason: null,
      },
    },
  ],
};

describe('Direct debit: the account area', () => {
  beforeEach(() => setToken(fakeToken()));

  it('is not shown while the council does not take direct debits', async () => {
    const api = mockApi({ 'GET /api/config': { body: config(false) } });
    renderScreen(<DirectDebitArea />);
    await waitFor(() => expect(api.calls.some((c) => c.path === '/api/config')).toBe(true));
    expect(screen.queryByRole('heading', { name: 'Domiciliación bancaria' })).toBeNull();
    expect(api.calls.some((c) => c.path === '/api/user/mandates')).toBe(false);
  });

  it('lists the mandates masked, and says in Spanish which fields are empty, nothing sent', async () => {
    const api = mockApi({
      'GET /api/config': { body: config(true) },
      'GET /api/user/mandates': { body: mandates },
    });
    renderScreen(<DirectDebitArea />, { locale: 'es' });
    const table = await screen.findByRole('table', { name: 'Tus órdenes de domiciliación' });
    const rows = within(table).getAllByRole('row');
    expect(rows[1]!.textContent).toContain('ES91 **** **** **** **** 1332');
    expect(rows[1]!.textContent).toContain('En vigor');
    expect(rows[1]!.textContent).toContain('20/09/2026');
    expect(rows[2]!.textContent).toContain('Cancelada');
    expect(
      within(rows[1]!).getByRole('button', {
        name: 'Descargar el PDF firmado de la orden MDT-000007-K3Q9X2',
      }),
    ).toBeTruthy();
    await userEvent.click(screen.getByRole('button', { name: 'Firmar la orden' }));
    expect(screen.getByLabelText('IBAN de la cuenta').getAttribute('aria-invalid')).toBe('true');
    expect((await screen.findAllByText('Escribe el IBAN de la cuenta.')).length).toBeGreaterThan(0);
    expect(api.calls.some((c) => c.method === 'POST')).toBe(false);
  });

  it('says when a mandate’s IBAN was erased, the masked one still shown, in Galician', async () => {
    mockApi({
      'GET /api/config': { body: config(true) },
      'GET /api/user/mandates': {
        body: [{ ...mandates[1]!, status: 'lapsed', iban_erased_at: '2026-12-16T03:00:00.000Z' }],
      },
    });
    renderScreen(<DirectDebitArea />, { locale: 'gl' });
    const rows = within(await screen.findByRole('table')).getAllByRole('row');
    expect(rows[1]!.textContent).toContain('ES79 **** **** **** **** 6789');
    expect(rows[1]!.textContent).toContain('IBAN borrado o 16/12/2026');
    expect(rows[1]!.textContent).toContain('Caducada');
  });

  it('shows the server’s IBAN refusal on the IBAN field, in English', async () => {
    mockApi({
      'GET /api/config': { body: config(true) },
      'GET /api/user/mandates': { body: [] },
      'POST /api/user/mandates': {
        status: 422,
        body: {
          detail: 'The IBAN is not valid: its check digits do not match.',
          code: 'invalid_iban',
        },
      },
    });
    renderScreen(<DirectDebitArea />, { locale: 'en' });
    await screen.findByText('You have not signed any mandate yet.');
    await userEvent.type(screen.getByLabelText('Account IBAN'), 'ES00 2100 0418 4502 0005 1332');
    await userEvent.type(screen.getByLabelText("Account holder's full name"), 'María López');
    await userEvent.type(screen.getByLabelText("Account holder's DNI or NIE"), '12345678Z');
    await userEvent.click(screen.getByRole('button', { name: 'Sign the mandate' }));
    const iban = screen.getByLabelText('Account IBAN');
    await waitFor(() => expect(iban.getAttribute('aria-invalid')).toBe('true'));
    const describedBy = iban.getAttribute('aria-describedby') ?? '';
    const error = describedBy
      .split(' ')
      .map((id) => document.getElementById(id)?.textContent ?? '')
      .join(' ');
    expect(error).toContain('its check digits do not match');
  });

  it('signs a mandate, and cancels one after confirming, in Galician', async () => {
    const api = mockApi({
      'GET /api/config': { body: config(true) },
      'GET /api/user/mandates': { body: mandates },
      'POST /api/user/mandates': { status: 201, body: mandates[0] },
      'DELETE /api/user/mandates/7': { status: 204 },
    });
    renderScreen(<DirectDebitArea />, { locale: 'gl' });
    await screen.findByRole('table', { name: 'As túas ordes de domiciliación' });
    await userEvent.type(screen.getByLabelText('IBAN da conta'), 'ES91 2100 0418 4502 0005 1332');
    await userEvent.type(screen.getByLabelText('Nome e apelidos do titular'), 'María López García');
    await userEvent.type(screen.getByLabelText('DNI ou NIE do titular'), '12345678Z');
    await userEvent.click(screen.getByRole('button', { name: 'Asinar a orde' }));
    await screen.findByText(/Orde MDT-000007-K3Q9X2 asinada/);
    expect(api.calls.find((c) => c.method === 'POST')?.body).toEqual({
      iban: 'ES91 2100 0418 4502 0005 1332',
      holder_name: 'María López García',
      holder_dni: '12345678Z',
    });
    await userEvent.click(
      screen.getByRole('button', { name: 'Cancelar a orde MDT-000007-K3Q9X2' }),
    );
    const dialog = await screen.findByRole('alertdialog');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Cancelar a orde' }));
    await waitFor(() =>
      expect(
        api.calls.some((c) => c.method === 'DELETE' && c.path === '/api/user/mandates/7'),
      ).toBe(true),
    );
  });
});

const pending: PendingLine[] = [
  {
    id: 8,
    person_activity_id: 4,
    name: 'Escola de natación',
    dni: '12345678Z',
    amount_due: 30,
    amount: 30,
  },
  { id: 9, person_activity_id: 4, name: 'Ximnasia', dni: '12345678Z', amount_due: 45, amount: 45 },
];

describe('Direct debit: the dashboard', () => {
  beforeEach(() => setToken(fakeToken()));

  it('shows a domiciled fee with each part’s date, amount and state, and offers Domiciliar for the other (es)', async () => {
    const api = mockApi({
      'GET /api/config': { body: config(true) },
      'GET /api/user/mandates': { body: mandates },
      'GET /api/user/direct-debits': { body: [debit] },
      'POST /api/user/direct-debits': { status: 201, body: { ...debit, id: 13, activity_id: 9 } },
    });
    renderScreen(<DomiciledFees pending={pending} />, { locale: 'es' });
    const item = await screen.findByRole('listitem', {
      name: 'Escola de natación · Xoán López Pereira',
    });
    expect(item.textContent).toContain('Domiciliado');
    const lines = within(item)
      .getAllByRole('listitem')
      .map((line) => line.textContent);
    expect(lines[0]).toContain('se cobra el 15/10/2026');
    expect(lines[0]?.replace(/\s/g, ' ')).toContain('30,00 €');
    expect(lines[0]).toContain('Devuelto: Saldo insuficiente');
    expect(lines[1]).toContain('se cobra el 15/01/2027');
    expect(lines[1]).toContain('Programado');
    expect(screen.queryByRole('button', { name: /Domiciliar Escola de natación/ })).toBeNull();
    await userEvent.click(
      await screen.findByRole('button', { name: 'Domiciliar Ximnasia 12345678Z' }),
    );
    await waitFor(() =>
      expect(api.calls.find((c) => c.method === 'POST')?.body).toEqual({
        mandate_id: 7,
        person_activity_id: 4,
        activity_id: 9,
      }),
    );
  });

  it('takes a fee off its mandate and says why not when a part is with the bank (en)', async () => {
    mockApi({
      'GET /api/config': { body: config(true) },
      'GET /api/user/mandates': { body: mandates },
      'GET /api/user/direct-debits': { body: [debit] },
      'DELETE /api/user/direct-debits/12': {
        status: 409,
        body: {
          detail: 'A part of this fee is already in a remittance sent to the bank.',
          code: 'direct_debit_in_remittance',
        },
      },
    });
    renderScreen(<DomiciledFees pending={pending} />, { locale: 'en' });
    await userEvent.click(
      await screen.findByRole('button', {
        name: 'Stop the direct debit of Escola de natación for Xoán López Pereira',
      }),
    );
    expect((await screen.findByRole('alert')).textContent).toContain(
      'already in a remittance sent to the bank',
    );
  });

  it('asks to sign a mandate first, in Galician, when none is in force', async () => {
    mockApi({
      'GET /api/config': { body: config(true) },
      'GET /api/user/mandates': { body: [mandates[1]] },
      'GET /api/user/direct-debits': { body: [] },
    });
    renderScreen(<DomiciledFees pending={pending} />, { locale: 'gl' });
    const link = await screen.findByRole('link', {
      name: 'asina unha orde de domiciliación en A miña conta',
    });
    expect(link.getAttribute('href')).toBe('/mi-cuenta');
  });
});
