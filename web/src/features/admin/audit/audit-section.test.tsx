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
    // Madrid is an hour ahead of UTC in November
    expect(within(repeated!).getByText('×37, the last on 21/11/2026, 10:21:40')).toBeVisible();
    expect(within(repeated!).getByText('limit: spraying, reason: unknown_account')).toBeVisible();
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

  it('searches on the server', async () => {
    const api = setup('en');
    const table = await screen.findByRole('table', { name: 'Audit entries' });
    await userEvent.type(screen.getByRole('searchbox', { name: /search the log/i }), 'login');
    await waitFor(() => expect(within(table).getAllByRole('row')).toHaveLength(2));
    expect(api.calls.some((call) => call.path.includes('q=login'))).toBe(true);
  });
});
