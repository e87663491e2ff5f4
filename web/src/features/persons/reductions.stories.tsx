import type { Meta, StoryObj } from '@storybook/react-vite';
import { formatDate } from '@portal/design-system/lib/format.ts';
import { expect, userEvent, waitFor, within } from 'storybook/test';
import type { Scenario } from '../../stories-support/contract-handlers';
import {
  containing,
  expectScenarioMessage,
  LOADED,
  page,
  screen,
  screenMeta,
  textOf,
} from '../../stories-support/screen-story';

export default {
  ...screenMeta,
  title: 'Screens/Reductions',
  // written here, not only in screenMeta: Storybook's index reads a story file's tags as written
  tags: ['!autodocs'],
} satisfies Meta;
type Story = StoryObj;
type Context = Parameters<NonNullable<Story['play']>>[0];

const REQUEST = 'POST /user/persons/{person_activity_id}/circumstances';

/** The dashboard with fee rules in place: Xoán's fees with their breakdown, María's one fee. */
const withRules = (scenario: Scenario = {}) =>
  screen('/dashboard', {
    session: 'resident',
    scenario: {
      'GET /config': 'rules',
      'GET /user/activities/{person_activity_id}': ({ person_activity_id }) =>
        person_activity_id === '3' ? 'maria' : 'with_rules',
      ...scenario,
    },
  });

const pdf = () =>
  new File(['%PDF-1.4\n1 0 obj\n<<>>\nendobj\n'], 'titulo-familia-numerosa.pdf', {
    type: 'application/pdf',
  });

/** Opens Xoán's request (María has an approval in force, so she is offered none). */
async function openRequest(context: Context) {
  const t = textOf(context);
  await userEvent.click(
    await page().findByRole(
      'button',
      { name: t('persons.reduction.askFor', { name: 'Xoán López Pereira' }) },
      LOADED,
    ),
  );
  const dialog = within(await page().findByRole('dialog', { name: t('persons.reduction.title') }));
  return { t, dialog };
}

async function choose(context: Context, circumstance: string) {
  const { t, dialog } = await openRequest(context);
  await userEvent.selectOptions(
    dialog.getByRole('combobox', { name: t('persons.reduction.circumstance.label') }),
    circumstance,
  );
  return { t, dialog };
}

/** The proof a large family needs, and the document to attach. */
async function attachAndSend(context: Context) {
  const { t, dialog } = await choose(context, 'Familia numerosa general');
  await userEvent.upload(dialog.getByLabelText(t('persons.reduction.document.label')), pdf());
  await userEvent.click(dialog.getByRole('button', { name: t('persons.reduction.submit') }));
  return { t, dialog };
}

/** The request, with the circumstance's proof shown and the document field. */
export const RequestOpen: Story = {
  parameters: withRules(),
  play: async (context) => {
    const { t, dialog } = await choose(context, 'Familia numerosa general');
    await expect(
      dialog.getByText(containing('Título de familia numerosa en vigor (las dos caras).')),
    ).toBeVisible();
    await expect(dialog.getByText(t('persons.reduction.validity.untilDate'))).toBeVisible();
    await expect(dialog.getByLabelText(t('persons.reduction.document.label'))).toBeVisible();
  },
};

/** Sent with its document: pending review, said beside the people. */
export const RequestSent: Story = {
  parameters: withRules({ [REQUEST]: 'pending' }),
  play: async (context) => {
    const { t } = await attachAndSend(context);
    await expect(
      await page().findByText(
        t('persons.reduction.done.pending', {
          circumstance: 'Familia numerosa general',
          name: 'Xoán López Pereira',
        }),
      ),
    ).toBeVisible();
  },
};

/** A circumstance the resident's word is enough for: the declaration, then approved at once. */
export const RequestDeclared: Story = {
  parameters: withRules({ [REQUEST]: 'declared' }),
  play: async (context) => {
    const { t, dialog } = await choose(context, 'Pensionista');
    await expect(dialog.queryByLabelText(t('persons.reduction.document.label'))).toBeNull();
    await userEvent.click(
      dialog.getByRole('checkbox', { name: t('persons.reduction.declaration.accept') }),
    );
    await userEvent.click(dialog.getByRole('button', { name: t('persons.reduction.submit') }));
    await waitFor(() => expect(page().queryByRole('dialog')).toBeNull());
    const locale = (context.globals.locale as 'es' | 'en' | 'gl' | undefined) ?? 'es';
    await expect(
      page().getByText(
        t('persons.reduction.done.approved', {
          circumstance: 'Pensionista',
          name: 'Xoán López Pereira',
          date: formatDate('2027-11-27', locale),
        }),
      ),
    ).toBeVisible();
  },
};

const HOUSEHOLD = 'POST /user/circumstances';

/**
 * A household title (a large family's): one request for the people ticked, one document; sent,
 * the message names each of them.
 */
export const RequestHouseholdSent: Story = {
  parameters: withRules({ 'GET /circumstances': 'with_household', [HOUSEHOLD]: 'pending' }),
  play: async (context) => {
    const { t, dialog } = await choose(context, 'Familia numerosa especial');
    const group = within(dialog.getByRole('group', { name: t('persons.reduction.people.legend') }));
    await expect(group.getByRole('checkbox', { name: 'Xoán López Pereira' })).toBeChecked();
    await userEvent.click(group.getByRole('checkbox', { name: 'María López García' }));
    await expect(
      dialog.queryByRole('combobox', { name: t('persons.reduction.person.label') }),
    ).toBeNull();
    await userEvent.upload(dialog.getByLabelText(t('persons.reduction.document.label')), pdf());
    await userEvent.click(dialog.getByRole('button', { name: t('persons.reduction.submit') }));
    await expect(
      await page().findByText(
        t('persons.reduction.done.pending', {
          circumstance: 'Familia numerosa especial',
          name: 'María López García, Xoán López Pereira',
        }),
      ),
    ).toBeVisible();
  },
};

/** A household title with nobody ticked: the form says to tick someone, nothing is sent. */
export const RequestHouseholdNobody: Story = {
  parameters: withRules({ 'GET /circumstances': 'with_household' }),
  play: async (context) => {
    const { t, dialog } = await choose(context, 'Familia numerosa especial');
    const group = within(dialog.getByRole('group', { name: t('persons.reduction.people.legend') }));
    await userEvent.click(group.getByRole('checkbox', { name: 'Xoán López Pereira' }));
    await userEvent.upload(dialog.getByLabelText(t('persons.reduction.document.label')), pdf());
    await userEvent.click(dialog.getByRole('button', { name: t('persons.reduction.submit') }));
    await expect(
      await dialog.findAllByText(containing(t('persons.reduction.error.peopleRequired'))),
    ).not.toHaveLength(0);
  },
};

/** The browser's own checks: nothing chosen, then a file that only says it is a PDF. */
export const RequestFormErrors: Story = {
  parameters: withRules(),
  play: async (context) => {
    const { t, dialog } = await openRequest(context);
    await userEvent.click(dialog.getByRole('button', { name: t('persons.reduction.submit') }));
    await expect(
      (await dialog.findAllByText(t('persons.reduction.error.circumstanceRequired')))[0],
    ).toBeVisible();
    await userEvent.selectOptions(
      dialog.getByRole('combobox', { name: t('persons.reduction.circumstance.label') }),
      'Familia numerosa general',
    );
    await userEvent.upload(
      dialog.getByLabelText(t('persons.reduction.document.label')),
      new File(['no soy un PDF'], 'titulo.pdf', { type: 'application/pdf' }),
    );
    await userEvent.click(dialog.getByRole('button', { name: t('persons.reduction.submit') }));
    await expect(
      (await dialog.findAllByText(t('persons.reduction.error.documentType')))[0],
    ).toBeVisible();
  },
};

/** The declaration not accepted: said at the box. */
export const RequestDeclarationNotAccepted: Story = {
  parameters: withRules(),
  play: async (context) => {
    const { t, dialog } = await choose(context, 'Pensionista');
    await userEvent.click(dialog.getByRole('button', { name: t('persons.reduction.submit') }));
    await expect(
      (await dialog.findAllByText(t('persons.reduction.error.declarationRequired')))[0],
    ).toBeVisible();
  },
};

/** Refused by the server: its message in the dialog, which stays open. */
async function refused(context: Context) {
  const { dialog } = await attachAndSend(context);
  await expectScenarioMessage(context, REQUEST, dialog);
}

export const RequestAlreadyPending: Story = {
  parameters: withRules({ [REQUEST]: 'request_pending' }),
  play: refused,
};

export const RequestAlreadyApproved: Story = {
  parameters: withRules({ [REQUEST]: 'already_approved' }),
  play: refused,
};

export const RequestDocumentTooLarge: Story = {
  parameters: withRules({ [REQUEST]: 'document_too_large' }),
  play: refused,
};

export const RequestDocumentType: Story = {
  parameters: withRules({ [REQUEST]: 'document_type' }),
  play: refused,
};

export const RequestTooMany: Story = {
  parameters: withRules({ [REQUEST]: 'too_many_requests' }),
  play: refused,
};
