import type Koa from 'koa';
import type { Metrics } from '../lib/metrics.js';
import type { Logger } from '../logger.js';
import { unavailable } from '../services/errors.js';
import type { AppState } from './context.js';

/** The bounds past which new calls are refused (config.ts; 0 turns a bound off). */
export interface SheddingBounds {
  /** The event loop ran this late (ms) or more, as the median of the last second. */
  eventLoopDelayMs: number;
  /** This many calls wait for a database connection now. */
  databaseWaiting: number;
  /** This many residents' writes (applications, payments) are running now. */
  writesInFlight: number;
}

export type ShedReason = 'event_loop_delay' | 'database_waiting' | 'writes_in_flight';

/** What a refused caller is told to wait: short, the client adds its own random share. */
export const SHED_RETRY_AFTER_SECONDS = 2;

/** Residents' writes, bounded by how many run at once (each holds the one writer for a while). */
const WRITES = new Set(['POST /api/user/applications', 'POST /api/payments/generate-multiple/']);

/**
 * Logins: who logs in (staff, a device this account knows) is known only from the body, so past
 * the anonymous share the login itself decides (`ctx.state.refuseAnonymous`, accounts.ts).
 */
const LOGINS = new Set(['POST /api/user/login', 'POST /api/user/login/mfa']);

/**
 * Shedding goes by priority: calls nothing vouches for (no valid session, no login) are refused
 * from this share of each bound (half the event loop's delay, half the calls waiting for the
 * database); signed-in residents' calls and staff's and known devices' logins only at the bound
 * itself. A flood of anonymous traffic is refused first and so does not turn the known away.
 */
export const ANONYMOUS_SHARE = 0.5;

/**
 * Calls never refused: staff (`/api/admin/`), the bank's notifications and the sandbox bank that
 * stands in for it, liveness and readiness, the development outbox; and everything outside /api
 * (the web app's files, /metrics).
 */
function mayBeShed(path: string): boolean {
  return (
    path.startsWith('/api/') &&
    !path.startsWith('/api/admin/') &&
    !path.startsWith('/api/payments/notification') &&
    !path.startsWith('/api/payments/sandbox') &&
    !path.startsWith('/api/dev/') &&
    path !== '/api/health' &&
    path !== '/api/ready'
  );
}

/**
 * Overload answered honestly: when the server's own queue of work passes a bound, a NEW call is
 * refused at once with 503 `server_busy` and Retry-After, before it reads a body or touches the
 * database, instead of joining a queue it would time out in. By priority: anonymous calls from
 * half of each bound (ANONYMOUS_SHARE), signed-in residents and known logins at the bound. Calls already admitted run to the
 * end. Deciding costs three numbers already at hand: no database read. Each refusal is counted
 * (`portal_http_shed_total` by reason); the log says so at most once a second.
 */
export function loadShedding(options: {
  bounds: SheddingBounds;
  /** Calls waiting for a database connection now (Database.waiting). */
  databaseWaiting: () => number;
  /** The event loop's recent delay in ms (default: this process's, eventLoopDelay()). */
  eventLoopDelayMs?: () => number;
  metrics: Metrics;
  logger: Logger;
  /** Whether a bearer token is a valid session's (signature and expiry, no database). */
  signedIn?: (token: string) => Promise<boolean>;
}): Koa.Middleware<AppState> {
  const { bounds, metrics, logger } = options;
  const delayMs = options.eventLoopDelayMs ?? eventLoopDelay();
  let writesInFlight = 0;
  let lastLogMs = 0;
  let refusedSinceLog = 0;

  type Busy = { reason: ShedReason; value: number; bound: number; caller: string };
  /** The first bound passed, at `share` of each (1: the bound itself), or null. */
  const over = (write: boolean, share: number, caller: string): Busy | null => {
    if (bounds.writesInFlight > 0 && write && writesInFlight >= bounds.writesInFlight)
      return {
        reason: 'writes_in_flight',
        value: writesInFlight,
        bound: bounds.writesInFlight,
        caller,
      };
    const waitingBound = Math.max(1, Math.ceil(bounds.databaseWaiting * share));
    const waiting = bounds.databaseWaiting > 0 ? options.databaseWaiting() : 0;
    if (bounds.databaseWaiting > 0 && waiting >= waitingBound)
      return { reason: 'database_waiting', value: waiting, bound: waitingBound, caller };
    const delayBound = bounds.eventLoopDelayMs * share;
    const delay = bounds.eventLoopDelayMs > 0 ? delayMs() : 0;
    if (bounds.eventLoopDelayMs > 0 && delay >= delayBound)
      return { reason: 'event_loop_delay', value: delay, bound: delayBound, caller };
    return null;
  };

  const refuse = (busy: Busy): never => {
    metrics.shed.inc({ reason: busy.reason });
    refusedSinceLog++;
    const nowMs = performance.now();
    if (nowMs - lastLogMs >= 1000) {
      logger.warn('server busy: refusing new calls', { ...busy, refused: refusedSinceLog });
      lastLogMs = nowMs;
      refusedSinceLog = 0;
    }
    throw unavailable('server_busy', SHED_RETRY_AFTER_SECONDS);
  };

  /** A call with a valid session's bearer token. */
  const signedIn = async (header: string): Promise<boolean> => {
    const token = /^Bearer\s+(\S+)$/i.exec(header)?.[1];
    return token !== undefined && options.signedIn !== undefined && options.signedIn(token);
  };

  /** Past the anonymous share: the call goes on only with a valid session's token. */
  const unlessSignedIn = async (ctx: Koa.ParameterizedContext<AppState>, early: Busy) => {
    if (!(await signedIn(ctx.get('Authorization')))) refuse(early);
  };

  const counted = async (next: Koa.Next) => {
    writesInFlight++;
    try {
      await next();
    } finally {
      writesInFlight--;
    }
  };

  // synchronous on the way of a call that is neither a write nor past the anonymous share (almost
  // every call): no promise of its own; a refusal thrown here is a rejection to koa-compose too
  return (ctx, next) => {
    if (!mayBeShed(ctx.path)) return next();
    // the writes and the logins are all POSTs: no other call needs its name built
    const call = ctx.method === 'POST' ? `POST ${ctx.path.toLowerCase()}` : '';
    const write = WRITES.has(call);
    const busy = over(write, 1, 'any');
    if (busy) refuse(busy);
    // past the anonymous share: refused unless someone known calls (a login decides itself)
    const early = over(false, ANONYMOUS_SHARE, 'anonymous');
    if (early && LOGINS.has(call)) ctx.state.refuseAnonymous = () => refuse(early);
    else if (early) return unlessSignedIn(ctx, early).then(() => (write ? counted(next) : next()));
    return write ? counted(next) : next();
  };
}

/** How often the event loop's delay is sampled, and how many samples make "recently" (1 s). */
const TICK_MS = 100;
const WINDOW_TICKS = 10;

/**
 * The one monitor of the process. When one process serves several councils (COUNCILS_DIR) it
 * stays one for all of them on purpose: the event loop is the process's, so a council's rush
 * delays every council's calls alike, and each council's shedding must see that. Everything else
 * the door counts (writes in flight, database connections waiting) is each app's own, per council.
 */
let monitor: (() => number) | null = null;

/**
 * How late the event loop has been running over the last second (ms): a timer due every 100 ms
 * notes how late it ran, and the answer is the median of the last ten. A queue of work the
 * process cannot keep up with makes most ticks late; one long task (a big PDF, a cold start's
 * compilation) makes one tick late and sheds nothing, which the longest delay of the window did
 * (it refused residents for half a second after any 500 ms task on a loaded machine). One per
 * process (the event loop is the process's), started on first use; its timer never keeps the
 * process alive. (perf_hooks' monitorEventLoopDelay was tried first: on Node 24 it did not see a
 * 200 ms block of the loop.)
 */
export function eventLoopDelay(): () => number {
  if (monitor) return monitor;
  const late: number[] = new Array<number>(WINDOW_TICKS).fill(0);
  let index = 0;
  let expected = performance.now() + TICK_MS;
  // the median changes only when a tick is noted: found then, not on every call that asks
  let median = 0;
  setInterval(() => {
    const now = performance.now();
    late[index] = Math.max(0, now - expected);
    index = (index + 1) % WINDOW_TICKS;
    expected = now + TICK_MS;
    median = [...late].sort((a, b) => a - b)[Math.floor(WINDOW_TICKS / 2)]!;
  }, TICK_MS).unref();
  monitor = () => median;
  return monitor;
}
