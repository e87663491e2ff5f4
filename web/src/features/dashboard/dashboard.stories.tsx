import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, userEvent, waitFor, within } from 'storybook/test';
import { NETWORK_ERROR, type Scenario } from '../../stories-support/contract-handlers';
import {
  containing,
  eurosOf,
  expectScenarioMessage,
  intlOf,
  LOADED,
  page,
  screen,
  screenMeta,
  textOf,
} from '../../stories-support/screen-story';

export default {
  ...screenMeta,
  title: 'Screens/Dashboard',
  // written here, not only in screenMeta: Storybook's index reads a story file's tags as written
  tags: ['!autodocs'],
} satisfies Meta;
type Story = StoryObj;

const resident = (scenario: Scenario = {}) =>
  screen('/dashboard', { session: 'resident', scenario });

type Context = Parameters<NonNullable<Story['play']>>[0];

async function pendingLoaded(context: Context) {
  const t = textOf(context);
  // a loaded machine may take this long to serve the story's first answers
  return page().findByRole('table', { name: t('dashboard.pending.caption') }, LOADED);
}

const selectRow = (t: ReturnType<typeof textOf>, activity: string, dni: string) =>
  page().getByRole('checkbox', { name: t('dashboard.table.selectRow', { activity, dni }) });

/** Two people, three pending activities: selecting two adds their server amounts. */
export const PendingWithSelection: Story = {
  parameters: resident(),
  play: async (context) => {
    const t = textOf(context);
    const euros = eurosOf(context);
    await pendingLoaded(context);
    await userEvent.click(selectRow(t, 'Natación infantil', '87654321X'));
    await userEvent.click(selectRow(t, 'Yoga', '87654321X'));
    const total = document.querySelector('[data-slot="total-bar"]') as HTMLElement;
    await expect(total).toHaveTextContent(euros(75));
  },
};

/** Ticking the reduction opens the declaration; accepting it charges the reduced amounts. */
export const ReductionPopupOpen: Story = {
  parameters: resident(),
  play: async (context) => {
    const t = textOf(context);
    await pendingLoaded(context);
    await userEvent.click(selectRow(t, 'Natación infantil', '87654321X'));
    await userEvent.click(selectRow(t, 'Yoga', '87654321X'));
    const percent = intlOf(context).formatNumber(0.5, { style: 'percent' });
    await userEvent.click(
      page().getByRole('checkbox', {
        name: containing(t('dashboard.pay.discountLabel', { percent })),
      }),
    );
    const dialog = await page().findByRole('alertdialog');
    await expect(dialog).toHaveTextContent(t('dashboard.discount.declaration'));
  },
};

/** Accepting the declaration: the total becomes the reduced amounts (30 + 20 = 50 €). */
export const ReductionAccepted: Story = {
  parameters: resident(),
  play: async (context) => {
    await ReductionPopupOpen.play?.(context);
    const t = textOf(context);
    const euros = eurosOf(context);
    const dialog = page().getByRole('alertdialog');
    await userEvent.click(
      within(dialog).getByRole('button', { name: t('dashboard.discount.accept') }),
    );
    await waitFor(() => expect(page().queryByRole('alertdialog')).toBeNull());
    const total = document.querySelector('[data-slot="total-bar"]') as HTMLElement;
    await expect(total).toHaveTextContent(euros(50));
  },
};

/**
 * "Pay for the whole family": one button selects every payable line of both people; the pay bar
 * then pays them in one payment, and says so (one receipt naming each person).
 */
export const PayForTheWholeFamily: Story = {
  parameters: resident(),
  play: async (context) => {
    const t = textOf(context);
    await pendingLoaded(context);
    await userEvent.click(page().getByRole('button', { name: t('dashboard.pay.family') }));
    await expect(selectRow(t, 'Natación infantil', '87654321X')).toBeChecked();
    await expect(selectRow(t, 'Baloncesto', '12345678Z')).toBeChecked();
    await expect(page().getByText(t('dashboard.pay.familySelected', { people: 2 }))).toBeVisible();
    await expect(
      page().getByRole('button', { name: t('dashboard.pay.button') }),
    ).not.toHaveAttribute('aria-disabled', 'true');
  },
};

/** A family discount paid without the member who earns it: the server's 409 names them. */
export const PayRefusedFamilyDiscountNeedsMembers: Story = {
  parameters: resident({ 'POST /payments/generate-multiple/': 'family_discount_needs_members' }),
  play: async (context) => {
    const t = textOf(context);
    await pendingLoaded(context);
    await userEvent.click(selectRow(t, 'Baloncesto', '12345678Z'));
    await userEvent.click(page().getByRole('button', { name: t('dashboard.pay.button') }));
    await expectScenarioMessage(context, 'POST /payments/generate-multiple/');
  },
};

/** A family discount no longer earned: what is pending for the family, and why (the server's reason). */
export const FamilyDifferencePending: Story = {
  parameters: resident({
    'GET /user/activities/{person_activity_id}': ({ person_activity_id }) =>
      person_activity_id === '3' ? 'family_difference' : 'xoan',
  }),
  play: async (context) => {
    const t = textOf(context);
    await pendingLoaded(context);
    await expect(
      await page().findByText(t('dashboard.familyDifference.heading'), {}, LOADED),
    ).toBeVisible();
    await expect(page().getByText(t('dashboard.familyDifference.how'))).toBeVisible();
    // a pending line of its own, ticked and paid like a fee
    const tick = page().getByRole('checkbox', {
      name: t('dashboard.table.selectDifference', {
        activity: 'Escola de fútbol',
        dni: '12345678Z',
      }),
    });
    await expect(tick).toBeEnabled();
    await userEvent.click(tick);
    await expect(tick).toBeChecked();
  },
};

export const DeadlinePassed: Story = {
  parameters: resident({ 'GET /config': 'deadline_passed' }),
  play: async (context) => {
    const t = textOf(context);
    await pendingLoaded(context);
    // the deadline comes with the council's settings, which may arrive after the activities
    await expect(
      await page().findByText(t('dashboard.deadline.expired'), {}, LOADED),
    ).toBeVisible();
    await expect(selectRow(t, 'Yoga', '87654321X')).toBeDisabled();
  },
};

export const PaymentsDisabled: Story = {
  parameters: resident({ 'GET /config': 'payments_disabled' }),
  play: async (context) => {
    const t = textOf(context);
    await pendingLoaded(context);
    await expect(
      await page().findByText(t('dashboard.payments.disabled'), {}, LOADED),
    ).toBeVisible();
  },
};

/** Nobody linked yet. */
/** Nobody linked yet: an invitation to link a person, not an empty table. */
export const Empty: Story = {
  parameters: resident({ 'GET /user/persons/': 'none' }),
  play: async (context) => {
    const t = textOf(context);
    await expect(await page().findByText(t('persons.empty'), {}, LOADED)).toBeVisible();
    await expect(page().getByText(t('dashboard.nobody.title'))).toBeVisible();
    await expect(page().queryByText(t('dashboard.pending.empty'))).toBeNull();
  },
};

export const OnePerson: Story = {
  parameters: resident({ 'GET /user/persons/': 'one_person' }),
};

/** The people could not be loaded (no connection): the message and a retry button. */
export const LoadError: Story = {
  parameters: resident({ 'GET /user/persons/': NETWORK_ERROR }),
  play: async (context) => {
    const t = textOf(context);
    await expect(
      await page().findByText(t('dashboard.error.loadingAssociations'), {}, LOADED),
    ).toBeVisible();
    // the alert says it all: no "nothing pending" under it
    await expect(page().queryByText(t('dashboard.pending.empty'))).toBeNull();
  },
};

/** The database away while the dashboard loads: the same load error and its retry. */
export const LoadDatabaseUnavailable: Story = {
  parameters: resident({ 'GET /user/persons/': 'database_unavailable' }),
  play: LoadError.play,
};

export const CompletedTab: Story = {
  parameters: resident(),
  play: async (context) => {
    const t = textOf(context);
    await pendingLoaded(context);
    await userEvent.click(page().getByRole('tab', { name: t('dashboard.tabs.completed') }));
    const table = page().getByRole('table', { name: t('dashboard.completed.caption') });
    await expect(within(table).getByRole('rowheader', { name: 'Pádel adultos' })).toBeVisible();
  },
};

/** Paying refused by the server (the scenario's example for the payment call): its message. */
async function payRefused(context: Context) {
  const t = textOf(context);
  await pendingLoaded(context);
  await userEvent.click(selectRow(t, 'Yoga', '87654321X'));
  await userEvent.click(page().getByRole('button', { name: t('dashboard.pay.button') }));
  await expectScenarioMessage(context, 'POST /payments/generate-multiple/');
}

export const PayRefusedDeadline: Story = {
  parameters: resident({ 'POST /payments/generate-multiple/': 'deadline_expired' }),
  play: payRefused,
};

export const PayRefusedPaymentsDisabled: Story = {
  parameters: resident({ 'POST /payments/generate-multiple/': 'payments_disabled' }),
  play: payRefused,
};

/** The reduction ticked while staff turned it off (or put fee rules in place): the server says so. */
export const PayRefusedDiscountUnavailable: Story = {
  parameters: resident({ 'POST /payments/generate-multiple/': 'discount_unavailable' }),
  play: async (context) => {
    await ReductionAccepted.play?.(context);
    const t = textOf(context);
    await userEvent.click(page().getByRole('button', { name: t('dashboard.pay.button') }));
    await expectScenarioMessage(context, 'POST /payments/generate-multiple/');
  },
};

/** The council takes Bizum: the pay bar offers Tarjeta and Bizum; choosing Bizum renames the button. */
export const PayWithBizum: Story = {
  parameters: resident({ 'GET /config': 'bizum' }),
  play: async (context) => {
    const t = textOf(context);
    await pendingLoaded(context);
    await userEvent.click(selectRow(t, 'Yoga', '87654321X'));
    // the methods are offered once the council's settings say Bizum is on
    const group = await page().findByRole(
      'group',
      { name: t('dashboard.pay.method.legend') },
      LOADED,
    );
    await userEvent.click(
      within(group).getByRole('radio', { name: t('dashboard.pay.method.bizum') }),
    );
    await expect(
      page().getByRole('button', { name: t('dashboard.pay.buttonBizum') }),
    ).toBeInTheDocument();
  },
};

/** Bizum chosen while staff switched it off meanwhile: the server's 409 bizum_disabled. */
export const PayRefusedBizumDisabled: Story = {
  parameters: resident({
    'GET /config': 'bizum',
    'POST /payments/generate-multiple/': 'bizum_disabled',
  }),
  play: async (context) => {
    await PayWithBizum.play?.(context);
    const t = textOf(context);
    await userEvent.click(page().getByRole('button', { name: t('dashboard.pay.buttonBizum') }));
    await expectScenarioMessage(context, 'POST /payments/generate-multiple/');
  },
};

/** The database away (503 database_unavailable, with Retry-After): the server's message. */
export const PayRefusedDatabaseUnavailable: Story = {
  parameters: resident({ 'POST /payments/generate-multiple/': 'database_unavailable' }),
  play: payRefused,
};

/** Any 401 (an expired session): the token goes and the login shows. */
export const SessionExpired: Story = {
  parameters: resident({ 'GET /user/persons/': 'not_authenticated' }),
  play: async (context) => {
    const t = textOf(context);
    await expect(
      await page().findByRole('heading', { level: 1, name: t('auth.login.title') }, LOADED),
    ).toBeVisible();
    await expect(localStorage.getItem('token')).toBeNull();
  },
};

/** Fee rules in place: Xoán's fees as the ordinance writes them, María's as a single price. */
const withRules = (scenario: Scenario = {}) =>
  resident({
    'GET /config': 'rules',
    'GET /user/activities/{person_activity_id}': ({ person_activity_id }) =>
      person_activity_id === '3' ? 'maria' : 'with_rules',
    ...scenario,
  });

/**
 * Each pending fee with its amount due and how it comes about (tariff band, reduction, family
 * discount); no reduction checkbox: a reduction is asked for, beside each person.
 */
export const RulesWithBreakdown: Story = {
  parameters: withRules(),
  play: async (context) => {
    const t = textOf(context);
    const euros = eurosOf(context);
    const intl = intlOf(context);
    const table = within(await pendingLoaded(context));
    // each person's fees arrive on their own, after the table shows
    const swim = within(
      await table.findByRole('row', { name: containing('Natación infantil') }, LOADED),
    );
    await expect(swim.getAllByRole('definition')[1]).toHaveTextContent(
      t('payments.breakdown.reductionPercent', {
        name: 'Familia numerosa general',
        percent: intl.formatNumber(0.2, { style: 'percent' }),
        amount: euros(12),
      }).replace(/\s/g, ' '),
    );
    await expect(
      table.getByRole('row', { name: containing('Natación infantil') }),
    ).toHaveTextContent(euros(48));
    // no reduction to tick in the pay bar
    await expect(document.querySelector('[data-slot="pay-bar"] [role="checkbox"]')).toBeNull();
    await userEvent.click(selectRow(t, 'Natación infantil', '87654321X'));
    await userEvent.click(selectRow(t, 'Escola de baloncesto', '87654321X'));
    const total = document.querySelector('[data-slot="total-bar"]') as HTMLElement;
    await expect(total).toHaveTextContent(euros(88));
  },
};

/** Beside each person: what was asked and how it stands; a request offered to Xoán only. */
export const RulesReductionStates: Story = {
  parameters: withRules(),
  play: async (context) => {
    const t = textOf(context);
    const panel = within(
      await page().findByRole('region', { name: t('persons.reduction.heading') }, LOADED),
    );
    // each person's requests arrive on their own, after the panel shows
    const xoan = await panel.findByRole(
      'list',
      { name: t('persons.reduction.listLabel', { name: 'Xoán López Pereira' }) },
      LOADED,
    );
    await expect(xoan).toHaveTextContent(
      t('persons.reduction.line', {
        circumstance: 'Pensionista',
        status: t('persons.reduction.status.refusedBecause', {
          reason: 'El documento no se puede leer.',
        }),
      }),
    );
    // the button follows the circumstances the council offers, which may arrive after the list
    await expect(
      await panel.findByRole(
        'button',
        { name: t('persons.reduction.askFor', { name: 'Xoán López Pereira' }) },
        LOADED,
      ),
    ).toBeVisible();
    await expect(
      panel.queryByRole('button', {
        name: t('persons.reduction.askFor', { name: 'María López García' }),
      }),
    ).toBeNull();
  },
};

/** Completed: a payment made by Bizum says so. */
export const CompletedByBizum: Story = {
  parameters: resident({ 'GET /user/payments/': 'bizum' }),
  play: async (context) => {
    const t = textOf(context);
    await pendingLoaded(context);
    await userEvent.click(page().getByRole('tab', { name: t('dashboard.tabs.completed') }));
    await expect(
      await page().findByText(containing(t('payments.receipts.method', { method: 'Bizum' }))),
    ).toBeInTheDocument();
  },
};

/** Completed: a payment made under fee rules lists its items with their breakdown. */
export const CompletedWithBreakdown: Story = {
  parameters: resident({ 'GET /user/payments/': 'with_breakdown' }),
  play: async (context) => {
    const t = textOf(context);
    await pendingLoaded(context);
    await userEvent.click(page().getByRole('tab', { name: t('dashboard.tabs.completed') }));
    const items = await page().findByRole('list', {
      name: t('payments.items.label', { order: '2611FR45GH67' }),
    });
    await expect(items).toHaveTextContent('Familia numerosa general');
  },
};
