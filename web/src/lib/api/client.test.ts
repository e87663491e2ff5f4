import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { getToken, setToken } from '../session';
import {
  api,
  detailMessage,
  setApiLocale,
  setUnauthorizedHandler,
  SKIP_AUTH_REDIRECT,
} from './client';

describe('the API client', () => {
  const seen: Request[] = [];
  let status = 200;
  beforeEach(() => {
    seen.length = 0;
    status = 200;
    vi.stubGlobal(
      'fetch',
      vi.fn(async (request: Request) => {
        seen.push(request);
        return new Response(
          JSON.stringify(status === 200 ? [] : { detail: 'x', code: 'not_authenticated' }),
          {
            status,
            headers: { 'Content-Type': 'application/json' },
          },
        );
      }),
    );
  });
  afterEach(() => vi.unstubAllGlobals());

  it('sends the bearer token, the language and a timeout signal', async () => {
    setToken('abc.def.ghi');
    setApiLocale('gl');
    await api.GET('/user/persons/');
    const request = seen[0];
    expect(request?.url).toMatch(/\/api\/user\/persons\/$/);
    expect(request?.headers.get('Authorization')).toBe('Bearer abc.def.ghi');
    expect(request?.headers.get('Accept-Language')).toBe('gl');
    expect(request?.signal).toBeInstanceOf(AbortSignal);
  });

  it('clears the token and goes to /login on a 401', async () => {
    setToken('abc.def.ghi');
    const toLogin = vi.fn();
    setUnauthorizedHandler(toLogin);
    status = 401;
    await api.GET('/user/persons/');
    expect(getToken()).toBeNull();
    expect(toLogin).toHaveBeenCalledOnce();
  });

  it('leaves the session alone on a 401 of a call flagged to skip the redirect', async () => {
    setToken('abc.def.ghi');
    const toLogin = vi.fn();
    setUnauthorizedHandler(toLogin);
    status = 401;
    await api.POST('/user/login', {
      body: { username: '12345678Z', password: 'wrong-password' },
      bodySerializer: (body) => new URLSearchParams(body as Record<string, string>).toString(),
      headers: { 'Content-Type': 'application/x-www-form-urlencoded', [SKIP_AUTH_REDIRECT]: '1' },
    });
    expect(getToken()).toBe('abc.def.ghi');
    expect(toLogin).not.toHaveBeenCalled();
    expect(seen[0]?.headers.has(SKIP_AUTH_REDIRECT)).toBe(false);
  });
});

describe('detailMessage', () => {
  it('shows a string detail, joins array msgs with a space, else the fallback', () => {
    expect(detailMessage({ detail: 'Código incorrecto.' }, 'fallback')).toBe('Código incorrecto.');
    expect(detailMessage({ detail: [{ msg: 'Uno.' }, { msg: 'Dos.' }] }, 'fallback')).toBe(
      'Uno. Dos.',
    );
    expect(detailMessage(undefined, 'fallback')).toBe('fallback');
    expect(detailMessage({ detail: [] }, 'fallback')).toBe('fallback');
  });
});
