import { createHash } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { drandRoundAfter, drandRoundTime } from '../../src/adapters/drand/drand-client.js';
import {
  CODE_LENGTH,
  drawPlaces,
  drawSeed,
  rankingSeed,
  newApplicationCode,
  newDrawSeed,
  rankKey,
  seedCommitment,
} from '../../src/services/season/draw.js';

/** The rule as the draw page tells anyone to check it, written apart from the module. */
const independentOrder = (seed: string, codes: string[]) =>
  [...codes].sort((a, b) => {
    const ka = createHash('sha256').update(`${seed}:${a}`).digest('hex');
    const kb = createHash('sha256').update(`${seed}:${b}`).digest('hex');
    return ka.localeCompare(kb);
  });

describe('the public draw', () => {
  const seed = 'a'.repeat(64);

  it('commits to the seed with the SHA-256 of its 64-character text', () => {
    // fixed values (sha256sum of the same text), so a change of encoding or separator shows
    expect(seedCommitment(seed)).toBe(
      'ffe054fe7ae0cb6dc65c3af9b61d5209f439851db43d0ba5997337df154668eb',
    );
    expect(rankKey('00', 'ABCDEFGH')).toBe(
      '3b20d51259b75243e367f70c663f97fa6eb060abbd72e174a7265663aba2e4ac',
    );
  });

  it('makes 64 lower-case hex characters of seed, never the same twice', () => {
    const seeds = new Set(Array.from({ length: 50 }, newDrawSeed));
    expect(seeds.size).toBe(50);
    for (const s of seeds) expect(s).toMatch(/^[0-9a-f]{64}$/);
  });

  it('gives codes of 8 unambiguous characters, random rather than derived', () => {
    const codes = Array.from({ length: 2000 }, newApplicationCode);
    for (const code of codes) expect(code).toMatch(new RegExp(`^[A-HJKMNP-Z2-9]{${CODE_LENGTH}}$`));
    expect(new Set(codes).size).toBe(2000);
  });

  it('ranks by key, offers the first places and waitlists the rest in order', () => {
    const applications = Array.from({ length: 12 }, (_, i) => ({ id: i, code: `CODE${i}XYZ` }));
    const drawn = drawPlaces(seed, 5, applications);
    expect(drawn.map((d) => d.application.code)).toEqual(
      independentOrder(
        seed,
        applications.map((a) => a.code),
      ),
    );
    expect(drawn.map((d) => d.rank)).toEqual([1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12]);
    expect(drawn.filter((d) => d.outcome === 'offered')).toHaveLength(5);
    expect(drawn.slice(5).map((d) => d.waitlistPosition)).toEqual([1, 2, 3, 4, 5, 6, 7]);
    expect(drawn.slice(0, 5).every((d) => d.waitlistPosition === null)).toBe(true);
  });

  it('does not depend on the order the applications arrived in', () => {
    const applications = ['K7M2P9QX', 'B3N8R4TV', 'H6W2Z5YA', 'Q9E4C7UD'].map((code) => ({ code }));
    const forward = drawPlaces(seed, 2, applications).map((d) => d.application.code);
    const backward = drawPlaces(seed, 2, [...applications].reverse()).map(
      (d) => d.application.code,
    );
    expect(backward).toEqual(forward);
  });

  it('offers everyone when there are places for all', () => {
    const drawn = drawPlaces(seed, 10, [{ code: 'AAAAAAAA' }, { code: 'BBBBBBBB' }]);
    expect(drawn.every((d) => d.outcome === 'offered')).toBe(true);
  });

  it('mixes the public value into the seed as SHA-256(seed:public value), rule 2 only', () => {
    const mixed = createHash('sha256').update(`${seed}:48213`, 'utf8').digest('hex');
    expect(drawSeed(seed, '48213')).toBe(mixed);
    expect(rankingSeed(2, seed, '48213')).toBe(mixed);
    // rule 1 (draws made before public values) ranks from the seed itself, as it always did
    expect(rankingSeed(1, seed, '48213')).toBe(seed);
    // one digit of the public value reorders everything: the council cannot foresee it
    const codes = ['K7M2P9QX', 'B3N8R4TV', 'H6W2Z5YA', 'Q9E4C7UD', 'M4P8T2WX', 'C5R9V3YZ'];
    const orderWith = (value: string) =>
      drawPlaces(
        drawSeed(seed, value),
        2,
        codes.map((code) => ({ code })),
      ).map((d) => d.application.code);
    expect(orderWith('48213')).toEqual(independentOrder(mixed, codes));
    expect(orderWith('48213')).not.toEqual(orderWith('48214'));
  });

  it('fixes the drand round as the first quicknet round after the close', () => {
    // quicknet: genesis 1692803367, a round every 3 s; round r is out at genesis + (r - 1)·3
    const close = '2026-12-15T22:59:00.000Z';
    const round = drandRoundAfter(close);
    expect(Date.parse(drandRoundTime(round))).toBeGreaterThan(Date.parse(close));
    expect(Date.parse(drandRoundTime(round - 1))).toBeLessThanOrEqual(Date.parse(close));
    expect(drandRoundTime(1)).toBe(new Date(1692803367 * 1000).toISOString());
    // a close exactly on a round's time takes the next one, published after it
    const onTheDot = drandRoundTime(5000);
    expect(drandRoundAfter(onTheDot)).toBe(5001);
  });

  /** Codes in key order for a seed, written apart from the module (the page's rule). */
  const byKey = (codes: string[]) => independentOrder(seed, codes);
  type DrawEntryForTest = {
    code: string;
    joint_code?: string | null;
    priority_group?: number | null;
    reserved_eligible?: boolean;
  };

  it('draws a joint application as one ballot, ranked by its code, offered only whole', () => {
    const singles = ['S1AAAAAA', 'S2BBBBBB', 'S3CCCCCC', 'S4DDDDDD'];
    // three siblings under one code (the joint code is their first member's code)
    const joint = ['J1XXXXXX', 'J2YYYYYY', 'J3ZZZZZZ'].map((code) => ({
      code,
      joint_code: 'J1XXXXXX',
    }));
    const entries: DrawEntryForTest[] = [...singles.map((code) => ({ code })), ...joint];
    const ballotOrder = byKey([...singles, 'J1XXXXXX']);
    for (const jointFit of ['next_fits', 'wait_for_group'] as const) {
      for (let capacity = 1; capacity <= 7; capacity++) {
        const drawn = drawPlaces(seed, { capacity, jointFit }, entries);
        // the siblings share one rank, consecutive, and one outcome
        const siblings = drawn.filter((d) => d.application.joint_code === 'J1XXXXXX');
        expect(new Set(siblings.map((d) => d.rank)).size).toBe(1);
        expect(new Set(siblings.map((d) => d.outcome)).size).toBe(1);
        expect(siblings[0]!.rank).toBe(ballotOrder.indexOf('J1XXXXXX') + 1);
        // the ballots' order is the key order of their codes
        expect([
          ...new Set(drawn.map((d) => d.application.joint_code ?? d.application.code)),
        ]).toEqual(ballotOrder);
        // never more places than the capacity
        expect(drawn.filter((d) => d.outcome === 'offered').length).toBeLessThanOrEqual(capacity);
        // the rule for the places left: when the siblings wait, do later singles take places?
        let left = capacity;
        let blocked = false;
        const expected = new Map<string, boolean>();
        for (const code of ballotOrder) {
          const size = code === 'J1XXXXXX' ? 3 : 1;
          const fits = !blocked && size <= left;
          expected.set(code, fits);
          if (fits) left -= size;
          else if (jointFit === 'wait_for_group') blocked = true;
        }
        for (const d of drawn)
          expect(d.outcome === 'offered').toBe(
            expected.get(d.application.joint_code ?? d.application.code),
          );
      }
    }
  });

  it('gives the reserved places first, in rank order, and the unused ones to everyone', () => {
    const codes = ['A1AAAAAA', 'B2BBBBBB', 'C3CCCCCC', 'D4DDDDDD', 'E5EEEEEE', 'F6FFFFFF'];
    const order = byKey(codes);
    // the last two in key order hold the circumstance
    const eligible = new Set(order.slice(-2));
    const entries = codes.map((code) => ({ code, reserved_eligible: eligible.has(code) }));
    const drawn = drawPlaces(seed, { capacity: 3, reserved: 2 }, entries);
    expect(drawn.map((d) => d.application.code)).toEqual(order);
    expect(
      drawn
        .filter((d) => d.outcome === 'offered')
        .map((d) => [d.application.code, d.reservedPlace]),
    ).toEqual([
      [order[0], false],
      [order[4], true],
      [order[5], true],
    ]);
    expect(drawn.filter((d) => d.outcome === 'waitlisted').map((d) => d.waitlistPosition)).toEqual([
      1, 2, 3,
    ]);
    // one holder only: the unused reserved place joins the general ones
    const one = codes.map((code) => ({ code, reserved_eligible: code === order[5] }));
    const drawnOne = drawPlaces(seed, { capacity: 3, reserved: 2 }, one);
    expect(
      drawnOne
        .filter((d) => d.outcome === 'offered')
        .map((d) => [d.application.code, d.reservedPlace]),
    ).toEqual([
      [order[0], false],
      [order[1], false],
      [order[5], true],
    ]);
    // a holder ranked within the general places still takes a reserved one first
    const first = codes.map((code) => ({ code, reserved_eligible: code === order[0] }));
    const drawnFirst = drawPlaces(seed, { capacity: 2, reserved: 1 }, first);
    expect(
      drawnFirst.filter((d) => d.outcome === 'offered').map((d) => d.application.code),
    ).toEqual([order[0], order[1]]);
    expect(drawnFirst[0]!.reservedPlace).toBe(true);
  });

  it('ranks group by group: every ballot of group 1 before any of group 2', () => {
    const codes = ['A1AAAAAA', 'B2BBBBBB', 'C3CCCCCC', 'D4DDDDDD', 'E5EEEEEE', 'F6FFFFFF'];
    const group = (code: string) => (['B2BBBBBB', 'E5EEEEEE'].includes(code) ? 1 : 2);
    const entries = codes.map((code) => ({ code, priority_group: group(code) }));
    const drawn = drawPlaces(seed, { capacity: 2, groupsRanked: true }, entries);
    const ones = byKey(codes.filter((c) => group(c) === 1));
    const twos = byKey(codes.filter((c) => group(c) === 2));
    expect(drawn.map((d) => d.application.code)).toEqual([...ones, ...twos]);
    expect(drawn.filter((d) => d.outcome === 'offered').map((d) => d.application.code)).toEqual(
      ones,
    );
    // without ranking by group the groups play no part
    const flat = drawPlaces(seed, { capacity: 2 }, entries).map((d) => d.application.code);
    expect(flat).toEqual(byKey(codes));
    // no group (null) comes after every group
    const none = drawPlaces(seed, { capacity: 1, groupsRanked: true }, [
      { code: 'A1AAAAAA', priority_group: null },
      { code: 'B2BBBBBB', priority_group: 3 },
    ]);
    expect(none.map((d) => d.application.code)).toEqual(['B2BBBBBB', 'A1AAAAAA']);
  });

  it('recomputes every outcome from what the public page shows alone', () => {
    // the page lists code, joint code, group and whether a reserved place was taken
    const entries = Array.from({ length: 30 }, (_, i) => ({
      code: `C${String(i).padStart(7, 'X')}`,
      joint_code: i % 10 === 1 ? `C${String(i - 1).padStart(7, 'X')}` : null,
      priority_group: i % 3 === 0 ? 1 : 2,
      reserved_eligible: i % 7 === 0,
    }));
    const drawn = drawPlaces(seed, { capacity: 9, reserved: 2, groupsRanked: true }, entries);
    const page = drawn.map((d) => ({ ...d.application, rank: d.rank, outcome: d.outcome }));
    // an outsider's recomputation: ballots by (group, key), then the places by the bases
    const ballots = new Map<string, typeof page>();
    for (const row of page) {
      const code = row.joint_code ?? row.code;
      ballots.set(code, [...(ballots.get(code) ?? []), row]);
    }
    const key = (code: string) => createHash('sha256').update(`${seed}:${code}`).digest('hex');
    const groupOf = (rows: typeof page) => Math.min(...rows.map((r) => r.priority_group));
    const sorted = [...ballots.entries()].sort(
      ([a, ra], [b, rb]) => groupOf(ra) - groupOf(rb) || key(a).localeCompare(key(b)),
    );
    sorted.forEach(([, rows], i) => rows.forEach((r) => expect(r.rank).toBe(i + 1)));
    expect(page.filter((r) => r.outcome === 'offered')).toHaveLength(9);
  });
});
