import type Koa from 'koa';
import type { Deps } from '../deps.js';
import type { AppState } from './context.js';
import { forbidden, unauthorized } from '../services/errors.js';
import { readBody } from './read-body.js';

/** Whether an Accept-Language header names one of our languages (not just falls back to es). */
const namesLocale = (header: string) => /(^|,)\s*(es|en|gl)\b/i.test(header);

/** Bearer token → ctx.state.user (a session, services/sessions.ts), then the body is read (see readBody). */
export function requireUser(deps: Pick<Deps, 'sessions'>): Koa.Middleware<AppState> {
  const authenticate = authenticateUser(deps);
  return (ctx, next) =>
    authenticate(ctx, () => {
      // a token that can only set up a second factor is no session for anything else
      if (ctx.state.user?.setupOnly) throw unauthorized();
      return readBody(ctx, next);
    });
}

/**
 * Any live session, a token that can only set up a second factor included, for a call that
 * takes no body (logout: whoever holds a token may end it).
 */
export function requireSession(deps: Pick<Deps, 'sessions'>): Koa.Middleware<AppState> {
  return authenticateUser(deps);
}

function authenticateUser(deps: Pick<Deps, 'sessions'>): Koa.Middleware<AppState> {
  return async (ctx, next) => {
    const match = /^Bearer\s+(\S+)$/i.exec(ctx.get('Authorization'));
    if (!match?.[1]) throw unauthorized();
    const named = namesLocale(ctx.get('Accept-Language')) ? ctx.state.locale : null;
    const session = await deps.sessions.resume(match[1], named);
    if (!session) throw unauthorized();
    ctx.state.user = session;
    await next();
  };
}

/**
 * An administrator's call. When a second factor is required (MFA_FOR_ADMINS=required), an
 * administrator without one can only set it up (`withoutMfa` marks those routes).
 */
export function requireAdmin(
  deps: Pick<Deps, 'sessions' | 'logger' | 'config'>,
  options: { withoutMfa?: boolean } = {},
): Koa.Middleware<AppState> {
  const authenticate = authenticateUser(deps);
  return async (ctx, next) => {
    await authenticate(ctx, async () => {
      const user = ctx.state.user;
      if (!user?.isAdmin) {
        deps.logger.warn('admin access denied', { user: user?.id, path: ctx.path });
        throw forbidden();
      }
      const mustSetUp = deps.config.mfaForAdmins === 'required' && !user.hasMfa;
      if ((mustSetUp || user.setupOnly) && !options.withoutMfa) {
        throw forbidden('mfa_setup_required');
      }
      await readBody(ctx, next);
    });
  };
}
