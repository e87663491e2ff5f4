import AxeBuilder from '@axe-core/playwright';
import { expect, type Page } from '@playwright/test';

/**
 * The rules Storybook's accessibility panel runs (addon-a11y runs axe's defaults: WCAG 2.0, 2.1
 * and 2.2 at levels A and AA, and axe's best practices; `region` off). `label-content-name-mismatch`
 * is named: the axe inside @axe-core/playwright 4.13 still calls it experimental and would leave
 * it out, while the panel's newer axe reports it.
 */
const STORYBOOK_PANEL_RULES = {
  runOnly: {
    type: 'tag' as const,
    values: ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22a', 'wcag22aa', 'best-practice'],
  },
  rules: { 'label-content-name-mismatch': { enabled: true }, region: { enabled: false } },
};

/**
 * Those rules on a page: zero violations, listed by rule and target when there are some.
 * `include` narrows the check to part of the page (a section or an open dialog) where the rest
 * was already checked: axe takes seconds on the long admin page.
 */
export async function expectAccessible(page: Page, label: string, include?: string): Promise<void> {
  // legacy mode runs axe in the page itself (no iframes here) instead of finishing the run in a
  // new blank page each time: about half the time per check
  let builder = new AxeBuilder({ page }).options(STORYBOOK_PANEL_RULES).setLegacyMode(true);
  if (include) builder = builder.include(include);
  const results = await builder.analyze();
  const summary = results.violations.map(
    (v) => `${v.id} (${v.impact}): ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`,
  );
  expect(summary, `axe violations on ${label}`).toEqual([]);
}
