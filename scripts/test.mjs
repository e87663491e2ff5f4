// The one test command (npm test): static checks, every test suite, the builds and the browser
// journeys, then one summary line with the counts of all suites.
import { spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { startPostgres } from './throwaway-postgres.mjs';

const reports = mkdtempSync(join(tmpdir(), 'portal-test-reports-'));
const totals = { passed: 0, failed: 0, skipped: 0 };
const failedSteps = [];
const only = process.env.TEST_ONLY?.split(',');

function run(name, command, args, { cwd = '.', env = {} } = {}) {
  if (only && !only.includes(name)) return true;
  console.log(`\n▶ ${name}: ${command} ${args.join(' ')}`);
  const started = Date.now();
  const result = spawnSync(command, args, {
    cwd,
    stdio: 'inherit',
    env: { ...process.env, ...env },
  });
  const ok = result.status === 0;
  console.log(`${ok ? '✔' : '✘'} ${name} (${((Date.now() - started) / 1000).toFixed(1)} s)`);
  if (!ok) failedSteps.push(name);
  return ok;
}

function vitest(name, workspace, env = {}) {
  const out = join(reports, `${name}.json`);
  run(
    name,
    'npx',
    ['vitest', 'run', '--reporter=default', '--reporter=json', `--outputFile=${out}`],
    { cwd: workspace, env },
  );
  if (existsSync(out)) {
    const report = JSON.parse(readFileSync(out, 'utf8'));
    totals.passed += report.numPassedTests ?? 0;
    totals.failed += report.numFailedTests ?? 0;
    totals.skipped += (report.numPendingTests ?? 0) + (report.numTodoTests ?? 0);
  } else if (!only || only.includes(name)) {
    totals.failed += 1;
  }
}

function playwright() {
  const out = join(reports, 'e2e.json');
  run('e2e', 'npx', ['playwright', 'test', '--reporter=list,json'], {
    cwd: 'e2e',
    env: { PLAYWRIGHT_JSON_OUTPUT_NAME: out },
  });
  if (existsSync(out)) {
    const { stats } = JSON.parse(readFileSync(out, 'utf8'));
    totals.passed += stats.expected ?? 0;
    totals.failed += (stats.unexpected ?? 0) + (stats.flaky ?? 0);
    totals.skipped += stats.skipped ?? 0;
  } else if (!only || only.includes('e2e')) {
    totals.failed += 1;
  }
}

run('lint', 'npm', ['run', 'lint', '--silent']);
// the layers' boundaries and no import cycles (.dependency-cruiser.cjs; docs/architecture.md)
run('boundaries', 'npm', ['run', 'lint:boundaries', '--silent']);
run('typecheck', 'npm', ['run', 'typecheck', '--silent']);
run('contract-lint', 'npx', ['redocly', 'lint', 'openapi.yaml', '--format=summary']);
run('generated-up-to-date', 'npm', ['run', 'gen:check', '--silent']);
// high and critical advisories in what the portal ships (scripts/audit/allowlist.json for those
// that do not apply), and the audit's own rules
run('audit-rules', 'node', ['--test', 'scripts/audit/audit.test.mjs']);
run('audit', 'node', ['scripts/audit/audit.mjs']);
vitest('bff', 'bff');
// the same BFF suite again on a real PostgreSQL server of its own, thrown away afterwards
if (!only || only.includes('bff-postgres')) {
  let postgres = null;
  try {
    postgres = await startPostgres();
    vitest('bff-postgres', 'bff', { TEST_DATABASE_URL: postgres.url });
  } catch (err) {
    console.error(`✘ bff-postgres: ${err.message}`);
    failedSteps.push('bff-postgres');
    totals.failed += 1;
  } finally {
    postgres?.stop();
  }
}
vitest('web', 'web');
vitest('design-system', 'design-system');
vitest('mocks', 'mocks');
run('build', 'npm', ['run', 'build', '--silent']);
// the Dockerfile's deps and run stages played here (no Docker engine): a second council mounted
run('image-rehearsal', 'node', ['scripts/image-rehearsal.mjs']);
run('storybook-build', 'npm', ['run', 'build:storybook', '--silent']);
playwright();

if (failedSteps.length > 0) console.log(`\nFailed steps: ${failedSteps.join(', ')}`);
const skipped = totals.skipped ? `, ${totals.skipped} skipped` : '';
// a failed check step (lint, build, ...) counts as one failure next to the suites' test counts
const suites = new Set(['bff', 'bff-postgres', 'web', 'design-system', 'mocks', 'e2e']);
const failed = totals.failed + failedSteps.filter((step) => !suites.has(step)).length;
console.log(`\ntests: ${totals.passed} passed, ${failed} failed${skipped}`);
process.exit(failedSteps.length > 0 || totals.failed > 0 ? 1 : 0);
