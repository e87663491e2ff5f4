// npm run dev:mock — the web app against the Prism mock, for QA and designers: Prism answers every
// /api call from openapi.yaml's examples (port MOCK_PORT, 4010), Vite serves the app with hot
// reload (port 5173) and turns on the ?mock= scenario switch and the stand-in bank page
// (docs/qa-with-prism.md). Ctrl+C, SIGTERM or SIGHUP, to this script or to npm running it, stops
// both.
import { spawn } from 'node:child_process';
import { once } from 'node:events';
import { fileURLToPath } from 'node:url';

const root = fileURLToPath(new URL('..', import.meta.url));
const port = process.env.MOCK_PORT ?? '4010';
const webPort = process.env.WEB_PORT ?? '5173';
/** How long Prism and Vite get to stop after SIGTERM before they are killed. */
const GRACE_MS = 5_000;
const children = [];
let stopping = false;

/**
 * Each tool runs as the leader of a process group of its own, so stopping it stops whatever it
 * started too (a SIGTERM to npm alone used to leave Vite serving on 5173).
 */
function start(name, command, args, options = {}) {
  const child = spawn(command, args, { cwd: root, stdio: 'inherit', detached: true, ...options });
  child.on('exit', (code) => {
    if (!stopping) console.log(`${name} stopped (${code ?? 'signal'})`);
    stop(code ?? 0);
  });
  children.push(child);
}

function signalGroup(child, signal) {
  try {
    process.kill(-child.pid, signal);
  } catch {
    // the group is gone already
  }
}

function exited(child) {
  return child.exitCode !== null || child.signalCode !== null ? null : once(child, 'exit');
}

/** Stops both tools and whatever they started, then exits: no port and no process left. */
function stop(code) {
  if (stopping) return;
  stopping = true;
  for (const child of children) signalGroup(child, 'SIGTERM');
  const force = setTimeout(
    () => children.forEach((child) => signalGroup(child, 'SIGKILL')),
    GRACE_MS,
  );
  void Promise.all(children.map(exited)).then(() => {
    clearTimeout(force);
    // a helper a tool left behind (esbuild's service, a worker) goes with its group
    for (const child of children) signalGroup(child, 'SIGKILL');
    process.exit(code);
  });
}
process.on('SIGINT', () => stop(0));
process.on('SIGTERM', () => stop(0));
process.on('SIGHUP', () => stop(0));

// npm passes SIGINT and SIGTERM on to this script (package.json runs it with `exec`, so no shell
// sits in between to swallow them) but dies of SIGHUP without a word: a new parent means
// whoever started the script is gone, and so should the tools be.
const parent = process.ppid;
setInterval(() => {
  if (process.ppid !== parent) stop(0);
}, 250).unref();

start('prism', 'node_modules/.bin/prism', ['mock', 'openapi.yaml', '-p', port, '-h', '127.0.0.1']);
start(
  'web',
  `${root}node_modules/.bin/vite`,
  ['--host', '127.0.0.1', '--port', webPort, '--strictPort'],
  {
    cwd: `${root}web`,
    env: { ...process.env, MOCK_API: `http://127.0.0.1:${port}`, VITE_MOCK_API: 'true' },
  },
);
