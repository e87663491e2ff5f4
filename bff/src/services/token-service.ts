import { randomBytes } from 'node:crypto';
import { chmodSync, existsSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { SignJWT, jwtVerify, errors as joseErrors } from 'jose';

export interface TokenClaims {
  sub: string;
  dni: string;
  role: 'user' | 'admin';
  is_admin: boolean;
  /** The account's token_version when issued; a password or role change bumps it. */
  ver: number;
  exp: number;
}

export interface TokenService {
  issue(user: {
    id: number;
    dni: string;
    role: 'user' | 'admin';
    token_version: number;
  }): Promise<string>;
  /** The claims, or null when the token is missing, malformed, expired, unsigned or forged. */
  verify(token: string): Promise<TokenClaims | null>;
}

/** HS256 only: tokens with `alg: none` or any other algorithm are refused. */
export function createTokenService(
  secret: string,
  ttlSeconds: number,
  now: () => Date = () => new Date(),
): TokenService {
  const key = new TextEncoder().encode(secret);
  return {
    async issue(user) {
      const iat = Math.floor(now().getTime() / 1000);
      return new SignJWT({
        dni: user.dni,
        role: user.role,
        is_admin: user.role === 'admin',
        ver: user.token_version,
      })
        .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
        .setSubject(String(user.id))
        .setIssuedAt(iat)
        .setExpirationTime(iat + ttlSeconds)
        .sign(key);
    },
    async verify(token) {
      try {
        const { payload } = await jwtVerify(token, key, {
          algorithms: ['HS256'],
          currentDate: now(),
        });
        if (typeof payload.sub !== 'string' || typeof payload.exp !== 'number') return null;
        return payload as unknown as TokenClaims;
      } catch (err) {
        if (err instanceof joseErrors.JOSEError || err instanceof TypeError) return null;
        throw err;
      }
    },
  };
}

/** JWT_SECRET when given; otherwise one generated once and kept in DATA_DIR (never in the repo). */
export function resolveJwtSecret(configured: string | null, dataDir: string): string {
  if (configured) return configured;
  const file = join(dataDir, 'jwt-secret');
  if (existsSync(file)) return readFileSync(file, 'utf8').trim();
  const secret = randomBytes(48).toString('base64');
  writeFileSync(file, `${secret}\n`, { mode: 0o600 });
  chmodSync(file, 0o600);
  return secret;
}
