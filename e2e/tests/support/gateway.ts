import { expect, type Page } from '@playwright/test';
import { expectAccessible } from './a11y';

export const TEST_CARD = {
  number: '4548810000000003',
  expiry: '12/49',
  cvv: '123',
  denyCvv: '999',
};

/**
 * Clicks the dashboard's pay button and returns the sandbox gateway, which the hidden form opens
 * in a new tab.
 */
export async function openGateway(dashboard: Page, payLabel: RegExp | string): Promise<Page> {
  const popup = dashboard.context().waitForEvent('page');
  await dashboard.getByRole('button', { name: payLabel }).click();
  const gateway = await popup;
  await gateway.waitForLoadState();
  await expect(gateway).toHaveURL(/\/api\/payments\/sandbox$/);
  await expect(gateway.locator('#card_number')).toBeVisible();
  return gateway;
}

/** Fills the card form and pays; the gateway redirects to /pago-ok or /pago-ko. */
export async function payInGateway(
  gateway: Page,
  options: { cvv?: string; axeLabel?: string } = {},
): Promise<void> {
  if (options.axeLabel) await expectAccessible(gateway, options.axeLabel);
  await gateway.locator('#card_number').fill(TEST_CARD.number);
  await gateway.locator('#expiry').fill(TEST_CARD.expiry);
  await gateway.locator('#cvv').fill(options.cvv ?? TEST_CARD.cvv);
  await gateway.locator('button[value="approve"]').click();
}
