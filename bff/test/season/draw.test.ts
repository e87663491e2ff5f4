import { createHash } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import {
  CODE_LENGTH,
  drawPlaces,
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
});
