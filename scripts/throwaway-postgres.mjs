// A throwaway PostgreSQL server for tests and benchmarks: initdb into a temp dir, pg_ctl on a free
// port with its socket in that dir, stopped and removed at the end whatever happens. Uses the
// machine's PostgreSQL binaries (Debian's postgresql package); as root, runs them as the
// `postgres` system user, because initdb refuses root.
//
//   import { startPostgres } from './throwaway-postgres.mjs'   → { url, stop, halt, resume }
//   node scripts/throwaway-postgres.mjs -- <command …>         → runs it with TEST_DATABASE_URL set
import { execFile, execFileSync, spawn, spawnSync } from 'node:child_process';
import { chownSync, existsSync, mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { freePort } from './free-port.mjs';

function binDir() {
  if (process.env.PG_BIN) return process.env.PG_BIN;
  const root = '/usr/lib/postgresql';
  const versions = existsSync(root)
    ? readdirSync(root)
        .filter((v) => /^\d+$/.test(v) && Number(v) >= 15)
        .sort((a, b) => Number(b) - Number(a))
    : [];
  for (const version of versions) {
    const dir = join(root, version, 'bin');
    if (existsSync(join(dir, 'initdb'))) return dir;
  }
  try {
    return execFileSync('pg_config', ['--bindir'], { encoding: 'utf8' }).trim();
  } catch {
    throw new Error(
      'PostgreSQL 15+ binaries not found: apt-get install postgresql (or set PG_BIN)',
    );
  }
}

/** Whether this machine has PostgreSQL's binaries (a test needing a server of its own asks). */
export function hasPostgresBinaries() {
  try {
    binDir();
    return true;
  } catch {
    return false;
  }
}

const asRoot = process.getuid?.() === 0;

/** The command line of a PostgreSQL binary, as the postgres user when we are root. */
const asPostgres = (bin, args) =>
  asRoot ? ['runuser', ['-u', 'postgres', '--', bin, ...args]] : [bin, args];

/** Runs a PostgreSQL binary. */
function run(bin, args) {
  const result = spawnSync(...asPostgres(bin, args), { encoding: 'utf8' });
  if (result.status !== 0) {
    throw new Error(`${bin} ${args.join(' ')} failed:\n${result.stdout}\n${result.stderr}`);
  }
  return result.stdout;
}

/** Runs a PostgreSQL binary without holding the caller's event loop (its requests go on). */
function runInBackground(bin, args) {
  return new Promise((resolve, reject) => {
    execFile(...asPostgres(bin, args), { encoding: 'utf8' }, (err, stdout, stderr) => {
      if (err) reject(new Error(`${bin} ${args.join(' ')} failed:\n${stdout}\n${stderr}`));
      else resolve(stdout);
    });
  });
}

/**
 * A PostgreSQL server of its own in a temporary folder. `durable`: fsync and synchronous commit
 * on, as a deployment runs (benchmarks of writes); by default off, for tests. `onSignal`: by
 * default a signal stops the server and ends the process; `false` when the caller stops it itself
 * (npm test's runner, which first stops the steps using it).
 */
export async function startPostgres({ durable = false, onSignal = true } = {}) {
  const bin = binDir();
  const dir = mkdtempSync(join(tmpdir(), 'portal-pg-'));
  if (asRoot) {
    const ids = execFileSync('id', ['-u', 'postgres'], { encoding: 'utf8' }).trim();
    const gid = execFileSync('id', ['-g', 'postgres'], { encoding: 'utf8' }).trim();
    chownSync(dir, Number(ids), Number(gid));
  }
  const data = join(dir, 'data');
  let stopped = false;
  const stop = () => {
    if (stopped) return;
    stopped = true;
    try {
      run(join(bin, 'pg_ctl'), ['-D', data, '-m', 'immediate', '-w', 'stop']);
    } catch {
      // not running (start failed): nothing to stop
    }
    rmSync(dir, { recursive: true, force: true });
  };
  process.once('exit', stop);
  // interrupted (Ctrl-C, a CI timeout): stop the server too, then end as the signal would
  for (const signal of onSignal ? ['SIGINT', 'SIGTERM', 'SIGHUP'] : []) {
    process.once(signal, () => {
      stop();
      process.exit(128 + (signal === 'SIGINT' ? 2 : signal === 'SIGTERM' ? 15 : 1));
    });
  }
  try {
    run(join(bin, 'initdb'), [
      '-D',
      data,
      '-U',
      'postgres',
      '--auth=trust',
      '--encoding=UTF8',
      '--locale=C',
      '--no-sync',
    ]);
    const port = await freePort();
    // durability off for tests: a test database is thrown away, and fsync would only slow them
    const options = [
      `-p ${port}`,
      `-k ${dir}`,
      '-c listen_addresses=127.0.0.1',
      ...(durable ? [] : ['-c fsync=off', '-c synchronous_commit=off', '-c full_page_writes=off']),
      '-c max_connections=300',
    ].join(' ');
    const startArgs = ['-D', data, '-o', options, '-l', join(dir, 'server.log'), '-w', 'start'];
    run(join(bin, 'pg_ctl'), startArgs);
    return {
      url: `postgres://postgres@127.0.0.1:${port}/postgres`,
      stop,
      /** The server's main process (its backends are its children): for CPU accounting. */
      pid: () => Number(readFileSync(join(data, 'postmaster.pid'), 'utf8').split('\n')[0]),
      // the same server stopped as an administrator would (fast: sessions ended, nothing
      // committed lost) and started again on the same data and port: a database away a while
      halt: () => runInBackground(join(bin, 'pg_ctl'), ['-D', data, '-m', 'fast', '-w', 'stop']),
      resume: () => runInBackground(join(bin, 'pg_ctl'), startArgs),
    };
  } catch (err) {
    stop();
    throw err;
  }
}

// as a command: run what follows `--` with TEST_DATABASE_URL pointing at a fresh server
if (import.meta.url === `file://${process.argv[1]}`) {
  const dash = process.argv.indexOf('--');
  const command = dash === -1 ? [] : process.argv.slice(dash + 1);
  if (command.length === 0) {
    console.error('usage: node scripts/throwaway-postgres.mjs -- <command …>');
    process.exit(2);
  }
  const { url, stop } = await startPostgres();
  const child = spawn(command[0], command.slice(1), {
    stdio: 'inherit',
    env: { ...process.env, TEST_DATABASE_URL: url },
  });
  for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => child.kill(signal));
  child.on('exit', (code, signal) => {
    stop();
    process.exit(code ?? (signal ? 1 : 0));
  });
}
