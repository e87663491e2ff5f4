import type { Locator } from '@playwright/test';

/**
 * What a reader sees go wrong in a layout, found in the live page: text cut by its box (a header
 * ending in "Justific"), a word split across two lines ("Correo electr / ónico"), a control
 * sticking out of the screen. Content inside a region that scrolls sideways on purpose (a wide
 * table's scroller) may extend past the screen; it must still not be cut or split.
 */
export async function layoutProblems(root: Locator): Promise<string[]> {
  return root.evaluate((container) => {
    const problems: string[] = [];
    const screenRight = document.documentElement.clientWidth;
    // what a sighted reader sees: not hidden, not transparent (Radix keeps a transparent native
    // input beside its checkbox for forms), not marked aria-hidden
    const visible = (el: Element) => {
      const box = el.getBoundingClientRect();
      const style = getComputedStyle(el);
      return (
        box.width > 0 &&
        box.height > 0 &&
        style.visibility !== 'hidden' &&
        style.opacity !== '0' &&
        !el.closest('[aria-hidden="true"]')
      );
    };
    const scrollsSideways = (el: Element) => {
      for (let node = el.parentElement; node && node !== document.body; node = node.parentElement) {
        const overflow = getComputedStyle(node).overflowX;
        if (overflow === 'auto' || overflow === 'scroll') return true;
      }
      return false;
    };
    const name = (el: Element) => (el.textContent ?? '').trim().replace(/\s+/g, ' ').slice(0, 60);

    const TEXT = 'th, label, legend, button, dt, dd, h1, h2, h3, [role="tab"], a, td';
    for (const el of Array.from(container.querySelectorAll(TEXT))) {
      if (!visible(el) || name(el) === '') continue;
      if (el.closest('.sr-only')) continue;
      const style = getComputedStyle(el);
      // wider than its box: cut where the box hides overflow, spilling over its neighbour if not
      if (el.scrollWidth > el.clientWidth + 1 && style.display !== 'inline')
        problems.push(`${style.overflowX === 'visible' ? 'spills' : 'cut'}: "${name(el)}"`);
      // words split across lines: a word whose pieces sit on different lines
      const walker = document.createTreeWalker(el, NodeFilter.SHOW_TEXT);
      for (let node = walker.nextNode(); node; node = walker.nextNode()) {
        const text = node.textContent ?? '';
        for (const match of text.matchAll(/[\p{L}\p{N}]{2,}/gu)) {
          const range = document.createRange();
          range.setStart(node, match.index);
          range.setEnd(node, match.index + match[0].length);
          const lines = new Set(
            Array.from(range.getClientRects())
              .filter((rect) => rect.width > 0)
              .map((rect) => Math.round(rect.top)),
          );
          if (lines.size > 1) problems.push(`word split: "${match[0]}" in "${name(el)}"`);
        }
      }
    }
    for (const el of Array.from(container.querySelectorAll('input, select, textarea, button'))) {
      if (!visible(el) || scrollsSideways(el)) continue;
      const box = el.getBoundingClientRect();
      if (box.right > screenRight + 1 || box.left < -1) {
        const label =
          el.getAttribute('aria-label') ||
          (el.id && document.querySelector(`label[for="${el.id}"]`)?.textContent) ||
          el.id ||
          el.getAttribute('type');
        problems.push(`sticks out: ${el.tagName.toLowerCase()} ${label}`);
      }
    }
    return [...new Set(problems)];
  });
}
