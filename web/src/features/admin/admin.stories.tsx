import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, fireEvent, userEvent, waitFor, within } from 'storybook/test';
import type { Scenario } from '../../stories-support/contract-handlers';
import { exampleAnswer } from '../../stories-support/contract-examples';
import {
  containing,
  eurosOf,
  expectScenarioMessage,
  expectServerMessage,
  LOADED,
  page,
  screen,
  screenMeta,
  serverMessage as serverText,
  textOf,
  type ScreenParameters,
} from '../../stories-support/screen-story';

export default {
  ...screenMeta,
  title: 'Screens/Admin panel',
  // written here, not only in screenMeta: Storybook's index reads a story file's tags as written
  tags: ['!autodocs'],
} satisfies Meta;
type Story = StoryObj;
type Context = Parameters<NonNullable<Story['play']>>[0];

const admin = (scenario: Scenario = {}) => screen('/admin', { session: 'admin', scenario });

/** One section of the panel, once its first rows (or its form) have loaded. */
async function section(id: string) {
  await page().findByRole('heading', { level: 1 }, LOADED);
  const element = await waitFor(() => {
    const found = document.getElementById(id);
    if (!found) throw new Error(`no #${id}`);
    return found;
  }, LOADED);
  return within(element);
}

/**
 * A row's delete button, confirmed, refused by the server: its message shows. The story's
 * scenario names the example of the DELETE call.
 */
function deleteRefused(sectionId: string, labelId: string, values: Record<string, string>) {
  return async (context: Context) => {
    const t = textOf(context);
    const part = await section(sectionId);
    const button = await part.findByRole('button', { name: t(labelId, values) }, LOADED);
    await userEvent.click(button);
    const dialog = await page().findByRole('alertdialog');
    await userEvent.click(within(dialog).getByRole('button', { name: t('admin.common.delete') }));
    const [call, name] = Object.entries(
      (context.parameters.screen as ScreenParameters).scenario,
    )[0] as [string, string];
    await expectServerMessage(call, name);
  };
}

/** Every section with the contract's example data. */
export const Panel: Story = {
  parameters: admin(),
  play: async () => {
    const users = await section('admin-users');
    await expect(await users.findByText('33445566R', {}, LOADED)).toBeVisible();
  },
};

/** MFA_FOR_ADMINS=required and no second factor yet: only its setup is offered. */
export const SecondFactorRequired: Story = {
  parameters: admin({ 'GET /admin/mfa': 'required_not_set_up' }),
  play: async (context) => {
    const t = textOf(context);
    await expect(await page().findByText(t('admin.mfa.requiredNotice'), {}, LOADED)).toBeVisible();
  },
};

async function upload(context: Context) {
  const t = textOf(context);
  const part = await section('admin-upload');
  const file = new File(['PK'], 'inscripciones.xlsx', {
    type: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
  });
  await userEvent.upload(part.getByLabelText(t('admin.upload.fileLabel')), file);
  await userEvent.click(part.getByRole('button', { name: t('admin.upload.submit') }));
  return part;
}

/** A file with wrong rows: nothing saved, each row to fix listed. */
export const UploadRowErrors: Story = {
  parameters: admin({ 'POST /admin/upload-table/': 'invalid_rows' }),
  play: async (context) => {
    const t = textOf(context);
    const part = await upload(context);
    await expect(await part.findByText(t('admin.upload.rowsTitle'))).toBeVisible();
    const { detail } = exampleAnswer('POST /admin/upload-table/', 'invalid_rows').body as {
      detail: { loc: [number, string]; msg: string }[];
    };
    for (const { loc, msg } of detail) {
      await expect(
        part.getByText(t('admin.upload.rowColumnError', { row: loc[0], column: loc[1], msg })),
      ).toBeVisible();
    }
  },
};

export const UploadTooLarge: Story = {
  parameters: admin({ 'POST /admin/upload-table/': 'file_too_large' }),
  play: async (context) => {
    const part = await upload(context);
    await expectServerMessage('POST /admin/upload-table/', 'file_too_large', part);
  },
};

/** Rows the clerk must fix whatever program wrote the file: each message as the server words it. */
function uploadRefused(example: string): Story {
  return {
    parameters: admin({ 'POST /admin/upload-table/': example }),
    play: async (context) => {
      const t = textOf(context);
      const part = await upload(context);
      await expect(await part.findByText(t('admin.upload.rowsTitle'))).toBeVisible();
      const { detail } = exampleAnswer('POST /admin/upload-table/', example).body as {
        detail: { msg: string }[];
      };
      for (const { msg } of detail) {
        await expect(part.getByText(msg, { exact: false })).toBeVisible();
      }
    },
  };
}

/** A file saved without calculating its formulas (openpyxl): the cell, and how to fix it. */
export const UploadFormulasNotCalculated = uploadRefused('formula_not_calculated');

/** No header row in the first 10 rows of any visible sheet: the closest row, and where. */
export const UploadNoHeader = uploadRefused('no_header');

/** A password-protected file says so, not "damaged". */
export const UploadPasswordProtected: Story = {
  parameters: admin({ 'POST /admin/upload-table/': 'xlsx_encrypted' }),
  play: async (context) => {
    const part = await upload(context);
    await expectServerMessage('POST /admin/upload-table/', 'xlsx_encrypted', part);
  },
};

/** A LibreOffice sheet renamed .xlsx: what it is and how to save it. */
export const UploadOdsRenamed: Story = {
  parameters: admin({ 'POST /admin/upload-table/': 'ods_not_xlsx' }),
  play: async (context) => {
    const part = await upload(context);
    await expectServerMessage('POST /admin/upload-table/', 'ods_not_xlsx', part);
  },
};

export const UserFormErrors: Story = {
  parameters: admin(),
  play: async (context) => {
    const t = textOf(context);
    const part = await section('admin-users');
    await userEvent.click(await part.findByRole('button', { name: t('admin.users.create') }));
    await expect(part.getByLabelText(t('admin.users.dni'))).toHaveAccessibleDescription(
      expect.stringContaining(t('admin.users.required.dni')),
    );
  },
};

export const UserExists: Story = {
  parameters: admin({ 'POST /admin/users/': 'account_exists' }),
  play: async (context) => {
    const t = textOf(context);
    const part = await section('admin-users');
    await userEvent.type(await part.findByLabelText(t('admin.users.dni')), '12345678Z');
    await userEvent.type(part.getByLabelText(t('admin.users.phone')), '612345678');
    await userEvent.type(part.getByLabelText(t('admin.users.password')), 'natacion-26');
    await userEvent.type(part.getByLabelText(t('admin.users.repeatPassword')), 'natacion-26');
    await userEvent.click(part.getByRole('button', { name: t('admin.users.create') }));
    await expectServerMessage('POST /admin/users/', 'account_exists', part);
  },
};

export const UserDeleteRefused: Story = {
  parameters: admin({ 'DELETE /admin/users/{id}': 'cannot_delete_self' }),
  play: deleteRefused('admin-users', 'admin.users.deleteLabel', { dni: '33445566R' }),
};

/**
 * An account on a DNI whose only record a resident added ("add a person"): released like a
 * mismatched mobile, with why and the desk check said first (the users example's last row).
 */
export const UserReleaseAddedByResident: Story = {
  parameters: admin(),
  play: async (context) => {
    const t = textOf(context);
    const part = await section('admin-users');
    await expect(
      await part.findByText(t('admin.users.recordsAddedByResident'), {}, LOADED),
    ).toBeVisible();
    await userEvent.click(
      part.getByRole('button', { name: t('admin.users.releaseLabel', { dni: '55667788Z' }) }),
    );
    const dialog = await page().findByRole('alertdialog', {
      name: t('admin.users.releaseTitle', { dni: '55667788Z' }),
    });
    await expect(dialog).toHaveTextContent(t('admin.users.releaseAddedText', { dni: '55667788Z' }));
  },
};

export const UsersLoadError: Story = {
  parameters: admin({ 'GET /admin/users/': 'forbidden' }),
  play: async (context) => {
    const t = textOf(context);
    const part = await section('admin-users');
    await expect(
      await part.findByText(t('admin.msg.error_loading_users'), {}, LOADED),
    ).toBeVisible();
  },
};

export const ActivityFormErrors: Story = {
  parameters: admin(),
  play: async (context) => {
    const t = textOf(context);
    const part = await section('admin-activities');
    await userEvent.click(await part.findByRole('button', { name: t('admin.activities.create') }));
    await expect(part.getByLabelText(t('admin.activities.name'))).toHaveAccessibleDescription(
      expect.stringContaining(t('admin.activities.required.name')),
    );
  },
};

/**
 * A lottery's public value, reserved places and priority groups: each wrong setting named on its
 * field (a value announced but not named, more reserved places than places, a group with no
 * name and "everyone" before the last group).
 */
export const ActivityLotteryRules: Story = {
  parameters: admin(),
  play: async (context) => {
    const t = textOf(context);
    const part = await section('admin-activities');
    await userEvent.type(
      await part.findByLabelText(t('admin.activities.name')),
      'Natación adaptada',
    );
    await userEvent.type(part.getByLabelText(t('admin.activities.priceLabel')), '40');
    await userEvent.selectOptions(part.getByLabelText(t('admin.activities.allocation')), 'lottery');
    await userEvent.type(part.getByLabelText(t('admin.activities.capacity')), '20');
    await userEvent.selectOptions(
      part.getByRole('combobox', { name: t('admin.activities.publicValue.source') }),
      'announced',
    );
    await userEvent.type(
      part.getByLabelText(containing(t('admin.activities.reserved.places'))),
      '21',
    );
    const add = part.getByRole('button', { name: t('admin.activities.groups.add') });
    await userEvent.click(add);
    await userEvent.click(add);
    await userEvent.click(part.getByRole('button', { name: t('admin.activities.create') }));
    await expect(
      part.getByRole('textbox', { name: t('admin.activities.publicValue.description') }),
    ).toHaveAccessibleDescription(
      expect.stringContaining(t('admin.activities.publicValue.descriptionRequired')),
    );
    await expect(
      part.getByLabelText(containing(t('admin.activities.reserved.places'))),
    ).toHaveAccessibleDescription(
      expect.stringContaining(t('admin.activities.reserved.overCapacity', { capacity: 20 })),
    );
    const first = within(
      part.getByRole('group', { name: t('admin.activities.groups.group', { row: 1 }) }),
    );
    await expect(
      first.getByRole('group', { name: t('admin.activities.groups.circumstances') }),
    ).toHaveAccessibleDescription(
      expect.stringContaining(t('admin.activities.groups.everyoneLast')),
    );
  },
};

export const ActivityExists: Story = {
  parameters: admin({ 'POST /admin/activities-crud/': 'activity_exists' }),
  play: async (context) => {
    const t = textOf(context);
    const part = await section('admin-activities');
    await userEvent.type(await part.findByLabelText(t('admin.activities.name')), 'Pádel adultos');
    await userEvent.type(part.getByLabelText(t('admin.activities.priceLabel')), '85');
    await userEvent.click(part.getByRole('button', { name: t('admin.activities.create') }));
    await expectServerMessage('POST /admin/activities-crud/', 'activity_exists', part);
  },
};

/** Moving a drawn lottery's window: the server's refusal, the form kept as typed. */
export const ActivityAlreadyDrawn: Story = {
  parameters: admin({ 'PUT /admin/activities-crud/{id}': 'already_drawn' }),
  play: async (context) => {
    const t = textOf(context);
    const part = await section('admin-activities');
    await userEvent.click(
      await part.findByRole(
        'button',
        { name: t('admin.activities.editLabel', { name: 'Natación infantil' }) },
        LOADED,
      ),
    );
    await userEvent.click(part.getByRole('button', { name: t('admin.activities.saveChanges') }));
    await expectScenarioMessage(context, 'PUT /admin/activities-crud/{id}', part);
  },
};

export const ActivityDeleteRefused: Story = {
  parameters: admin({ 'DELETE /admin/activities-crud/{id}': 'has_paid_items' }),
  play: deleteRefused('admin-activities', 'admin.activities.deleteLabel', {
    name: 'Pádel adultos',
  }),
};

async function fillEnrolment(context: Context) {
  const t = textOf(context);
  const part = await section('admin-enrolments');
  await userEvent.type(await part.findByLabelText(t('admin.enrolments.firstName')), 'Ana');
  await userEvent.type(part.getByLabelText(t('admin.enrolments.lastName')), 'Pérez Souto');
  await userEvent.type(part.getByLabelText(t('admin.enrolments.dni')), '11111111H');
  await userEvent.type(part.getByLabelText(t('admin.enrolments.phone')), '633333333');
  await userEvent.click(part.getByRole('button', { name: t('admin.enrolments.create') }));
  return part;
}

export const EnrolmentFormErrors: Story = {
  parameters: admin(),
  play: async (context) => {
    const t = textOf(context);
    const part = await section('admin-enrolments');
    await userEvent.click(await part.findByRole('button', { name: t('admin.enrolments.create') }));
    await expect(part.getByLabelText(t('admin.enrolments.firstName'))).toHaveAccessibleDescription(
      expect.stringContaining(t('admin.enrolments.required.firstName')),
    );
  },
};

export const EnrolmentExists: Story = {
  parameters: admin({ 'POST /admin/person-activities/': 'enrolment_exists' }),
  play: async (context) => {
    const part = await fillEnrolment(context);
    await expectServerMessage('POST /admin/person-activities/', 'enrolment_exists', part);
  },
};

export const EnrolmentSaveRefused: Story = {
  parameters: admin({ 'PUT /admin/person-activities/{id}': 'has_paid_items' }),
  play: async (context) => {
    const t = textOf(context);
    const part = await section('admin-enrolments');
    await userEvent.click(
      await part.findByRole(
        'button',
        { name: t('admin.enrolments.editLabel', { name: 'María López García' }) },
        LOADED,
      ),
    );
    await userEvent.click(part.getByRole('button', { name: t('admin.enrolments.saveChanges') }));
    await expectServerMessage('PUT /admin/person-activities/{id}', 'has_paid_items', part);
  },
};

/** Adding an activity to a person still waiting for a place there: refused, says where to go. */
export const EnrolmentWaitlisted: Story = {
  parameters: admin({ 'PUT /admin/person-activities/{id}': 'enrolment_waitlisted' }),
  play: async (context) => {
    const t = textOf(context);
    const part = await section('admin-enrolments');
    await userEvent.click(
      await part.findByRole(
        'button',
        { name: t('admin.enrolments.editLabel', { name: 'María López García' }) },
        LOADED,
      ),
    );
    await userEvent.click(part.getByRole('button', { name: t('admin.enrolments.saveChanges') }));
    await expectServerMessage('PUT /admin/person-activities/{id}', 'enrolment_waitlisted', part);
  },
};

/** A birth date the server refuses (not a real date, in the future, before 1900): on its field. */
export const EnrolmentBirthDateRefused: Story = {
  parameters: admin({ 'PUT /admin/person-activities/{id}': 'invalid_birth_date' }),
  play: async (context) => {
    const t = textOf(context);
    const part = await section('admin-enrolments');
    await userEvent.click(
      await part.findByRole(
        'button',
        { name: t('admin.enrolments.editLabel', { name: 'María López García' }) },
        LOADED,
      ),
    );
    await userEvent.click(part.getByRole('button', { name: t('admin.enrolments.saveChanges') }));
    await waitFor(() =>
      expect(
        part.getByLabelText(new RegExp(`^${t('admin.enrolments.birthDate')}`)),
      ).toHaveAccessibleDescription(
        expect.stringContaining(
          serverText('PUT /admin/person-activities/{id}', 'invalid_birth_date'),
        ),
      ),
    );
  },
};

export const EnrolmentDeleteRefused: Story = {
  parameters: admin({ 'DELETE /admin/person-activities/{id}': 'has_paid_items' }),
  play: deleteRefused('admin-enrolments', 'admin.enrolments.deleteLabel', {
    name: 'María López García',
  }),
};

/** Saving the settings, refused by the server: its message shows (the example named). */
const configRefused = (example: string): Story => ({
  parameters: admin({ 'PUT /admin/config/': example }),
  play: async (context) => {
    const t = textOf(context);
    const part = await section('admin-config');
    const save = await part.findByRole('button', { name: t('admin.config.save') }, LOADED);
    await waitFor(() => expect(save).toBeEnabled());
    await userEvent.click(save);
    await expectServerMessage('PUT /admin/config/', example, part);
  },
});

export const ConfigSaveRefused = configRefused('validation_error');

/** The rule for places a group of siblings does not fit, another value refused. */
export const ConfigJointFitRefused = configRefused('joint_fit_invalid');

/** The direct debit settings: the switch on, the 14 days' pre-notification, the return fee. */
export const ConfigDirectDebit: Story = {
  parameters: admin(),
  play: async (context) => {
    const t = textOf(context);
    const part = await section('admin-config');
    const toggle = await part.findByRole(
      'checkbox',
      { name: t('admin.config.directDebitEnabled') },
      LOADED,
    );
    await expect(toggle).toBeEnabled();
    await expect(toggle).toBeChecked();
    await expect(part.getByRole('textbox', { name: t('admin.config.noticeDays') })).toHaveValue(
      '14',
    );
    await expect(
      part.getByRole('textbox', { name: t('admin.config.returnFee') }),
    ).toHaveAccessibleDescription(t('admin.config.returnFeeHint'));
  },
};

/** Without the council's creditor data: the switch disabled, saying why. */
export const ConfigDirectDebitUnavailable: Story = {
  parameters: admin({ 'GET /admin/config/': 'no_creditor_data' }),
  play: async (context) => {
    const t = textOf(context);
    const part = await section('admin-config');
    const toggle = await part.findByRole(
      'checkbox',
      { name: t('admin.config.directDebitEnabled') },
      LOADED,
    );
    await expect(toggle).toBeDisabled();
    await expect(toggle).toHaveAccessibleDescription(
      containing(t('admin.config.directDebitUnavailable')),
    );
  },
};

/** The server refuses the switch (no creditor data): its words on the switch and in the summary. */
export const ConfigDirectDebitRefused: Story = {
  parameters: admin({ 'PUT /admin/config/': 'direct_debit_unavailable' }),
  play: async (context) => {
    const t = textOf(context);
    const part = await section('admin-config');
    const save = await part.findByRole('button', { name: t('admin.config.save') }, LOADED);
    await waitFor(() => expect(save).toBeEnabled());
    await userEvent.click(save);
    const toggle = part.getByRole('checkbox', { name: t('admin.config.directDebitEnabled') });
    const refused = serverText('PUT /admin/config/', 'direct_debit_unavailable');
    await waitFor(() => expect(toggle).toHaveAttribute('aria-invalid', 'true'), LOADED);
    await expect(toggle).toHaveAccessibleDescription(containing(refused));
  },
};

/**
 * A refund the gateway refused or did not answer: the message stays in the dialog (the scenario
 * names the refund call's example).
 */
async function refundRefused(context: Context) {
  const t = textOf(context);
  const part = await section('admin-payments');
  await userEvent.click(
    await part.findByRole(
      'button',
      { name: t('admin.payments.refund.buttonFor', { order: '2611AB12CD34' }) },
      LOADED,
    ),
  );
  const dialog = within(await page().findByRole('dialog'));
  await userEvent.type(
    dialog.getByRole('textbox', { name: containing(t('admin.payments.refund.reason')) }),
    'Baja',
  );
  await userEvent.click(dialog.getByRole('button', { name: t('admin.payments.refund.confirm') }));
  await expectScenarioMessage(context, 'POST /admin/payments/{payment_id}/refund', dialog);
}

export const RefundRefused: Story = {
  parameters: admin({ 'POST /admin/payments/{payment_id}/refund': 'refund_gateway_refused' }),
  play: refundRefused,
};

export const RefundNoAnswer: Story = {
  parameters: admin({ 'POST /admin/payments/{payment_id}/refund': 'refund_gateway_no_answer' }),
  play: refundRefused,
};

/** The example circumstance's name in the story's language. */
const largeFamily = (context: Context) =>
  ({ es: 'Familia numerosa general', en: 'Large family (general)', gl: 'Familia numerosa xeral' })[
    (context.globals.locale as 'es' | 'en' | 'gl' | undefined) ?? 'es'
  ];

async function fillCircumstance(context: Context) {
  const t = textOf(context);
  const part = await section('admin-circumstances');
  await part.findByRole('table', { name: t('admin.circumstances.tableCaption') }, LOADED);
  for (const lang of ['es', 'en', 'gl'] as const) {
    const group = within(
      part.getByRole('group', { name: t(`admin.circumstances.language.${lang}`) }),
    );
    await userEvent.type(group.getByLabelText(t('admin.circumstances.name')), 'Carné Xove');
    await userEvent.type(
      group.getByLabelText(containing(t('admin.circumstances.proof'))),
      'Carné Xove en vigor.',
    );
  }
  await userEvent.click(part.getByRole('button', { name: t('admin.circumstances.create') }));
  return part;
}

/** A new circumstance needs its name and proof in every language. */
export const CircumstanceFormErrors: Story = {
  parameters: admin(),
  play: async (context) => {
    const t = textOf(context);
    const part = await section('admin-circumstances');
    await userEvent.click(
      await part.findByRole('button', { name: t('admin.circumstances.create') }, LOADED),
    );
    const galician = within(
      part.getByRole('group', { name: t('admin.circumstances.language.gl') }),
    );
    await expect(
      galician.getByLabelText(t('admin.circumstances.name')),
    ).toHaveAccessibleDescription(
      expect.stringContaining(t('admin.circumstances.required.name.gl')),
    );
  },
};

export const CircumstanceExists: Story = {
  parameters: admin({ 'POST /admin/circumstances': 'circumstance_exists' }),
  play: async (context) => {
    const part = await fillCircumstance(context);
    await expectServerMessage('POST /admin/circumstances', 'circumstance_exists', part);
  },
};

/** One that residents hold or ask for cannot be deleted: the server says why. */
export const CircumstanceDeleteRefused: Story = {
  parameters: admin({ 'DELETE /admin/circumstances/{id}': 'circumstance_in_use' }),
  play: async (context) =>
    deleteRefused('admin-circumstances', 'admin.circumstances.deleteLabel', {
      name: largeFamily(context),
    })(context),
};

/** The census office's list imported: the counts, and the DNIs the records do not have. */
export const CircumstanceImported: Story = {
  parameters: admin(),
  play: async (context) => {
    const t = textOf(context);
    const part = await section('admin-circumstances');
    await userEvent.selectOptions(
      await part.findByLabelText(t('admin.circumstances.import.circumstance'), {}, LOADED),
      '1',
    );
    await userEvent.type(
      part.getByLabelText(t('admin.circumstances.import.validUntil')),
      '2027-06-30',
    );
    await userEvent.upload(
      part.getByLabelText(t('admin.circumstances.import.file')),
      new File(['PK'], 'padron.xlsx', {
        type: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
      }),
    );
    await userEvent.click(
      part.getByRole('button', { name: t('admin.circumstances.import.submit') }),
    );
    await expect(await part.findByText('22222222J')).toBeVisible();
  },
};

/** A request chosen from the queue: its details, the document beside it, approve and refuse. */
async function reviewFirst(context: Context, person = 'Xoán López Pereira') {
  const t = textOf(context);
  const part = await section('admin-circumstance-requests');
  // the queue's examples: Xoán asks for a large family, Uxía for a disability
  const circumstance = person.startsWith('Uxía')
    ? 'Discapacidad igual o superior al 33 %'
    : 'Familia numerosa general';
  await userEvent.click(
    await part.findByRole(
      'button',
      { name: t('admin.requests.reviewLabel', { person, circumstance }) },
      LOADED,
    ),
  );
  await expect(
    part.getByRole('heading', { name: t('admin.requests.reviewTitle', { person, circumstance }) }),
  ).toHaveFocus();
  return part;
}

export const ReviewQueue: Story = {
  parameters: admin(),
  play: async (context) => {
    const t = textOf(context);
    const part = await reviewFirst(context);
    await expect(part.getByRole('button', { name: t('admin.requests.approve') })).toBeVisible();
    await expect(part.getByRole('button', { name: t('admin.requests.refuse') })).toBeVisible();
  },
};

export const ReviewQueueEmpty: Story = {
  parameters: admin({ 'GET /admin/circumstance-requests': 'empty' }),
  play: async (context) => {
    const t = textOf(context);
    const part = await section('admin-circumstance-requests');
    await expect(await part.findByText(t('admin.requests.emptyPending'), {}, LOADED)).toBeVisible();
  },
};

/**
 * A household title (a large family's) in the queue: the three children it covers, each removable,
 * and the family's fourth child to add.
 */
export const ReviewHousehold: Story = {
  parameters: admin({ 'GET /admin/circumstance-requests': 'household' }),
  play: async (context) => {
    const t = textOf(context);
    const part = await section('admin-circumstance-requests');
    const values = { person: 'Antía Vilas Souto', circumstance: 'Familia numerosa especial' };
    await userEvent.click(
      await part.findByRole('button', { name: t('admin.requests.reviewLabel', values) }, LOADED),
    );
    const people = within(part.getByRole('region', { name: t('admin.requests.people.heading') }));
    await expect(people.getAllByRole('listitem')).toHaveLength(3);
    await expect(
      people.getByRole('button', {
        name: t('admin.requests.people.remove', { person: 'Carme Vilas Souto' }),
      }),
    ).toBeVisible();
    await expect(
      people.getByRole('combobox', { name: t('admin.requests.people.addLabel') }),
    ).toHaveTextContent('Dora Vilas Souto');
  },
};

/** Approving needs the end date: none is suggested where staff take it from the document. */
export const ReviewApproveNeedsDate: Story = {
  parameters: admin(),
  play: async (context) => {
    const t = textOf(context);
    const part = await reviewFirst(context);
    await userEvent.click(part.getByRole('button', { name: t('admin.requests.approve') }));
    await expect(part.getByLabelText(t('admin.requests.validUntil'))).toHaveAccessibleDescription(
      expect.stringContaining(t('admin.requests.required.validUntil')),
    );
  },
};

/** Someone else decided it first: the server's word, nothing changed. */
export const ReviewAlreadyDecided: Story = {
  parameters: admin({ 'POST /admin/circumstance-requests/{id}/approve': 'request_decided' }),
  play: async (context) => {
    const t = textOf(context);
    const part = await reviewFirst(context, 'Uxía López Pereira');
    await userEvent.click(part.getByRole('button', { name: t('admin.requests.approve') }));
    await expectScenarioMessage(context, 'POST /admin/circumstance-requests/{id}/approve', part);
  },
};

export const ReviewRefuseNeedsReason: Story = {
  parameters: admin(),
  play: async (context) => {
    const t = textOf(context);
    const part = await reviewFirst(context);
    await userEvent.click(part.getByRole('button', { name: t('admin.requests.refuse') }));
    await expect(part.getByLabelText(t('admin.requests.reasonCode'))).toHaveAccessibleDescription(
      expect.stringContaining(t('admin.requests.required.reason')),
    );
  },
};

/** At the counter, a circumstance the person already holds: refused, said in the dialog. */
export const CounterAlreadyApproved: Story = {
  parameters: admin({ 'POST /admin/persons/{id}/circumstances': 'already_approved' }),
  play: async (context) => {
    const t = textOf(context);
    const part = await section('admin-enrolments');
    await userEvent.click(
      await part.findByRole(
        'button',
        { name: t('admin.counter.buttonFor', { name: 'María López García' }) },
        LOADED,
      ),
    );
    const dialog = within(await page().findByRole('dialog'));
    await userEvent.selectOptions(dialog.getByLabelText(t('admin.counter.circumstance')), '1');
    await userEvent.type(dialog.getByLabelText(t('admin.counter.validUntil')), '2027-11-27');
    await userEvent.click(dialog.getByRole('button', { name: t('admin.counter.submit') }));
    await expectScenarioMessage(context, 'POST /admin/persons/{id}/circumstances', dialog);
  },
};

/** Fee rules checked before sending: a family discount from the 1st member is no discount. */
export const FeeRulesErrors: Story = {
  parameters: admin(),
  play: async (context) => {
    const t = textOf(context);
    const part = await section('admin-fee-rules');
    const first = within(
      await part.findByRole('group', { name: t('admin.feeRules.familyRule', { row: 1 }) }, LOADED),
    );
    const from = first.getByLabelText(t('admin.feeRules.fromMember'));
    await userEvent.clear(from);
    await userEvent.type(from, '1');
    await userEvent.click(part.getByRole('button', { name: t('admin.feeRules.save') }));
    await expect(from).toHaveAccessibleDescription(
      expect.stringContaining(t('admin.feeRules.fromMemberRange')),
    );
  },
};

/** The server's 422 lands on the row it names. */
export const FeeRulesRefused: Story = {
  parameters: admin({ 'PUT /admin/fee-rules': 'fees_family_from_member' }),
  play: async (context) => {
    const t = textOf(context);
    const part = await section('admin-fee-rules');
    const save = await part.findByRole('button', { name: t('admin.feeRules.save') }, LOADED);
    await userEvent.click(save);
    const first = within(
      part.getByRole('group', { name: t('admin.feeRules.familyRule', { row: 1 }) }),
    );
    await waitFor(() =>
      expect(first.getByLabelText(t('admin.feeRules.fromMember'))).toHaveAccessibleDescription(
        expect.stringContaining(serverText('PUT /admin/fee-rules', 'fees_family_from_member')),
      ),
    );
  },
};

/** Prices by age: the bands start from two, and a gap is named by its ages before sending. */
export const ActivityTariffGap: Story = {
  parameters: admin(),
  play: async (context) => {
    const t = textOf(context);
    const part = await section('admin-activities');
    await userEvent.type(
      await part.findByLabelText(t('admin.activities.name')),
      'Escola de fútbol',
    );
    await userEvent.click(part.getByRole('button', { name: t('admin.activities.tariffs.start') }));
    const second = within(
      part.getByRole('group', { name: t('admin.activities.tariffs.band', { row: 2 }) }),
    );
    const from = second.getByLabelText(t('admin.activities.tariffs.minAge'));
    await userEvent.clear(from);
    await userEvent.type(from, '21');
    await userEvent.click(part.getByRole('button', { name: t('admin.activities.create') }));
    await expect(from).toHaveAccessibleDescription(
      expect.stringContaining(t('admin.activities.tariff.gap', { from: 18, to: 20 })),
    );
  },
};

/** The server's refusal of the bands, on the band it names. */
export const ActivityTariffRefused: Story = {
  parameters: admin({ 'POST /admin/activities-crud/': 'fees_tariff_gap' }),
  play: async (context) => {
    const t = textOf(context);
    const part = await section('admin-activities');
    await userEvent.type(
      await part.findByLabelText(t('admin.activities.name')),
      'Escola de fútbol',
    );
    await userEvent.type(part.getByLabelText(t('admin.activities.priceLabel')), '50');
    await userEvent.click(part.getByRole('button', { name: t('admin.activities.tariffs.start') }));
    await userEvent.click(part.getByRole('button', { name: t('admin.activities.create') }));
    const second = within(
      part.getByRole('group', { name: t('admin.activities.tariffs.band', { row: 2 }) }),
    );
    await waitFor(() =>
      expect(
        second.getByLabelText(t('admin.activities.tariffs.minAge')),
      ).toHaveAccessibleDescription(
        expect.stringContaining(serverText('POST /admin/activities-crud/', 'fees_tariff_gap')),
      ),
    );
  },
};

/** The waitlist's end the server refuses (before the close), on its field. */
export const ActivityWaitlistEndRefused: Story = {
  parameters: admin({ 'POST /admin/activities-crud/': 'waitlist_end_before_close' }),
  play: async (context) => {
    const t = textOf(context);
    const part = await section('admin-activities');
    const field = (key: string) => part.getByLabelText(t(key), { exact: false });
    await userEvent.type(await part.findByLabelText(t('admin.activities.name')), 'Baloncesto');
    await userEvent.type(part.getByLabelText(t('admin.activities.priceLabel')), '40');
    await userEvent.selectOptions(field('admin.activities.allocation'), 'lottery');
    await userEvent.type(field('admin.activities.capacity'), '10');
    // datetime-local inputs take their value whole
    fireEvent.change(field('admin.activities.openAt'), { target: { value: '2026-12-01T09:00' } });
    fireEvent.change(field('admin.activities.closeAt'), { target: { value: '2026-12-15T23:59' } });
    fireEvent.change(field('admin.activities.waitlistEndsAt'), {
      target: { value: '2027-01-10T00:00' },
    });
    await userEvent.click(part.getByRole('button', { name: t('admin.activities.create') }));
    await waitFor(() =>
      expect(field('admin.activities.waitlistEndsAt')).toHaveAccessibleDescription(
        expect.stringContaining(
          serverText('POST /admin/activities-crud/', 'waitlist_end_before_close'),
        ),
      ),
    );
  },
};

/** Payments of fees under the council's rules: each activity with how its amount came about. */
export const PaymentsWithBreakdown: Story = {
  parameters: admin({ 'GET /admin/payments/': 'with_breakdown' }),
  play: async (context) => {
    const t = textOf(context);
    const part = await section('admin-payments');
    await expect(
      await part.findByText(
        containing(
          t('admin.payments.breakdown.tariff', {
            band: t('admin.payments.breakdown.band', { min: 0, max: 17 }),
            price: eurosOf(context)(60),
          }),
        ),
        {},
        LOADED,
      ),
    ).toBeVisible();
  },
};
