import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, userEvent, waitFor, within } from 'storybook/test';
import type { Scenario } from '../../stories-support/contract-handlers';
import {
  expectServerMessage,
  LOADED,
  page,
  screen,
  screenMeta,
  textOf,
} from '../../stories-support/screen-story';

export default {
  ...screenMeta,
  title: 'Screens/Linked people',
  // written here, not only in screenMeta: Storybook's index reads a story file's tags as written
  tags: ['!autodocs'],
} satisfies Meta;
type Story = StoryObj;
type Context = Parameters<NonNullable<Story['play']>>[0];

const resident = (scenario: Scenario = {}) =>
  screen('/dashboard', { session: 'resident', scenario });

async function openAddFlow(context: Context) {
  const t = textOf(context);
  const open = await page().findByRole('button', { name: t('persons.add.open') }, LOADED);
  await userEvent.click(open);
  return t;
}

async function requestCode(context: Context) {
  const t = await openAddFlow(context);
  await userEvent.type(
    page().getByRole('textbox', { name: t('persons.add.dni.label') }),
    '87654321X',
  );
  await userEvent.type(
    page().getByRole('textbox', { name: t('persons.add.phone.label') }),
    '622334455',
  );
  await userEvent.click(page().getByRole('button', { name: t('persons.add.sendCode') }));
  return t;
}

async function enterCode(context: Context) {
  const t = await requestCode(context);
  await userEvent.type(
    await page().findByRole('textbox', { name: t('persons.add.otp.label') }),
    '123456',
  );
  await userEvent.click(page().getByRole('button', { name: t('persons.add.verify.submit') }));
  return t;
}

export const List: Story = {
  parameters: resident(),
  play: async (context) => {
    const t = textOf(context);
    await expect(
      await page().findByRole(
        'button',
        { name: t('persons.remove.label', { name: 'María López García' }) },
        LOADED,
      ),
    ).toBeVisible();
  },
};

export const AddStepDetails: Story = {
  parameters: resident(),
  play: async (context) => {
    const t = await openAddFlow(context);
    await expect(
      page().getByRole('heading', { name: t('persons.add.request.heading') }),
    ).toHaveFocus();
  },
};

export const AddStepDetailsErrors: Story = {
  parameters: resident(),
  play: async (context) => {
    const t = await openAddFlow(context);
    await userEvent.click(page().getByRole('button', { name: t('persons.add.sendCode') }));
    await expect(page().getByRole('alert', { name: t('app.errorSummaryTitle') })).toBeVisible();
  },
};

export const AddPersonNotFound: Story = {
  parameters: resident({ 'POST /user/persons/request-association': 'person_not_found' }),
  play: async (context) => {
    await requestCode(context);
    await expectServerMessage('POST /user/persons/request-association', 'person_not_found');
  },
};

export const AddAlreadyLinked: Story = {
  parameters: resident({ 'POST /user/persons/request-association': 'already_associated' }),
  play: async (context) => {
    await requestCode(context);
    await expectServerMessage('POST /user/persons/request-association', 'already_associated');
  },
};

export const AddStepCode: Story = {
  parameters: resident(),
  play: async (context) => {
    const t = await requestCode(context);
    await expect(
      await page().findByRole('textbox', { name: t('persons.add.otp.label') }),
    ).toBeVisible();
  },
};

export const AddCodeWrong: Story = {
  parameters: resident({ 'POST /user/persons/verify-association': 'invalid_code' }),
  play: async (context) => {
    await enterCode(context);
    await expectServerMessage('POST /user/persons/verify-association', 'invalid_code');
  },
};

export const AddLinked: Story = {
  parameters: resident(),
  play: async (context) => {
    const t = await enterCode(context);
    await expect(await page().findByText(t('persons.associated'))).toBeVisible();
  },
};

export const RemoveConfirmation: Story = {
  parameters: resident(),
  play: async (context) => {
    const t = textOf(context);
    const remove = await page().findByRole(
      'button',
      { name: t('persons.remove.label', { name: 'María López García' }) },
      LOADED,
    );
    await userEvent.click(remove);
    const dialog = await page().findByRole('alertdialog');
    await expect(dialog).toHaveTextContent(
      t('persons.remove.confirmTitle', { name: 'María López García' }),
    );
  },
};

export const RemoveFailed: Story = {
  parameters: resident({ 'DELETE /user/persons/{id}': 'not_found' }),
  play: async (context) => {
    await RemoveConfirmation.play?.(context);
    const t = textOf(context);
    const dialog = page().getByRole('alertdialog');
    await userEvent.click(
      within(dialog).getByRole('button', { name: t('persons.remove.confirm') }),
    );
    await waitFor(() => expect(page().getByText(t('persons.remove.error'))).toBeVisible());
  },
};
