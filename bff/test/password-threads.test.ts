import { readdirSync, readFileSync } from 'node:fs';
import { afterEach, describe, expect, it } from 'vitest';
import { createPasswordThreads } from '../src/services/password-threads.js';

const full = (): never => {
  throw new Error('full');
};

describe('password threads', () => {
  let pool: ReturnType<typeof createPasswordThreads> | undefined;
  afterEach(async () => {
    await pool?.close();
    pool = undefined;
  });

  it('hashes with argon2id and checks the right and a wrong password', async () => {
    pool = createPasswordThreads({ threads: 2, maxWaiting: 10, onFull: full });
    const hash = await pool.run({ op: 'hash', password: 'correct horse battery' });
    expect(hash).toMatch(/^\$argon2id\$v=19\$m=19456,t=2,p=1\$/);
    const checks = await Promise.all([
      pool.run({ op: 'verify', hash, password: 'correct horse battery' }),
      pool.run({ op: 'verify', hash, password: 'wrong horse battery' }),
      pool.run({ op: 'verify', hash, password: 'correct horse battery' }),
    ]);
    expect(checks).toEqual([true, false, true]);
    expect(pool.pending).toBe(0);
  });

  it('refuses beyond its threads plus its queue, and takes work again once it drains', async () => {
    pool = createPasswordThreads({ threads: 1, maxWaiting: 2, onFull: full });
    const accepted = [1, 2, 3].map(() => pool!.run({ op: 'hash', password: 'a password' }));
    expect(pool.pending).toBe(3);
    expect(() => pool!.run({ op: 'hash', password: 'one too many' })).toThrow('full');
    const hashes = await Promise.all(accepted);
    expect(new Set(hashes).size).toBe(3); // each with its own salt
    await expect(
      pool.run({ op: 'verify', hash: hashes[0]!, password: 'a password' }),
    ).resolves.toBe(true);
  });

  it('serves a known caller even when anonymous checks fill their queue, ahead of those waiting', async () => {
    pool = createPasswordThreads({ threads: 1, maxWaiting: 2, onFull: full });
    const hash = await pool.run({ op: 'hash', password: 'a password' });
    const done: string[] = [];
    const check = (who: string, priority: 'known' | 'anonymous') =>
      pool!.run({ op: 'verify', hash, password: 'a guess' }, priority).then(() => done.push(who));
    // a flood of anonymous checks: one thread plus two waiting, the fourth refused
    const anonymous = [1, 2, 3].map((n) => check(`anonymous ${n}`, 'anonymous'));
    expect(() => pool!.run({ op: 'verify', hash, password: 'x' }, 'anonymous')).toThrow('full');
    // staff or a known device: taken, and checked before the anonymous ones still waiting
    const known = check('known', 'known');
    await Promise.all([...anonymous, known]);
    expect(done.indexOf('known')).toBeLessThan(done.indexOf('anonymous 3'));
    expect(pool.pending).toBe(0);
  });

  it('answers an unreadable stored hash with an error, not a crash of the thread', async () => {
    pool = createPasswordThreads({ threads: 1, maxWaiting: 2, onFull: full });
    await expect(pool.run({ op: 'verify', hash: 'not-a-hash', password: 'x' })).rejects.toThrow();
    const hash = await pool.run({ op: 'hash', password: 'still working' });
    await expect(pool.run({ op: 'verify', hash, password: 'still working' })).resolves.toBe(true);
  });

  it.runIf(process.platform === 'linux')(
    'runs its threads below the main thread, so other calls get a core first',
    async () => {
      const niceOf = (tid: string) =>
        Number(readFileSync(`/proc/self/task/${tid}/stat`, 'utf8').split(') ')[1]!.split(' ')[16]);
      const before = new Set(readdirSync('/proc/self/task'));
      pool = createPasswordThreads({ threads: 1, maxWaiting: 1, onFull: full });
      await pool.run({ op: 'hash', password: 'a password' });
      const started = readdirSync('/proc/self/task').filter((tid) => !before.has(tid));
      expect(started.map(niceOf)).toContain(10);
      expect(niceOf(String(process.pid))).toBe(0);
    },
  );
});
