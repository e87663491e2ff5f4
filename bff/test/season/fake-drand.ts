import { createHash } from 'node:crypto';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { bls12_381 } from '@noble/curves/bls12-381.js';

export const QUICKNET_HASH = '52db9ba70e0cc0f6eaf7803dd07447a1f5477735fd3f661792ba94600c84e971';
export const QUICKNET_PUBLIC_KEY =
  '83cf0f2896adee7eb8b5f01fcad3912212c437e0073e911fb90022d3e760183c8c4b450b6a0a6c3ac6a5776a2d1064510d1fec758c921cc22b0e17e63aaf4bcb5ed66304de9cf809bd274ca73bab4af5a6e9c76a4bc09e76eae8991ef5ece45a';

export interface Beacon {
  round: number;
  randomness: string;
  signature: string;
}

const sha256 = (bytes: Uint8Array) => createHash('sha256').update(bytes).digest('hex');

/** drand's randomness for a signature: its SHA-256. */
export const randomnessOf = (signatureHex: string) => sha256(Buffer.from(signatureHex, 'hex'));

/**
 * A real quicknet beacon, as drand published it: round 12040883 (14 October 2024, 17:13:33 UTC),
 * the signature from drand's own tlock tests (github.com/drand/tlock, tlock_test.go,
 * TestDecryptText: it decrypts a ciphertext locked to that round of chain 52db9ba7…e971); the
 * randomness is its SHA-256, as drand defines it.
 */
export const REAL_QUICKNET_BEACON: Beacon = {
  round: 12040883,
  signature:
    '929906c959032ab363c9f26570d215d66f5c06cb0c44fe508c12bb5839f04ec895bb6868e5b9ff13ab289bdb5266b394',
  randomness: '173df1f57805453a8d2015268205d68147de12cafc2f451f7bc6adadca3571b3',
};

/** The beacon with one byte of its signature changed, and a randomness that matches the change. */
export function flippedByte(beacon: Beacon): Beacon {
  const bytes = Buffer.from(beacon.signature, 'hex');
  bytes[20] = bytes[20]! ^ 0x01;
  const signature = bytes.toString('hex');
  return { ...beacon, signature, randomness: randomnessOf(signature) };
}

const SIGNATURE_DST = 'BLS_SIG_BLS12381G1_XMD:SHA-256_SSWU_RO_NUL_';

/** A group key that is not quicknet's, as a test drand chain would have, signing as quicknet does. */
export function testSigner() {
  const bls = bls12_381.shortSignatures;
  const { secretKey, publicKey } = bls.keygen();
  return {
    publicKey: publicKey.toHex(),
    sign(round: number): Beacon {
      const roundBytes = Buffer.alloc(8);
      roundBytes.writeBigUInt64BE(BigInt(round));
      const message = createHash('sha256').update(roundBytes).digest();
      const signature = bls.sign(bls.hash(message, SIGNATURE_DST), secretKey).toHex();
      return { round, signature, randomness: randomnessOf(signature) };
    },
  };
}

/**
 * drand as the portal sees it over HTTP: `GET /{chain hash}/public/{round}` answers what
 * `answer(round)` gives (any JSON), 425 Too Early for a round it has nothing for, 404 for another
 * chain or path. Every path asked for is kept.
 */
export function fakeDrand(chainHash = QUICKNET_HASH) {
  const answers = new Map<number, unknown>();
  const asked: string[] = [];
  const server: Server = createServer((req, res) => {
    asked.push(req.url ?? '');
    const match = /^\/([0-9a-f]{64})\/public\/(\d+)$/.exec(req.url ?? '');
    const round = Number(match?.[2]);
    if (match?.[1] !== chainHash || !answers.has(round)) {
      res.writeHead(match ? 425 : 404).end();
      return;
    }
    res.writeHead(200, { 'Content-Type': 'application/json' });
    res.end(JSON.stringify(answers.get(round)));
  });
  return {
    asked,
    /** What drand answers for `round` from now on (undefined: 425, still to come). */
    answer(round: number, body: unknown) {
      if (body === undefined) answers.delete(round);
      else answers.set(round, body);
    },
    start: () => new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve)),
    stop: () => new Promise<void>((resolve) => server.close(() => resolve())),
    url: () => `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
  };
}
