import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, userEvent, waitFor, within } from 'storybook/test';
import type { Scenario } from '../../../stories-support/contract-handlers';
import {
  expectScenarioMessage,
  LOADED,
  screen,
  screenMeta,
  textOf,
} from '../../../stories-support/screen-story';

export default {
  ...screenMeta,
  title: 'Screens/Admin remittances',
  // written here, not only in screenMeta: Storybook's index reads a story file's tags as written
  tags: ['!autodocs'],
} satisfies Meta;
type Story = StoryObj;
type Context = Parameters<NonNullable<Story['play']>>[0];

const admin = (scenario: Scenario = {}) => screen('/admin', { session: 'admin', scenario });

/** Opens the remittance collected on 15/10/2026 (the contract's examples). */
async function openRemittance(context: Context) {
  const t = textOf(context);
  const section = await waitFor(() => {
    const found = document.getElementById('admin-remittances');
    if (!found) throw new Error('no #admin-remittances');
    return within(found);
  }, LOADED);
  const opens = await section.findAllByRole(
    'button',
    { name: new RegExp(t('admin.remittances.openOne', { date: 'X' }).replace('X', '.+')) },
    LOADED,
  );
  await userEvent.click(opens[1]!);
  return within(await section.findByRole('region', { name: /15\/10\/2026/ }, LOADED));
}

/** The list, and one opened: its items, totals and the returns with their reasons. */
export const RemittancesListDetail: Story = {
  parameters: admin(),
  play: async (context) => {
    const t = textOf(context);
    const detail = await openRemittance(context);
    const items = await detail.findByRole('table', { name: t('admin.remittances.items') }, LOADED);
    await expect(items).toHaveTextContent('AM04 · Saldo insuficiente');
    await expect(
      detail.getByRole('table', { name: t('admin.remittances.returns') }),
    ).toHaveTextContent('RM3-52');
  },
};

/** The bank's answer refused whole: the reason on the file field, nothing changed. */
export const RemittanceReturnsInvalid: Story = {
  parameters: admin({ 'POST /admin/remittances/{id}/returns': 'returns_file_invalid' }),
  play: async (context) => {
    const t = textOf(context);
    const detail = await openRemittance(context);
    const input = detail.getByLabelText(t('admin.remittances.returnsFile'));
    await userEvent.upload(
      input,
      new File(['<Document/>'], 'camt054.xml', { type: 'application/xml' }),
    );
    await userEvent.click(
      detail.getByRole('button', { name: t('admin.remittances.applyReturns') }),
    );
    await expectScenarioMessage(context, 'POST /admin/remittances/{id}/returns', detail);
    await expect(input).toHaveAttribute('aria-invalid', 'true');
  },
};

/**
 * Where the sandbox bank is on (development, QA): beside the returns upload, the test bank's
 * answer to download, said to be a test bank.
 */
export const RemittanceSandboxBank: Story = {
  parameters: admin({ 'GET /admin/remittances/{id}': 'sandbox' }),
  play: async (context) => {
    const t = textOf(context);
    const detail = await openRemittance(context);
    await expect(
      await detail.findByRole('heading', { name: t('admin.remittances.sandboxTitle') }, LOADED),
    ).toBeVisible();
    await expect(detail.getByText(t('admin.remittances.sandboxHint'))).toBeVisible();
    await userEvent.click(
      detail.getByRole('button', { name: t('admin.remittances.sandboxAnswer') }),
    );
    await expect(detail.queryByText(t('admin.remittances.sandboxAnswerFailed'))).toBeNull();
  },
};
