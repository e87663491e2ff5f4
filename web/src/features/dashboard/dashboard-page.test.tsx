import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { setUnauthorizedHandler } from '../../lib/api/client';
import { getToken, setToken } from '../../lib/session';
import { fakeToken, mockApi, type MockResponse } from '../../testing/mock-api';
import { renderScreen } from '../../testing/render';
import { preloadDashboardData } from './api/use-dashboard-data';
import { DashboardPage, type PeopleSectionContext } from './dashboard-page';
import { ManagedPeople } from '../persons/components/managed-people';
import { announcePaymentSettled } from '../../lib/payment-events';
import type { PublicConfig, UserActivity } from './rules';
import { expectAlert } from '../../testing/expect-alert';

const persons = [
  { person_activity_id: 3, full_name: 'María López García', dni: '12345678Z' },
  { person_activity_id: 4, full_name: 'Xoán López Pereira', dni: '87654321X' },
];

const config: PublicConfig = {
  fee_mode: 'simple',
  maintenance_mode: false,
  payments_enabled: true,
  global_discount: 0.5,
  deadline_date: '2026-12-15',
  payments_open: true,
  bizum_enabled: false,
  direct_debit_enabled: false,
  today: '2026-11-21',
};

const xoan: UserActivity[] = [
  {
    id: 1,
    name: 'Natación infantil',
    price: 60,
    start_date: '2026-10-01',
    is_paid: false,
    amount_due: 45,
    breakdown: null,
    amount: 45,
    amount_with_discount: 30,
    dni: '87654321X',
    person_activity_id: 4,
  },
  {
    id: 2,
    name: 'Pádel adultos',
    price: 85.5,
    start_date: null,
    is_paid: true,
    amount_due: null,
    breakdown: null,
    amount: 64.13,
    amount_with_discount: 42.75,
    dni: '87654321X',
    person_activity_id: 4,
  },
  {
    id: 5,
    name: 'Yoga senior',
    price: 0.4,
    start_date: null,
    is_paid: false,
    amount_due: 0.3,
    breakdown: null,
    amount: 0.3,
    amount_with_discount: 0.2,
    dni: '87654321X',
    person_activity_id: 4,
  },
];

const maria: UserActivity[] = [
  {
    id: 3,
    name: 'Baloncesto',
    price: 40,
    start_date: null,
    is_paid: false,
    amount_due: 30,
    breakdown: null,
    amount: 30,
    amount_with_discount: 20,
    dni: '12345678Z',
    person_activity_id: 3,
  },
];

const redirect = {
  action: 'https://sis-t.redsys.es:25443/sis/realizarPago',
  fields: {
    Ds_SignatureVersion: 'HMAC_SHA256_V1',
    Ds_MerchantParameters: 'eyJEU19NRVJDSEFOVF9BTU9VTlQiOiI3NTAwIn0=',
    Ds_Signature: 'TyW+LIa2GZnhCPLM7JSPwbQn4ZjOvMO/KiIf4yJgwo8=',
  },
  order: '2611AB12CD34',
  amount: 75,
};

type Handlers = Parameters<typeof mockApi>[0];

function serve(overrides: Handlers = {}, settings: Partial<PublicConfig> = {}) {
  return mockApi({
    'GET /api/config': { body: { ...config, ...settings } },
    'GET /api/user/persons/': { body: persons },
    'GET /api/user/activities/3': { body: maria },
    'GET /api/user/activities/4': { body: xoan },
    'POST /api/payments/generate-multiple/': { body: redirect },
    ...overrides,
  });
}

function renderDashboard(locale: 'en' | 'es' = 'en', peopleSection?: DashboardPageProps) {
  return renderScreen(<DashboardPage peopleSection={peopleSection} />, {
    route: '/dashboard',
    locale,
    routes: [{ path: '/login', element: <p>login page</p> }],
  });
}
type DashboardPageProps = ((context: PeopleSectionContext) => React.ReactNode) | undefined;

const checkbox = (name: RegExp | string) => screen.getByRole('checkbox', { name });
const payButton = () => screen.getByRole('button', { name: 'Pay by card' });
const payBar = () => payButton().closest('[data-slot="pay-bar"]') as HTMLElement;
const totalBar = () => document.querySelector('[data-slot="total-bar"]') as HTMLElement | null;

function spyOnSubmit() {
  const submitted: { action: string; target: string; method: string; inputs: string[][] }[] = [];
  vi.spyOn(HTMLFormElement.prototype, 'submit').mockImplementation(function (
    this: HTMLFormElement,
  ) {
    submitted.push({
      action: this.action,
      target: this.target,
      method: this.method,
      inputs: [...this.querySelectorAll('input')].map((input) => [
        input.type,
        input.name,
        input.value,
      ]),
    });
  });
  return submitted;
}

async function loaded() {
  await screen.findByRole('rowheader', { name: 'Natación infantil' });
}

beforeEach(() => {
  setToken(fakeToken());
});

afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

describe('dashboard: data and tables', () => {
  it('loads people, settings and each person’s activities once', async () => {
    const { calls } = serve();
    renderDashboard();
    await loaded();
    const paths = calls.map((call) => `${call.method} ${call.path}`);
    expect(paths).toEqual(
      expect.arrayContaining([
        'GET /api/config',
        'GET /api/user/persons/',
        'GET /api/user/activities/3',
        'GET /api/user/activities/4',
      ]),
    );
    expect(paths.filter((path) => path.includes('/user/activities/'))).toHaveLength(2);
    expect(document.title).toMatch(/^My activities – /);
  });

  it('shows pending rows with DNI, checkbox, activity and the server’s amount', async () => {
    serve();
    renderDashboard();
    await loaded();
    const table = screen.getByRole('table', { name: 'Activities pending payment' });
    const headers = within(table)
      .getAllByRole('columnheader')
      .map((cell) => cell.textContent);
    expect(headers).toEqual(['DNI', 'Select', 'Activity', 'Pending amount']);
    const row = within(table).getByRole('row', { name: /Natación infantil/ });
    expect(
      within(row)
        .getAllByRole('cell')
        .map((cell) => cell.textContent),
    ).toEqual(['87654321X', '', '€45.00']);
    expect(within(table).queryByText('Pádel adultos')).not.toBeInTheDocument();
    expect(within(table).getByRole('rowheader', { name: 'Baloncesto' })).toBeInTheDocument();
  });

  it('shows completed payments with what was paid (not the price) in the other tab', async () => {
    const user = userEvent.setup();
    serve();
    renderDashboard();
    await loaded();
    expect(screen.getByRole('tab', { name: 'Pending payments' })).toHaveAttribute(
      'aria-selected',
      'true',
    );
    await user.click(screen.getByRole('tab', { name: 'Completed payments' }));
    const table = screen.getByRole('table', { name: 'Paid activities' });
    expect(
      within(table)
        .getAllByRole('columnheader')
        .map((cell) => cell.textContent),
    ).toEqual(['DNI', 'Activity', 'Amount']);
    const row = within(table).getByRole('row', { name: /Pádel adultos/ });
    expect(
      within(row)
        .getAllByRole('cell')
        .map((cell) => cell.textContent),
    ).toEqual(['87654321X', '€64.13']);
  });

  it('filters by person (full name plus DNI) in both tabs', async () => {
    const user = userEvent.setup();
    serve();
    renderDashboard();
    await loaded();
    const select = screen.getByRole('combobox', { name: 'Person' });
    expect(
      within(select)
        .getAllByRole('option')
        .map((option) => option.textContent),
    ).toEqual(['All', 'María López García (12345678Z)', 'Xoán López Pereira (87654321X)']);
    await user.selectOptions(select, 'María López García (12345678Z)');
    expect(screen.queryByText('Natación infantil')).not.toBeInTheDocument();
    expect(screen.getByRole('rowheader', { name: 'Baloncesto' })).toBeInTheDocument();
    await user.click(screen.getByRole('tab', { name: 'Completed payments' }));
    expect(screen.getByText('There are no completed payments.')).toBeInTheDocument();
  });

  it('invites an account with nobody linked to link a person, and opens the form', async () => {
    const user = userEvent.setup();
    serve({ 'GET /api/user/persons/': { body: [] } });
    renderDashboard('en', (people) => <ManagedPeople {...people} />);
    expect(await screen.findByText('Nobody is linked to your account yet')).toBeInTheDocument();
    expect(screen.queryByText('There are no pending payments.')).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Pay by card' })).not.toBeInTheDocument();
    const invitation = screen.getAllByRole('button', { name: 'Link a person' })[0]!;
    await user.click(invitation);
    expect(await screen.findByLabelText(/DNI/)).toBeInTheDocument();
    await user.click(screen.getByRole('tab', { name: 'Completed payments' }));
    expect(screen.queryByText('There are no completed payments.')).not.toBeInTheDocument();
  });

  it('reads its data again when another tab reports a payment, so what was paid is not offered', async () => {
    let paid = false;
    serve({
      'GET /api/user/activities/3': () => ({
        body: maria.map((activity) => ({ ...activity, is_paid: paid || activity.is_paid })),
      }),
      'GET /api/user/activities/4': () => ({
        body: xoan.map((activity) => ({ ...activity, is_paid: paid || activity.is_paid })),
      }),
    });
    renderDashboard();
    await loaded();
    expect(screen.getByRole('rowheader', { name: 'Natación infantil' })).toBeInTheDocument();
    paid = true;
    announcePaymentSettled();
    expect(await screen.findByText('There are no pending payments.')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Pay by card' })).not.toBeInTheDocument();
  });

  it('says "nothing pending" when everyone linked has paid', async () => {
    serve({
      'GET /api/user/activities/3': {
        body: maria.map((activity) => ({ ...activity, is_paid: true })),
      },
      'GET /api/user/activities/4': {
        body: xoan.map((activity) => ({ ...activity, is_paid: true })),
      },
    });
    renderDashboard();
    expect(await screen.findByText('There are no pending payments.')).toBeInTheDocument();
    expect(screen.queryByText('Nobody is linked to your account yet')).not.toBeInTheDocument();
  });

  it('empties the list and says error_loading_associations when people cannot be loaded', async () => {
    const user = userEvent.setup();
    const { calls } = serve({
      'GET /api/user/persons/': {
        status: 500,
        body: { detail: 'Error interno.', code: 'internal' },
      },
    });
    renderDashboard();
    await expectAlert('The linked people could not be loaded.');
    // the alert says it all: no "nothing pending" and no invitation under it
    expect(screen.queryByText('There are no pending payments.')).not.toBeInTheDocument();
    expect(screen.queryByText('Nobody is linked to your account yet')).not.toBeInTheDocument();
    expect(calls.some((call) => call.path.startsWith('/api/user/activities/'))).toBe(false);
    await user.click(screen.getByRole('button', { name: 'Try again' }));
    await waitFor(() =>
      expect(calls.filter((call) => call.path === '/api/user/persons/')).toHaveLength(2),
    );
  });

  it('says when one person’s activities cannot be loaded and still shows the others', async () => {
    serve({
      'GET /api/user/activities/3': { status: 500, body: { detail: 'x', code: 'internal' } },
    });
    renderDashboard();
    await loaded();
    expect(screen.getByRole('alert')).toHaveTextContent(
      'The activities of some people could not be loaded.',
    );
  });

  it('goes to /login when the session has expired (401), clearing the token', async () => {
    serve({
      'GET /api/user/persons/': {
        status: 401,
        body: { detail: 'Sesión caducada.', code: 'unauthorized' },
      },
    });
    const { router } = renderDashboard();
    setUnauthorizedHandler(() => void router.navigate('/login'));
    expect(await screen.findByText('login page')).toBeInTheDocument();
    expect(getToken()).toBeNull();
  });
});

describe('dashboard: data requested as the app starts', () => {
  const personsCalls = (calls: { method: string; path: string }[]) =>
    calls.filter((call) => call.path === '/api/user/persons/').length;

  it('shows the answers requested before its code arrived, without asking again', async () => {
    const { calls } = serve();
    preloadDashboardData();
    renderDashboard();
    await loaded();
    expect(personsCalls(calls)).toBe(1);
  });

  it('leaves an early 401 alone until the dashboard shows, then goes to /login', async () => {
    const { calls } = serve({
      'GET /api/user/persons/': {
        status: 401,
        body: { detail: 'Sesión caducada.', code: 'unauthorized' },
      },
    });
    const onUnauthorized = vi.fn();
    setUnauthorizedHandler(onUnauthorized);
    preloadDashboardData();
    await waitFor(() => expect(personsCalls(calls)).toBe(1));
    await new Promise((resolve) => setTimeout(resolve, 0));
    // the maintenance gate, for one, may never show the dashboard: nothing happens yet
    expect(onUnauthorized).not.toHaveBeenCalled();
    expect(getToken()).not.toBeNull();
    const { router } = renderDashboard();
    setUnauthorizedHandler(() => void router.navigate('/login'));
    expect(await screen.findByText('login page')).toBeInTheDocument();
    expect(getToken()).toBeNull();
  });

  it('never shows answers requested for another session', async () => {
    const { calls } = serve();
    preloadDashboardData();
    setToken(fakeToken({ exp: Math.floor(Date.now() / 1000) + 7200 }));
    renderDashboard();
    await loaded();
    expect(personsCalls(calls)).toBe(2);
    expect(calls.at(-1)?.headers.get('Authorization')).toBe(`Bearer ${getToken()}`);
  });
});

describe('dashboard: selection, totals and the pay button', () => {
  it('asks to select activities while nothing is selected, and does not pay', async () => {
    const user = userEvent.setup();
    const { calls } = serve();
    renderDashboard();
    await loaded();
    expect(payButton()).toHaveAttribute('aria-disabled', 'true');
    expect(payBar()).toHaveTextContent('Select the activities you want to pay for.');
    expect(totalBar()).toBeNull();
    await user.click(payButton());
    expect(calls.some((call) => call.method === 'POST')).toBe(false);
  });

  it('sums the selected server amounts in cents for the total and the pay bar', async () => {
    const user = userEvent.setup();
    serve();
    renderDashboard();
    await loaded();
    await user.click(checkbox('Select Natación infantil for 87654321X'));
    await user.click(checkbox('Select Yoga senior for 87654321X'));
    expect(totalBar()).toHaveTextContent('Total selected€45.30');
    expect(payButton()).not.toHaveAttribute('aria-disabled');
    expect(payBar()).toHaveTextContent('Amount to pay: €45.30');
    await user.click(checkbox('Select Natación infantil for 87654321X'));
    expect(totalBar()).toHaveTextContent('€0.30');
  });

  it('pays for the whole family: one button selects every payable line, one payment names each person', async () => {
    const user = userEvent.setup();
    vi.spyOn(HTMLFormElement.prototype, 'submit').mockImplementation(() => {});
    const { calls } = serve();
    renderDashboard();
    await loaded();
    const family = screen.getByRole('button', { name: 'Pay for the whole family' });
    expect(family).toHaveAccessibleDescription(
      'Chooses everything pending for 2 people to pay it together: one payment and one receipt naming each person.',
    );
    await user.click(family);
    for (const name of [
      'Select Natación infantil for 87654321X',
      'Select Yoga senior for 87654321X',
      'Select Baloncesto for 12345678Z',
    ])
      expect(checkbox(name)).toBeChecked();
    expect(screen.queryByRole('button', { name: 'Pay for the whole family' })).toBeNull();
    expect(
      screen.getByText(/You are paying for the whole family: 2 people in one payment/),
    ).toBeInTheDocument();
    expect(payButton()).not.toHaveAttribute('aria-disabled', 'true');
    await user.click(payButton());
    await waitFor(() => expect(calls.some((call) => call.method === 'POST')).toBe(true));
    const body = calls.find((call) => call.method === 'POST')?.body as { people: unknown[] };
    expect(body.people).toHaveLength(2);
    expect(body).toEqual({
      people: expect.arrayContaining([
        { person_activity_id: 4, activity_ids: [1, 5], parts: [] },
        { person_activity_id: 3, activity_ids: [3], parts: [] },
      ]),
      activity_ids: [],
      parts: [],
      use_discount: false,
      pay_method: 'card',
    });
  });

  it('shows why a family discount cannot be paid alone (the server names who earns it)', async () => {
    const user = userEvent.setup();
    const detail =
      'The family discount of María López García on “Baloncesto” is earned by the fee of Xoán López Pereira: pay them together (“Pay for the whole family”).';
    serve({
      'POST /api/payments/generate-multiple/': {
        status: 409,
        body: { detail, code: 'family_discount_needs_members' },
      } satisfies MockResponse,
    });
    renderDashboard();
    await loaded();
    await user.click(checkbox('Select Baloncesto for 12345678Z'));
    await user.click(payButton());
    await expectAlert(detail);
  });

  const withDifference = (rows: UserActivity[] = maria): Handlers => ({
    'GET /api/user/activities/3': {
      body: [
        ...rows,
        {
          ...maria[0]!,
          id: 9,
          name: 'Escola de fútbol',
          is_paid: true,
          amount_due: null,
          amount: 30,
          family_difference: {
            id: 12,
            amount: 30,
            reason_code: 'member_withdrawn',
            member_name: 'Xoán López Pereira',
            reason:
              'Xoán López Pereira, who earned the family discount, is no longer enrolled: the difference is pending.',
            created_at: '2026-11-21T10:00:00.000Z',
          },
        },
      ],
    },
  });

  it('says what is pending for the family when a discount is no longer earned, and why', async () => {
    serve(withDifference());
    renderDashboard();
    await loaded();
    const note = await screen.findByText('Pending for the family');
    const alert = note.closest('[data-slot="family-differences"]') as HTMLElement;
    expect(alert).toHaveTextContent(
      '€30.00 for “Escola de fútbol”: Xoán López Pereira, who earned the family discount, is no longer enrolled: the difference is pending.',
    );
    expect(alert).toHaveTextContent('Tick it in the pending list to pay it online.');
  });

  it('lists the family difference among the pending lines, with its reason, and pays it by naming it', async () => {
    const user = userEvent.setup();
    spyOnSubmit();
    const { calls } = serve(withDifference());
    renderDashboard();
    await loaded();
    const line = await screen.findByRole('rowheader', {
      name: /Escola de fútbol: family discount difference/,
    });
    expect(line).toHaveTextContent('is no longer enrolled: the difference is pending.');
    const row = line.closest('tr') as HTMLElement;
    expect(row).toHaveTextContent('€30.00');
    await user.click(
      checkbox('Pay the family discount difference for Escola de fútbol (12345678Z)'),
    );
    await user.click(checkbox('Select Baloncesto for 12345678Z'));
    expect(totalBar()).toHaveTextContent('€60.00');
    await user.click(payButton());
    await screen.findByText(/The payment page has opened in a new tab/);
    const post = calls.find((call) => call.method === 'POST');
    expect(post?.body).toEqual({
      person_activity_id: 3,
      activity_ids: [3],
      parts: [],
      family_differences: [12],
      use_discount: false,
      pay_method: 'card',
    });
  });

  it('pays a family difference alone, after the global deadline too (it has none of its own)', async () => {
    const user = userEvent.setup();
    spyOnSubmit();
    const { calls } = serve(withDifference([]), {
      deadline_date: '2026-11-01',
      payments_open: false,
    });
    renderDashboard();
    await loaded();
    expect(checkbox('Select Natación infantil for 87654321X')).toBeDisabled();
    await user.click(
      checkbox('Pay the family discount difference for Escola de fútbol (12345678Z)'),
    );
    await user.click(payButton());
    await screen.findByText(/The payment page has opened in a new tab/);
    expect(calls.find((call) => call.method === 'POST')?.body).toEqual({
      person_activity_id: 3,
      activity_ids: [],
      parts: [],
      family_differences: [12],
      use_discount: false,
      pay_method: 'card',
    });
  });

  it('keeps only the rows shown when the person filter changes', async () => {
    const user = userEvent.setup();
    serve();
    renderDashboard();
    await loaded();
    await user.click(checkbox('Select Natación infantil for 87654321X'));
    await user.click(checkbox('Select Baloncesto for 12345678Z'));
    await user.selectOptions(screen.getByRole('combobox', { name: 'Person' }), '3');
    expect(screen.queryByText(/You are paying for the whole family/)).not.toBeInTheDocument();
    expect(totalBar()).toHaveTextContent('€30.00');
    await user.selectOptions(screen.getByRole('combobox', { name: 'Person' }), 'all');
    expect(checkbox('Select Natación infantil for 87654321X')).not.toBeChecked();
  });
});

describe('dashboard: deadline and disabled payments', () => {
  it('shows the deadline label with the date while payment is open', async () => {
    serve();
    renderDashboard();
    await loaded();
    expect(screen.getByText('Payment deadline: 15/12/2026')).toBeInTheDocument();
    expect(screen.queryByText('Payment deadline has expired')).not.toBeInTheDocument();
    expect(checkbox('Select Natación infantil for 87654321X')).toBeEnabled();
  });

  it('shows no deadline label when none is set', async () => {
    serve({}, { deadline_date: null });
    renderDashboard();
    await loaded();
    expect(screen.queryByText(/Payment deadline/)).not.toBeInTheDocument();
  });

  it('after the deadline: expired notice, checkboxes disabled, pay button explains', async () => {
    const user = userEvent.setup();
    const { calls } = serve({}, { today: '2026-12-15', payments_open: false });
    renderDashboard('en');
    await loaded();
    expect(screen.getByText('Payment deadline: 15/12/2026')).toBeInTheDocument();
    expect(screen.getByText('Payment deadline has expired')).toBeInTheDocument();
    for (const box of screen.getAllByRole('checkbox', { name: /^Select / })) {
      expect(box).toBeDisabled();
    }
    expect(payButton()).toHaveAttribute('aria-disabled', 'true');
    expect(payBar()).toHaveTextContent('You can no longer pay: the deadline has expired.');
    await user.click(payButton());
    expect(calls.some((call) => call.method === 'POST')).toBe(false);
  });

  it('while payments are disabled: a clear notice and checkboxes disabled', async () => {
    serve({}, { payments_enabled: false, payments_open: false });
    renderDashboard();
    await loaded();
    expect(
      screen.getByText('Online payments are disabled at the moment. Please try again later.'),
    ).toBeInTheDocument();
    expect(checkbox('Select Natación infantil for 87654321X')).toBeDisabled();
    expect(payBar()).toHaveTextContent('Online payments are disabled.');
  });

  it('reads the notice in Spanish too', async () => {
    serve({}, { today: '2026-12-20', payments_open: false });
    renderDashboard('es');
    await screen.findByRole('rowheader', { name: 'Natación infantil' });
    expect(screen.getByText('Fecha límite de pago: 15/12/2026')).toBeInTheDocument();
    expect(screen.getByText('El plazo de pago ha finalizado.')).toBeInTheDocument();
  });
});

describe('dashboard: the reduction', () => {
  const reductionBox = () => screen.getByRole('checkbox', { name: /Apply the reduction \(50%\)/ });

  async function selectSwimming() {
    const user = userEvent.setup();
    serve();
    renderDashboard();
    await loaded();
    await user.click(checkbox('Select Natación infantil for 87654321X'));
    return user;
  }

  it('is not offered when the global discount is 0', async () => {
    const user = userEvent.setup();
    serve({}, { global_discount: 0 });
    renderDashboard();
    await loaded();
    await user.click(checkbox('Select Natación infantil for 87654321X'));
    expect(screen.queryByRole('checkbox', { name: /reduction/ })).not.toBeInTheDocument();
  });

  it('ticking opens the declaration with the document; Accept applies the reduced amounts', async () => {
    const user = await selectSwimming();
    await user.click(reductionBox());
    const dialog = screen.getByRole('alertdialog', { name: 'Reduction of 50%' });
    expect(dialog).toHaveTextContent('I declare that I meet the requirements for the reduction.');
    expect(dialog).toHaveTextContent('I will provide the documents that prove it');
    expect(
      within(dialog).getByRole('link', { name: 'Download the reduction document (PDF)' }),
    ).toHaveAttribute('href', '/assets/bonificacion.pdf');
    await user.click(within(dialog).getByRole('button', { name: 'Accept' }));
    expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument();
    expect(reductionBox()).toBeChecked();
    const row = screen.getByRole('row', { name: /Natación infantil/ });
    expect(row).toHaveTextContent('€30.00');
    expect(totalBar()).toHaveTextContent('€30.00');
    expect(payBar()).toHaveTextContent('Amount to pay: €30.00');
  });

  it('Cancel closes the popup with the box off', async () => {
    const user = await selectSwimming();
    await user.click(reductionBox());
    await user.click(
      within(screen.getByRole('alertdialog')).getByRole('button', { name: 'Cancel' }),
    );
    expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument();
    expect(reductionBox()).not.toBeChecked();
    expect(totalBar()).toHaveTextContent('€45.00');
  });

  it('Escape closes the popup with the box off', async () => {
    const user = await selectSwimming();
    await user.click(reductionBox());
    expect(screen.getByRole('alertdialog')).toBeInTheDocument();
    await user.keyboard('{Escape}');
    expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument();
    expect(reductionBox()).not.toBeChecked();
  });

  it('unticking turns the reduction off', async () => {
    const user = await selectSwimming();
    await user.click(reductionBox());
    await user.click(
      within(screen.getByRole('alertdialog')).getByRole('button', { name: 'Accept' }),
    );
    expect(totalBar()).toHaveTextContent('€30.00');
    await user.click(reductionBox());
    expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument();
    expect(reductionBox()).not.toBeChecked();
    expect(totalBar()).toHaveTextContent('€45.00');
  });
});

describe('dashboard: paying', () => {
  it('posts the gateway fields as a hidden form in a new tab, then removes the form', async () => {
    const user = userEvent.setup();
    const submitted = spyOnSubmit();
    const { calls } = serve();
    renderDashboard();
    await loaded();
    await user.click(checkbox('Select Natación infantil for 87654321X'));
    await user.click(checkbox('Select Yoga senior for 87654321X'));
    await user.click(screen.getByRole('checkbox', { name: /Apply the reduction/ }));
    await user.click(
      within(screen.getByRole('alertdialog')).getByRole('button', { name: 'Accept' }),
    );
    await user.click(payButton());

    await screen.findByText(/The payment page has opened in a new tab/);
    const post = calls.find((call) => call.method === 'POST');
    expect(post?.path).toBe('/api/payments/generate-multiple/');
    expect(post?.body).toEqual({
      person_activity_id: 4,
      activity_ids: [1, 5],
      parts: [],
      use_discount: true,
      pay_method: 'card',
    });
    expect(submitted).toEqual([
      {
        action: redirect.action,
        target: '_blank',
        method: 'post',
        inputs: [
          ['hidden', 'Ds_SignatureVersion', redirect.fields.Ds_SignatureVersion],
          ['hidden', 'Ds_MerchantParameters', redirect.fields.Ds_MerchantParameters],
          ['hidden', 'Ds_Signature', redirect.fields.Ds_Signature],
        ],
      },
    ]);
    expect(document.querySelector('form[target="_blank"]')).toBeNull();
  });

  it('sends use_discount false without the reduction', async () => {
    const user = userEvent.setup();
    spyOnSubmit();
    const { calls } = serve();
    renderDashboard();
    await loaded();
    await user.click(checkbox('Select Baloncesto for 12345678Z'));
    await user.click(payButton());
    await waitFor(() => expect(calls.some((call) => call.method === 'POST')).toBe(true));
    expect(calls.find((call) => call.method === 'POST')?.body).toEqual({
      person_activity_id: 3,
      activity_ids: [3],
      parts: [],
      use_discount: false,
      pay_method: 'card',
    });
  });

  it('offers no choice of method while the council does not take Bizum', async () => {
    serve();
    renderDashboard();
    await loaded();
    await userEvent.click(checkbox('Select Baloncesto for 12345678Z'));
    expect(screen.queryByRole('radio')).toBeNull();
    expect(screen.queryByRole('group', { name: 'How to pay' })).toBeNull();
    expect(payButton()).toBeInTheDocument();
  });

  it('with Bizum on, offers Card and Bizum as a radio group; the keyboard chooses Bizum and it is sent', async () => {
    const user = userEvent.setup();
    spyOnSubmit();
    const { calls } = serve({}, { bizum_enabled: true });
    renderDashboard();
    await loaded();
    await user.click(checkbox('Select Baloncesto for 12345678Z'));
    const group = screen.getByRole('group', { name: 'How to pay' });
    const card = within(group).getByRole('radio', { name: 'Card' });
    expect(card).toBeChecked();
    expect(within(group).getByRole('radio', { name: 'Bizum' })).not.toBeChecked();
    card.focus();
    await user.keyboard('{ArrowRight}');
    expect(within(group).getByRole('radio', { name: 'Bizum' })).toBeChecked();
    await user.click(screen.getByRole('button', { name: 'Pay with Bizum' }));
    await waitFor(() => expect(calls.some((call) => call.method === 'POST')).toBe(true));
    expect(calls.find((call) => call.method === 'POST')?.body).toEqual({
      person_activity_id: 3,
      activity_ids: [3],
      parts: [],
      use_discount: false,
      pay_method: 'bizum',
    });
  });

  it('says the method in Spanish and Galician', async () => {
    serve({}, { bizum_enabled: true });
    renderDashboard('es');
    await screen.findByRole('rowheader', { name: 'Natación infantil' });
    const group = screen.getByRole('group', { name: 'Forma de pago' });
    expect(within(group).getByRole('radio', { name: 'Tarjeta' })).toBeChecked();
    expect(within(group).getByRole('radio', { name: 'Bizum' })).toBeInTheDocument();
  });

  it('shows the server detail when the payment cannot be generated', async () => {
    const user = userEvent.setup();
    const submit = vi.spyOn(HTMLFormElement.prototype, 'submit');
    serve({
      'POST /api/payments/generate-multiple/': {
        status: 409,
        body: { detail: 'El plazo de pago ha finalizado.', code: 'deadline_expired' },
      } satisfies MockResponse,
    });
    renderDashboard();
    await loaded();
    await user.click(checkbox('Select Natación infantil for 87654321X'));
    await user.click(payButton());
    await expectAlert('El plazo de pago ha finalizado.');
    expect(submit).not.toHaveBeenCalled();
  });

  it('falls back to payment_error (Spanish: "Error al generar el pago.")', async () => {
    const user = userEvent.setup();
    serve({ 'POST /api/payments/generate-multiple/': { status: 502, body: {} } });
    renderDashboard('es');
    await screen.findByRole('rowheader', { name: 'Natación infantil' });
    await user.click(
      screen.getByRole('checkbox', { name: 'Seleccionar Natación infantil de 87654321X' }),
    );
    await user.click(screen.getByRole('button', { name: 'Pagar con tarjeta' }));
    await expectAlert('Error al generar el pago.');
  });

  it('falls back to payment_error when the network fails', async () => {
    const user = userEvent.setup();
    serve({
      'POST /api/payments/generate-multiple/': { networkError: true },
    });
    renderDashboard();
    await loaded();
    await user.click(checkbox('Select Natación infantil for 87654321X'));
    await user.click(payButton());
    await expectAlert('Error generating the payment.');
  });
});

describe('dashboard: managed people section', () => {
  it('gives the section the people, and reads everything again when it removes one', async () => {
    const user = userEvent.setup();
    const { calls } = serve({ 'DELETE /api/user/persons/3': { status: 204 } });
    let context: PeopleSectionContext | undefined;
    renderDashboard('en', (people) => {
      context = people;
      return <ManagedPeople {...people} />;
    });
    await loaded();
    expect(context?.persons).toEqual(persons);
    const before = calls.filter((call) => call.path === '/api/user/persons/').length;
    await user.click(screen.getByRole('button', { name: /^Remove María/ }));
    await user.click(
      within(screen.getByRole('alertdialog')).getByRole('button', { name: 'Remove' }),
    );
    await waitFor(() =>
      expect(calls.filter((call) => call.path === '/api/user/persons/')).toHaveLength(before + 1),
    );
    await waitFor(() =>
      expect(calls.filter((call) => call.path === '/api/user/activities/4')).toHaveLength(2),
    );
  });

  it('puts "Error:" in the page title while the section’s form has errors', async () => {
    serve();
    let context: PeopleSectionContext | undefined;
    renderDashboard('en', (people) => {
      context = people;
      return null;
    });
    await loaded();
    expect(document.title).toMatch(/^My activities/);
    context?.onFormErrorsChange(true);
    await waitFor(() => expect(document.title).toMatch(/^Error: My activities/));
  });
});
