import { join } from 'node:path';

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
