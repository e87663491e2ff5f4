import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, userEvent, within } from 'storybook/test';
import type { Scenario } from '../../stories-support/contract-handlers';
import {
  containing,
  expectScenarioMessage,
  page,
  screen,
  screenMeta,
  textOf,
} from '../../stories-support/screen-story';

export default { ...screenMeta, title: 'Screens/Season' } satisfies Meta;
type Story = StoryObj;
type Context = Parameters<NonNullable<Story['play']>>[0];

const resident = (scenario: Scenario = {}) =>
  screen('/dashboard', { session: 'resident', scenario });

/** Applies for Xoán in Natación infantil (the examples' open lottery). */
async function apply(context: Context) {
  const t = textOf(context);
  const section = within(
    await page().findByRole(
      'region',
      { name: t('season.applications.heading') },
      { timeout: 5000 },
    ),
  );
  await section.findByRole('option', { name: 'Natación infantil' }, { timeout: 5000 });
  await userEvent.selectOptions(section.getByLabelText(t('season.apply.activity')), '7');
  await userEvent.selectOptions(section.getByLabelText(t('season.apply.person')), '4');
  await userEvent.click(section.getByRole('button', { name: t('season.apply.submit') }));
  return section;
}

export const Catalogue: Story = {
  parameters: screen('/actividades'),
  play: async (context) => {
    const t = textOf(context);
    const card = within(
      await page().findByRole('article', { name: 'Natación infantil' }, { timeout: 5000 }),
    );
    await expect(card.getByText(t('season.catalogue.status.open'))).toBeVisible();
    await expect(card.getByText(t('season.rule.between', { from: 2015, to: 2020 }))).toBeVisible();
    await expect(page().getByRole('article', { name: 'Pádel adultos' })).toBeVisible();
  },
};

export const CatalogueEmpty: Story = {
  parameters: screen('/actividades', { scenario: { 'GET /catalogue': 'empty' } }),
  play: async (context) => {
    await expect(
      await page().findByText(textOf(context)('season.catalogue.empty'), {}, { timeout: 5000 }),
    ).toBeVisible();
  },
};

export const DrawCommitted: Story = {
  parameters: screen('/sorteos/7', { scenario: { 'GET /draws/{activity_id}': 'committed' } }),
  play: async (context) => {
    const t = textOf(context);
    await expect(
      await page().findByText(t('season.draw.seedSecret'), {}, { timeout: 5000 }),
    ).toBeVisible();
    await expect(
      page().getByRole('table', { name: t('season.draw.tableTaking', { count: 3 }) }),
    ).toBeVisible();
  },
};

export const DrawDrawn: Story = {
  parameters: screen('/sorteos/7', {
    session: 'resident',
    scenario: { 'GET /draws/{activity_id}': 'drawn' },
  }),
  play: async (context) => {
    const t = textOf(context);
    const table = within(
      await page().findByRole(
        'table',
        { name: t('season.draw.tableDrawn', { count: 3 }) },
        { timeout: 5000 },
      ),
    );
    // the signed-in resident's codes (both in the applications example) are marked
    await expect(await table.findAllByText(t('season.draw.yours'))).toHaveLength(2);
  },
};

export const DrawNotFound: Story = {
  parameters: screen('/sorteos/99', { scenario: { 'GET /draws/{activity_id}': 'draw_not_found' } }),
  play: async (context) => {
    await expect(
      await page().findByText(textOf(context)('season.draw.notFound'), {}, { timeout: 5000 }),
    ).toBeVisible();
  },
};

export const Applications: Story = {
  parameters: resident(),
  play: async (context) => {
    const t = textOf(context);
    const table = within(
      await page().findByRole('table', { name: t('season.list.caption') }, { timeout: 5000 }),
    );
    await expect(await table.findByText(t('season.list.position', { position: 2 }))).toBeVisible();
  },
};

export const ApplyApplied: Story = {
  parameters: resident(),
  play: async (context) => {
    const section = await apply(context);
    await expect(
      await section.findByText(textOf(context)('season.apply.done.applied', { code: 'K7PQ4XMA' })),
    ).toBeVisible();
  },
};

export const ApplyNotOpen: Story = {
  parameters: resident({ 'POST /user/applications': 'applications_not_open' }),
  play: async (context) => {
    await apply(context);
    await expectScenarioMessage(context, 'POST /user/applications');
  },
};

export const ApplyAlreadyApplied: Story = {
  parameters: resident({ 'POST /user/applications': 'already_applied' }),
  play: async (context) => {
    await apply(context);
    await expectScenarioMessage(context, 'POST /user/applications');
  },
};

export const ApplyAlreadyEnrolled: Story = {
  parameters: resident({ 'POST /user/applications': 'already_enrolled' }),
  play: async (context) => {
    await apply(context);
    await expectScenarioMessage(context, 'POST /user/applications');
  },
};

export const ApplyNotEligible: Story = {
  parameters: resident({ 'POST /user/applications': 'not_eligible' }),
  play: async (context) => {
    await apply(context);
    await expectScenarioMessage(context, 'POST /user/applications');
  },
};

export const WithdrawPaid: Story = {
  parameters: resident({ 'DELETE /user/applications/{id}': 'already_paid' }),
  play: async (context) => {
    const t = textOf(context);
    await userEvent.click(
      await page().findByRole(
        'button',
        {
          name: t('season.withdraw.label', {
            activity: 'Natación infantil',
            person: 'Xoán López Pereira',
          }),
        },
        { timeout: 5000 },
      ),
    );
    await userEvent.click(
      within(page().getByRole('alertdialog')).getByRole('button', {
        name: t('season.withdraw.confirm'),
      }),
    );
    await expectScenarioMessage(context, 'DELETE /user/applications/{id}');
  },
};

export const AddPersonOnRecord: Story = {
  parameters: resident({ 'POST /user/persons/': 'person_on_record' }),
  play: async (context) => {
    const t = textOf(context);
    const form = within(
      await page().findByRole('form', { name: t('season.person.heading') }, { timeout: 5000 }),
    );
    await userEvent.type(form.getByLabelText(t('season.person.firstName')), 'Brais');
    await userEvent.type(form.getByLabelText(t('season.person.lastName')), 'López');
    await userEvent.type(form.getByLabelText(t('season.person.birthDate')), '1990-02-03');
    await userEvent.type(form.getByLabelText(t('season.person.dni')), '87654321X');
    await userEvent.click(form.getByRole('button', { name: t('season.person.submit') }));
    await expectScenarioMessage(context, 'POST /user/persons/', form);
  },
};

export const StaffSeason: Story = {
  parameters: screen('/admin', { session: 'admin' }),
  play: async (context) => {
    const t = textOf(context);
    const section = within(
      await page().findByRole('region', { name: t('admin.season.title') }, { timeout: 8000 }),
    );
    await userEvent.click(
      await section.findByRole(
        'button',
        { name: t('admin.season.showLabel', { name: 'Natación infantil' }) },
        { timeout: 5000 },
      ),
    );
    await expect(
      await section.findByRole('table', {
        name: containing(t('admin.season.applicationsCaption')),
      }),
    ).toBeVisible();
  },
};
