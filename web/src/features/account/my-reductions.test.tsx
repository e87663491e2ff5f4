import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { setToken } from '../../lib/session';
import { fakeToken, mockApi } from '../../testing/mock-api';
import { renderScreen } from '../../testing/render';
import type { CircumstanceRequest } from '../persons/api/circumstances-api';
import { AccountPage } from './account-page';

const me = {
  id: 7,
  dni: '12345678Z',
  phone: '612345678',
  email: 'maria.lopez@example.es',
  email_confirmed: true,
  role: 'user',
  is_admin: false,
  reminders: true,
  locale: 'es',
};

const config = (fee_mode: 'simple' | 'rules') => ({
  fee_mode,
  maintenance_mode: false,
  payments_enabled: true,
  global_discount: 0,
  deadline_date: '2026-12-15',
  payments_open: true,
  today: '2026-11-21',
});

const states: CircumstanceRequest[] = [
  {
    id: 41,
    person_activity_id: 4,
    person_name: 'Xoán López Pereira',
    circumstance_id: 1,
    circumstance_name: 'Familia numerosa general',
    status: 'pending',
    valid_until: null,
    reason: null,
    created_at: '2026-11-27T09:12:00.000Z',
    decided_at: null,
    has_document: true,
  },
  {
    id: 38,
    person_activity_id: 3,
    person_name: 'María López García',
    circumstance_id: 3,
    circumstance_name: 'Discapacidad igual o superior al 33 %',
    status: 'approved',
    valid_until: '2027-06-30',
    reason: null,
    created_at: '2026-11-20T10:00:00.000Z',
    decided_at: '2026-11-21T08:30:00.000Z',
    has_document: false,
  },
  {
    id: 35,
    person_activity_id: 4,
    person_name: 'Xoán López Pereira',
    circumstance_id: 2,
    circumstance_name: 'Pensionista',
    status: 'refused',
    valid_until: null,
    reason: 'O documento non se pode ler.',
    created_at: '2026-11-18T17:40:00.000Z',
    decided_at: '2026-11-19T09:05:00.000Z',
    has_document: false,
  },
  {
    id: 20,
    person_activity_id: 3,
    person_name: 'María López García',
    circumstance_id: 1,
    circumstance_name: 'Familia numerosa xeral',
    status: 'expired',
    valid_until: '2026-10-31',
    reason: null,
    created_at: '2025-10-02T11:00:00.000Z',
    decided_at: '2025-10-03T09:00:00.000Z',
    has_document: false,
  },
  {
    id: 12,
    person_activity_id: 3,
    person_name: 'María López García',
    circumstance_id: 4,
    circumstance_name: 'Carné Xove',
    status: 'withdrawn',
    valid_until: null,
    reason: null,
    created_at: '2025-09-02T11:00:00.000Z',
    decided_at: '2025-09-03T09:00:00.000Z',
    has_document: false,
  },
];

function setup(handlers: Parameters<typeof mockApi>[0], locale: 'es' | 'en' | 'gl' = 'en') {
  const api = mockApi({
    'GET /api/user/me': { body: me },
    'GET /api/config': { body: config('rules') },
    'GET /api/user/circumstances': { body: states },
    ...handlers,
  });
  renderScreen(<AccountPage />, { route: '/mi-cuenta', locale });
  return api;
}

const section = (name: string) => screen.findByRole('region', { name });

describe('My account: reductions', () => {
  beforeEach(() => setToken(fakeToken()));
  afterEach(() => vi.restoreAllMocks());

  it('lists every request in words, in Galician: pending, approved until, refused and why, expired, withdrawn', async () => {
    setup({}, 'gl');
    const list = within(await section('Reducións')).getByRole('list', {
      name: 'Solicitudes de redución',
    });
    const items = within(list)
      .getAllByRole('listitem')
      .map((item) => item.textContent);
    expect(items[0]).toContain('Xoán López Pereira: Familia numerosa general');
    expect(items[0]).toContain('Estado: pendente de revisión');
    expect(items[0]).toContain('Solicitada o 27/11/2026');
    expect(items[1]).toContain('Estado: aprobada ata o 30/06/2027');
    expect(items[2]).toContain('Estado: rexeitada: O documento non se pode ler.');
    expect(items[3]).toContain('Estado: caducada o 31/10/2026');
    expect(items[4]).toContain('Estado: retirada');
  });

  it('downloads the document sent while it is kept, and only then', async () => {
    URL.createObjectURL = vi.fn(() => 'blob:document');
    URL.revokeObjectURL = vi.fn();
    const click = vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(() => {});
    const api = setup({
      'GET /api/user/circumstances/41/document': {
        body: 'JVBERi0xLjQK',
        headers: {
          'Content-Type': 'application/pdf',
          'Content-Disposition': 'attachment; filename="familia-numerosa-41.pdf"',
        },
      },
    });
    const region = await section('Reductions');
    const buttons = within(region).getAllByRole('button', { name: /Download the document sent/ });
    expect(buttons).toHaveLength(1);
    await userEvent.click(
      within(region).getByRole('button', {
        name: 'Download the document sent (Familia numerosa general, Xoán López Pereira)',
      }),
    );
    await waitFor(() => expect(click).toHaveBeenCalledOnce());
    expect((click.mock.contexts[0] as HTMLAnchorElement).download).toBe('familia-numerosa-41.pdf');
    expect(api.calls.at(-1)?.path).toBe('/api/user/circumstances/41/document');
  });

  it('says when the document can no longer be downloaded', async () => {
    setup({
      'GET /api/user/circumstances/41/document': {
        status: 404,
        body: { detail: 'No encontrado.', code: 'not_found' },
      },
    });
    const region = await section('Reductions');
    await userEvent.click(
      within(region).getByRole('button', { name: /Download the document sent/ }),
    );
    expect(
      await within(region).findByText('The document could not be downloaded. Try again.'),
    ).toBeInTheDocument();
  });

  it('says when nothing was asked yet (fee rules in place), and where the retention is explained', async () => {
    setup({ 'GET /api/user/circumstances': { body: [] } });
    const region = within(await section('Reductions'));
    expect(region.getByText('You have not asked for any reduction.')).toBeInTheDocument();
    expect(region.getByRole('link', { name: 'privacy policy' })).toHaveAttribute(
      'href',
      '/privacy#retention',
    );
  });

  it('shows no section in the simple mode with nothing asked', async () => {
    setup({
      'GET /api/config': { body: config('simple') },
      'GET /api/user/circumstances': { body: [] },
    });
    expect(await screen.findByText('12345678Z')).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByText('Loading the reductions...')).toBeNull());
    expect(screen.queryByRole('region', { name: 'Reductions' })).not.toBeInTheDocument();
  });

  it('offers to try again when the requests cannot be loaded', async () => {
    let fail = true;
    setup({
      'GET /api/user/circumstances': () =>
        fail ? { status: 503, body: { detail: 'x', code: 'database_unavailable' } } : { body: [] },
    });
    const region = await section('Reductions');
    expect(
      await within(region).findByText('Your requests for reductions could not be loaded.'),
    ).toBeInTheDocument();
    fail = false;
    await userEvent.click(within(region).getByRole('button', { name: 'Try again' }));
    expect(
      await within(region).findByText('You have not asked for any reduction.'),
    ).toBeInTheDocument();
  });
});
