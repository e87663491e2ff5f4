import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { getToken, setToken } from '../session';
import { mockScenarioMiddleware, withPrefer } from '../../dev/mock-scenarios';
import {
  addRequestHook,
  callApi,
  setApiLocale,
  setUnauthorizedHandler,
  SKIP_AUTH_REDIRECT,
} from './call-rules';

describe('the first screen’s calls (callApi, without the typed client)', () => {
  const seen: Request[] = [];
  let answer: () => Response;
  beforeEach(() => {
    seen.length = 0;
    vi.stubGlobal(
      'fetch',
      vi.fn(async (request: Request) => {
        seen.push(request);
        return answer();
      }),
    );
  });
  afterEach(() => vi.unstubAllGlobals());

  const json = (status: number, body: unknown) =>
    new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });

  it('sends the token, the language and a timeout, and gives the 2xx body as data', async () => {
    setToken('abc.def.ghi');
    setApiLocale('en');
    answer = () => json(200, { maintenance_mode: false });
    const { data, error, response } = await callApi('GET', '/config');
    expect(data).toEqual({ maintenance_mode: false });
    expect(error).toBeUndefined();
    expect(response.status).toBe(200);
    expect(seen[0]?.url).toMatch(/\/api\/config$/);
    expect(seen[0]?.method).toBe('GET');
    expect(seen[0]?.headers.get('Authorization')).toBe('Bearer abc.def.ghi');
    expect(seen[0]?.headers.get('Accept-Language')).toBe('en');
    expect(seen[0]?.signal).toBeInstanceOf(AbortSignal);
  });

  it('gives an error body as error, and keeps the session when the call says its 401 is an answer', async () => {
    setToken('abc.def.ghi');
    const toLogin = vi.fn();
    setUnauthorizedHandler(toLogin);
    answer = () => json(401, { detail: 'DNI o contraseña incorrectos.', code: 'bad_credentials' });
    const { data, error } = await callApi('POST', '/user/login', {
      body: new URLSearchParams({ username: '12345678Z', password: 'x' }).toString(),
      headers: { 'Content-Type': 'application/x-www-form-urlencoded', [SKIP_AUTH_REDIRECT]: '1' },
    });
    expect(data).toBeUndefined();
    expect(error).toEqual({ detail: 'DNI o contraseña incorrectos.', code: 'bad_credentials' });
    expect(seen[0]?.headers.get('Content-Type')).toBe('application/x-www-form-urlencoded');
    expect(seen[0]?.headers.has(SKIP_AUTH_REDIRECT)).toBe(false);
    expect(await seen[0]?.text()).toBe('username=12345678Z&password=x');
    expect(getToken()).toBe('abc.def.ghi');
    expect(toLogin).not.toHaveBeenCalled();
  });

  it('ends the session and goes to /login on any other 401; a JSON body says so', async () => {
    setToken('abc.def.ghi');
    const toLogin = vi.fn();
    setUnauthorizedHandler(toLogin);
    answer = () => json(401, { detail: 'x', code: 'not_authenticated' });
    await callApi('POST', '/user/login/mfa', {
      body: JSON.stringify({ mfa_token: 't', code: '1' }),
    });
    expect(seen[0]?.headers.get('Content-Type')).toBe('application/json');
    expect(getToken()).toBeNull();
    expect(toLogin).toHaveBeenCalledOnce();
  });

  it('reads an empty answer as no data, and a body that is not JSON as its text', async () => {
    answer = () => new Response(null, { status: 204 });
    expect((await callApi('POST', '/user/logout')).data).toBeUndefined();
    answer = () => new Response('Bad gateway', { status: 502 });
    expect((await callApi('GET', '/config')).error).toBe('Bad gateway');
  });
  it("applies QA's chosen mock example to the first screen's calls too (dev:mock's ?mock=)", async () => {
    const storage = window.sessionStorage;
    mockScenarioMiddleware(
      { search: `?mock=${encodeURIComponent('POST /user/login|example=admin')}` } as Location,
      storage,
    );
    addRequestHook((request) => withPrefer(request, storage) ?? request);
    answer = () => json(200, { token: 't' });
    await callApi('POST', '/user/login', { body: '{}' });
    await callApi('GET', '/config');
    expect(seen[0]?.headers.get('Prefer')).toBe('example=admin');
    expect(seen[1]?.headers.get('Prefer')).toBeNull();
    storage.clear();
  });
});
