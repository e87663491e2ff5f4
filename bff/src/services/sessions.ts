import type { Locale } from '../data/schema.js';
import type { RevokedTokensRepo } from '../data/revoked-tokens-repo.js';
import type { UsersRepo } from '../data/users-repo.js';
import type { TokenService } from './token-service.js';

/** The account behind a call's bearer token, as every authenticated call sees it. */
export interface Session {
  id: number;
  dni: string;
  role: 'user' | 'admin';
  isAdmin: boolean;
  /** The account has a second factor (administrators, TOTP). */
  hasMfa: boolean;
  /**
   * The token only sets up a second factor (MFA_FOR_ADMINS=required, an administrator without
   * one): it serves the routes marked `withoutMfa` and nothing else.
   */
  setupOnly: boolean;
  /** When the caller's token expires (ms since the epoch). */
  sessionEndsAt: number;
  /** The caller's token's own id (`jti`): what a logout ends. */
  tokenId: string;
}

/**
 * Turns a bearer token into its session. The account is re-read on every call: a deleted
 * account, a changed password or role (token_version), an unverified account or a logout of
 * this very token (revoked_tokens, read in the same statement) ends the session, and the role
 * comes from the database, never from the token alone.
 */
export function createSessions(deps: {
  tokens: Pick<TokenService, 'verify'>;
  users: Pick<UsersRepo, 'sessionInfo' | 'setLocale'>;
  revoked: Pick<RevokedTokensRepo, 'revoke'>;
}) {
  return {
    /**
     * The session, or null when the token is no longer good. `locale` is the call's language
     * when the caller named one: kept as the account's language for the messages sent later
     * (reminders).
     */
    async resume(token: string, locale: Locale | null): Promise<Session | null> {
      const claims = await deps.tokens.verify(token);
      if (!claims) return null;
      const user = await deps.users.sessionInfo(Number(claims.sub), claims.jti);
      if (
        !user ||
        Number(user.revoked) === 1 ||
        user.verified !== 1 ||
        user.token_version !== claims.ver ||
        user.dni !== claims.dni
      ) {
        return null;
      }
      if (locale !== null && user.locale !== locale) await deps.users.setLocale(user.id, locale);
      return {
        id: user.id,
        dni: user.dni,
        role: user.role,
        isAdmin: user.role === 'admin',
        hasMfa: Number(user.mfa_enabled) === 1,
        setupOnly: claims.scope === 'mfa_setup',
        sessionEndsAt: claims.exp * 1000,
        tokenId: claims.jti,
      };
    },
    /**
     * Logout: ends this session's token in every process; the account's other sessions go on.
     * Kept until the token would have expired anyway (the housekeeping job forgets it then).
     */
    async end(session: Pick<Session, 'tokenId' | 'sessionEndsAt'>): Promise<void> {
      await deps.revoked.revoke(session.tokenId, new Date(session.sessionEndsAt).toISOString());
    },
  };
}

export type Sessions = ReturnType<typeof createSessions>;
