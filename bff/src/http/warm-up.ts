import { randomBytes, timingSafeEqual } from 'node:crypto';
import { Agent, request } from 'node:http';
import { setImmediate as nextTurn } from 'node:timers/promises';
import type Koa from 'koa';
import { locales, type Locale } from '../i18n/index.js';
import type { Logger } from '../logger.js';
import type { Actor } from '../services/residents/context.js';
import type { PersonsService } from '../services/residents/persons.js';
import type { TokenService } from '../services/token-service.js';

/** The header that marks warm-up's own calls, with a key only this process knows. */
export const WARM_UP_HEADER = 'X-Portal-Warm-Up';

/**
 * How long warm-up may take at most, and how many rounds are enough: a quiet machine stops at
 * the rounds, a busy one at the time (docs/performance.md, *The response pipeline and a warm start*).
 */
export const WARM_UP_BUDGET_MS = 1500;
export const WARM_UP_ROUNDS = 300;

/**
 * No account has this id (ids start at 1 on both engines): what warm-up reads is every hot read's
 * statement with a parameter that finds nothing.
 */
const NOBODY = { id: 0, dni: '00000000T' };

/**
 * The hot calls of a rush, over HTTP with a bearer token of no account: each goes through the
 * whole pipeline (admission, routing, the session's read, the 401 in the caller's language, the
 * headers) and writes nothing. The public reads (the catalogue, the configuration) answer in
 * full. The writes (an application, a checkout) are refused 401 before they read a body.
 */
const SIGNED_IN_READS = [
  'GET /api/user/persons/',
  'GET /api/user/activities/1',
  'GET /api/user/applications',
  'GET /api/user/quotes',
  'GET /api/user/payments/',
  'GET /api/user/me',
  'POST /api/user/applications',
  'POST /api/payments/generate-multiple/',
];
const PUBLIC_READS = ['GET /api/config', 'GET /api/catalogue', 'GET /api/health'];

/** What warm-up calls (named here, not as a Pick of Deps: deps.ts builds it). */
interface WarmUpDeps {
  tokens: Pick<TokenService, 'issue'>;
  residents: { persons: Pick<PersonsService, 'list' | 'activities'> };
  season: {
    residents: { list(actor: Actor): Promise<unknown> };
    quotes(userId: number, locale: Locale): Promise<unknown>;
  };
  payments: { resident: { history(userId: number, locale: Locale): Promise<unknown> } };
  lifecycle: { warming: boolean };
  logger: Logger;
}

/**
 * A fresh process made ready for a rush before it says it is ready (issue 63): V8 compiles a
 * function only once it has run it, and the data layer prepares a statement the first time it
 * runs it, so the first calls of a cold process each cost several times a warm one's. Before
 * /api/ready answers 200 (`lifecycle.warming`), warm-up runs the hot reads a few hundred times:
 * over HTTP, as a resident with no account (above), and through the services, as that account.
 * It writes nothing (a test compares the database before and after), its calls are neither
 * counted in the metrics nor written in the access log (`isOwnCall`), and no rate limit or
 * audit is reached by any of them (every one is a read, or refused before one).
 */
export function createWarmUp(deps: WarmUpDeps) {
  const key = randomBytes(24).toString('base64url');
  const keyBytes = Buffer.from(key);

  /** The status each call last answered (what a test checks: 401s and 200s, never a 500). */
  const answered: Record<string, number> = {};

  const viaHttp = async (
    baseUrl: string,
    agent: Agent,
    token: string,
    host: string | undefined,
  ): Promise<void> => {
    const calls = [
      ...SIGNED_IN_READS.map((call) => ({ call, signedIn: true })),
      ...PUBLIC_READS.map((call) => ({ call, signedIn: false })),
    ];
    await Promise.all(
      calls.map(({ call, signedIn }, i) => {
        const [method, path] = call.split(' ') as [string, string];
        return send(`${baseUrl}${path}`, agent, {
          method,
          headers: {
            [WARM_UP_HEADER]: key,
            ...(host ? { Host: host } : {}),
            'Accept-Language': locales[i % locales.length]!,
            ...(signedIn ? { Authorization: `Bearer ${token}` } : {}),
          },
        }).then((status) => {
          answered[call] = status;
        });
      }),
    );
  };

  const viaServices = async (): Promise<void> => {
    const locale = locales[0];
    await Promise.all([
      deps.residents.persons.list(NOBODY),
      deps.residents.persons.activities(NOBODY, 1, locale).catch(() => null),
      deps.season.residents.list(NOBODY),
      deps.season.quotes(NOBODY.id, locale),
      deps.payments.resident.history(NOBODY.id, locale),
    ]);
  };

  return {
    /** Whether a call is one of warm-up's own (not counted, not logged). */
    isOwnCall(ctx: Koa.Context): boolean {
      if (!deps.lifecycle.warming) return false;
      const given = ctx.get(WARM_UP_HEADER);
      return given.length === key.length && timingSafeEqual(Buffer.from(given), keyBytes);
    },
    /**
     * Runs the hot paths until WARM_UP_ROUNDS rounds or `budgetMs` have passed, with
     * `lifecycle.warming` set meanwhile, then clears it (also when a call fails: a process that
     * could not warm up still serves). `baseUrl` is where this process listens; `host`, the host
     * name its calls name when one process serves several councils (councils/host-dispatch.ts).
     */
    async run(
      baseUrl: string,
      options: { budgetMs?: number; rounds?: number; host?: string } = {},
    ): Promise<{ rounds: number; ms: number; answered: Record<string, number> }> {
      const budgetMs = options.budgetMs ?? WARM_UP_BUDGET_MS;
      const maxRounds = options.rounds ?? WARM_UP_ROUNDS;
      deps.lifecycle.warming = true;
      const started = performance.now();
      const agent = new Agent({ keepAlive: true, maxSockets: SIGNED_IN_READS.length });
      let rounds = 0;
      try {
        const token = await deps.tokens.issue({ ...NOBODY, role: 'user', token_version: 0 });
        while (rounds < maxRounds && performance.now() - started < budgetMs) {
          await Promise.all([viaHttp(baseUrl, agent, token, options.host), viaServices()]);
          rounds++;
          // calls from outside (a health check, /api/ready) are answered meanwhile
          await nextTurn();
        }
        const ms = Math.round(performance.now() - started);
        deps.logger.info('warmed up', { rounds, ms });
        return { rounds, ms, answered };
      } catch (err) {
        deps.logger.warn('warm-up stopped early; serving anyway', { rounds, error: String(err) });
        return { rounds, ms: Math.round(performance.now() - started), answered };
      } finally {
        agent.destroy();
        deps.lifecycle.warming = false;
      }
    },
  };
}

export type WarmUp = ReturnType<typeof createWarmUp>;

/** One call whose answer is read to its end; its status (most are 401 on purpose). */
function send(
  url: string,
  agent: Agent,
  options: { method: string; headers: Record<string, string> },
): Promise<number> {
  return new Promise((resolve, reject) => {
    const req = request(url, { ...options, agent }, (res) => {
      res.resume();
      res.on('end', () => resolve(res.statusCode ?? 0));
      res.on('error', reject);
    });
    req.on('error', reject);
    req.end();
  });
}
