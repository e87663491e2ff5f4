// The one test command (npm test): static checks, every test suite, the builds and the browser
// journeys, then each step's time and one summary line with the counts of all suites.
//
//   TEST_ONLY=lint,web npm test   only those steps (names below)
//   TEST_JOBS=1 npm test          one step at a time (default: as many as the machine has cores)
//
// scripts/test-runner.mjs runs them (side by side, signals, the summary); its own test runs with
// TEST_STEPS naming a module whose default export replaces this list.
import { availableParallelism } from 'node:os';
import { pathToFileURL } from 'node:url';
import { resolve } from 'node:path';
import { runSteps } from './test-runner.mjs';
import { startPostgres } from './throwaway-postgres.mjs';

const vitest = (name, workspace, more = {}) => ({
  name,
  command: 'npx',
  args: (report) => [
    'vitest',
    'run',
    '--reporter=default',
    '--reporter=json',
    `--outputFile=${report}`,
  ],
  cwd: workspace,
  report: 'vitest',
  ...more,
});

const playwright = (name, suite, after) => ({
  name,
  command: 'npx',
  args: ['playwright', 'test', '--reporter=list,json'],
  cwd: 'e2e',
  env: (report) => ({ PLAYWRIGHT_JSON_OUTPUT_NAME: report, E2E_SUITE: suite }),
  report: 'playwright',
  after,
});

/**
 * The steps, in the order they start when a core is free: the longest first (the browser
 * journeys' chain, the web suite, the BFF's on PostgreSQL), the short checks last, so that no
 * long step starts when the others are nearly done. Measured times: docs/testing.md.
 */
const steps = [
  { name: 'build', command: 'npm', args: ['run', 'build', '--silent'] },
  { name: 'storybook-build', command: 'npm', args: ['run', 'build:storybook', '--silent'] },
  // the browser journeys against the built portal (e2e/playwright.config.ts)
  playwright('e2e', 'journeys', ['build']),
  vitest('web', 'web'),
  // the built Storybook from a sub-folder, and every screen story on `npm run storybook`
  playwright('e2e-storybook', 'storybook', ['storybook-build']),
  // the BFF suite on a real PostgreSQL server of its own, thrown away afterwards
  vitest('bff-postgres', 'bff', {
    async setUp() {
      const postgres = await startPostgres({ onSignal: false });
      return { env: { TEST_DATABASE_URL: postgres.url }, stop: postgres.stop };
    },
  }),
  vitest('bff', 'bff'),
  { name: 'lint', command: 'npm', args: ['run', 'lint', '--silent'] },
  // the layers' boundaries and no import cycles (.dependency-cruiser.cjs; docs/architecture.md)
  { name: 'boundaries', command: 'npm', args: ['run', 'lint:boundaries', '--silent'] },
  { name: 'typecheck', command: 'npm', args: ['run', 'typecheck', '--silent'] },
  {
    name: 'contract-lint',
    command: 'npx',
    args: ['redocly', 'lint', 'openapi.yaml', '--format=summary'],
  },
  { name: 'generated-up-to-date', command: 'npm', args: ['run', 'gen:check', '--silent'] },
  // this runner's own rules (signals, order, the summary)
  {
    name: 'test-runner',
    command: 'node',
    args: ['--test', 'scripts/test-runner.test.mjs'],
  },
  // high and critical advisories in what the portal ships (scripts/audit/allowlist.json for those
  // that do not apply), and the audit's own rules
  { name: 'audit-rules', command: 'node', args: ['--test', 'scripts/audit/audit.test.mjs'] },
  { name: 'audit', command: 'node', args: ['scripts/audit/audit.mjs'] },
  vitest('design-system', 'design-system'),
  vitest('mocks', 'mocks'),
  // the Dockerfile's deps and run stages played here (no Docker engine): a second council mounted
  {
    name: 'image-rehearsal',
    command: 'node',
    args: ['scripts/image-rehearsal.mjs'],
    after: ['build'],
  },
];

const list = process.env.TEST_STEPS
  ? (await import(pathToFileURL(resolve(process.env.TEST_STEPS)).href)).default
  : steps;
const code = await runSteps(list, {
  jobs: Number(process.env.TEST_JOBS ?? availableParallelism()),
  only: process.env.TEST_ONLY ? process.env.TEST_ONLY.split(',') : null,
});
process.exit(code);
