import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it } from 'vitest';
import { mockApi, serverList } from '../../../testing/mock-api';
import { renderScreen } from '../../../testing/render';
import type { AdminApplication, SeasonActivity } from '../api/season';
import { signInAsAdmin } from '../test-support';
import { SeasonSection } from './season-section';

const padel: SeasonActivity = {
  activity_id: 8,
  activity_name: 'Pádel adultos',
  allocation: 'first_come',
  capacity: 3,
  places_left: 0,
  status: 'full',
  applications_open_at: '2026-12-01T08:00:00.000Z',
  applications_close_at: '2026-12-15T22:59:00.000Z',
  drawn_at: null,
  counts: { applied: 0, offered: 3, waitlisted: 1, confirmed: 0, expired: 0, withdrawn: 0 },
};

const waiting: AdminApplication = {
  id: 41,
  code: '3HTW9RZE',
  status: 'waitlisted',
  rank: null,
  waitlist_position: 1,
  offer_expires_at: null,
  created_at: '2026-12-02T18:12:40.000Z',
  person_activity_id: 9,
  full_name: 'Lucía Pereira Souto',
  dni: null,
  birth_date: '2017-05-09',
};

describe('Plazas y sorteos: staff offer a waitlisted person a place', () => {
  beforeEach(signInAsAdmin);

  it('says the place is added beyond the places when none is free, and offers it after confirming', async () => {
    const api = mockApi({
      'GET /api/admin/season': { body: [padel] },
      'GET /api/admin/activities/8/applications': serverList([waiting], (a) => [a.code]),
      'GET /api/admin/activities/8/duplicates': { body: [] },
      'POST /api/admin/applications/41/offer': { status: 204 },
    });
    renderScreen(<SeasonSection version={0} />, { locale: 'es' });
    const user = userEvent.setup();
    await user.click(
      await screen.findByRole('button', { name: 'Ver solicitudes de Pádel adultos' }),
    );
    await user.click(
      await screen.findByRole('button', { name: 'Ofrecer plaza a Lucía Pereira Souto (3HTW9RZE)' }),
    );
    const dialog = screen.getByRole('alertdialog', {
      name: '¿Ofrecer plaza a Lucía Pereira Souto?',
    });
    expect(dialog.textContent).toContain('No queda ninguna plaza libre');
    expect(api.calls.some((c) => c.method === 'POST')).toBe(false);
    await user.click(within(dialog).getByRole('button', { name: 'Ofrecer plaza' }));
    expect(
      await screen.findByText('Plaza ofrecida a Lucía Pereira Souto: se le avisa para pagarla.'),
    ).toBeInTheDocument();
    expect(api.calls.find((c) => c.method === 'POST')?.path).toBe(
      '/api/admin/applications/41/offer',
    );
  });
});
