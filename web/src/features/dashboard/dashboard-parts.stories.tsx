import type { Meta, StoryObj } from '@storybook/react-vite';
import { formatDate } from '@portal/design-system/lib/format.ts';
import { expect, userEvent, within } from 'storybook/test';
import type { Scenario } from '../../stories-support/contract-handlers';
import {
  eurosOf,
  expectScenarioMessage,
  LOADED,
  page,
  screen,
  screenMeta,
  textOf,
} from '../../stories-support/screen-story';

/**
 * The dashboard of a resident with a fee in two parts (the contract's `fee_in_parts`: the first
 * part paid, the second due on 15/01/2027): each part its own line, paid in order.
 */
export default {
  ...screenMeta,
  title: 'Screens/Dashboard fee in parts',
  // written here, not only in screenMeta: Storybook's index reads a story file's tags as written
  tags: ['!autodocs'],
} satisfies Meta;
type Story = StoryObj;
type Context = Parameters<NonNullable<Story['play']>>[0];

const inParts = (scenario: Scenario = {}) =>
  screen('/dashboard', {
    session: 'resident',
    scenario: {
      'GET /user/persons/': 'one_person',
      'GET /user/activities/{person_activity_id}': 'fee_in_parts',
      'GET /user/payments/': 'paid_first_part',
      ...scenario,
    },
  });

const localeOf = (context: Context) =>
  (['en', 'gl'].includes(context.globals.locale as string) ? context.globals.locale : 'es') as
    'es' | 'en' | 'gl';

/** The second part's checkbox, named by its part. */
function secondPart(context: Context) {
  const t = textOf(context);
  return page().getByRole('checkbox', {
    name: t('dashboard.table.selectPart', {
      activity: 'Escola de natación',
      part: t('payments.part.one', { number: 2, of: 2 }),
      dni: '87654321X',
    }),
  });
}

async function pendingLoaded(context: Context) {
  const t = textOf(context);
  return page().findByRole('table', { name: t('dashboard.pending.caption') }, LOADED);
}

/** The pending part says which it is and its last day; ticking it, the pay bar lists it. */
export const FeeInTwoParts: Story = {
  parameters: inParts(),
  play: async (context) => {
    const t = textOf(context);
    const euros = eurosOf(context);
    const table = await pendingLoaded(context);
    const line = t('dashboard.part.line', {
      part: t('payments.part.one', { number: 2, of: 2 }),
      date: formatDate('2027-01-15', localeOf(context)),
    });
    await expect(within(table).getByText(line)).toBeVisible();
    await expect(page().getByText(t('dashboard.parts.hint'))).toBeVisible();
    await userEvent.click(secondPart(context));
    const lines = page().getByRole('list', { name: t('dashboard.pay.lines') });
    await expect(lines).toHaveTextContent(t('payments.part.one', { number: 2, of: 2 }));
    await expect(document.querySelector('[data-slot="pay-bar"]')).toHaveTextContent(euros(33.75));
  },
};

/** The paid first part shows among the paid lines, and its receipt names it. */
export const FeeInPartsFirstPaid: Story = {
  parameters: inParts(),
  play: async (context) => {
    const t = textOf(context);
    await pendingLoaded(context);
    await userEvent.click(page().getByRole('tab', { name: t('dashboard.tabs.completed') }));
    const table = page().getByRole('table', { name: t('dashboard.completed.caption') });
    const part = t('payments.part.one', { number: 1, of: 2 });
    await expect(within(table).getByRole('rowheader')).toHaveTextContent(part);
    const items = await page().findByRole(
      'list',
      { name: t('payments.items.label', { order: '2610PT12AB34' }) },
      LOADED,
    );
    await expect(items).toHaveTextContent(part);
  },
};

/**
 * The second part asked for while the first is unpaid again (its payment refunded since the page
 * loaded): the server's 409 names the first part of the same fee and its day.
 */
export const PayRefusedPartOutOfOrder: Story = {
  parameters: inParts({ 'POST /payments/generate-multiple/': 'part_out_of_order' }),
  play: async (context) => {
    const t = textOf(context);
    await pendingLoaded(context);
    await userEvent.click(secondPart(context));
    await userEvent.click(page().getByRole('button', { name: t('dashboard.pay.button') }));
    await expectScenarioMessage(context, 'POST /payments/generate-multiple/');
  },
};

/** The second part's last day (15/01/2027) passed while the page was open: the server's 409. */
export const PayRefusedPartDeadlinePassed: Story = {
  parameters: inParts({ 'POST /payments/generate-multiple/': 'part_deadline_passed' }),
  play: PayRefusedPartOutOfOrder.play,
};

/**
 * The same fee asked for whole while staff split it into parts meanwhile (the page still showed
 * it whole, the contract's `fee_before_parts`): the server's 409 fee_in_parts says to choose its
 * parts.
 */
export const PayRefusedFeeInParts: Story = {
  parameters: inParts({
    'GET /user/activities/{person_activity_id}': 'fee_before_parts',
    'POST /payments/generate-multiple/': 'fee_in_parts',
  }),
  play: async (context) => {
    const t = textOf(context);
    await pendingLoaded(context);
    await userEvent.click(
      page().getByRole('checkbox', {
        name: t('dashboard.table.selectRow', {
          activity: 'Escola de natación',
          dni: '87654321X',
        }),
      }),
    );
    await userEvent.click(page().getByRole('button', { name: t('dashboard.pay.button') }));
    await expectScenarioMessage(context, 'POST /payments/generate-multiple/');
  },
};
