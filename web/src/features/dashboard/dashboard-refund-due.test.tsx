/**
 * A reduction approved after part 1 was paid at the full price left the fee owing money back
 * (issue 60 item 4): the paid part shows what was charged and says what will be refunded, until
 * the council refunds it.
 */
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it } from 'vitest';
import { setToken } from '../../lib/session';
import { fakeToken, mockApi } from '../../testing/mock-api';
import { renderScreen } from '../../testing/render';
import { DashboardPage } from './dashboard-page';
import type { PublicConfig, UserActivity } from './rules';

const config: PublicConfig = {
  fee_mode: 'rules',
  maintenance_mode: false,
  payments_enabled: true,
  global_discount: 0,
  deadline_date: '2026-12-15',
  payments_open: true,
  bizum_enabled: false,
  today: '2026-11-21',
};

const part = (number: number, over: Partial<UserActivity>): UserActivity => ({
  id: 8,
  name: 'Escola de natación',
  price: 240.04,
  start_date: '2026-10-01',
  is_paid: false,
  amount_due: 0,
  breakdown: null,
  amount: 0,
  amount_with_discount: null,
  dni: '87654321X',
  person_activity_id: 4,
  part: { number, of: 3, due_date: ['2026-12-15', '2027-01-15', '2027-02-15'][number - 1]! },
  ...over,
});

function serve(refundDue: number | undefined) {
  const owed = refundDue === undefined ? {} : { refund_due: refundDue };
  mockApi({
    'GET /api/config': { body: config },
    'GET /api/user/persons/': {
      body: [{ person_activity_id: 4, full_name: 'Uxía Castro Rey', dni: '87654321X' }],
    },
    'GET /api/user/activities/4': {
      body: [
        part(1, { is_paid: true, amount: 80.01, amount_due: null, ...owed }),
        part(2, owed),
        part(3, owed),
      ],
    },
  });
}

beforeEach(() => setToken(fakeToken()));

describe('a fee that owes money back', () => {
  it.each([
    ['en', 'Completed payments', 'Paid activities', /€30\.01 will be refunded/],
    ['es', 'Pagos realizados', 'Actividades pagadas', /Se te devolverán 30,01\s€/],
    ['gl', 'Pagamentos realizados', 'Actividades pagadas', /Devolveránseche 30,01\s€/],
  ] as const)(
    '[%s] the paid part says what will be refunded',
    async (locale, tab, caption, text) => {
      const user = userEvent.setup();
      serve(30.01);
      renderScreen(<DashboardPage />, { route: '/dashboard', locale });
      await user.click(await screen.findByRole('tab', { name: tab }));
      const table = screen.getByRole('table', { name: caption });
      const row = within(table).getByRole('rowheader', { name: /Escola de natación/ });
      expect(row).toHaveTextContent(text);
      expect(row.closest('tr')).toHaveTextContent(locale === 'en' ? '€80.01' : '80,01 €');
    },
  );

  it('says nothing once refunded', async () => {
    const user = userEvent.setup();
    serve(undefined);
    renderScreen(<DashboardPage />, { route: '/dashboard', locale: 'en' });
    await user.click(await screen.findByRole('tab', { name: 'Completed payments' }));
    expect(screen.queryByText(/will be refunded/)).not.toBeInTheDocument();
  });
});
