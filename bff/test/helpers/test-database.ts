import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { openDatabase } from '../../src/data/open-database.js';
import type { Database } from '../../src/data/database.js';

/**
 * Which engine the suite runs on: SQLite in the test's temp dir, or, when TEST_DATABASE_URL names
 * a PostgreSQL server (npm test starts a throwaway one), a schema of its own on that server.
 */
export const testEngine: Database['engine'] = process.env.TEST_DATABASE_URL ? 'postgres' : 'sqlite';

/**
 * A fresh, empty PostgreSQL schema on the test server and the DATABASE_URL that puts a process
 * in it (its search_path); null on SQLite. `drop` removes it and everything in it.
 */
export async function freshDatabaseUrl(): Promise<{
  url: string | null;
  drop: () => Promise<void>;
}> {
  const server = process.env.TEST_DATABASE_URL;
  if (!server) return { url: null, drop: async () => {} };
  const schema = `t_${randomBytes(6).toString('hex')}`;
  const admin = new pg.Client({ connectionString: server });
  await admin.connect();
  try {
    await admin.query(`CREATE SCHEMA ${schema}`);
  } finally {
    await admin.end();
  }
  const url = new URL(server);
  url.searchParams.set('options', `-c search_path=${schema}`);
  return {
    url: url.toString(),
    async drop() {
      const client = new pg.Client({ connectionString: server });
      await client.connect();
      try {
        await client.query(`DROP SCHEMA IF EXISTS ${schema} CASCADE`);
      } finally {
        await client.end();
      }
    },
  };
}

/** The database a test app runs on, migrated, with a way to throw it away. */
export async function openTestDatabase(
  dataDir: string,
): Promise<{ db: Database; url: string | null; drop: () => Promise<void> }> {
  const { url, drop } = await freshDatabaseUrl();
  const db = await openDatabase({ databaseUrl: url, dataDir });
  return { db, url, drop };
}
