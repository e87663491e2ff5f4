import { join } from 'node:path';
import pg from 'pg';

/** Where one database lives: a PostgreSQL address, or SQLite under a data folder. */
export interface DatabaseTarget {
  databaseUrl: string | null;
  dataDir: string;
}

/**
 * The database of one council of a deployment serving several: on SQLite its own file under
 * DATA_DIR/councils/<id>/; on PostgreSQL its own database `portal_<id>` (hyphens as underscores)
 * in the cluster DATABASE_URL names, so nothing of one council is reachable from another's
 * connection (docs/many-councils.md says why a database and not a schema).
 */
export function councilDatabase(base: DatabaseTarget, id: string): DatabaseTarget {
  const dataDir = join(base.dataDir, 'councils', id);
  if (base.databaseUrl === null) return { databaseUrl: null, dataDir };
  const url = new URL(base.databaseUrl);
  url.pathname = `/${councilDatabaseName(id)}`;
  return { databaseUrl: url.toString(), dataDir };
}

/** The PostgreSQL database name of a council (its id is checked by COUNCIL_ID). */
export function councilDatabaseName(id: string): string {
  return `portal_${id.replace(/-/g, '_')}`;
}

/**
 * Whether the council's PostgreSQL database exists in the cluster DATABASE_URL names, and, when
 * `create` says so and it does not, creates it (outside production the deployment does; in
 * production only `npm run admin -- councils add` does, so a typo never starts a new council).
 * Connects to the database DATABASE_URL names itself to ask.
 */
export async function ensureCouncilDatabase(
  databaseUrl: string,
  id: string,
  create: boolean,
): Promise<'exists' | 'created' | 'missing'> {
  const name = councilDatabaseName(id);
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    const found = await client.query('SELECT 1 FROM pg_database WHERE datname = $1', [name]);
    if (found.rowCount) return 'exists';
    if (!create) return 'missing';
    try {
      // the name is checked (COUNCIL_ID: letters, digits, underscores), never the caller's text
      await client.query(`CREATE DATABASE "${name}"`);
    } catch (err) {
      // another process created it first
      if ((err as { code?: string }).code !== '42P04') throw err;
    }
    return 'created';
  } finally {
    await client.end();
  }
}
