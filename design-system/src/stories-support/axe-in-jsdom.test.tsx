/**
 * The stories' axe run (design system and screens) is the accessibility panel's: every rule axe
 * runs when called as the panel calls it, bar the two jsdom cannot or should not judge, and
 * label-content-name-mismatch actually judged here (jsdom's missing canvas left it "incomplete").
 */
import { render } from '@testing-library/react';
import axe from 'axe-core';
import { expect, it } from 'vitest';
import { storyAxeOptions } from './axe-in-jsdom.ts';

const ranRules = (results: axe.AxeResults) =>
  new Set(
    [results.violations, results.passes, results.incomplete, results.inapplicable].flatMap((list) =>
      list.map((rule) => rule.id),
    ),
  );

it('runs every rule Storybook’s accessibility panel runs', async () => {
  render(
    <main>
      <h1>Usuarios</h1>
      <button type="button">Eliminar</button>
    </main>,
  );
  // the panel (addon-a11y 10) calls axe.run with no runOnly: axe's default rules, region off
  const panel = ranRules(await axe.run(document, { rules: { region: { enabled: false } } }));
  const ours = ranRules(await axe.run(document, { ...storyAxeOptions, resultTypes: undefined }));
  const missing = [...panel].filter((id) => !ours.has(id) && id !== 'color-contrast');
  expect(missing).toEqual([]);
  expect(ours).toContain('label-content-name-mismatch');
});

it.each([
  ['Liberar el DNI 11223344B', ['label-content-name-mismatch']],
  ['Liberar DNI 11223344B', []],
])('a "Liberar DNI" button named "%s" has violations %j', async (name, expected) => {
  render(
    <main>
      <h1>Usuarios</h1>
      <button type="button" aria-label={name}>
        Liberar DNI
      </button>
    </main>,
  );
  const results = await axe.run(document, storyAxeOptions);
  expect(results.violations.map((v) => v.id)).toEqual(expected);
});
