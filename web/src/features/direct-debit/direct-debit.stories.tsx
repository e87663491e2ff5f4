import type { Meta, StoryObj } from '@storybook/react-vite';
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
  title: 'Screens/Direct debit',
  // written here, not only in screenMeta: Storybook's index reads a story file's tags as written
  tags: ['!autodocs'],
} satisfies Meta;
type Story = StoryObj;
type Context = Parameters<NonNullable<Story['play']>>[0];

/** The council takes direct debits (the config example that says so). */
const enabled = (scenario: Scenario = {}): Scenario => ({ 'GET /config': 'bizum', ...scenario });

async function mandateForm(context: Context) {
  const t = textOf(context);
  const area = await page().findByRole('region', { name: t('payments.directDebit.title') }, LOADED);
  return within(area);
}

/** The account's direct-debit area: the mandates signed, and the empty form refused. */
export const DirectDebitMandateForm: Story = {
  parameters: screen('/mi-cuenta', { session: 'resident', scenario: enabled() }),
  play: async (context) => {
    const t = textOf(context);
    const area = await mandateForm(context);
    await expect(await area.findByText('ES91 **** **** **** **** 1332', {}, LOADED)).toBeVisible();
    await userEvent.click(
      area.getByRole('button', { name: t('payments.directDebit.form.submit') }),
    );
    await expect(area.getByLabelText(t('payments.directDebit.form.iban'))).toHaveAttribute(
      'aria-invalid',
      'true',
    );
  },
};

/** A lapsed mandate whose IBAN was erased 14 months after its last debit: the masked one stays. */
export const DirectDebitMandateIbanErased: Story = {
  parameters: screen('/mi-cuenta', {
    session: 'resident',
    scenario: enabled({ 'GET /user/mandates': 'erased' }),
  }),
  play: async (context) => {
    const t = textOf(context);
    const area = await mandateForm(context);
    await expect(await area.findByText('ES79 **** **** **** **** 6789', {}, LOADED)).toBeVisible();
    // "IBAN borrado el 16/12/2026", in the story's language (the date as its locale writes it)
    const [erased = ''] = t('payments.directDebit.mandates.ibanErased', { date: '|' }).split('|');
    await expect(area.getByText(containing(erased.trim()))).toBeVisible();
    await expect(area.getByText(t('payments.directDebit.mandate.status.lapsed'))).toBeVisible();
  },
};

/** An IBAN whose check digits do not match: the server's reason on the IBAN field. */
export const DirectDebitMandateInvalidIban: Story = {
  parameters: screen('/mi-cuenta', {
    session: 'resident',
    scenario: enabled({ 'POST /user/mandates': 'invalid_iban' }),
  }),
  play: async (context) => {
    const t = textOf(context);
    const area = await mandateForm(context);
    await userEvent.type(
      area.getByLabelText(t('payments.directDebit.form.iban')),
      'ES00 2100 0418 4502 0005 1332',
    );
    await userEvent.type(
      area.getByLabelText(t('payments.directDebit.form.holder_name')),
      'María López García',
    );
    await userEvent.type(
      area.getByLabelText(t('payments.directDebit.form.holder_dni')),
      '12345678Z',
    );
    await userEvent.click(
      area.getByRole('button', { name: t('payments.directDebit.form.submit') }),
    );
    const iban = area.getByLabelText(t('payments.directDebit.form.iban'));
    await waitFor(() => expect(iban).toHaveAttribute('aria-invalid', 'true'), LOADED);
    // the field's own error (the summary above the form says it too)
    await expectScenarioMessage(
      context,
      'POST /user/mandates',
      within(document.getElementById('mandate-iban-error')!),
    );
  },
};

/** The dashboard: a domiciled fee with each part's collection date, amount and state. */
export const DirectDebitDomiciledDashboard: Story = {
  parameters: screen('/dashboard', { session: 'resident', scenario: enabled() }),
  play: async (context) => {
    const t = textOf(context);
    const part = await page().findByRole(
      'region',
      { name: t('payments.directDebit.title') },
      LOADED,
    );
    await expect(
      await within(part).findByText(t('payments.directDebit.domiciled'), {}, LOADED),
    ).toBeVisible();
    await expect(
      within(part).getByText(
        containing(t('payments.directDebit.status.returnedWith', { reason: 'Saldo insuficiente' })),
      ),
    ).toBeVisible();
  },
};
