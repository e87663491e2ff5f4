// The database's own count of the people whose search key holds a text, run straight on the
// database (no HTTP, no portal): the least a search's page costs, since its X-Total-Count is that
// count. Measured alone and with four counts in flight, as the list calls are.
import { once } from 'node:events';
import { Worker } from 'node:worker_threads';
import { join } from 'node:path';
import { importFrom, percentile, requireFrom } from './common.mjs';

/**
 * The repository's count of the people whose own fields hold a text (enrolments-repo.ts): on
 * SQLite its trigram index for three characters or more, else LIKE; on PostgreSQL LIKE, which its
 * planner answers from the trigram index or by a scan. The texts here are plain lowercase ASCII,
 * as folded.
 */
function countStatement(engine, text) {
  if (engine === 'postgres') {
    return {
      sql: `select count(*) as n from enrolments where search_key like $1 escape '\\'`,
      value: `%${text}%`,
    };
  }
  return text.length >= 3
    ? {
        sql: 'select count(*) as n from enrolments_search where enrolments_search match ?',
        value: `"${text}"`,
      }
    : {
        sql: `select count(*) as n from enrolments where search_key like ? escape '\\'`,
        value: `%${text}%`,
      };
}

/** The statement run in `inFlight` loops at once for `seconds`: latencies in ms, ascending. */
async function postgresLoops(databaseUrl, { sql, value }, inFlight, seconds) {
  const { default: pg } = await importFrom('bff', 'pg');
  const pool = new pg.Pool({ connectionString: databaseUrl, max: inFlight });
  try {
    // connect every client before the clock starts
    const clients = await Promise.all(Array.from({ length: inFlight }, () => pool.connect()));
    clients.forEach((c) => c.release());
    const latencies = [];
    const end = performance.now() + seconds * 1000;
    await Promise.all(
      Array.from({ length: inFlight }, async () => {
        while (performance.now() < end) {
          const started = performance.now();
          await pool.query(sql, [value]);
          latencies.push(performance.now() - started);
        }
      }),
    );
    return latencies.sort((a, b) => a - b);
  } finally {
    await pool.end();
  }
}

// better-sqlite3 is synchronous: each count in flight needs its own thread and connection
const SQLITE_LOOP = `
const { parentPort, workerData } = require('node:worker_threads');
const Database = require(workerData.driver);
const db = new Database(workerData.file, { readonly: true });
const statement = db.prepare(workerData.sql);
statement.get(workerData.value);
parentPort.postMessage('ready');
parentPort.once('message', (end) => {
  const latencies = [];
  while (Date.now() < end) {
    const started = performance.now();
    statement.get(workerData.value);
    latencies.push(performance.now() - started);
  }
  db.close();
  parentPort.postMessage(latencies);
});`;

async function sqliteLoops(file, { sql, value }, inFlight, seconds) {
  const driver = requireFrom('bff').resolve('better-sqlite3');
  const workers = Array.from(
    { length: inFlight },
    () =>
      new Worker(SQLITE_LOOP, {
        eval: true,
        workerData: { driver, file, sql, value },
      }),
  );
  try {
    // events.once rejects when a worker fails (a missing table, say) instead of waiting forever
    await Promise.all(workers.map((w) => once(w, 'message')));
    const done = workers.map((w) => once(w, 'message').then(([latencies]) => latencies));
    const end = Date.now() + seconds * 1000;
    workers.forEach((w) => w.postMessage(end));
    return (await Promise.all(done)).flat().sort((a, b) => a - b);
  } finally {
    await Promise.all(workers.map((w) => w.terminate()));
  }
}

/**
 * p50 / p99 of the count of each text, alone (one at a time, 2 s) and four in flight (3 s), on the
 * deployment's database while its portal is idle.
 */
export async function countFloor(deployment, texts) {
  const loops =
    deployment.engine === 'postgres'
      ? (statement, inFlight, seconds) =>
          postgresLoops(deployment.databaseUrl, statement, inFlight, seconds)
      : (statement, inFlight, seconds) =>
          sqliteLoops(join(deployment.dataDir, 'portal.sqlite'), statement, inFlight, seconds);
  const rows = [];
  for (const text of texts) {
    const statement = countStatement(deployment.engine, text);
    const alone = await loops(statement, 1, 2);
    const four = await loops(statement, 4, 3);
    rows.push({
      text,
      alone: { p50: percentile(alone, 50), p99: percentile(alone, 99) },
      four: { p50: percentile(four, 50), p99: percentile(four, 99) },
    });
  }
  return rows;
}
