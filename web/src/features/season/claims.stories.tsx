import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, userEvent, waitFor, within } from 'storybook/test';
import type { Scenario } from '../../stories-support/contract-handlers';
import {
  expectScenarioMessage,
  LOADED,
  page,
  screen,
  screenMeta,
  textOf,
} from '../../stories-support/screen-story';

/**
 * The provisional list and its claims: the draw page's list, the resident's "Reclamar" with the
 * council's answers, staff answering a claim; each refusal in the server's words.
 */
export default {
  ...screenMeta,
  title: 'Screens/Season claims',
  // written here, not only in screenMeta: Storybook's index reads a story file's tags as written
  tags: ['!autodocs'],
} satisfies Meta;
type Story = StoryObj;
type Context = Parameters<NonNullable<Story['play']>>[0];

const resident = (scenario: Scenario = {}) =>
  screen('/dashboard', { session: 'resident', scenario });
const CLAIM = 'POST /user/applications/{id}/claim';
const RESOLVE = 'POST /admin/claims/{id}/resolve';

/** Opens the claim form of Uxía's excluded application (the examples' K7PQ4XMA) and sends it. */
async function claimFor(context: Context) {
  const t = textOf(context);
  const region = within(
    await page().findByRole('region', { name: t('season.claims.heading') }, LOADED),
  );
  await userEvent.click(
    await region.findByRole(
      'button',
      { name: t('season.claims.buttonLabel', { code: 'K7PQ4XMA', person: 'Uxía López Pereira' }) },
      LOADED,
    ),
  );
  await userEvent.type(
    region.getByLabelText(t('season.claims.textLabel', { code: 'K7PQ4XMA' })),
    'Uxía naceu en 2017.',
  );
  await userEvent.click(region.getByRole('button', { name: t('season.claims.send') }));
  return region;
}

export const DrawProvisionalList: Story = {
  parameters: screen('/sorteos/7', {
    scenario: {
      'GET /draws/{activity_id}': 'claims_period',
      'GET /draws/{activity_id}/provisional': 'claims_open',
    },
  }),
  play: async (context) => {
    const t = textOf(context);
    const excluded = within(
      await page().findByRole(
        'table',
        { name: t('season.provisional.excluded', { count: 2 }) },
        LOADED,
      ),
    );
    await expect(excluded.getByText(t('season.exclusion.age'))).toBeVisible();
    await expect(excluded.getByText(t('season.exclusion.duplicate'))).toBeVisible();
    await expect(
      page().getByRole('table', { name: t('season.provisional.admitted', { count: 2 }) }),
    ).toBeVisible();
  },
};

export const ResidentClaims: Story = {
  parameters: resident({ 'GET /user/claims': 'excluded_and_claimed', [CLAIM]: 'open' }),
  play: async (context) => {
    const t = textOf(context);
    const region = await claimFor(context);
    await expect(
      await region.findByText(t('season.claims.sent', { code: 'K7PQ4XMA' })),
    ).toBeVisible();
    await expect(
      region.getByText(t('season.claims.excluded', { reason: t('season.exclusion.duplicate') })),
    ).toBeVisible();
  },
};

export const ClaimClosed: Story = {
  parameters: resident({ [CLAIM]: 'claims_closed' }),
  play: async (context) => {
    await claimFor(context);
    await expectScenarioMessage(context, CLAIM);
  },
};

export const ClaimAlreadyOpen: Story = {
  parameters: resident({ [CLAIM]: 'claim_open' }),
  play: async (context) => {
    await claimFor(context);
    await expectScenarioMessage(context, CLAIM);
  },
};

/** Staff choose the lottery in "Plazas y sorteos" and answer its open claim. */
async function answer(context: Context) {
  const t = textOf(context);
  await page().findByRole('heading', { level: 1 }, LOADED);
  const season = within(
    await waitFor(() => {
      const found = document.getElementById('admin-season');
      if (!found) throw new Error('no #admin-season');
      return found;
    }, LOADED),
  );
  await userEvent.click(
    await season.findByRole(
      'button',
      { name: t('admin.season.showLabel', { name: 'Natación infantil' }) },
      LOADED,
    ),
  );
  await userEvent.type(
    await season.findByLabelText(t('admin.claims.replyLabel', { code: 'K7PQ4XMA' }), {}, LOADED),
    'Comprobado o libro de familia.',
  );
  await userEvent.click(
    season.getByRole('button', { name: t('admin.claims.admitLabel', { code: 'K7PQ4XMA' }) }),
  );
  return season;
}

export const StaffAnswersClaim: Story = {
  parameters: screen('/admin', {
    session: 'admin',
    scenario: { 'GET /admin/activities/{id}/claims': 'one_open', [RESOLVE]: 'admitted' },
  }),
  play: async (context) => {
    const t = textOf(context);
    const season = await answer(context);
    await expect(
      await season.findByText(
        t('admin.claims.admittedDone', { code: 'K7PQ4XMA', name: 'Uxía López Pereira' }),
      ),
    ).toBeVisible();
  },
};

export const StaffClaimResolved: Story = {
  parameters: screen('/admin', {
    session: 'admin',
    scenario: { 'GET /admin/activities/{id}/claims': 'one_open', [RESOLVE]: 'claim_resolved' },
  }),
  play: async (context) => {
    await answer(context);
    await expectScenarioMessage(context, RESOLVE);
  },
};
