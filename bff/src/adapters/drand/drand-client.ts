import { createHash } from 'node:crypto';
import { bls12_381 } from '@noble/curves/bls12-381.js';
import type { Logger } from '../../logger.js';

/**
 * drand's quicknet: a public randomness beacon run by a league of independent organisations,
 * one value every 3 seconds since its genesis, each round's value unknown to anyone before its
 * time. A lottery naming drand as its public value uses the first round after its close.
 *
 * The chain's public key and scheme as drand publishes them: QUICKNET_CHAIN_INFO in
 * github.com/drand/drand-client lib/defaults.ts, and the quicknet chain info in
 * github.com/drand/drand common/chain/info_test.go (scheme "bls-unchained-g1-rfc9380").
 */
export const QUICKNET = {
  chainHash: '52db9ba70e0cc0f6eaf7803dd07447a1f5477735fd3f661792ba94600c84e971',
  publicKey:
    '83cf0f2896adee7eb8b5f01fcad3912212c437e0073e911fb90022d3e760183c8c4b450b6a0a6c3ac6a5776a2d1064510d1fec758c921cc22b0e17e63aaf4bcb5ed66304de9cf809bd274ca73bab4af5a6e9c76a4bc09e76eae8991ef5ece45a',
  genesisSeconds: 1692803367,
  periodSeconds: 3,
} as const;

/**
 * "bls-unchained-g1-rfc9380": signatures on G1 (48 bytes), the key on G2 (96 bytes), the message
 * SHA-256 of the round as an 8-byte big-endian number, hashed to G1 with RFC 9380's G1 tag
 * (drand's crypto/schemes.go, NewPedersenBLSUnchainedG1; drand-client's beacon-verification.ts).
 */
const SIGNATURE_DST = 'BLS_SIG_BLS12381G1_XMD:SHA-256_SSWU_RO_NUL_';

/** The chain a client reads and the key its rounds must be signed with (quicknet's unless a test names another). */
export interface DrandChain {
  chainHash: string;
  /** The group's public key, a compressed G2 point in hex. */
  publicKey: string;
}

/** The first quicknet round published strictly after `at` (round r is out at genesis + (r-1)·period). */
export function drandRoundAfter(at: string): number {
  const seconds = new Date(at).getTime() / 1000;
  return Math.floor((seconds - QUICKNET.genesisSeconds) / QUICKNET.periodSeconds) + 2;
}

/** When round `round` is published (UTC ISO). */
export const drandRoundTime = (round: number): string =>
  new Date((QUICKNET.genesisSeconds + (round - 1) * QUICKNET.periodSeconds) * 1000).toISOString();

export type DrandAnswer = { round: number; randomness: string } | 'pending' | 'failed';

export interface DrandClient {
  /** The round's randomness, 'pending' before drand publishes it, 'failed' on a wrong answer. */
  round(round: number): Promise<DrandAnswer>;
}

const sha256 = (bytes: Uint8Array) => createHash('sha256').update(bytes).digest();

/** The message drand's group signs for an unchained round. */
function roundMessage(round: number): Uint8Array {
  const bytes = Buffer.alloc(8);
  bytes.writeBigUInt64BE(BigInt(round));
  return sha256(bytes);
}

/**
 * Whether `signatureHex` is the chain's BLS signature of round `round`. A signature that is not
 * a point of G1 makes noble throw, which is an answer of no.
 */
function signedByChain(publicKey: Uint8Array, round: number, signatureHex: string): boolean {
  const bls = bls12_381.shortSignatures;
  try {
    return bls.verify(
      Buffer.from(signatureHex, 'hex'),
      bls.hash(roundMessage(round), SIGNATURE_DST),
      publicKey,
    );
  } catch {
    return false;
  }
}

/**
 * drand's HTTP API (`GET {base}/{chain hash}/public/{round}` → `{round, randomness, signature}`).
 * An answer is taken only if it is the round asked for, its signature is the chain group's BLS
 * signature of that round (checked against the chain's public key held here, never one a relay
 * sends), and its randomness is the SHA-256 of that signature: a relay or anyone in between
 * cannot hand the draw a value of its choosing. Anything else is 'failed', logged.
 */
export function createDrandClient(
  baseUrl: string,
  options: { chain?: DrandChain; timeoutMs?: number; logger?: Logger } = {},
): DrandClient {
  const { chain = QUICKNET, timeoutMs = 10_000, logger } = options;
  const publicKey = Buffer.from(chain.publicKey, 'hex');
  const refuse = (round: number, reason: string): 'failed' => {
    logger?.warn('drand answer refused', { round, reason });
    return 'failed';
  };
  return {
    async round(round) {
      let response: Response;
      try {
        response = await fetch(`${baseUrl}/${chain.chainHash}/public/${round}`, {
          headers: { Accept: 'application/json' },
          signal: AbortSignal.timeout(timeoutMs),
        });
      } catch {
        return 'failed';
      }
      // drand answers 425 Too Early (older relays 404) for a round still to come
      if (response.status === 425 || response.status === 404) {
        await response.body?.cancel();
        return 'pending';
      }
      if (!response.ok) {
        await response.body?.cancel();
        return 'failed';
      }
      const body = (await response.json().catch(() => null)) as {
        round?: unknown;
        randomness?: unknown;
        signature?: unknown;
      } | null;
      if (
        body?.round !== round ||
        typeof body.randomness !== 'string' ||
        typeof body.signature !== 'string' ||
        !/^[0-9a-f]{64}$/.test(body.randomness) ||
        !/^[0-9a-f]{96}$/.test(body.signature)
      )
        return refuse(round, 'malformed');
      if (sha256(Buffer.from(body.signature, 'hex')).toString('hex') !== body.randomness)
        return refuse(round, 'randomness_not_signature_hash');
      if (!signedByChain(publicKey, round, body.signature)) return refuse(round, 'bad_signature');
      return { round, randomness: body.randomness };
    },
  };
}
