// The scheduler behind `npm test` (scripts/test.mjs): runs a list of steps, up to `jobs` of them
// side by side, each once the steps it waits for have ended, every one in a process group of its
// own; prints their output in the order they started (the oldest running step live, the others
// kept until their turn), then each step's time and the one summary line CI reads.
//
// A signal (Ctrl-C's SIGINT, a CI timeout's SIGTERM, a closed terminal's SIGHUP) ends the run at
// once: no further step starts, every running step's whole process group gets the signal, then
// SIGKILL after a short grace, a throwaway PostgreSQL is stopped, and the summary says
// "interrupted" (exit 130 for SIGINT, 143 for SIGTERM, 129 for SIGHUP).
import { spawn } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

/**
 * A step: `name`, `command` and `args`, optional `cwd` and `env`; `after`: names of the steps it
 * needs ended first (those not selected are not waited for); `report`: 'vitest' or 'playwright'
 * when the step is a test suite whose counts go into the summary, its `args` and `env` may then
 * be functions of the JSON report's path; `setUp`: an async function run just before it starts,
 * returning `{ env, stop }` (a throwaway server for it). The order of the list is the order steps
 * start in when there is room.
 */

const SIGNAL_CODES = { SIGINT: 130, SIGTERM: 143, SIGHUP: 129 };
/** How long a step's processes have to end after the signal before they are killed outright. */
const GRACE_MS = Number(process.env.TEST_KILL_GRACE_MS ?? 5000);

const seconds = (ms) => `${(ms / 1000).toFixed(1)} s`;

/** Sends a signal to a whole process group; false when the group has gone. */
function signalGroup(pid, signal) {
  try {
    process.kill(-pid, signal);
    return true;
  } catch {
    return false;
  }
}

/** The counts of a suite's JSON report: { passed, failed, skipped } or null when it wrote none. */
function readCounts(report, file) {
  if (!existsSync(file)) return null;
  const data = JSON.parse(readFileSync(file, 'utf8'));
  if (report === 'playwright') {
    const { stats } = data;
    return {
      passed: stats.expected ?? 0,
      failed: (stats.unexpected ?? 0) + (stats.flaky ?? 0),
      skipped: stats.skipped ?? 0,
    };
  }
  return {
    passed: data.numPassedTests ?? 0,
    failed: data.numFailedTests ?? 0,
    skipped: (data.numPendingTests ?? 0) + (data.numTodoTests ?? 0),
  };
}

export async function runSteps(allSteps, { jobs = 2, only = null } = {}) {
  const unknown = (only ?? []).filter((name) => !allSteps.some((step) => step.name === name));
  if (unknown.length > 0) {
    console.error(
      `TEST_ONLY names no step ${unknown.join(', ')}; the steps: ${allSteps.map((step) => step.name).join(', ')}`,
    );
    return 2;
  }
  const steps = only ? allSteps.filter((step) => only.includes(step.name)) : allSteps;
  const selected = new Set(steps.map((step) => step.name));
  const reports = mkdtempSync(join(tmpdir(), 'portal-test-reports-'));
  const color = process.stdout.isTTY ? { FORCE_COLOR: '1' } : {};
  const state = new Map(steps.map((step) => [step.name, { status: 'waiting' }]));
  /** Started steps in start order: the first not yet printed is shown live. */
  const started = [];
  let interrupted = null;
  let wake = () => {};

  const out = (text) => process.stdout.write(text);

  /** Prints what can be printed: the finished steps at the head, then the head's output live. */
  function flush() {
    while (started.length > 0) {
      const head = state.get(started[0]);
      if (!head.live) {
        head.live = true;
        out(head.chunks.join(''));
        head.chunks = [];
      }
      if (head.status === 'running') return;
      out(head.footer);
      started.shift();
    }
  }

  function start(step) {
    const s = state.get(step.name);
    s.status = 'running';
    const reportFile = step.report ? join(reports, `${step.name}.json`) : null;
    const args = typeof step.args === 'function' ? step.args(reportFile) : step.args;
    const env = typeof step.env === 'function' ? step.env(reportFile) : step.env;
    s.chunks = [`\n▶ ${step.name}: ${step.command} ${args.join(' ')}\n`];
    s.live = false;
    started.push(step.name);
    s.started = Date.now();
    s.done = (async () => {
      let fixture = null;
      try {
        if (step.setUp) fixture = await step.setUp();
      } catch (err) {
        s.chunks.push(`✘ ${step.name}: ${err.message}\n`);
        return { code: 1 };
      }
      s.stopFixture = () => {
        const stop = fixture?.stop;
        fixture = null;
        stop?.();
      };
      if (interrupted) return { code: null };
      const child = spawn(step.command, args, {
        cwd: step.cwd ?? '.',
        env: { ...process.env, ...color, ...env, ...fixture?.env },
        stdio: ['ignore', 'pipe', 'pipe'],
        // its own process group: the step's processes (npm, shells, workers, servers) are
        // signalled together, and a terminal's Ctrl-C reaches this runner only, which decides
        detached: true,
      });
      s.child = child;
      const take = (chunk) => {
        if (s.live) out(chunk);
        else s.chunks.push(chunk.toString());
      };
      child.stdout.on('data', take);
      child.stderr.on('data', take);
      return new Promise((resolve) => {
        child.on('error', (err) => {
          take(`${err.message}\n`);
          resolve({ code: 1 });
        });
        child.on('close', (code, signal) => resolve({ code, signal }));
        // a process the step left behind holding its output open (a server it did not stop)
        // must not hold the run: it goes with its group
        child.on('exit', (code, signal) => {
          setTimeout(() => {
            signalGroup(child.pid, 'SIGKILL');
            child.stdout.destroy();
            child.stderr.destroy();
            resolve({ code, signal });
          }, 2000).unref();
        });
      });
    })().then(({ code }) => {
      s.stopFixture?.();
      s.ms = Date.now() - s.started;
      s.status = interrupted && code !== 0 ? 'interrupted' : code === 0 ? 'passed' : 'failed';
      const mark = s.status === 'passed' ? '✔' : s.status === 'failed' ? '✘' : '■';
      s.footer = `${mark} ${step.name} (${seconds(s.ms)})\n`;
      if (reportFile) s.counts = readCounts(step.report, reportFile);
      flush();
      wake();
    });
    flush();
  }

  function ready(step) {
    return (step.after ?? []).every(
      (name) => !selected.has(name) || ['passed', 'failed'].includes(state.get(name).status),
    );
  }

  function onSignal(signal) {
    if (interrupted) return;
    interrupted = signal;
    out(`\n■ ${signal}: interrupting the run\n`);
    for (const s of state.values()) {
      if (s.status !== 'running') continue;
      if (s.child?.pid) signalGroup(s.child.pid, signal === 'SIGHUP' ? 'SIGTERM' : signal);
      s.stopFixture?.();
    }
    setTimeout(() => {
      for (const s of state.values()) if (s.child?.pid) signalGroup(s.child.pid, 'SIGKILL');
    }, GRACE_MS).unref();
    wake();
  }
  const handlers = Object.keys(SIGNAL_CODES).map((signal) => {
    const handler = () => onSignal(signal);
    process.on(signal, handler);
    return [signal, handler];
  });

  const runAll = Date.now();
  for (;;) {
    const running = [...state.values()].filter((s) => s.status === 'running').length;
    if (!interrupted) {
      let free = jobs - running;
      for (const step of steps) {
        if (free <= 0) break;
        if (state.get(step.name).status === 'waiting' && ready(step)) {
          start(step);
          free -= 1;
        }
      }
    }
    const stillRunning = [...state.values()].some((s) => s.status === 'running');
    if (!stillRunning) break;
    await new Promise((resolve) => (wake = resolve));
  }
  // the processes a step left behind in its group (a server a test did not stop) end with it
  for (const s of state.values()) if (s.child?.pid) signalGroup(s.child.pid, 'SIGKILL');
  for (const [signal, handler] of handlers) process.off(signal, handler);

  return summarise(steps, state, { interrupted, ms: Date.now() - runAll });
}

function summarise(steps, state, { interrupted, ms }) {
  const totals = { passed: 0, failed: 0, skipped: 0 };
  const failedSteps = [];
  const lines = ['\nSteps:'];
  for (const step of steps) {
    const s = state.get(step.name);
    const time = s.ms === undefined ? '' : ` ${seconds(s.ms).padStart(8)}`;
    const status = s.status === 'waiting' ? 'not run' : s.status;
    lines.push(`  ${step.name.padEnd(22)} ${status.padEnd(11)}${time}`);
    if (s.status === 'failed') failedSteps.push(step.name);
    if (s.counts) {
      totals.passed += s.counts.passed;
      totals.failed += s.counts.failed;
      totals.skipped += s.counts.skipped;
    }
    // a failed check step (lint, build, ...), or a suite that failed with no failed test in its
    // report (it could not start, an error outside the tests), counts as one failure
    if (s.status === 'failed' && !(s.counts?.failed > 0)) totals.failed += 1;
  }
  lines.push(`  ${'whole run'.padEnd(34)} ${seconds(ms).padStart(8)}`);
  console.log(lines.join('\n'));
  if (failedSteps.length > 0) console.log(`\nFailed steps: ${failedSteps.join(', ')}`);
  if (interrupted) {
    const cut = steps.filter((step) => state.get(step.name).status !== 'passed');
    console.log(
      `\ninterrupted by ${interrupted}: ${cut.map((step) => step.name).join(', ')} not run to the end`,
    );
  }
  const skipped = totals.skipped ? `, ${totals.skipped} skipped` : '';
  console.log(`\ntests: ${totals.passed} passed, ${totals.failed} failed${skipped}`);
  if (interrupted) return SIGNAL_CODES[interrupted];
  return failedSteps.length > 0 || totals.failed > 0 ? 1 : 0;
}
