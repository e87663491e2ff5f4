import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from './helpers/test-app.js';

/**
 * Savepoints (Database.savepoint, one per call of a group commit's batch) on both engines: a
 * failed one undoes its own writes only, nested ones included, and the others commit. On
 * PostgreSQL a savepoint's RELEASE goes with the next SAVEPOINT in one round trip, or not at all
 * before COMMIT; the statements sent say so.
 */
describe('savepoints', () => {
  let app: TestApp;

  beforeAll(async () => {
    app = await startTestApp();
  });
  afterAll(() => app.close());

  const write = (action: string) =>
    app.exec(sql`INSERT INTO audit_log (at, action) VALUES ('2026-11-21T10:00:00Z', ${action})`);
  const refused = () => Promise.reject(new Error('refused'));

  it('undoes a failed savepoint’s writes only, released ones and nested ones alike', async () => {
    const before = app.db.statements();
    await app.db.transaction(async () => {
      await app.db.savepoint(() => write('sp.one'));
      await expect(
        app.db.savepoint(async () => {
          await write('sp.two');
          await refused();
        }),
      ).rejects.toThrow('refused');
      await app.db.savepoint(async () => {
        await app.db.savepoint(() => write('sp.three-inner'));
        await write('sp.three');
      });
      await expect(
        app.db.savepoint(async () => {
          await app.db.savepoint(() => write('sp.four-inner'));
          await refused();
        }),
      ).rejects.toThrow('refused');
    });
    const sent = app.db.statements() - before;
    expect(
      await app.column(sql`SELECT action FROM audit_log WHERE action LIKE 'sp.%' ORDER BY id`),
    ).toEqual(['sp.one', 'sp.three-inner', 'sp.three']);
    // five writes, BEGIN and COMMIT; then six savepoints: on SQLite each SAVEPOINT, RELEASE and
    // ROLLBACK TO a statement (14); on PostgreSQL one round trip each (8: a RELEASE goes with the
    // next SAVEPOINT, a ROLLBACK TO with its RELEASE, and the last one's is left to COMMIT)
    expect(sent).toBe(7 + (app.db.engine === 'postgres' ? 8 : 14));
  });

  it('commits a savepoint left unreleased with its transaction, and rolls it back with it', async () => {
    await app.db.transaction(() => app.db.savepoint(() => write('sp.kept')));
    await expect(
      app.db.transaction(async () => {
        await app.db.savepoint(() => write('sp.gone'));
        await refused();
      }),
    ).rejects.toThrow('refused');
    expect(
      await app.column(
        sql`SELECT action FROM audit_log WHERE action IN ('sp.kept', 'sp.gone') ORDER BY id`,
      ),
    ).toEqual(['sp.kept']);
  });

  it('sends the same few texts whatever the number of savepoints (SQLite keeps them prepared)', async () => {
    const raw = app.db.sqliteHandle;
    if (!raw) return; // PostgreSQL: nothing is prepared per text on this path
    const prepared: string[] = [];
    const prepare = raw.prepare.bind(raw);
    raw.prepare = ((text: string) => {
      prepared.push(text);
      return prepare(text);
    }) as typeof raw.prepare;
    try {
      await app.db.transaction(async () => {
        for (let i = 0; i < 300; i++)
          await app.db.savepoint(() =>
            app.db
              .savepoint(() => (i % 2 ? refused() : write(`sp.many-${i % 2}`)))
              .catch(() => null),
          );
      });
    } finally {
      raw.prepare = prepare;
    }
    // 600 savepoints, half of them rolled back: a name per depth, each text prepared once
    expect(prepared.filter((text) => /SAVEPOINT/i.test(text)).length).toBeLessThanOrEqual(5);
  });
});
