import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createDrandClient, QUICKNET } from '../../src/adapters/drand/drand-client.js';
import type { Logger } from '../../src/logger.js';
import {
  fakeDrand,
  flippedByte,
  QUICKNET_HASH,
  QUICKNET_PUBLIC_KEY,
  randomnessOf,
  REAL_QUICKNET_BEACON as REAL,
  testSigner,
} from './fake-drand.js';

/** A logger keeping its warnings, to check what a refused answer leaves behind. */
function keptWarnings() {
  const warnings: { msg: string; fields?: Record<string, unknown> }[] = [];
  const logger: Logger = {
    debug: () => undefined,
    info: () => undefined,
    error: () => undefined,
    warn: (msg, fields) => void warnings.push({ msg, fields }),
    enabled: () => true,
  };
  return { warnings, logger };
}

/**
 * The drand adapter over real HTTP against a local drand: an answer is taken only when it is
 * the chain group's BLS signature of the round asked for, so a relay or anyone in between cannot
 * choose the draw's public value (issue 49, item 4).
 */
describe('the drand client', () => {
  const drand = fakeDrand();
  beforeAll(() => drand.start());
  afterAll(() => drand.stop());

  it('holds quicknet as drand publishes it', () => {
    // computed apart from the module: drand's chain info and the beacon's own check
    expect(QUICKNET).toMatchObject({ chainHash: QUICKNET_HASH, publicKey: QUICKNET_PUBLIC_KEY });
    expect(randomnessOf(REAL.signature)).toBe(REAL.randomness);
  });

  it("takes a real quicknet round, verified against quicknet's public key", async () => {
    const { warnings, logger } = keptWarnings();
    drand.answer(REAL.round, REAL);
    const client = createDrandClient(drand.url(), { logger });
    expect(await client.round(REAL.round)).toEqual({
      round: REAL.round,
      randomness: REAL.randomness,
    });
    expect(drand.asked).toContain(`/${QUICKNET_HASH}/public/${REAL.round}`);
    expect(warnings).toEqual([]);
  });

  it('refuses any answer that is not quicknet signing the round asked for', async () => {
    const { warnings, logger } = keptWarnings();
    const client = createDrandClient(drand.url(), { logger });
    const other = testSigner();
    const round = REAL.round + 1000;
    const wrongAnswers: [string, unknown][] = [
      // the real signature of another round, handed out as this one's
      ['bad_signature', { ...REAL, round }],
      // one byte changed (its randomness recomputed to match)
      ['bad_signature', { ...flippedByte(REAL), round }],
      // a well-formed signature of this very round by another key
      ['bad_signature', other.sign(round)],
      // a randomness that is not the SHA-256 of the signature
      ['randomness_not_signature_hash', { ...REAL, round, randomness: 'ab'.repeat(32) }],
      // not a point of G1 at all, or cut short
      [
        'bad_signature',
        { round, signature: 'ff'.repeat(48), randomness: randomnessOf('ff'.repeat(48)) },
      ],
      ['malformed', { round, signature: REAL.signature.slice(0, 94), randomness: REAL.randomness }],
      // the round in the answer is not the one asked for
      ['malformed', { ...other.sign(round + 1), round: round + 1 }],
    ];
    for (const [reason, body] of wrongAnswers) {
      drand.answer(round, body);
      expect(await client.round(round), reason).toBe('failed');
      expect(warnings.at(-1)).toEqual({ msg: 'drand answer refused', fields: { round, reason } });
    }
    expect(warnings).toHaveLength(wrongAnswers.length);

    // the real beacon itself, asked for as another round, is refused too
    expect(await client.round(REAL.round + 1)).toBe('pending');
    drand.answer(REAL.round + 1, { ...REAL, round: REAL.round + 1 });
    expect(await client.round(REAL.round + 1)).toBe('failed');
  });

  it("takes another chain's rounds when named with its key, and only its own", async () => {
    const signer = testSigner();
    const chainHash = 'c0'.repeat(32);
    const testnet = fakeDrand(chainHash);
    await testnet.start();
    try {
      const client = createDrandClient(testnet.url(), {
        chain: { chainHash, publicKey: signer.publicKey },
      });
      const beacon = signer.sign(5000);
      testnet.answer(5000, beacon);
      expect(await client.round(5000)).toEqual({ round: 5000, randomness: beacon.randomness });
      expect(testnet.asked).toEqual([`/${chainHash}/public/5000`]);
      // quicknet's real round is not this chain's
      testnet.answer(REAL.round, REAL);
      expect(await client.round(REAL.round)).toBe('failed');
    } finally {
      await testnet.stop();
    }
  });

  it('says pending for a round still to come, failed when drand cannot be reached', async () => {
    const client = createDrandClient(drand.url());
    expect(await client.round(REAL.round + 5000)).toBe('pending');
    const away = fakeDrand();
    await away.start();
    const url = away.url();
    await away.stop();
    expect(await createDrandClient(url).round(REAL.round)).toBe('failed');
  });
});
