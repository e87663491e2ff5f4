import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, userEvent, waitFor, within } from 'storybook/test';
import type { Scenario } from '../../stories-support/contract-handlers';
import { exampleAnswer } from '../../stories-support/contract-examples';
import { screen, screenMeta, textOf } from '../../stories-support/screen-story';

export default { ...screenMeta, title: 'Screens/Admin panel' } satisfies Meta;
type Story = StoryObj;
type Context = Parameters<NonNullable<Story['play']>>[0];

const admin = (scenario: Scenario = {}) => screen('/admin', { session: 'admin', scenario });
const page = () => within(document.body);

/** The server's message of a named example, as the panel shows it (a detail list joined). */
function messageOf(call: string, name: string): string {
  const { detail } = exampleAnswer(call, name).body as {
    detail: string | { msg: string }[];
  };
  return typeof detail === 'string' ? detail : detail.map((item) => item.msg).join(' ');
}

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

async function confirmIn(context: Context) {
  const t = textOf(context);
  const dialog = await page().findByRole('alertdialog');
  await userEvent.click(within(dialog).getByRole('button', { name: t('admin.common.delete') }));
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
    await expect(
      await part.findByText(messageOf('POST /admin/upload-table/', 'file_too_large')),
    ).toBeVisible();
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
    await expect(
      await part.findByText(messageOf('POST /admin/users/', 'account_exists')),
    ).toBeVisible();
  },
};

export const UserDeleteRefused: Story = {
  parameters: admin({ 'DELETE /admin/users/{id}': 'cannot_delete_self' }),
  play: async (context) => {
    const t = textOf(context);
    const part = await section('admin-users');
    await userEvent.click(
      await part.findByRole(
        'button',
        { name: t('admin.users.deleteLabel', { dni: '33445566R' }) },
        { timeout: 5000 },
      ),
    );
    await confirmIn(context);
    await expect(
      await page().findByText(messageOf('DELETE /admin/users/{id}', 'cannot_delete_self')),
    ).toBeVisible();
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
    await expect(
      await part.findByText(messageOf('POST /admin/activities-crud/', 'activity_exists')),
    ).toBeVisible();
  },
};

export const ActivityDeleteRefused: Story = {
  parameters: admin({ 'DELETE /admin/activities-crud/{id}': 'has_paid_items' }),
  play: async (context) => {
    const t = textOf(context);
    const part = await section('admin-activities');
    await userEvent.click(
      await part.findByRole(
        'button',
        { name: t('admin.activities.deleteLabel', { name: 'Pádel adultos' }) },
        { timeout: 5000 },
      ),
    );
    await confirmIn(context);
    await expect(
      await page().findByText(messageOf('DELETE /admin/activities-crud/{id}', 'has_paid_items')),
    ).toBeVisible();
  },
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
    await expect(
      await part.findByText(messageOf('POST /admin/person-activities/', 'enrolment_exists')),
    ).toBeVisible();
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
    await expect(
      await part.findByText(messageOf('PUT /admin/person-activities/{id}', 'has_paid_items')),
    ).toBeVisible();
  },
};

export const EnrolmentDeleteRefused: Story = {
  parameters: admin({ 'DELETE /admin/person-activities/{id}': 'has_paid_items' }),
  play: async (context) => {
    const t = textOf(context);
    const part = await section('admin-enrolments');
    await userEvent.click(
      await part.findByRole(
        'button',
        { name: t('admin.enrolments.deleteLabel', { name: 'María López García' }) },
        { timeout: 5000 },
      ),
    );
    await confirmIn(context);
    await expect(
      await page().findByText(messageOf('DELETE /admin/person-activities/{id}', 'has_paid_items')),
    ).toBeVisible();
  },
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
    await expect(
      await part.findByText(messageOf('PUT /admin/config/', 'validation_error')),
    ).toBeVisible();
  },
};
