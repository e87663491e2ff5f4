import type Koa from 'koa';
import type { Deps } from '../deps.js';
import type { AppState } from './context.js';
import { forbidden, unauthorized } from '../services/errors.js';
import { readBody } from './read-body.js';

/** Whether an Accept-Language header names one of our languages (not just falls back to es). */
const namesLocale = (header: string) => /(^|,)\s*(es|en|gl)\b/i.test(header);

/**
 * Bearer token → ctx.state.user, then the body is read (see readBody). The account is re-read on every call: a deleted account, a
 * changed password or role (token_version) or an unverified account ends the session, and the
 * role comes from the database, never from the token alone.
 */
export function requireUser(deps: Pick<Deps, 'tokens' | 'repos'>): Koa.Middleware<AppState> {
  const authenticate = authenticateUser(deps);
  return (ctx, next) =>
    authenticate(ctx, () => {
      // a token that can only set up a second factor is no session for anything else
      if (ctx.state.user?.setupOnly) throw unauthorized();
      return readBody(ctx, next);
    });
}

function authenticateUser(deps: Pick<Deps, 'tokens' | 'repos'>): Koa.Middleware<AppState> {
  return async (ctx, next) => {
    const header = ctx.get('Authorization');
    const match = /^Bearer\s+(\S+)$/i.exec(header);
    if (!match?.[1]) throw unauthorized();
    const claims = await deps.tokens.verify(match[1]);
    if (!claims) throw unauthorized();
    const user = await deps.repos.users.sessionInfo(Number(claims.sub));
    if (
      !user ||
      user.verified !== 1 ||
      user.token_version !== claims.ver ||
      user.dni !== claims.dni
    ) {
      throw unauthorized();
    }
    // the language the resident last used, for the messages we send later (reminders)
    if (user.locale !== ctx.state.locale && namesLocale(ctx.get('Accept-Language'))) {
      await deps.repos.users.setLocale(user.id, ctx.state.locale);
    }
    ctx.state.user = {
      id: user.id,
      dni: user.dni,
      role: user.role,
      isAdmin: user.role === 'admin',
      hasMfa: Number(user.mfa_enabled) === 1,
      setupOnly: claims.scope === 'mfa_setup',
      sessionEndsAt: claims.exp * 1000,
    };
    await next();
  };
}

/**
 * An administrator's call. When a second factor is required (MFA_FOR_ADMINS=required), an
 * administrator without one can only set it up (`withoutMfa` marks those routes).
 */
export function requireAdmin(
  deps: Pick<Deps, 'tokens' | 'repos' | 'logger' | 'config'>,
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
