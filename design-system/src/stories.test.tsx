/**
 * Every story of every *.stories.tsx, in each of the three languages, rendered in jsdom and
 * checked with axe-core with the rules of Storybook's accessibility panel (WCAG 2.0/2.1/2.2 A/AA
 * and best practices). Colour contrast cannot be computed in jsdom; the token pairs are checked
 * by lib/tokens.test.ts instead.
 */
import type * as React from 'react';
import { composeStories } from '@storybook/react-vite';
import { render } from '@testing-library/react';
import axe from 'axe-core';
import { describe, expect, it } from 'vitest';
import { LOCALES } from './lib/format.ts';
import { storyAxeOptions } from './stories-support/axe-in-jsdom.ts';
import { previewAnnotations } from './stories-support/preview-annotations.tsx';

type StoryFile = Parameters<typeof composeStories>[0];

/** Composed stories of a file, with the preview annotations and the given locale global. */
function compose(file: StoryFile, locale: string): Record<string, React.ComponentType> {
  return composeStories(file, {
    ...previewAnnotations,
    initialGlobals: { locale },
  }) as unknown as Record<string, React.ComponentType>;
}

const storyFiles = import.meta.glob<StoryFile>('./**/*.stories.tsx', { eager: true });

// the rules of Storybook's accessibility panel; a component shown alone sits in no landmark (the
// screens' stories check regions)
const AXE_OPTIONS = storyAxeOptions;

function describeViolations(violations: axe.Result[]): string {
  return violations
    .map(
      (v) =>
        `${v.id} (${v.impact}): ${v.help}\n` +
        v.nodes.map((n) => `    ${n.target.join(' ')} — ${n.failureSummary ?? ''}`).join('\n'),
    )
    .join('\n');
}

it('finds the story files', () => {
  expect(Object.keys(storyFiles).length).toBeGreaterThanOrEqual(20);
});

for (const [path, file] of Object.entries(storyFiles)) {
  describe(path.replace('./components/', ''), () => {
    for (const locale of LOCALES) {
      const stories = compose(file, locale);
      for (const [name, Story] of Object.entries(stories)) {
        it(`${name} [${locale}] renders with no axe violations`, async () => {
          const { container } = render(<Story />);
          expect(container.firstChild).not.toBeNull();
          const results = await axe.run(document, AXE_OPTIONS);
          expect(results.violations, describeViolations(results.violations)).toEqual([]);
        });
      }
    }
  });
}

describe('locale global', () => {
  const file = storyFiles['./components/app-header.stories.tsx'];
  it.each([
    ['es', 'Cerrar sesión'],
    ['en', 'Log out'],
    ['gl', 'Pechar sesión'],
  ] as const)('[%s] stories show their texts in that language', (locale, logout) => {
    if (!file) throw new Error('app-header stories not found');
    const { Default } = compose(file, locale);
    if (!Default) throw new Error('Default story not found');
    const { getByRole } = render(<Default />);
    expect(getByRole('button', { name: logout })).toBeInTheDocument();
  });
});
