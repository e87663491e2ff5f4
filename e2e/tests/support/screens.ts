import type { Page, TestInfo } from '@playwright/test';
import { join } from 'node:path';

/** A full-page screenshot saved as a test artifact (test-results/screens/...). */
export async function snap(page: Page, testInfo: TestInfo, name: string): Promise<void> {
  const width = page.viewportSize()?.width ?? 0;
  const lang = await page.locator('html').getAttribute('lang');
  const file = join(testInfo.project.outputDir, 'screens', `${name}-${lang}-${width}px.png`);
  await page.screenshot({ path: file, fullPage: true });
}

/** True when the page scrolls sideways (nothing should at 375 px). */
export async function hasHorizontalScroll(page: Page): Promise<boolean> {
  return page.evaluate(
    () => document.documentElement.scrollWidth > document.documentElement.clientWidth + 1,
  );
}
