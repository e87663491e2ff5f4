import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, userEvent, within } from 'storybook/test';
import type { Scenario } from '../../stories-support/contract-handlers';
import {
  containing,
  expectScenarioMessage,
  expectServerMessage,
  LOADED,
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
    await page().findByRole('region', { name: t('season.applications.heading') }, LOADED),
  );
  await section.findByRole('option', { name: 'Natación infantil' }, LOADED);
  await userEvent.selectOptions(section.getByLabelText(t('season.apply.activity')), '7');
  await userEvent.selectOptions(section.getByLabelText(t('season.apply.person')), '4');
  await userEvent.click(section.getByRole('button', { name: t('season.apply.submit') }));
  return section;
}

export const Catalogue: Story = {
  parameters: screen('/actividades'),
  play: async (context) => {
    const t = textOf(context);
    const card = within(await page().findByRole('article', { name: 'Natación infantil' }, LOADED));
    await expect(card.getByText(t('season.catalogue.status.open'))).toBeVisible();
    await expect(card.getByText(t('season.rule.between', { from: 2015, to: 2020 }))).toBeVisible();
    await expect(page().getByRole('article', { name: 'Pádel adultos' })).toBeVisible();
  },
};

export const CatalogueEmpty: Story = {
  parameters: screen('/actividades', { scenario: { 'GET /catalogue': 'empty' } }),
  play: async (context) => {
    await expect(
      await page().findByText(textOf(context)('season.catalogue.empty'), {}, LOADED),
    ).toBeVisible();
  },
};

/** The council's fee rules: prices by age, a reduction and a family discount instead of one price. */
export const CatalogueFeeRules: Story = {
  parameters: screen('/actividades', { scenario: { 'GET /catalogue': 'fee_rules' } }),
  play: async (context) => {
    const t = textOf(context);
    const card = within(await page().findByRole('article', { name: 'Natación infantil' }, LOADED));
    await expect(card.getByText(t('season.catalogue.reductions'))).toBeVisible();
    await expect(card.getByText(t('season.catalogue.family'))).toBeVisible();
    await expect(card.getByText(t('season.catalogue.notCumulative'))).toBeVisible();
  },
};

export const DrawCommitted: Story = {
  parameters: screen('/sorteos/7', { scenario: { 'GET /draws/{activity_id}': 'committed' } }),
  play: async (context) => {
    const t = textOf(context);
    await expect(await page().findByText(t('season.draw.seedSecret'), {}, LOADED)).toBeVisible();
    await expect(
      page().getByRole('table', { name: t('season.draw.tableTaking', { count: 3 }) }),
    ).toBeVisible();
    // one person, one ballot: the example's three codes are three persons
    await expect(page().getByText(t('season.draw.persons', { count: 3 }))).toBeVisible();
    // the public value's source named before the window, its value still to come
    await expect(page().getByText(t('season.draw.publicValuePending'))).toBeVisible();
    await expect(page().getByText(containing('cupón diario de la ONCE'))).toBeVisible();
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
      await page().findByRole('table', { name: t('season.draw.tableDrawn', { count: 3 }) }, LOADED),
    );
    // the signed-in resident's codes (both in the applications example) are marked
    await expect(await table.findAllByText(t('season.draw.yours'))).toHaveLength(2);
    await expect(page().getByText(t('season.draw.persons', { count: 3 }))).toBeVisible();
    // drand's round and its value, mixed into the draw seed; the rule in the page's language
    await expect(page().getByText(containing('11340658'))).toBeVisible();
    await expect(page().getByText(containing('5c1e7a3f9b2d4f6a'))).toBeVisible();
  },
};

export const DrawNotFound: Story = {
  parameters: screen('/sorteos/99', { scenario: { 'GET /draws/{activity_id}': 'draw_not_found' } }),
  play: async (context) => {
    await expect(
      await page().findByText(textOf(context)('season.draw.notFound'), {}, LOADED),
    ).toBeVisible();
  },
};

export const Applications: Story = {
  parameters: resident(),
  play: async (context) => {
    const t = textOf(context);
    const table = within(
      await page().findByRole('table', { name: t('season.list.caption') }, LOADED),
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

/** Siblings together: Xoán and María in one joint application, one code. */
export const ApplyJoint: Story = {
  parameters: resident({ 'POST /user/applications': 'joint_applied' }),
  play: async (context) => {
    const t = textOf(context);
    const section = within(
      await page().findByRole('region', { name: t('season.applications.heading') }, LOADED),
    );
    await section.findByRole('option', { name: 'Natación infantil' }, LOADED);
    await userEvent.selectOptions(section.getByLabelText(t('season.apply.activity')), '7');
    await userEvent.selectOptions(section.getByLabelText(t('season.apply.person')), '4');
    await userEvent.click(section.getByRole('checkbox', { name: 'María López García' }));
    await userEvent.click(section.getByRole('button', { name: t('season.apply.submit') }));
    await expect(
      await section.findByText(
        t('season.joint.done.applied', {
          code: 'K7PQ4XMA',
          names: 'Xoán López Pereira, Uxía López Pereira',
        }),
      ),
    ).toBeVisible();
  },
};

/** A joint application refused: who, and why; nothing stored. */
export const ApplyJointRefused: Story = {
  parameters: resident({ 'POST /user/applications': 'joint_refused' }),
  play: async (context) => {
    const t = textOf(context);
    const section = within(
      await page().findByRole('region', { name: t('season.applications.heading') }, LOADED),
    );
    await section.findByRole('option', { name: 'Natación infantil' }, LOADED);
    await userEvent.selectOptions(section.getByLabelText(t('season.apply.activity')), '7');
    await userEvent.selectOptions(section.getByLabelText(t('season.apply.person')), '4');
    await userEvent.click(section.getByRole('checkbox', { name: 'María López García' }));
    await userEvent.click(section.getByRole('button', { name: t('season.apply.submit') }));
    await expectScenarioMessage(context, 'POST /user/applications');
  },
};

/**
 * The server overloaded at 9:00 (503 `server_busy` with Retry-After on every attempt): the
 * application is retried by itself, the resident told why, with a countdown and a way to stop.
 */
export const ApplyWhileBusy: Story = {
  parameters: resident({ 'POST /user/applications': 'server_busy' }),
  play: async (context) => {
    const t = textOf(context);
    const section = await apply(context);
    const message = await section.findByText(t('season.apply.waiting.busy'), {}, LOADED);
    await expect(message).toBeVisible();
    await expect(message.closest('[role="status"]')).not.toBeNull();
    await expect(
      section.getByRole('button', { name: t('season.apply.waiting.cancel') }),
    ).toBeVisible();
    await expect(section.getByRole('button', { name: t('season.apply.submit') })).toHaveAttribute(
      'aria-busy',
      'true',
    );
  },
};

export const ApplyNotOpen: Story = {
  parameters: resident({ 'POST /user/applications': 'applications_not_open' }),
  play: async (context) => {
    await apply(context);
    await expectScenarioMessage(context, 'POST /user/applications');
  },
};

/** Free places after the waitlist's end, and none left: there is no waitlist to join. */
export const ApplyNoPlacesLeft: Story = {
  parameters: resident({ 'POST /user/applications': 'no_places_left' }),
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
        LOADED,
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

/** Fills "add a person I look after" (a DNI only when given) and submits it. */
async function addPerson(
  context: Context,
  person: { first: string; last: string; birth: string; dni?: string },
) {
  const t = textOf(context);
  const form = within(
    await page().findByRole('form', { name: t('season.person.heading') }, LOADED),
  );
  await userEvent.type(form.getByLabelText(t('season.person.firstName')), person.first);
  await userEvent.type(form.getByLabelText(t('season.person.lastName')), person.last);
  await userEvent.type(form.getByLabelText(t('season.person.birthDate')), person.birth);
  if (person.dni) await userEvent.type(form.getByLabelText(t('season.person.dni')), person.dni);
  await userEvent.click(form.getByRole('button', { name: t('season.person.submit') }));
  return form;
}

export const AddPersonOnRecord: Story = {
  parameters: resident({ 'POST /user/persons/': 'person_on_record' }),
  play: async (context) => {
    const form = await addPerson(context, {
      first: 'Brais',
      last: 'López',
      birth: '1990-02-03',
      dni: '87654321X',
    });
    await expectScenarioMessage(context, 'POST /user/persons/', form);
  },
};

const uxia = { first: 'Uxía', last: 'López Pereira', birth: '2017-05-09' };

/** The same child added again by the account that manages her: the server's message only. */
export const AddPersonExists: Story = {
  parameters: resident({ 'POST /user/persons/': 'person_exists' }),
  play: async (context) => {
    const form = await addPerson(context, uxia);
    await expectScenarioMessage(context, 'POST /user/persons/', form);
  },
};

/**
 * The other parent adds a child another account manages: the offer to share her, then the code
 * sent to the mobile on her record (the examples answer every call after the first).
 */
async function shareChild(context: Context) {
  const t = textOf(context);
  await addPerson(context, uxia);
  const offer = within(
    await page().findByRole('region', {
      name: t('season.share.heading', { name: `${uxia.first} ${uxia.last}` }),
    }),
  );
  await expectServerMessage('POST /user/persons/', 'person_managed_elsewhere', offer);
  await userEvent.click(offer.getByRole('button', { name: t('season.share.send') }));
  return offer;
}

/** Both accounts manage the one child once the code the other parent passes on comes back. */
export const AddPersonManagedElsewhere: Story = {
  parameters: resident({ 'POST /user/persons/': 'person_managed_elsewhere' }),
  play: async (context) => {
    const t = textOf(context);
    const offer = await shareChild(context);
    await userEvent.type(await offer.findByLabelText(containing(t('season.share.otp'))), '159357');
    await userEvent.click(offer.getByRole('button', { name: t('season.share.link') }));
    await expect(
      await page().findByText(t('season.share.done', { name: 'Uxía López Pereira' })),
    ).toBeVisible();
  },
};

export const AddPersonShareWrongCode: Story = {
  parameters: resident({
    'POST /user/persons/': 'person_managed_elsewhere',
    'POST /user/persons/verify-association-by-name': 'invalid_code',
  }),
  play: async (context) => {
    const t = textOf(context);
    const offer = await shareChild(context);
    await userEvent.type(await offer.findByLabelText(containing(t('season.share.otp'))), '000000');
    await userEvent.click(offer.getByRole('button', { name: t('season.share.link') }));
    await expectScenarioMessage(context, 'POST /user/persons/verify-association-by-name', offer);
  },
};

export const AddPersonShareNotFound: Story = {
  parameters: resident({
    'POST /user/persons/': 'person_managed_elsewhere',
    'POST /user/persons/request-association-by-name': 'person_not_found',
  }),
  play: async (context) => {
    const offer = await shareChild(context);
    await expectScenarioMessage(context, 'POST /user/persons/request-association-by-name', offer);
  },
};

/** A name with a control or invisible character (a pasted right-to-left override, a filler). */
export const AddPersonInvisibleCharacters: Story = {
  parameters: resident({ 'POST /user/persons/': 'invisible_characters' }),
  play: AddPersonOnRecord.play,
};

/** A name mixing look-alike letters of two scripts (a Cyrillic "а" among Latin letters). */
export const AddPersonMixedScriptName: Story = {
  parameters: resident({ 'POST /user/persons/': 'mixed_script_name' }),
  play: AddPersonOnRecord.play,
};

/** Staff's "Plazas y sorteos" with Natación infantil (the examples' lottery) chosen. */
async function staffSeason(context: Context) {
  const t = textOf(context);
  const section = within(
    await page().findByRole('region', { name: t('admin.season.title') }, LOADED),
  );
  await userEvent.click(
    await section.findByRole(
      'button',
      { name: t('admin.season.showLabel', { name: 'Natación infantil' }) },
      LOADED,
    ),
  );
  return section;
}

export const StaffSeason: Story = {
  parameters: screen('/admin', { session: 'admin' }),
  play: async (context) => {
    const t = textOf(context);
    const section = await staffSeason(context);
    await expect(
      await section.findByRole('table', {
        name: containing(t('admin.season.applicationsCaption')),
      }),
    ).toBeVisible();
    // the examples' likely duplicates, each pair a table named by its reason
    await expect(
      await section.findByRole('table', {
        name: t('admin.season.pairCaption', {
          reason: t('admin.season.reason.surnames_swapped'),
          first: 'Uxía López Pereira',
          second: 'Uxía Pereira López',
        }),
      }),
    ).toBeVisible();
  },
};

const admin = (scenario: Scenario = {}) => screen('/admin', { session: 'admin', scenario });

/** Merges the examples' first pair (Uxía's surnames swapped) after confirming. */
async function mergeUxia(context: Context) {
  const t = textOf(context);
  const section = await staffSeason(context);
  const names = {
    keep: 'Uxía López Pereira',
    keepCode: 'K7PQ4XMA',
    merge: 'Uxía Pereira López',
    mergeCode: '3HTW9RZE',
  };
  await userEvent.click(
    await section.findByRole('button', { name: t('admin.season.mergeLabel', names) }),
  );
  const dialog = within(await page().findByRole('alertdialog'));
  await userEvent.click(dialog.getByRole('button', { name: t('admin.season.mergeConfirm') }));
  return section;
}

export const StaffMergeDuplicates: Story = {
  parameters: admin(),
  play: async (context) => {
    const t = textOf(context);
    const section = await mergeUxia(context);
    await expect(
      await section.findByText(
        t('admin.season.merged', { name: 'Uxía López Pereira', count: 1, codes: '3HTW9RZE' }),
      ),
    ).toBeVisible();
  },
};

/** Both records had paid for an activity: one payment to refund. */
export const StaffMergePaidTwice: Story = {
  parameters: admin({ 'POST /admin/persons/merge': 'paid_twice' }),
  play: async (context) => {
    const t = textOf(context);
    const section = await mergeUxia(context);
    await expect(
      await section.findByText(t('admin.season.paidTwice', { activity: 'Natación infantil' })),
    ).toBeVisible();
  },
};

export const StaffMergePersonsDiffer: Story = {
  parameters: admin({ 'POST /admin/persons/merge': 'persons_differ' }),
  play: async (context) => {
    const section = await mergeUxia(context);
    await expectScenarioMessage(context, 'POST /admin/persons/merge', section);
  },
};

/** The examples' second pair (Brais, one letter apart) marked as two people after confirming. */
export const StaffMarkDifferent: Story = {
  parameters: admin(),
  play: async (context) => {
    const t = textOf(context);
    const section = await staffSeason(context);
    const names = {
      first: 'Brais Otero Vidal',
      firstCode: 'Q2MV8NDS',
      second: 'Brais Oter Vidal',
      secondCode: 'W4NA7CJT',
    };
    await userEvent.click(
      await section.findByRole('button', { name: t('admin.season.differentLabel', names) }),
    );
    const dialog = within(await page().findByRole('alertdialog'));
    await userEvent.click(dialog.getByRole('button', { name: t('admin.season.differentConfirm') }));
    await expect(await section.findByText(t('admin.season.differentDone', names))).toBeVisible();
  },
};

export const StaffNoDuplicates: Story = {
  parameters: admin({ 'GET /admin/activities/{id}/duplicates': 'none' }),
  play: async (context) => {
    const section = await staffSeason(context);
    await expect(
      await section.findByText(textOf(context)('admin.season.duplicatesNone')),
    ).toBeVisible();
  },
};
