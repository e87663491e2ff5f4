import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, userEvent, waitFor, within } from 'storybook/test';
import type { Scenario } from '../../stories-support/contract-handlers';
import { exampleAnswer } from '../../stories-support/contract-examples';
import {
  containing,
  expectScenarioMessage,
  expectServerMessage,
  page,
  screen,
  screenMeta,
  textOf,
  type ScreenParameters,
} from '../../stories-support/screen-story';

export default { ...screenMeta, title: 'Screens/Admin panel' } satisfies Meta;
type Story = StoryObj;
type Context = Parameters<NonNullable<Story['play']>>[0];

const admin = (scenario: Scenario = {}) => screen('/admin', { session: 'admin', scenario });

/** One section of the panel, once its first rows (or its form) have loaded. */
async function section(id: string) {
  await page().findByRole('heading', { level: 1 }, { timeout: 5000 });
  const element = await waitFor(
    () => {
      const found = document.getElementById(id);
      if (!found) throw new Error(`no #${id}`);
      return found;
    },
    { timeout: 5000 },
  );
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
    const button = await part.findByRole('button', { name: t(labelId, values) }, { timeout: 5000 });
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
    await expect(await users.findByText('33445566R', {}, { timeout: 5000 })).toBeVisible();
  },
};

/** MFA_FOR_ADMINS=required and no second factor yet: only its setup is offered. */
export const SecondFactorRequired: Story = {
  parameters: admin({ 'GET /admin/mfa': 'required_not_set_up' }),
  play: async (context) => {
    const t = textOf(context);
    await expect(
      await page().findByText(t('admin.mfa.requiredNotice'), {}, { timeout: 5000 }),
    ).toBeVisible();
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
      await part.findByText(t('admin.users.recordsAddedByResident'), {}, { timeout: 5000 }),
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
      await part.findByText(t('admin.msg.error_loading_users'), {}, { timeout: 5000 }),
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
        { timeout: 5000 },
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
        { timeout: 5000 },
      ),
    );
    await userEvent.click(part.getByRole('button', { name: t('admin.enrolments.saveChanges') }));
    await expectServerMessage('PUT /admin/person-activities/{id}', 'has_paid_items', part);
  },
};

export const EnrolmentDeleteRefused: Story = {
  parameters: admin({ 'DELETE /admin/person-activities/{id}': 'has_paid_items' }),
  play: deleteRefused('admin-enrolments', 'admin.enrolments.deleteLabel', {
    name: 'María López García',
  }),
};

export const ConfigSaveRefused: Story = {
  parameters: admin({ 'PUT /admin/config/': 'validation_error' }),
  play: async (context) => {
    const t = textOf(context);
    const part = await section('admin-config');
    const save = await part.findByRole(
      'button',
      { name: t('admin.config.save') },
      { timeout: 5000 },
    );
    await waitFor(() => expect(save).toBeEnabled());
    await userEvent.click(save);
    await expectServerMessage('PUT /admin/config/', 'validation_error', part);
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
      { timeout: 5000 },
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
