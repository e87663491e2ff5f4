// npm test's runner (scripts/test.mjs, scripts/test-runner.mjs) on a list of fake steps: a
// signal ends the run at once with every process of every step, the summary says so and gives
// each step's time; steps wait for those they need and run side by side.
import assert from 'node:assert/strict';
import { spawn } from 'node:child_process';
import { once } from 'node:events';
import { existsSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { test } from 'node:test';

const script = join(import.meta.dirname, 'test.mjs');

/**
 * A node one-liner as a step: it starts a grandchild that ignores SIGINT and SIGTERM (as a
 * server a test left behind might), writes both pids to `<dir>/<name>.pids`, then waits.
 */
const stubborn = (dir, name) =>
  [
    "const { spawn } = require('node:child_process');",
    "const fs = require('node:fs');",
    "const child = spawn(process.execPath, ['-e', \"process.on('SIGINT', () => {}); process.on('SIGTERM', () => {}); setInterval(() => {}, 1000)\"], { stdio: 'ignore' });",
    `fs.writeFileSync(${JSON.stringify(join(dir, `${name}.pids`))}, process.pid + ' ' + child.pid);`,
    'setInterval(() => {}, 1000);',
  ].join(' ');

/** Writes a module of steps for TEST_STEPS and returns its path. */
function stepsModule(dir, steps) {
  const file = join(dir, 'steps.mjs');
  writeFileSync(file, `export default ${JSON.stringify(steps)};\n`);
  return file;
}

function runRunner(steps, env = {}) {
  const dir = steps.dir;
  const child = spawn(process.execPath, [script], {
    env: { ...process.env, TEST_STEPS: stepsModule(dir, steps.list), TEST_ONLY: '', ...env },
    // as npm runs it: the runner in its own process group, where a terminal's Ctrl-C would be
    detached: true,
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout.on('data', (chunk) => (output += chunk));
  child.stderr.on('data', (chunk) => (output += chunk));
  const exited = once(child, 'exit');
  return { child, output: () => output, exited };
}

/** Whether a process runs (a zombie, ended but not yet reaped, does not). */
const alive = (pid) => {
  try {
    process.kill(pid, 0);
  } catch {
    return false;
  }
  try {
    return !/^\d+ \(.*\) Z/.test(readFileSync(`/proc/${pid}/stat`, 'utf8'));
  } catch {
    return true;
  }
};

async function waitFor(condition, ms = 20_000) {
  const deadline = Date.now() + ms;
  while (!condition()) {
    if (Date.now() > deadline) throw new Error('timed out');
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

for (const [signal, code] of [
  ['SIGINT', 130],
  ['SIGTERM', 143],
]) {
  test(`${signal} stops the run at once, every process of the running steps with it`, async () => {
    const dir = mkdtempSync(join(tmpdir(), 'runner-test-'));
    const node = process.execPath;
    const list = [
      { name: 'slow-a', command: node, args: ['-e', stubborn(dir, 'slow-a')] },
      { name: 'slow-b', command: node, args: ['-e', stubborn(dir, 'slow-b')] },
      // would start after either ends: must never start
      {
        name: 'next',
        command: node,
        args: ['-e', `require('node:fs').writeFileSync(${JSON.stringify(join(dir, 'next'))}, '')`],
      },
    ];
    const run = runRunner({ dir, list }, { TEST_JOBS: '2', TEST_KILL_GRACE_MS: '1000' });
    try {
      await waitFor(
        () => existsSync(join(dir, 'slow-a.pids')) && existsSync(join(dir, 'slow-b.pids')),
      );
      await new Promise((resolve) => setTimeout(resolve, 200));
      const pids = ['slow-a', 'slow-b'].flatMap((name) =>
        readFileSync(join(dir, `${name}.pids`), 'utf8')
          .split(' ')
          .map(Number),
      );
      const sent = Date.now();
      run.child.kill(signal);
      const [exitCode] = await run.exited;
      const took = Date.now() - sent;
      assert.equal(exitCode, code, run.output());
      assert.ok(took < 8000, `the runner took ${took} ms to stop`);
      // killed (reaped a moment later)
      await waitFor(() => !pids.some(alive), 3000).catch(() => {});
      for (const pid of pids) assert.equal(alive(pid), false, `process ${pid} still runs`);
      assert.equal(existsSync(join(dir, 'next')), false, 'a step started after the signal');
      assert.match(run.output(), /interrupted/);
      assert.match(run.output(), /slow-a +interrupted +\d+\.\d s/);
      assert.match(run.output(), /next +not run/);
      // CI reads the last line
      assert.match(run.output().trimEnd().split('\n').at(-1), /^tests: \d+ passed, \d+ failed/);
    } finally {
      if (run.child.exitCode === null) run.child.kill('SIGKILL');
    }
  });
}

test('steps wait for those they need, run side by side, and the summary times each', async () => {
  const dir = mkdtempSync(join(tmpdir(), 'runner-test-'));
  const node = process.execPath;
  const mark = (name, ms) => [
    '-e',
    `const fs = require('node:fs'); const f = ${JSON.stringify(join(dir, 'log'))};
     fs.appendFileSync(f, 'start ${name}\\n'); console.log('output of ${name}');
     setTimeout(() => fs.appendFileSync(f, 'end ${name}\\n'), ${ms});`,
  ];
  const list = [
    { name: 'build', command: node, args: mark('build', 600) },
    { name: 'lint', command: node, args: mark('lint', 100) },
    { name: 'journeys', command: node, args: mark('journeys', 10), after: ['build'] },
    { name: 'broken', command: node, args: ['-e', 'process.exit(3)'] },
  ];
  const run = runRunner({ dir, list }, { TEST_JOBS: '2' });
  const [exitCode] = await run.exited;
  const log = readFileSync(join(dir, 'log'), 'utf8').trim().split('\n');
  // build and lint at once; the journeys only after the build
  assert.deepEqual(log.slice(0, 2).sort(), ['start build', 'start lint']);
  assert.ok(log.indexOf('start journeys') > log.indexOf('end build'), log.join(', '));
  const output = run.output();
  // each step's output whole, in the order they started
  assert.ok(output.indexOf('output of build') < output.indexOf('output of lint'), output);
  for (const name of ['build', 'lint', 'journeys'])
    assert.match(output, new RegExp(`${name} +passed +\\d+\\.\\d s`));
  assert.match(output, /broken +failed/);
  assert.match(output, /whole run +\d+\.\d s/);
  assert.equal(exitCode, 1);
  assert.match(output.trimEnd().split('\n').at(-1), /^tests: 0 passed, 1 failed$/);
});

test('TEST_ONLY runs the named steps alone, without those they would wait for', async () => {
  const dir = mkdtempSync(join(tmpdir(), 'runner-test-'));
  const node = process.execPath;
  const list = [
    { name: 'build', command: node, args: ['-e', 'process.exit(1)'] },
    { name: 'journeys', command: node, args: ['-e', ''], after: ['build'] },
  ];
  const run = runRunner({ dir, list }, { TEST_ONLY: 'journeys' });
  const [exitCode] = await run.exited;
  assert.equal(exitCode, 0, run.output());
  assert.doesNotMatch(run.output(), /build/);
  assert.match(run.output(), /tests: 0 passed, 0 failed/);
});

test('a process a step leaves behind, holding its output, neither holds the run nor outlives it', async () => {
  const dir = mkdtempSync(join(tmpdir(), 'runner-test-'));
  const node = process.execPath;
  // the step ends at once; its child, with the step's output, would run for a minute
  const leaves = [
    "const { spawn } = require('node:child_process');",
    `const child = spawn(process.execPath, ['-e', 'setTimeout(() => {}, 60000)'], { stdio: 'inherit' });`,
    `require('node:fs').writeFileSync(${JSON.stringify(join(dir, 'left.pid'))}, String(child.pid));`,
    'child.unref();',
  ].join(' ');
  const list = [{ name: 'leaves', command: node, args: ['-e', leaves] }];
  const started = Date.now();
  const run = runRunner({ dir, list });
  const [exitCode] = await run.exited;
  assert.equal(exitCode, 0, run.output());
  assert.ok(Date.now() - started < 15_000, 'the run waited for the process left behind');
  const left = Number(readFileSync(join(dir, 'left.pid'), 'utf8'));
  await waitFor(() => !alive(left), 3000).catch(() => {});
  assert.equal(alive(left), false, 'the process left behind still runs');
});

test('TEST_ONLY with a name of no step says so and runs nothing', async () => {
  const dir = mkdtempSync(join(tmpdir(), 'runner-test-'));
  const node = process.execPath;
  const list = [
    {
      name: 'lint',
      command: node,
      args: ['-e', `require('node:fs').writeFileSync(${JSON.stringify(join(dir, 'ran'))}, '')`],
    },
  ];
  const run = runRunner({ dir, list }, { TEST_ONLY: 'lint,lnt' });
  const [exitCode] = await run.exited;
  assert.equal(exitCode, 2);
  assert.match(run.output(), /TEST_ONLY names no step lnt; the steps: lint/);
  assert.equal(existsSync(join(dir, 'ran')), false);
});
