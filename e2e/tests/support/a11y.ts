import AxeBuilder from '@axe-core/playwright';
import { expect, type Page } from '@playwright/test';

/**
 * WCAG 2.1 AA with axe: zero violations, listed by rule and target when there are some.
 * `include` narrows the check to part of the page (a section or an open dialog) where the rest
 * was already checked: axe takes seconds on the long admin page.
 */
export async function expectAccessible(page: Page, label: string, include?: string): Promise<void> {
  // legacy mode runs axe in the page itself (no iframes here) instead of finishing the run in a
  // new blank page each time: about half the time per check
  let builder = new AxeBuilder({ page })
    .withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'])
    .setLegacyMode(true);
  if (include) builder = builder.include(include);
  const results = await builder.analyze();
  const summary = results.violations.map(
    (v) => `${v.id} (${v.impact}): ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`,
  );
  expect(summary, `axe violations on ${label}`).toEqual([]);
}
