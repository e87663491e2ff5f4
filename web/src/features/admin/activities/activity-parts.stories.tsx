import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, userEvent, waitFor, within } from 'storybook/test';
import type { Scenario } from '../../../stories-support/contract-handlers';
import {
  expectScenarioMessage,
  LOADED,
  page,
  screen,
  screenMeta,
  serverMessage,
  textOf,
} from '../../../stories-support/screen-story';

/**
 * The activity form's *Pago en plazos* (issue 51, item 5): a fee split into parts, and the
 * server's refusals shown by their fields.
 */
export default {
  ...screenMeta,
  title: 'Screens/Admin activity in parts',
  // written here, not only in screenMeta: Storybook's index reads a story file's tags as written
  tags: ['!autodocs'],
} satisfies Meta;
type Story = StoryObj;
type Context = Parameters<NonNullable<Story['play']>>[0];

const admin = (scenario: Scenario = {}) => screen('/admin', { session: 'admin', scenario });

/** The activities section, once its form has loaded. */
async function activitiesSection() {
  await page().findByRole('heading', { level: 1 }, LOADED);
  const element = await waitFor(() => {
    const found = document.getElementById('admin-activities');
    if (!found) throw new Error('no #admin-activities');
    return found;
  }, LOADED);
  return within(element);
}

/** Starts the parts (two halves) and gives them their days, 15/10/2026 and 15/01/2027. */
async function startParts(context: Context, part: ReturnType<typeof within>) {
  const t = textOf(context);
  const editor = within(part.getByRole('group', { name: t('admin.activities.parts.legend') }));
  await userEvent.click(editor.getByRole('button', { name: t('admin.activities.parts.start') }));
  for (const [index, day] of ['2026-10-15', '2027-01-15'].entries()) {
    const row = within(
      editor.getByRole('group', { name: t('admin.activities.parts.part', { part: index + 1 }) }),
    );
    await userEvent.type(
      row.getByLabelText(containingText(t('admin.activities.parts.dueDate'))),
      day,
    );
  }
  return editor;
}

/** A new activity of 90 € in two halves, by 15/10/2026 and 15/01/2027; its editor. */
async function twoHalves(context: Context) {
  const t = textOf(context);
  const part = await activitiesSection();
  await userEvent.type(
    await part.findByLabelText(t('admin.activities.name'), {}, LOADED),
    'Escola de natación',
  );
  await userEvent.type(part.getByLabelText(t('admin.activities.priceLabel')), '90');
  const editor = await startParts(context, part);
  return { t, part, editor };
}

const containingText = (text: string) => (content: string) => content.includes(text);

/** The form's error summary, once it shows. */
async function summary(part: ReturnType<typeof within>) {
  return within(await part.findByRole('alert', {}, LOADED));
}

/**
 * Two halves by their days, their sum 100 %: the editor as staff leave it filled, ready to
 * create (saving it empties the form for the next activity; the refusals follow).
 */
export const ActivityInTwoParts: Story = {
  parameters: admin(),
  play: async (context) => {
    const { t, editor } = await twoHalves(context);
    await expect(
      editor.getByText(t('admin.activities.parts.sum', { sum: '100' })),
    ).toBeInTheDocument();
    // it ends on the filled editor: each part with its share and its day
    for (const [index, day] of ['2026-10-15', '2027-01-15'].entries()) {
      const row = within(
        editor.getByRole('group', { name: t('admin.activities.parts.part', { part: index + 1 }) }),
      );
      await expect(
        row.getByLabelText(containingText(t('admin.activities.parts.dueDate'))),
      ).toHaveValue(day);
      await expect(
        row.getByLabelText(containingText(t('admin.activities.parts.percent'))),
      ).toHaveValue('50');
    }
  },
};

/** The server's 422 on the parts as a whole (their shares' sum): shown at the editor. */
export const ActivityPartsTotalRefused: Story = {
  parameters: admin({ 'POST /admin/activities-crud/': 'parts_total' }),
  play: async (context) => {
    const { t, part } = await twoHalves(context);
    await userEvent.click(part.getByRole('button', { name: t('admin.activities.create') }));
    // the error summary links to the field that shows it
    await expectScenarioMessage(context, 'POST /admin/activities-crud/', await summary(part));
    const group = part.getByRole('group', { name: t('admin.activities.parts.legend') });
    await expect(group).toHaveAccessibleDescription(
      expect.stringContaining(serverMessage('POST /admin/activities-crud/', 'parts_total')),
    );
  },
};

/** The server's 422 on a part's day: shown by that day's field. */
export const ActivityPartsOrderRefused: Story = {
  parameters: admin({ 'POST /admin/activities-crud/': 'parts_order' }),
  play: async (context) => {
    const { t, part, editor } = await twoHalves(context);
    await userEvent.click(part.getByRole('button', { name: t('admin.activities.create') }));
    // the error summary links to the field that shows it
    await expectScenarioMessage(context, 'POST /admin/activities-crud/', await summary(part));
    const second = within(
      editor.getByRole('group', { name: t('admin.activities.parts.part', { part: 2 }) }),
    );
    const date = second.getByLabelText(containingText(t('admin.activities.parts.dueDate')));
    await expect(date).toHaveAccessibleDescription(
      expect.stringContaining(serverMessage('POST /admin/activities-crud/', 'parts_order')),
    );
    // the error above the day does not move it out of line with the share beside it
    const share = second.getByLabelText(containingText(t('admin.activities.parts.percent')));
    await expect(date.getBoundingClientRect().bottom).toBeCloseTo(
      share.getBoundingClientRect().bottom,
      0,
    );
  },
};

/** Someone has paid: the parts cannot change (409 parts_locked), said at the editor. */
export const ActivityPartsLocked: Story = {
  parameters: admin({ 'PUT /admin/activities-crud/{id}': 'parts_locked' }),
  play: async (context) => {
    const t = textOf(context);
    const part = await activitiesSection();
    await userEvent.click(
      await part.findByRole(
        'button',
        { name: t('admin.activities.editLabel', { name: 'Natación infantil' }) },
        LOADED,
      ),
    );
    await startParts(context, part);
    await userEvent.click(part.getByRole('button', { name: t('admin.activities.saveChanges') }));
    await expectScenarioMessage(context, 'PUT /admin/activities-crud/{id}', await summary(part));
    await expect(
      part.getByRole('group', { name: t('admin.activities.parts.legend') }),
    ).toHaveAccessibleDescription(
      expect.stringContaining(serverMessage('PUT /admin/activities-crud/{id}', 'parts_locked')),
    );
  },
};

/** Issue 60: 180 € in weights 4:3:2 (80, 60 and 40 €) with a registration fee of 20 €: created. */
export const ActivityInPartsByWeight: Story = {
  parameters: admin(),
  play: async (context) => {
    const { t, part, editor } = await twoHalves(context);
    await userEvent.type(
      part.getByLabelText(containingText(t('admin.activities.registrationFee'))),
      '20',
    );
    await userEvent.click(
      editor.getByRole('radio', { name: t('admin.activities.parts.byWeight') }),
    );
    for (const [index, weight] of ['4', '3'].entries()) {
      const row = within(
        editor.getByRole('group', { name: t('admin.activities.parts.part', { part: index + 1 }) }),
      );
      await userEvent.type(
        row.getByLabelText(containingText(t('admin.activities.parts.weight'))),
        weight,
      );
    }
    await expect(
      editor.getByText(t('admin.activities.parts.weightSum', { total: 7 })),
    ).toBeInTheDocument();
    await userEvent.click(part.getByRole('button', { name: t('admin.activities.create') }));
    await expect(
      await part.findByText(t('admin.activities.saved'), {}, LOADED),
    ).toBeInTheDocument();
  },
};

/** The server's 422 on a part's weight (0, or over 1000): shown by that weight's field. */
export const ActivityPartsWeightRefused: Story = {
  parameters: admin({ 'POST /admin/activities-crud/': 'parts_weight' }),
  play: async (context) => {
    const { t, part, editor } = await twoHalves(context);
    await userEvent.click(
      editor.getByRole('radio', { name: t('admin.activities.parts.byWeight') }),
    );
    const rows = [1, 2].map((n) =>
      within(editor.getByRole('group', { name: t('admin.activities.parts.part', { part: n }) })),
    );
    for (const row of rows)
      await userEvent.type(
        row.getByLabelText(containingText(t('admin.activities.parts.weight'))),
        '1',
      );
    await userEvent.click(part.getByRole('button', { name: t('admin.activities.create') }));
    await expectScenarioMessage(context, 'POST /admin/activities-crud/', await summary(part));
    await expect(
      rows[0]!.getByLabelText(containingText(t('admin.activities.parts.weight'))),
    ).toHaveAccessibleDescription(
      expect.stringContaining(serverMessage('POST /admin/activities-crud/', 'parts_weight')),
    );
  },
};
