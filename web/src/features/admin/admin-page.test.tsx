import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { mockApi } from '../../testing/mock-api';
import { renderScreen } from '../../testing/render';
import { AdminPage } from './admin-page';
import { activities, config, enrolments, signInAsAdmin, summary, users } from './test-support';

function setup(locale: 'es' | 'en' | 'gl' = 'es') {
  const api = mockApi({
    'GET /api/admin/users/': { body: users },
    'GET /api/admin/person-activities/': { body: enrolments },
    'GET /api/admin/activities-crud/': { body: activities },
    'GET /api/admin/config/': { body: config },
    'GET /api/admin/payments/': { body: { items: [], total: 0, page: 1, page_size: 20 } },
    'GET /api/admin/summary': { body: summary },
    'GET /api/admin/mfa': { body: { enabled: true, required: false, recovery_codes_left: 10 } },
    'GET /api/admin/reminders': {
      body: {
        next_date: null,
        season: { deadline_date: null, messages: 0, sms: 0, emails: 0 },
        runs: [],
      },
    },
    'POST /api/admin/activities-crud/': {
      status: 201,
      body: { id: 5, name: 'Yoga senior', price: 40, start_date: null },
    },
  });
  renderScreen(<AdminPage />, { locale, route: '/admin' });
  return api;
}

describe('admin panel', () => {
  beforeEach(signInAsAdmin);
  afterEach(() => vi.unstubAllGlobals());

  it.each([
    ['es', 'Panel de Administración'],
    ['en', 'Administration panel'],
    ['gl', 'Panel de administración'],
  ] as const)('is titled in %s', async (locale, title) => {
    setup(locale);
    expect(await screen.findByRole('heading', { level: 1, name: title })).toBeInTheDocument();
    await waitFor(() => expect(document.title).toMatch(new RegExp(`^${title} – `)));
  });

  it("stacks the five sections (plus the overview, the fees' requests, circumstances and rules, payments, remittances, reminders, two-step verification and the audit log), each with a heading, listed on the page", async () => {
    setup('en');
    const names = [
      'Overview',
      'Excel upload',
      'User management',
      'Manual activity management',
      'Places and draws',
      'Person-activity enrolments',
      'Reduction requests',
      'Circumstances',
      'Fee rules',
      'Global configuration',
      'Payments',
      'Direct debit remittances',
      'Payment reminders',
      'Two-step verification',
      'Audit log',
    ];
    await screen.findByRole('region', { name: 'Overview' });
    for (const name of names) {
      const region = screen.getByRole('region', { name });
      expect(region.tagName).toBe('SECTION');
      expect(within(region).getByRole('heading', { level: 2, name })).toBeInTheDocument();
    }
    const contents = screen.getByRole('navigation', { name: 'On this page' });
    expect(
      within(contents)
        .getAllByRole('link')
        .map((a) => a.textContent),
    ).toEqual(names);
    await screen.findByRole('table', { name: 'Users' });
  });

  it('puts "Error:" in the title while a form shows errors', async () => {
    setup('en');
    await screen.findByRole('table', { name: 'Users' });
    await userEvent.click(screen.getByRole('button', { name: 'Create user' }));
    await waitFor(() => expect(document.title).toMatch(/^Error: Administration panel/));
  });

  it('reloads the enrolment form activities when an activity is created', async () => {
    const api = setup('en');
    const activitiesSection = await screen.findByRole('region', {
      name: 'Manual activity management',
    });
    await within(activitiesSection).findByRole('table', { name: 'Activities' });
    const gets = () =>
      api.calls.filter(
        (c) => c.method === 'GET' && c.path.startsWith('/api/admin/activities-crud/'),
      ).length;
    const before = gets();
    await userEvent.type(within(activitiesSection).getByLabelText('Name'), 'Yoga senior');
    await userEvent.type(within(activitiesSection).getByLabelText('Price in euros'), '40');
    await userEvent.click(
      within(activitiesSection).getByRole('button', { name: 'Create activity' }),
    );
    await within(activitiesSection).findByText('Activity saved.');
    // the activities table and the enrolment multi-select both reload
    await waitFor(() => expect(gets()).toBe(before + 2));
  });
});
