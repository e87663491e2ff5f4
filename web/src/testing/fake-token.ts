/** A token whose claims the UI reads (the server checks the real one). */
export function fakeToken(
  claims: { role?: 'user' | 'admin'; is_admin?: boolean; exp?: number } = {},
): string {
  const payload = {
    sub: '7',
    dni: '12345678Z',
    role: 'user',
    is_admin: false,
    exp: Math.floor(Date.now() / 1000) + 3600,
    ...claims,
  };
  const encode = (value: object) =>
    btoa(JSON.stringify(value)).replace(/=+$/, '').replace(/\+/g, '-').replace(/\//g, '_');
  return `${encode({ alg: 'HS256', typ: 'JWT' })}.${encode(payload)}.signature`;
}
