import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it } from 'vitest';
import { mockApi } from '../../../testing/mock-api';
import { renderScreen } from '../../../testing/render';
import { signInAsAdmin } from '../test-support';
import { RemindersSection } from './reminders-section';

const summary = {
  next_date: '2026-12-14',
  season: { deadline_date: '2026-12-15', messages: 212, sms: 180, emails: 64 },
  runs: [
    {
      id: 3,
      date: '2026-12-08',
      trigger: 'job',
      sent: 212,
      skipped: 9,
      sms: 180,
      emails: 64,
      started_at: '2026-12-08T08:00:03Z',
    },
  ],
};

function setup(run: unknown, locale: 'es' | 'en' | 'gl' = 'en') {
  const api = mockApi({
    'GET /api/admin/reminders': { body: summary },
    'POST /api/admin/reminders/run': { body: run },
  });
  renderScreen(<RemindersSection version={0} />, { locale, route: '/admin' });
  return api;
}

describe('payment reminders (admin)', () => {
  beforeEach(signInAsAdmin);
  it('shows the next sending, the season in SMS and each run', async () => {
    setup(null);
    expect(await screen.findByText('14 December 2026')).toBeInTheDocument();
    expect(screen.getByText('212 reminders: 180 SMS and 64 e-mails')).toBeInTheDocument();
    const table = screen.getByRole('table', { name: 'Sendings' });
    const row = within(table).getAllByRole('row')[1]!;
    expect(within(row).getByRole('rowheader')).toHaveTextContent('08/12/2026');
    expect(row).toHaveTextContent('Automatic');
    expect(row).toHaveTextContent('180');
  });

  it('sends today’s reminders and says how many went out', async () => {
    const api = setup({
      sent: 12,
      skipped: 2,
      sms: 12,
      emails: 5,
      date: '2026-12-08',
      reason: null,
      next_date: '2026-12-14',
    });
    await userEvent.click(
      await screen.findByRole('button', { name: 'Send today’s reminders now' }),
    );
    expect(
      await screen.findByText('Reminders sent: 12 (12 SMS, 5 e-mails). Accounts not reminded: 2.'),
    ).toBeInTheDocument();
    expect(api.calls.filter((c) => c.method === 'POST')).toHaveLength(1);
    // the summary is read again after the run
    expect(api.calls.filter((c) => c.method === 'GET')).toHaveLength(2);
  });

  it('says why nothing went out, in Galician too', async () => {
    setup(
      {
        sent: 0,
        skipped: 0,
        sms: 0,
        emails: 0,
        date: '2026-12-09',
        reason: 'not_a_reminder_day',
        next_date: '2026-12-14',
      },
      'gl',
    );
    await userEvent.click(
      await screen.findByRole('button', { name: 'Enviar agora os recordatorios de hoxe' }),
    );
    expect(
      await screen.findByText('Hoxe non é día de recordatorio. Próximo: 14 de decembro de 2026.'),
    ).toBeInTheDocument();
  });
});
