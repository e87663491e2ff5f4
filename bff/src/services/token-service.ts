import { randomBytes, randomUUID } from 'node:crypto';
import { chmodSync, existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { TokenError, createSigner, createVerifier } from 'fast-jwt';

export interface TokenClaims {
  sub: string;
  dni: string;
  role: 'user' | 'admin';
  is_admin: boolean;
  /** The account's token_version when issued; a password or role change bumps it. */
  ver: number;
  /** This token's own id: a logout ends this one token (revoked_tokens), not the others. */
  jti: string;
  iat: number;
  exp: number;
  /** `mfa_setup`: a short token that can only set up a second factor. */
  scope?: 'mfa_setup';
  /**
   * The council that issued it, when one deployment serves several (COUNCILS_DIR): a token is
   * taken only by its own council (signed with that council's own key, and this claim checked).
   */
  council?: string;
}

/** How long a token that can only set up a second factor lasts. */
export const SETUP_TOKEN_TTL_SECONDS = 10 * 60;

export interface TokenService {
  issue(
    user: {
      id: number;
      dni: string;
      role: 'user' | 'admin';
      token_version: number;
    },
    scope?: 'mfa_setup',
  ): Promise<string>;
  /** The claims, or null when the token is missing, malformed, expired, unsigned or forged. */
  verify(token: string): Promise<TokenClaims | null>;
}

/** Verified tokens remembered, so the HMAC and JSON parsing run once per token, not per call. */
const VERIFIED_CACHE_SIZE = 1000;

/**
 * HS256 only: tokens with `alg: none` or any other algorithm are refused. Verification runs on
 * every authenticated call, so a token whose signature checked out is remembered by its exact
 * text (only a verified token gets in); expiry is checked against the injected clock every time.
 */
export function createTokenService(
  secret: string,
  ttlSeconds: number,
  now: () => Date = () => new Date(),
  council: string | null = null,
): TokenService {
  const key = Buffer.from(secret);
  // iat and exp come from the injected clock (payload.iat wins over the signer's own clock)
  const sign = createSigner({ key, algorithm: 'HS256' });
  const check = createVerifier({
    key,
    algorithms: ['HS256'],
    ignoreExpiration: true,
    ignoreNotBefore: true,
    // a token without an id could not be ended by a logout: none is taken (those issued before
    // ids existed end here, and their holders sign in again)
    requiredClaims: ['sub', 'exp', 'ver', 'jti'],
  });
  const verified = new Map<string, TokenClaims>();
  return {
    async issue(user, scope) {
      const iat = Math.floor(now().getTime() / 1000);
      return sign({
        ...(scope ? { scope } : {}),
        ...(council !== null ? { council } : {}),
        sub: String(user.id),
        dni: user.dni,
        role: user.role,
        is_admin: user.role === 'admin',
        ver: user.token_version,
        jti: randomUUID(),
        iat,
        exp: iat + (scope ? Math.min(ttlSeconds, SETUP_TOKEN_TTL_SECONDS) : ttlSeconds),
      });
    },
    async verify(token) {
      let claims = verified.get(token);
      if (!claims) {
        try {
          claims = check(token) as TokenClaims;
        } catch (err) {
          if (err instanceof TokenError) return null;
          throw err;
        }
        if (
          typeof claims.sub !== 'string' ||
          typeof claims.exp !== 'number' ||
          typeof claims.jti !== 'string' ||
          (claims.council ?? null) !== council
        )
          return null;
        if (verified.size >= VERIFIED_CACHE_SIZE) verified.clear();
        verified.set(token, Object.freeze(claims));
      }
      return claims.exp * 1000 > now().getTime() ? claims : null;
    },
  };
}

/** Where a generated JWT secret is kept. */
export const jwtSecretFile = (dataDir: string) => join(dataDir, 'jwt-secret');

/**
 * JWT_SECRET when given; otherwise one generated once and kept in DATA_DIR (never in the repo).
 * Several processes starting together on one DATA_DIR agree on it: only the first one's file is
 * written (exclusive create), and the others read it.
 */
export function resolveJwtSecret(configured: string | null, dataDir: string): string {
  if (configured) return configured;
  const file = jwtSecretFile(dataDir);
  if (!existsSync(file)) {
    mkdirSync(dataDir, { recursive: true });
    try {
      writeFileSync(file, `${randomBytes(48).toString('base64')}\n`, { mode: 0o600, flag: 'wx' });
      chmodSync(file, 0o600);
    } catch (err) {
      if ((err as { code?: string }).code !== 'EEXIST') throw err;
    }
  }
  return readFileSync(file, 'utf8').trim();
}
