/** The login token in local storage (as the spec says) and what its claims tell the UI. */
const TOKEN_KEY = 'token';

export interface TokenClaims {
  sub: string;
  dni?: string;
  role?: 'user' | 'admin';
  is_admin?: boolean;
  exp?: number;
}

export function getToken(): string | null {
  return localStorage.getItem(TOKEN_KEY);
}

export function setToken(token: string): void {
  localStorage.setItem(TOKEN_KEY, token);
}

export function clearToken(): void {
  localStorage.removeItem(TOKEN_KEY);
}

/** The claims of a token, or null when it cannot be read. The server still checks everything. */
export function readClaims(token: string | null): TokenClaims | null {
  if (!token) return null;
  const payload = token.split('.')[1];
  if (!payload) return null;
  try {
    const json = atob(payload.replace(/-/g, '+').replace(/_/g, '/'));
    const bytes = Uint8Array.from(json, (c) => c.charCodeAt(0));
    return JSON.parse(new TextDecoder().decode(bytes)) as TokenClaims;
  } catch {
    return null;
  }
}

export function isTokenValid(token: string | null, now = Date.now()): boolean {
  const claims = readClaims(token);
  return !!claims && typeof claims.exp === 'number' && claims.exp * 1000 > now;
}

export function isAdminToken(token: string | null): boolean {
  const claims = readClaims(token);
  return !!claims && (claims.role === 'admin' || claims.is_admin === true);
}
