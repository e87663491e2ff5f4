import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it } from 'vitest';
import { mockApi } from '../../../testing/mock-api';
import { renderScreen } from '../../../testing/render';
import type { AuditEntry } from '../api/audit';
import { signInAsAdmin } from '../test-support';
import { AuditSection } from './audit-section';

const entries: AuditEntry[] = [
  {
    id: 120,
    at: '2026-11-21T09:30:00Z',
    actor_user_id: 1,
    actor_dni: '****5566R',
    action: 'activity.update',
    entity: 'activity',
    entity_id: '2',
    details: { before: { price: 80 }, after: { price: 85.5 } },
    ip: '127.0.0.1',
    repeats: 1,
    last_at: '2026-11-21T09:30:00Z',
  },
  {
    id: 119,
    at: '2026-11-21T09:15:02Z',
    actor_user_id: null,
    actor_dni: null,
    action: 'login_throttled',
    entity: 'user',
    entity_id: null,
    details: { limit: 'spraying', reason: 'unknown_account' },
    ip: '203.0.113.45',
    repeats: 37,
    last_at: '2026-11-21T09:21:40Z',
  },
  {
    id: 118,
    at: '2026-11-21T09:10:00Z',
    actor_user_id: null,
    actor_dni: null,
    action: 'payment.paid',
    entity: 'payment',
    entity_id: '41',
    details: { order: '2611A0041', from: 'pending', to: 'paid', amount_cents: 4500 },
    ip: null,
    repeats: 1,
    last_at: '2026-11-21T09:10:00Z',
  },
  {
    id: 117,
    at: '2026-11-21T09:05:00Z',
    actor_user_id: 7,
    actor_dni: '****1234Z',
    action: 'application.offered',
    entity: 'application',
    entity_id: '9',
    details: { code: 'NAT-7K2Q', from: 'waitlisted', to: 'offered' },
    ip: '127.0.0.1',
    repeats: 1,
    last_at: '2026-11-21T09:05:00Z',
  },
];

function setup(locale: 'es' | 'en' | 'gl' = 'en') {
  const api = mockApi({
    'GET /api/admin/audit/': (request) => {
      const q = new URL(request.url).searchParams.get('q') ?? '';
      const items = entries.filter((entry) => !q || entry.action.includes(q));
      return {
        body: { items, total: items.length, page: 1, page_size: 10 },
        headers: { 'X-Total-Count': String(items.length) },
      };
    },
  });
  renderScreen(<AuditSection />, { locale });
  return api;
}

describe('audit log section', () => {
  beforeEach(signInAsAdmin);

  it('lists the entries, a repeated refusal with its count and its last time', async () => {
    setup('en');
    const table = await screen.findByRole('table', { name: 'Audit entries' });
    expect(
      within(table)
        .getAllByRole('columnheader')
        .map((header) => header.textContent),
    ).toEqual(['When', 'Action', 'Times', 'Who (DNI)', 'On', 'Details', 'Address']);
    const [, single, repeated] = within(table).getAllByRole('row');
    expect(within(single!).getByText('Activity changed')).toBeVisible();
    // Madrid is an hour ahead of UTC in November
    expect(within(repeated!).getByText('×37, the last on 21/11/2026, 10:21:40')).toBeVisible();
    expect(
      within(repeated!).getByText('limit: many accounts from one address, reason: no such account'),
    ).toBeVisible();
    // nested details with a space after every separator: the cell wraps between values
    expect(screen.getByText('before: {price: 80}, after: {price: 85.5}')).toBeVisible();
    expect(within(repeated!).getByText('203.0.113.45')).toBeVisible();
    expect(within(single!).getByText('activity 2')).toBeVisible();
    expect(within(single!).queryByText(/×/)).toBeNull();
  });

  it.each([
    ['es', 'Entradas del registro', '×37, la última el 21/11/2026, 10:21:40'],
    ['gl', 'Entradas do rexistro', '×37, a última o 21/11/2026, 10:21:40'],
  ] as const)('shows the count in %s', async (locale, caption, repeated) => {
    setup(locale);
    const table = await screen.findByRole('table', { name: caption });
    expect(within(table).getByText(repeated)).toBeVisible();
  });

  it.each([
    [
      'es',
      [
        'Pago cobrado',
        'pago 41',
        'pedido: 2611A0041, antes: Pendiente, ahora: Pagado, importe: 45,00 €',
      ],
      [
        'Plaza ofrecida',
        'solicitud 9',
        'código: NAT-7K2Q, antes: En lista de espera, ahora: Plaza ofrecida',
      ],
    ],
    [
      'gl',
      [
        'Pagamento cobrado',
        'pagamento 41',
        'pedido: 2611A0041, antes: Pendente, agora: Pagado, importe: 45,00 €',
      ],
      [
        'Praza ofrecida',
        'solicitude 9',
        'código: NAT-7K2Q, antes: En lista de espera, agora: Praza ofrecida',
      ],
    ],
  ] as const)(
    'names every event, thing, detail and state in %s, no programmers’ codes',
    async (locale, payment, application) => {
      setup(locale);
      const table = await screen.findByRole('table', { name: /rexistro|registro/ });
      const rows = within(table).getAllByRole('row');
      for (const [row, texts] of [
        [rows[3]!, payment],
        [rows[4]!, application],
      ] as const) {
        for (const text of texts) expect(within(row).getByText(text)).toBeVisible();
      }
      const shown = table.textContent ?? '';
      for (const code of [
        'payment.paid',
        'application.offered',
        'from:',
        'to:',
        'pending',
        'waitlisted',
        'spraying',
        'unknown_account',
      ])
        expect(shown).not.toContain(code);
    },
  );

  it('searches on the server', async () => {
    const api = setup('en');
    const table = await screen.findByRole('table', { name: 'Audit entries' });
    await userEvent.type(screen.getByRole('searchbox', { name: /search the log/i }), 'login');
    await waitFor(() => expect(within(table).getAllByRole('row')).toHaveLength(2));
    expect(api.calls.some((call) => call.path.includes('q=login'))).toBe(true);
  });
});
