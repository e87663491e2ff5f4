// npm run dev:mock — the web app against the Prism mock, for QA and designers: Prism answers every
// /api call from openapi.yaml's examples (port MOCK_PORT, 4010), Vite serves the app with hot
// reload (port 5173) and turns on the ?mock= scenario switch (docs/qa-with-prism.md). Ctrl+C
// stops both.
import { spawn } from 'node:child_process';
import { fileURLToPath } from 'node:url';

const root = fileURLToPath(new URL('..', import.meta.url));
const port = process.env.MOCK_PORT ?? '4010';
const children = [];

function start(name, command, args, options = {}) {
  const child = spawn(command, args, { cwd: root, stdio: 'inherit', ...options });
  child.on('exit', (code) => {
    console.log(`${name} stopped (${code ?? 'signal'})`);
    stop(code ?? 0);
  });
  children.push(child);
}

function stop(code) {
  for (const child of children) if (child.exitCode === null) child.kill('SIGTERM');
  process.exit(code);
}
process.on('SIGINT', () => stop(0));
process.on('SIGTERM', () => stop(0));

start('prism', 'node_modules/.bin/prism', ['mock', 'openapi.yaml', '-p', port, '-h', '127.0.0.1']);
start('web', 'npm', ['run', 'dev', '--workspace', 'web', '--', '--host', '127.0.0.1'], {
  env: { ...process.env, MOCK_API: `http://127.0.0.1:${port}`, VITE_MOCK_API: 'true' },
});
