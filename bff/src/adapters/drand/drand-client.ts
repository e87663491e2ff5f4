import { createHash } from 'node:crypto';

/**
 * drand's quicknet: a public randomness beacon run by a league of independent organisations,
 * one value every 3 seconds since its genesis, each round's value unknown to anyone before its
 * time. A lottery naming drand as its public value uses the first round after its close.
 */
export const QUICKNET = {
  chainHash: '52db9ba70e0cc0f6eaf7803dd07447a1f5477735fd3f661792ba94600c84e971',
  genesisSeconds: 1692803367,
  periodSeconds: 3,
} as const;

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

/**
 * drand's HTTP API (`GET {base}/{chain hash}/public/{round}` → `{round, randomness, signature}`).
 * The answer is checked as far as it can be without a pairing library: the round is the one
 * asked for and the randomness is the SHA-256 of the signature, as drand defines it.
 */
export function createDrandClient(baseUrl: string, timeoutMs = 10_000): DrandClient {
  return {
    async round(round) {
      let response: Response;
      try {
        response = await fetch(`${baseUrl}/${QUICKNET.chainHash}/public/${round}`, {
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
        !/^[0-9a-f]+$/.test(body.signature) ||
        createHash('sha256').update(Buffer.from(body.signature, 'hex')).digest('hex') !==
          body.randomness
      )
        return 'failed';
      return { round, randomness: body.randomness };
    },
  };
}
