import { spawn, type ChildProcess } from 'node:child_process';
import { once } from 'node:events';
import { expect, test, type Page } from '@playwright/test';
import { LANGS, text } from './support/catalogs';
import { answers, freePort, repoRoot } from './support/child-process';

/** What the web app shows, in any language, when a screen cannot be shown (its code failed to load). */
const ERROR_PAGE = LANGS.map((lang) => text(lang, 'app.routeError'));

/** How long one story may take to render and play while Vite compiles its modules on demand. */
const STORY_TIMEOUT = 30_000;

/** The viewport the stories play in (Playwright's default), and the phones' widths checked after. */
const DESKTOP = { width: 1280, height: 720 };
const PHONE_WIDTHS = [375, 360];

/** What the preview reports of a story once it has rendered and played (Storybook's events). */
interface Finished {
  storyId: string;
  status: 'success' | 'error';
}
interface StoryEvents {
  /** Which page load they belong to (Vite reloads the preview when a file changes). */
  token: string;
  finished: Finished[];
  /** Why a story failed: its play function's exception, or an error while rendering. */
  thrown: { storyId: string; message: string }[];
}
declare global {
  interface Window {
    __storyEvents?: StoryEvents;
    __storyChannel?: { emit: (event: string, args: unknown) => void };
  }
}

/**
 * Runs in the preview before its own scripts: whenever Storybook's preview sets up its channel
 * (again after a reload), what it says about each story is kept for the test to read.
 */
function recordStoryEvents() {
  const events: StoryEvents = { token: String(Math.random()), finished: [], thrown: [] };
  window.__storyEvents = events;
  let current = '';
  Object.defineProperty(window, '__STORYBOOK_ADDONS_CHANNEL__', {
    configurable: true,
    get: () => window.__storyChannel,
    set(
      channel: NonNullable<Window['__storyChannel']> & {
        on: (event: string, listener: (args: never) => void) => void;
      },
    ) {
      window.__storyChannel = channel;
      channel.on('storyRenderPhaseChanged', ({ storyId }: { storyId: string }) => {
        current = storyId;
      });
      channel.on('storyFinished', (finished: Finished) => events.finished.push(finished));
      const thrown = (error: { message?: string }) =>
        events.thrown.push({ storyId: current, message: String(error?.message ?? error) });
      channel.on('playFunctionThrewException', thrown);
      channel.on('storyThrewException', thrown);
      channel.on('storyErrored', ({ title, description }: { title: string; description: string }) =>
        thrown({ message: `${title}: ${description}` }),
      );
      channel.on('unhandledErrorsWhilePlaying', (errors: { message?: string }[]) =>
        errors.forEach(thrown),
      );
    },
  });
}

/** Storybook's process group (npm, the shell and Storybook), ended however the test ends. */
let storybook: ChildProcess | undefined;
function stopStorybook() {
  if (storybook?.exitCode === null && storybook.pid) {
    try {
      process.kill(-storybook.pid, 'SIGTERM');
    } catch {
      // already gone
    }
  }
}
// a timed-out test does not reach its finally block, an interrupted run not its afterEach
test.afterEach(stopStorybook);
process.once('exit', stopStorybook);

/**
 * The designers' `npm run storybook`: the Vite dev server, not the build. Every screen story
 * opens in Chromium and must render and play, with no error page, no console error and no
 * uncaught exception (MSW answers the portal's /api calls; Vite's own module requests must
 * reach Vite).
 */
test('npm run storybook shows and plays every screen story without an error', async ({
  browser,
}) => {
  test.setTimeout(600_000);
  const port = await freePort();
  // the script as designers run it, on a free port and the address the test opens, asking nothing
  const child = (storybook = spawn(
    'npm',
    ['run', 'storybook', '--', '--port', String(port), '--host', '127.0.0.1', '--ci'],
    {
      cwd: `${repoRoot}stories`,
      env: { ...process.env, STORYBOOK_DISABLE_TELEMETRY: '1' },
      stdio: ['ignore', 'pipe', 'pipe'],
      // its own process group, so that npm, the shell and Storybook all stop together
      detached: true,
    },
  ));
  let output = '';
  child.stdout?.on('data', (chunk: Buffer) => (output += chunk.toString()));
  child.stderr?.on('data', (chunk: Buffer) => (output += chunk.toString()));
  const exited = once(child, 'exit');
  const base = `http://127.0.0.1:${port}`;
  try {
    await expect
      .poll(() => answers(`${base}/index.json`, { ok: true }), {
        timeout: 120_000,
        message: `npm run storybook did not start:\n${output}`,
      })
      .toBe(true);
    const index = (await (await fetch(`${base}/index.json`)).json()) as {
      entries: Record<string, { id: string; title: string; type: string }>;
    };
    const stories = Object.values(index.entries).filter(
      (entry) => entry.type === 'story' && entry.title.startsWith('Screens/'),
    );
    expect(stories.length).toBeGreaterThan(10);

    // as Storybook's test runner: the preview pauses animations instead of waiting for them
    const probe = await browser.newPage();
    const userAgent = `${await probe.evaluate(() => navigator.userAgent)} StorybookTestRunner`;
    await probe.close();
    const context = await browser.newContext({ userAgent, viewport: DESKTOP });
    await context.addInitScript(recordStoryEvents);
    const page = await context.newPage();
    const problems: string[] = [];
    let current = '';
    page.on('console', (message) => {
      if (message.type() !== 'error' || expectedFailedLoad(message.text(), message.location().url))
        return;
      problems.push(`${current}: console: ${message.text().split('\n')[0]}`);
    });
    page.on('pageerror', (error) => problems.push(`${current}: ${error.message}`));
    let reloads = 0;
    for (const { id } of stories) {
      current = id;
      const outcome = await playStory(page, base, id);
      reloads += outcome.reloads;
      problems.push(...outcome.problems);
      const body = await page.locator('body').innerText();
      const shown = ERROR_PAGE.find((message) => body.includes(message));
      if (shown) problems.push(`${id}: shows “${shown}”`);
      problems.push(...(await sidewaysOnPhones(page, id)));
    }
    // Vite reloads the preview when a file changes (someone editing while the test runs)
    test.info().annotations.push({ type: 'preview reloads', description: String(reloads) });
    await context.close();
    expect(problems, `${problems.length} problems in ${stories.length} screen stories`).toEqual([]);
  } finally {
    stopStorybook();
    await exited;
  }
});

/**
 * The story as it ended, on a phone: the page narrowed to each phone width in turn (no new
 * render, no second pass over the stories) must not scroll sideways, i.e. nothing wider than the
 * screen outside its own scrolling box (a wide table scrolls in its region). Back to the desktop
 * width for the next story.
 */
async function sidewaysOnPhones(page: Page, id: string): Promise<string[]> {
  const problems: string[] = [];
  for (const width of PHONE_WIDTHS) {
    await page.setViewportSize({ width, height: DESKTOP.height });
    const wider = await page
      .evaluate(async () => {
        // what reacts to the new width (media queries in scripts, resize observers) has drawn
        await new Promise((done) => requestAnimationFrame(() => requestAnimationFrame(done)));
        return document.documentElement.scrollWidth - window.innerWidth;
      })
      .catch(() => 0);
    if (wider > 0) problems.push(`${id}: scrolls sideways at ${width} px (${wider} px too wide)`);
  }
  await page.setViewportSize(DESKTOP);
  return problems;
}

/**
 * A failed load the story means: the API answering with the contract's error example it chose
 * (or a lost connection), and the browser's own favicon request. Anything else, a module of the
 * app above all, is a problem.
 */
function expectedFailedLoad(text: string, url: string): boolean {
  if (!text.startsWith('Failed to load resource')) return false;
  const { pathname } = new URL(url);
  return pathname.startsWith('/api/') || pathname === '/favicon.ico';
}

interface Opened {
  token: string;
  from: number;
}
type PreviewState =
  | { ready: false }
  | { ready: true; token: string; from: number; shown: string | null; done?: Finished };

/** The preview's page load, the story its address shows, and the story's end once reported. */
function previewState({ storyId, opened }: { storyId: string; opened: Opened | null }) {
  const events = window.__storyEvents;
  if (!events || !window.__storyChannel) return { ready: false } as const;
  const shown = new URL(location.href).searchParams.get('id');
  const from = opened?.token === events.token ? opened.from : events.finished.length;
  const done = events.finished.slice(from).find((event) => event.storyId === storyId);
  return { ready: true, token: events.token, from, shown, done } as const;
}

/** Chooses a story as Storybook's sidebar does. */
function selectStory(storyId: string) {
  window.__storyChannel?.emit('setCurrentStory', { storyId, viewMode: 'story' });
}

/**
 * Opens a story and waits until Storybook says it has finished (rendered, played): what went
 * wrong with it (its exceptions), or where it got stuck. The first story opens as a link does,
 * the others as Storybook's sidebar does, in the same preview (a fresh page for each would take
 * minutes more). The accessibility panel's checks stay off: the web suite runs them on every
 * story with the panel's rules, and here they took longer than the stories themselves.
 */
async function playStory(
  page: Page,
  base: string,
  id: string,
): Promise<{ problems: string[]; reloads: number }> {
  const deadline = Date.now() + STORY_TIMEOUT;
  let reloads = 0;
  let navigated = false;
  let opened: Opened | null = null;
  let finished: Finished | undefined;
  while (!finished && Date.now() < deadline) {
    const state: PreviewState = await page
      .evaluate(previewState, { storyId: id, opened })
      .catch(() => ({ ready: false }));
    if (!state.ready) {
      if (!opened && !navigated) {
        navigated = true;
        await page.goto(`${base}/iframe.html?id=${id}&viewMode=story&globals=a11y.manual:!true`);
      }
    } else if (opened && state.token === opened.token) {
      finished = state.done;
    } else if (!opened && !navigated) {
      // chosen as in the sidebar: its events from now on
      opened = { token: state.token, from: state.from };
      await page.evaluate(selectStory, id);
    } else {
      // opened by its address, or the preview reloaded meanwhile (Vite, a file changed): every
      // event of this page load counts, and the story is chosen again if the address is another's
      if (opened) reloads += 1;
      opened = { token: state.token, from: 0 };
      if (state.shown !== id) await page.evaluate(selectStory, id);
    }
    if (!finished) await page.waitForTimeout(100);
  }
  if (!finished) {
    const phase = await page
      .evaluate(
        () =>
          (window as unknown as { __STORYBOOK_PREVIEW__?: { currentRender?: { phase?: string } } })
            .__STORYBOOK_PREVIEW__?.currentRender?.phase,
      )
      .catch(() => undefined);
    return {
      problems: [
        `${id}: not finished after ${STORY_TIMEOUT / 1000} s (phase “${phase ?? 'none'}”)`,
      ],
      reloads,
    };
  }
  const thrown = await page.evaluate((storyId) => {
    const events = window.__storyEvents;
    if (!events) return [];
    const mine = events.thrown.filter((event) => event.storyId === storyId);
    events.thrown = [];
    return mine;
  }, id);
  const problems = thrown.map(({ message }) => `${id}: ${message.split('\n')[0]}`);
  if (finished.status === 'error' && problems.length === 0) problems.push(`${id}: errored`);
  return { problems, reloads };
}
