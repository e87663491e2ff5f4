import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { compiledStatement, idList, idsIn, pairsIn } from '../src/data/compiled-query.js';
import type { Database } from '../src/data/database.js';
import { createEnrolmentsRepo } from '../src/data/enrolments-repo.js';
import { openTestDatabase } from './helpers/test-database.js';

/**
 * Statements built once per engine and run with each call's parameters (compiled-query.ts), on
 * the engine the suite runs on: the same rows as the query built per call, in the caller's
 * transaction, lists of any length through one text, and a builder that would bake a value
 * into the statement refused.
 */
describe('compiled statements', () => {
  let dataDir: string;
  let db: Database;
  let drop: () => Promise<void>;
  const ids: number[] = [];

  beforeAll(async () => {
    dataDir = mkdtempSync(join(tmpdir(), 'portal-compiled-'));
    ({ db, drop } = await openTestDatabase(dataDir));
    const enrolments = createEnrolmentsRepo(db);
    for (const [i, name] of ['Uxía', 'Brais', 'Antía'].entries())
      ids.push(
        await enrolments.insert({
          first_name: name,
          last_name: 'Núñez Rey',
          dni: null,
          email: null,
          phone: `60000000${i}`,
        }),
      );
  });
  afterAll(async () => {
    await db.close();
    await drop();
    rmSync(dataDir, { recursive: true, force: true });
  });

  it('builds once per engine and gives each call its own values', async () => {
    let built = 0;
    const byId = compiledStatement((q, p: { id: number }) => {
      built++;
      return q.selectFrom('enrolments').select(['id', 'first_name']).where('id', '=', p.id);
    });
    expect(await byId.first(db, { id: ids[0]! })).toEqual({ id: ids[0], first_name: 'Uxía' });
    expect(await byId.first(db, { id: ids[1]! })).toEqual({ id: ids[1], first_name: 'Brais' });
    expect(await byId.first(db, { id: -1 })).toBeUndefined();
    expect(built).toBe(1);
  });

  it('keeps the constants the builder wrote beside the parameters', async () => {
    const named = compiledStatement((q, p: { name: string }) =>
      q
        .selectFrom('enrolments')
        .select('first_name')
        .where('last_name', '=', 'Núñez Rey')
        .where('first_name', '=', p.name),
    );
    expect(await named.rows(db, { name: 'Antía' })).toEqual([{ first_name: 'Antía' }]);
    const raw = compiledStatement(
      (_q, p: { id: number }) =>
        sql<{
          n: number;
        }>`select count(*) as n from enrolments where id = ${p.id} and phone <> ${'x'}`,
    );
    expect(Number((await raw.first(db, { id: ids[2]! }))?.n)).toBe(1);
  });

  it('runs in the caller’s transaction: a rollback undoes its write', async () => {
    const rename = compiledStatement((q, p: { id: number; name: string }) =>
      q.updateTable('enrolments').set({ first_name: p.name }).where('id', '=', p.id),
    );
    await expect(
      db.transaction(async () => {
        const result = await rename.run(db, { id: ids[0]!, name: 'Xiana' });
        expect(result.numAffectedRows).toBe(1n);
        throw new Error('undo');
      }),
    ).rejects.toThrow('undo');
    const read = compiledStatement((q, p: { id: number }) =>
      q.selectFrom('enrolments').select('first_name').where('id', '=', p.id),
    );
    expect(await read.first(db, { id: ids[0]! })).toEqual({ first_name: 'Uxía' });
  });

  it('outside a transaction, waits for one another call holds: never reads its uncommitted rows', async () => {
    const read = compiledStatement((q, p: { id: number }) =>
      q.selectFrom('enrolments').select('first_name').where('id', '=', p.id),
    );
    const rename = compiledStatement((q, p: { id: number; name: string }) =>
      q.updateTable('enrolments').set({ first_name: p.name }).where('id', '=', p.id),
    );
    let renamed!: () => void;
    const written = new Promise<void>((resolve) => (renamed = resolve));
    let release!: () => void;
    const held = new Promise<void>((resolve) => (release = resolve));
    const other = db.transaction(async () => {
      await rename.run(db, { id: ids[1]!, name: 'Iria' });
      renamed();
      await held;
      throw new Error('undo');
    });
    await written;
    // while that transaction holds the connection (SQLite's one, PostgreSQL's pool alike)
    const seen = read.first(db, { id: ids[1]! });
    release();
    await expect(other).rejects.toThrow('undo');
    expect(await seen).toEqual({ first_name: 'Brais' });
  });

  it('counts each statement it runs, inside a transaction and outside', async () => {
    const read = compiledStatement((q, p: { id: number }) =>
      q.selectFrom('enrolments').select('id').where('id', '=', p.id),
    );
    const before = db.statements();
    await read.first(db, { id: ids[0]! });
    expect(db.statements() - before).toBe(1);
    const inside = db.statements();
    await db.transaction(() => read.first(db, { id: ids[0]! }));
    // BEGIN, the read, COMMIT
    expect(db.statements() - inside).toBe(3);
  });

  it('takes a list of any length, and pairs, as one parameter of one text', async () => {
    const some = compiledStatement((q, p: { ids: string }, target) =>
      q.selectFrom('enrolments').select('id').where('id', 'in', idsIn(target, p.ids)).orderBy('id'),
    );
    const found = async (list: number[]) =>
      (await some.rows(db, { ids: idList(list) })).map((row) => row.id);
    expect(await found([ids[2]!, ids[0]!])).toEqual([ids[0], ids[2]]);
    expect(await found(ids)).toEqual(ids);
    expect(await found([])).toEqual([]);
    const pairs = compiledStatement((q, p: { pairs: string }, target) =>
      q
        .selectFrom('enrolments')
        .select('id')
        .where(sql`(id, ${sql.ref('id')})`, 'in', pairsIn(target, p.pairs)),
    );
    expect(
      (
        await pairs.rows(db, {
          pairs: idList([
            [ids[1]!, ids[1]!],
            [ids[0]!, ids[2]!],
          ]),
        })
      ).map((row) => row.id),
    ).toEqual([ids[1]]);
  });

  it('refuses a builder that reads a parameter itself, and a call that leaves one out', async () => {
    const baked = compiledStatement((q, p: { id: number; all: boolean }) =>
      q
        .selectFrom('enrolments')
        .select('id')
        .$if(!p.all, (w) => w.where('id', '=', p.id)),
    );
    await expect(baked.rows(db, { id: ids[0]!, all: true })).rejects.toThrow(
      'compiled statement: all not bound as parameters',
    );
    const byId = compiledStatement((q, p: { id: number }) =>
      q.selectFrom('enrolments').select('id').where('id', '=', p.id),
    );
    await expect(byId.rows(db, {} as { id: number })).rejects.toThrow(
      'compiled statement: no value for id',
    );
  });
});
