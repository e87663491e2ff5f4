// @vitest-environment node
/**
 * Storybook's props tables, as the designers see them: react-docgen-typescript reads the
 * components in components/*.tsx with this package's TypeScript project and the options
 * Storybook is given (`stories-support/docgen-options.ts`). Every row has a one-line description
 * (the doc comment on the prop's declaration): the props a component declares itself, and those
 * it takes from React or Radix that a story sets in its `args` (Storybook adds a row for each,
 * empty unless the component declares and describes it). A component with stories has a table.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import docgen from 'react-docgen-typescript';
import ts from 'typescript';
import { expect, it } from 'vitest';
import { docgenOptions } from './stories-support/docgen-options.ts';

const packageDir = resolve(import.meta.dirname, '..');
const componentsDir = join(packageDir, 'src', 'components');
const names = readdirSync(componentsDir);
const componentFiles = names
  .filter((name) => name.endsWith('.tsx') && !/\.(stories|test)\.tsx$/.test(name))
  .map((name) => join(componentsDir, name));
const storyFiles = names
  .filter((name) => name.endsWith('.stories.tsx'))
  .map((name) => join(componentsDir, name));

/** Props tables by component, as Storybook builds them. */
function propsTables(): Map<string, Record<string, { description: string }>> {
  const parser = docgen.withCustomConfig(join(packageDir, 'tsconfig.json'), docgenOptions);
  const tables = new Map<string, Record<string, { description: string }>>();
  for (const doc of parser.parse(componentFiles)) tables.set(doc.displayName, doc.props);
  return tables;
}

/** The component a story file's meta names, and every key any of its `args` sets. */
function storyArgs(file: string): { component?: string; args: Set<string> } {
  const source = ts.createSourceFile(file, readFileSync(file, 'utf8'), ts.ScriptTarget.Latest);
  let component: string | undefined;
  const args = new Set<string>();
  const visit = (node: ts.Node) => {
    if (ts.isPropertyAssignment(node) && ts.isIdentifier(node.name)) {
      if (node.name.text === 'component' && ts.isIdentifier(node.initializer) && !component) {
        component = node.initializer.text;
      }
      if (node.name.text === 'args' && ts.isObjectLiteralExpression(node.initializer)) {
        for (const property of node.initializer.properties) {
          if (
            property.name &&
            (ts.isIdentifier(property.name) || ts.isStringLiteral(property.name))
          )
            args.add(property.name.text);
        }
      }
    }
    ts.forEachChild(node, visit);
  };
  visit(source);
  return { component, args };
}

const tables = propsTables();

it('describes every row of every component’s props table', () => {
  const missing = [...tables]
    // components only (PascalCase): helpers such as inputClasses have no table
    .filter(([name]) => /^[A-Z]/.test(name))
    .flatMap(([name, props]) =>
      Object.entries(props)
        .filter(([, prop]) => prop.description.trim() === '')
        .map(([prop]) => `${name}.${prop}`),
    );
  expect(tables.size).toBeGreaterThanOrEqual(40);
  expect(missing, 'props without a /** description */ on their declaration').toEqual([]);
}, 60_000);

it('gives every component with stories a props table describing what its stories set', () => {
  const problems: string[] = [];
  for (const file of storyFiles) {
    const { component, args } = storyArgs(file);
    if (!component) continue;
    const table = tables.get(component);
    if (!table || Object.keys(table).length === 0) {
      problems.push(`${component}: no props table`);
      continue;
    }
    for (const arg of args) {
      if (!table[arg]?.description.trim()) problems.push(`${component}.${arg}: set by a story`);
    }
  }
  expect(problems, 'rows Storybook shows without a description').toEqual([]);
}, 60_000);
