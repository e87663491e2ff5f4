import { expect, test, type Page } from '@playwright/test';
import {
  ADMIN,
  AdminApi,
  identity,
  loginToken,
  OPEN_CONFIG,
  registerResident,
  seedStorage,
} from './support/api';

/**
 * The floating Help button never covers anything a person can focus or click, at any width:
 * every page (the public ones, the resident's signed in, the staff panel) is scrolled from top to
 * bottom at a phone's 375 px, a tablet's 1024 px and a desktop's 1280 px, and at every step no
 * focusable element on screen has a box that meets the button's.
 */

const PUBLIC_PAGES = [
  '/login',
  '/registrarse',
  '/recuperar-cuenta',
  '/actividades',
  '/privacidad',
  '/aviso-legal',
  '/nigran-info',
  '/accesibilidad',
  '/pago-ko',
];
const RESIDENT_PAGES = ['/dashboard', '/mi-cuenta', '/actividades'];
const STAFF_PAGES = ['/admin'];
const WIDTHS = [375, 1024, 1280];

const resident = { ...identity(52), password: 'boton-axuda-2026' };

/** What lies under the Help button at some scroll position: "y=… <tag> name". */
async function controlsUnderHelp(page: Page): Promise<string[]> {
  return page.evaluate(async () => {
    const help = document.querySelector('[data-slot="help-button"]');
    if (!help) return ['no help button'];
    const FOCUSABLE =
      'a[href], button, input:not([type="hidden"]), select, textarea, summary, [tabindex], [role="checkbox"], [role="tab"]';
    /** The part of an element's box that can be seen: clipped by every scrolling ancestor. */
    const shownBox = (el: Element) => {
      let { left, top, right, bottom } = el.getBoundingClientRect();
      for (let node = el.parentElement; node && node !== document.body; node = node.parentElement) {
        const style = getComputedStyle(node);
        if (style.overflowX === 'visible' && style.overflowY === 'visible') continue;
        const clip = node.getBoundingClientRect();
        left = Math.max(left, clip.left);
        top = Math.max(top, clip.top);
        right = Math.min(right, clip.right);
        bottom = Math.min(bottom, clip.bottom);
      }
      return { left, top, right, bottom };
    };
    const usable = (el: Element) => {
      if (help.contains(el) || el === help) return false;
      // a container the app focuses by script (main, a section after a skip link) is not a control
      const native = /^(A|BUTTON|INPUT|SELECT|TEXTAREA|SUMMARY)$/.test(el.tagName);
      if (!native && el.getAttribute('tabindex') === '-1' && !el.getAttribute('role')) return false;
      if (el.closest('[aria-hidden="true"], [inert]')) return false;
      const style = getComputedStyle(el);
      return style.visibility !== 'hidden' && style.opacity !== '0' && style.display !== 'none';
    };
    const found = new Set<string>();
    const step = Math.max(100, Math.floor(window.innerHeight / 3));
    for (let y = 0; ; y += step) {
      window.scrollTo(0, y);
      await new Promise((resolve) => requestAnimationFrame(() => resolve(null)));
      const h = help.getBoundingClientRect();
      for (const el of Array.from(document.querySelectorAll(FOCUSABLE))) {
        if (!usable(el)) continue;
        const r = shownBox(el);
        if (r.right - r.left <= 0 || r.bottom - r.top <= 0) continue;
        if (r.left < h.right && h.left < r.right && r.top < h.bottom && h.top < r.bottom) {
          const name = (el.getAttribute('aria-label') ?? el.textContent ?? '').trim().slice(0, 60);
          found.add(`${el.tagName.toLowerCase()} "${name}"`);
        }
      }
      if (y >= document.documentElement.scrollHeight - window.innerHeight) break;
    }
    window.scrollTo(0, 0);
    return [...found];
  });
}

async function expectHelpCoversNothing(page: Page, path: string): Promise<void> {
  await page.goto(path);
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible({ timeout: 20_000 });
  // lists and sections that load after the heading
  await page.waitForLoadState('networkidle');
  const width = page.viewportSize()?.width;
  expect(await controlsUnderHelp(page), `under the Help button on ${path} at ${width} px`).toEqual(
    [],
  );
}

test.beforeAll(async ({ playwright, baseURL }) => {
  const request = await playwright.request.newContext({ baseURL });
  const admin = await AdminApi.login(request);
  await admin.setConfig(OPEN_CONFIG);
  const activities = await Promise.all(
    ['Natación infantil J52', 'Yoga de mañana J52', 'Pádel adultos J52'].map((name, i) =>
      admin.createActivity(name, 30 + 10 * i),
    ),
  );
  await admin.createEnrolment({
    first_name: 'Antía',
    last_name: 'Vidal Lorenzo',
    dni: resident.dni,
    phone: resident.phone,
    activity_ids: activities.map((activity) => activity.id),
  });
  await registerResident(request, resident);
  await request.dispose();
});

for (const width of WIDTHS) {
  test.describe(`at ${width} px`, () => {
    test.use({ viewport: { width, height: 800 } });

    test('public pages', async ({ page }) => {
      await seedStorage(page, { consent: true });
      for (const path of PUBLIC_PAGES) await expectHelpCoversNothing(page, path);
    });

    test("the resident's pages", async ({ page }) => {
      await seedStorage(page, { consent: true, token: await loginToken(page.request, resident) });
      for (const path of RESIDENT_PAGES) await expectHelpCoversNothing(page, path);
    });

    test('the staff panel', async ({ page }) => {
      test.setTimeout(120_000);
      await seedStorage(page, { consent: true, token: await loginToken(page.request, ADMIN) });
      for (const path of STAFF_PAGES) await expectHelpCoversNothing(page, path);
    });
  });
}
