/**
 * docs/qa-with-prism.md tells QA which `?mock=` reaches which state of which screen. Each row must
 * name an example the contract has (at the status it says), and a screen story that answers that
 * call with that example (the story's play function checks the message the row promises).
 */
import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { composeStories } from '@storybook/react-vite';
import { describe, expect, it } from 'vitest';
import { exampleAnswer } from '../stories-support/contract-examples';
import type { ScreenParameters } from '../stories-support/screen-story';
import { scenariosFromSearch } from '../dev/mock-scenarios';

type StoryFile = Parameters<typeof composeStories>[0];
const storyFiles = import.meta.glob<StoryFile>('../features/**/*.stories.tsx', { eager: true });

/** "Screens/Dashboard › DeadlinePassed" → the story's parameters. */
const stories = new Map<string, { screen?: ScreenParameters }>();
for (const file of Object.values(storyFiles)) {
  const title = (file.default as { title?: string }).title;
  for (const [name, story] of Object.entries(composeStories(file))) {
    const { parameters } = story as { parameters: { screen?: ScreenParameters } };
    stories.set(`${title} › ${name}`, parameters);
  }
}

const doc = readFileSync(resolve(import.meta.dirname, '../../../docs/qa-with-prism.md'), 'utf8');
const rows = doc
  .split('\n')
  .filter((line) => line.startsWith('| ') && line.includes('`?mock=`') === false)
  .map((line) =>
    line
      .replace(/\\\|/g, '¦')
      .split('|')
      .map((cell) => cell.trim()),
  )
  .filter((cells) => cells[3]?.startsWith('`'))
  .map((cells) => ({
    state: cells[1] ?? '',
    route: (cells[2] ?? '').replace(/`/g, ''),
    mock: (cells[3] ?? '').replace(/`/g, '').replace(/¦/g, '|'),
    story: cells[5] ?? '',
  }));

describe('docs/qa-with-prism.md', () => {
  it('has the table of states', () => {
    expect(rows.length).toBeGreaterThanOrEqual(30);
  });

  it.each(rows.map((row) => [row.state, row] as const))('%s', (_state, row) => {
    const scenarios = scenariosFromSearch(`?mock=${encodeURIComponent(row.mock)}`);
    expect(Array.isArray(scenarios) && scenarios.length, row.mock).toBe(1);
    const [scenario] = scenarios as Exclude<typeof scenarios, 'off' | null>;
    const call = `${scenario!.method} ${scenario!.path}`;
    const name = /example=(\w+)/.exec(scenario!.prefer)?.[1];
    const code = /code=(\d+)/.exec(scenario!.prefer)?.[1];
    expect(name, `${row.mock} names an example`).toBeDefined();
    // the contract has it, at that status (a success example when no code is given)
    const answer = exampleAnswer(call, name);
    if (code) expect(answer.status).toBe(Number(code));
    else expect(answer.status).toBeLessThan(300);
    // and the story shows it, starting where the table says
    const parameters = stories.get(row.story);
    expect(parameters, `story ${row.story}`).toBeDefined();
    expect(parameters?.screen?.scenario[call]).toBe(name);
    expect(parameters?.screen?.route).toBe(row.route);
  });
});
