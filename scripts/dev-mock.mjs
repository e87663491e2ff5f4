// npm run dev:mock — the web app against the Prism mock, for QA and designers: Prism answers every
// /api call from openapi.yaml's examples (port MOCK_PORT, 4010), Vite serves the app with hot
// reload (port 5173) and turns on the ?mock= scenario switch (docs/qa-with-prism.md). Ctrl+C or
// SIGTERM stops both.
import { spawn } from 'node:child_process';
import { fileURLToPath } from 'node:url';

const root = fileURLToPath(new URL('..', import.meta.url));
const port = process.env.MOCK_PORT ?? '4010';
const webPort = process.env.WEB_PORT ?? '5173';
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

function stop(code) {
  stopping = true;
  for (const child of children) {
    try {
      process.kill(-child.pid, 'SIGTERM');
    } catch {
      // already gone
    }
  }
  process.exit(code);
}
process.on('SIGINT', () => stop(0));
process.on('SIGTERM', () => stop(0));
process.on('SIGHUP', () => stop(0));

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
