// A deployment of the portal for a benchmark row: SQLite or PostgreSQL, one or more server
// processes on the same database, each on its own port, as behind a load balancer.
import { startPostgres } from '../../scripts/throwaway-postgres.mjs';
import { importFrom, makeTempDir, removeTempDir } from './common.mjs';
import { startPortal } from './portal.mjs';

let postgres = null;
let databases = 0;

/**
 * A fresh PostgreSQL database on the run's throwaway server (started on first use). Durable
 * (fsync and synchronous commit on, as deployed) when BENCH_PG_DURABLE=1 or `durable`: the
 * figures of a write path (the rush) mean nothing without the commit's flush; the other benches
 * keep the faster server their earlier figures were measured on.
 */
export async function freshPostgresUrl({ durable = process.env.BENCH_PG_DURABLE === '1' } = {}) {
  if (postgres && postgres.durable !== durable) stopPostgres();
  postgres ??= { ...(await startPostgres({ durable })), durable };
  const { default: pg } = await importFrom('bff', 'pg');
  const name = `bench_${++databases}`;
  const client = new pg.Client({ connectionString: postgres.url });
  await client.connect();
  try {
    await client.query(`CREATE DATABASE ${name}`);
  } finally {
    await client.end();
  }
  return postgres.url.replace(/\/postgres$/, `/${name}`);
}

/** The throwaway PostgreSQL server's main process, if one is running (CPU accounting). */
export const postgresPid = () => postgres?.pid() ?? null;

/** Stops the throwaway PostgreSQL server, if one was started. */
export function stopPostgres() {
  postgres?.stop();
  postgres = null;
}

export async function startDeployment({
  engine,
  processes = 1,
  env = {},
  serverJs,
  nodeArgs = [],
  durable,
}) {
  const dataDir = makeTempDir('portal-bench-');
  const databaseUrl = engine === 'postgres' ? await freshPostgresUrl({ durable }) : null;
  const shared = { ...env, ...(databaseUrl ? { DATABASE_URL: databaseUrl } : {}) };
  const servers = [];
  try {
    // the first one migrates and bootstraps; the others then start on a ready database
    servers.push(await startPortal({ dataDir, env: shared, serverJs, nodeArgs }));
    for (let i = 1; i < processes; i++) {
      servers.push(await startPortal({ dataDir, env: shared, serverJs, nodeArgs }));
    }
  } catch (err) {
    await Promise.all(servers.map((s) => s.close()));
    removeTempDir(dataDir);
    throw err;
  }
  return {
    engine,
    processes,
    servers,
    dataDir,
    databaseUrl,
    baseUrl: servers[0].baseUrl,
    pids: servers.map((s) => s.pid),
    async close() {
      await Promise.all(servers.map((s) => s.close()));
      removeTempDir(dataDir);
    },
  };
}
