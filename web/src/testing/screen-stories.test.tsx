/**
 * Every screen story (web/src/features/**\/*.stories.tsx), in es, en and gl: rendered by the
 * real app against the contract's examples (MSW at the fetch boundary, as in Storybook), its
 * play function run (the product's rules and each error message), then checked with axe-core
 * with the rules of Storybook's accessibility panel (WCAG 2.0/2.1/2.2 A/AA and best practices).
 */
import { composeStories } from '@storybook/react-vite';
import axe from 'axe-core';
import { mswLoader } from 'msw-storybook-addon/csf3';
import type { SetupWorker } from 'msw/browser';
import { configure, waitFor } from 'storybook/test';
import { afterEach, describe, expect, it, vi } from 'vitest';
import {
  installTextOnlyCanvas,
  storyAxeOptions,
} from '@portal/design-system/stories-support/axe-in-jsdom.ts';
import { previewAnnotations } from '@portal/design-system/stories-support/preview-annotations.tsx';
import { LOCALES } from '@portal/design-system/lib/format.ts';
import { apiServer } from './api-server';

type StoryFile = Parameters<typeof composeStories>[0];
const storyFiles = import.meta.glob<StoryFile>('../features/**/*.stories.tsx', { eager: true });

// the one MSW server every web test answers through (testing/setup.ts starts it)
const server = apiServer;

configure({ asyncUtilTimeout: 5000 });

const AXE_OPTIONS: axe.RunOptions = {
  // the rules Storybook's accessibility panel runs (WCAG 2.0/2.1/2.2 A/AA and best practices,
  // label-content-name-mismatch among them), and regions too: a screen has its landmarks
  ...storyAxeOptions,
  rules: { ...storyAxeOptions.rules, region: { enabled: true } },
};

// axe compares visible labels with accessible names after measuring text on a canvas
installTextOnlyCanvas();

const describeViolations = (violations: axe.Result[]) =>
  violations
    .map((v) => `${v.id}: ${v.help}\n${v.nodes.map((n) => `  ${n.target.join(' ')}`).join('\n')}`)
    .join('\n');

/** React's warnings (keys, act, props) and the app's own errors fail the story. */
function watchConsoleErrors() {
  const seen: string[] = [];
  vi.spyOn(console, 'error').mockImplementation((...args: unknown[]) => {
    const text = args.map(String).join(' ');
    // axe asks for a canvas to look for icon fonts; jsdom has none
    if (text.startsWith('Not implemented: HTMLCanvasElement')) return;
    seen.push(text.slice(0, 300));
  });
  return () => seen;
}

afterEach(() => vi.restoreAllMocks());

it('finds the screen stories', () => {
  expect(Object.keys(storyFiles).length).toBeGreaterThanOrEqual(1);
});

for (const [path, file] of Object.entries(storyFiles)) {
  describe(path.replace('../features/', ''), () => {
    for (const locale of LOCALES) {
      const stories = composeStories(file, {
        ...previewAnnotations,
        // the loader only resets and adds handlers, which the Node server does the same way
        loaders: [mswLoader(() => server as unknown as SetupWorker)],
        initialGlobals: { locale },
      });
      const entries = Object.entries(stories) as [string, { run: () => Promise<void> }][];
      for (const [name, Story] of entries) {
        it(`${name} [${locale}]: plays and has no axe violations`, async () => {
          const errors = watchConsoleErrors();
          await Story.run();
          // the screen has arrived (its code is loaded lazily), whatever the play did
          await waitFor(() => expect(document.querySelector('main h1')).not.toBeNull());
          // one app on the page: the previous story was unmounted
          expect(document.querySelectorAll('[data-layout]')).toHaveLength(1);
          const results = await axe.run(document, AXE_OPTIONS);
          expect(results.violations, describeViolations(results.violations)).toEqual([]);
          expect(errors(), 'console errors').toEqual([]);
        });
      }
    }
  });
}
