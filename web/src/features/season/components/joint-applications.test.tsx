import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { mockApi } from '../../../testing/mock-api';
import { renderScreen } from '../../../testing/render';
import type { Application, CatalogueActivity } from '../api/season-api';
import { ApplicationsSection } from './applications-section';

const swimming: CatalogueActivity = {
  id: 7,
  name: 'Natación infantil',
  price: 60,
  start_date: '2027-01-11',
  description: null,
  schedule: null,
  venue: null,
  allocation: 'first_come',
  capacity: 3,
  places_left: 1,
  applications_open_at: '2026-12-01T08:00:00.000Z',
  applications_close_at: '2026-12-15T22:59:00.000Z',
  status: 'open',
  min_birth_year: null,
  max_birth_year: null,
  fee: {
    amount: 45,
    amount_with_reduction: null,
    tariffs: [],
    reductions: [],
    family_discounts: [],
    cumulative: false,
  },
};

const person = (id: number, full_name: string) => ({
  person_activity_id: id,
  full_name,
  dni: null,
  birth_date: '2016-04-02',
});
const xoan = person(4, 'Xoán López Pereira');
const uxia = person(5, 'Uxía López Pereira');

const member = (overrides: Partial<Application>): Application => ({
  id: 12,
  code: 'K7PQ4XMA',
  joint_code: 'K7PQ4XMA',
  activity_id: 7,
  activity_name: 'Natación infantil',
  person_activity_id: 4,
  person_name: 'Xoán López Pereira',
  status: 'waitlisted',
  waitlist_position: 1,
  offer_expires_at: null,
  created_at: '2026-12-02T18:12:40.000Z',
  ...overrides,
});
const group = [
  member({}),
  member({
    id: 13,
    person_activity_id: 5,
    person_name: 'Uxía López Pereira',
    waitlist_position: 2,
  }),
];

describe('siblings together: a joint application from the dashboard', () => {
  const render = (handlers: Parameters<typeof mockApi>[0], locale: 'es' | 'en' | 'gl' = 'en') => {
    const api = mockApi({
      'GET /api/catalogue': { body: [swimming] },
      'GET /api/user/applications': { body: [] },
      ...handlers,
    });
    renderScreen(<ApplicationsSection persons={[xoan, uxia]} />, { locale });
    return api;
  };

  it('sends the chosen people as one application and shows its one code and the group’s state', async () => {
    const user = userEvent.setup();
    const api = render({
      'POST /api/user/applications': {
        status: 201,
        body: {
          code: 'K7PQ4XMA',
          activity_id: 7,
          activity_name: 'Natación infantil',
          applications: group,
        },
      },
    });
    await screen.findByRole('option', { name: 'Natación infantil' });
    await user.selectOptions(screen.getByLabelText('Activity'), '7');
    await user.selectOptions(screen.getByLabelText('Person'), '4');
    const together = screen.getByRole('group', {
      name: 'Also apply, in the same application (siblings together)',
    });
    // the person chosen above is not offered again
    expect(within(together).queryByRole('checkbox', { name: 'Xoán López Pereira' })).toBeNull();
    await user.click(within(together).getByRole('checkbox', { name: 'Uxía López Pereira' }));
    await user.click(screen.getByRole('button', { name: 'Apply' }));
    expect(
      await screen.findByText(
        'There are not enough places for everyone: Xoán López Pereira, Uxía López Pereira wait together on the waitlist from position 1 (code K7PQ4XMA).',
      ),
    ).toBeInTheDocument();
    expect(api.calls.find((c) => c.method === 'POST')?.body).toEqual({
      person_activity_ids: [4, 5],
      activity_id: 7,
    });
  });

  it('names who is refused and why, in the page’s language', async () => {
    const user = userEvent.setup();
    render(
      {
        'POST /api/user/applications': {
          status: 422,
          body: {
            code: 'joint_refused',
            detail: [
              {
                loc: ['body', 'person_activity_ids', 1],
                msg: 'Uxía López Pereira xa ten unha solicitude nesta actividade.',
                type: 'already_applied',
              },
            ],
          },
        },
      },
      'gl',
    );
    await screen.findByRole('option', { name: 'Natación infantil' });
    await user.selectOptions(screen.getByLabelText('Actividade'), '7');
    await user.selectOptions(screen.getByLabelText('Persoa'), '4');
    await user.click(screen.getByRole('checkbox', { name: 'Uxía López Pereira' }));
    await user.click(screen.getByRole('button', { name: 'Solicitar praza' }));
    expect(
      await screen.findByText('Uxía López Pereira xa ten unha solicitude nesta actividade.'),
    ).toBeInTheDocument();
  });

  it('withdraws one person, or the whole joint application, each after its own confirmation', async () => {
    const user = userEvent.setup();
    const api = render({
      'GET /api/user/applications': { body: group },
      'DELETE /api/user/applications/13': { status: 204 },
      'DELETE /api/user/applications/12': { status: 204 },
    });
    const table = await screen.findByRole('table', { name: 'My applications' });
    expect(await within(table).findAllByText('Joint application')).toHaveLength(2);
    await user.click(
      screen.getByRole('button', {
        name: 'Withdraw Uxía López Pereira’s application for Natación infantil',
      }),
    );
    let dialog = screen.getByRole('alertdialog');
    expect(dialog.textContent).toContain('the others stay together under the same code');
    await user.click(within(dialog).getByRole('button', { name: 'Withdraw the application' }));
    await screen.findByText('Application for Natación infantil withdrawn.');
    expect(api.calls.filter((c) => c.method === 'DELETE').map((c) => c.path)).toEqual([
      '/api/user/applications/13',
    ]);

    await user.click(
      screen.getAllByRole('button', {
        name: 'Withdraw the whole joint application K7PQ4XMA in Natación infantil',
      })[0] as HTMLElement,
    );
    dialog = screen.getByRole('alertdialog');
    expect(dialog.textContent).toContain('Everyone in the application is withdrawn');
    await user.click(within(dialog).getByRole('button', { name: 'Withdraw the application' }));
    await screen.findByText('Application for Natación infantil withdrawn.');
    expect(api.calls.filter((c) => c.method === 'DELETE').map((c) => c.path)).toEqual([
      '/api/user/applications/13',
      '/api/user/applications/12?scope=joint',
    ]);
  });
});
