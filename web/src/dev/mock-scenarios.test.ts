import { describe, expect, it } from 'vitest';
import { mockScenarioMiddleware, preferFor, scenariosFromSearch } from './mock-scenarios';

const login = 'POST /user/login|code=401, example=invalid_credentials';

describe('?mock= scenarios (npm run dev:mock)', () => {
  it('reads one or several scenarios, and off', () => {
    expect(scenariosFromSearch(`?mock=${encodeURIComponent(login)}`)).toEqual([
      { method: 'POST', path: '/user/login', prefer: 'code=401, example=invalid_credentials' },
    ]);
    const two = new URLSearchParams([
      ['mock', login],
      ['mock', 'GET /config|example=maintenance'],
    ]);
    expect(scenariosFromSearch(`?${two}`)).toHaveLength(2);
    expect(scenariosFromSearch('?mock=off')).toBe('off');
    expect(scenariosFromSearch('?other=1')).toBeNull();
    expect(scenariosFromSearch('?mock=nonsense')).toEqual([]);
  });

  it('matches the operation by method and path template', () => {
    const scenarios = [{ method: 'DELETE', path: '/user/persons/{id}', prefer: 'code=404' }];
    expect(preferFor(scenarios, 'DELETE', '/user/persons/3')).toBe('code=404');
    expect(preferFor(scenarios, 'GET', '/user/persons/3')).toBeNull();
    expect(preferFor(scenarios, 'DELETE', '/user/persons/3/x')).toBeNull();
  });

  it('keeps the choice for the tab and adds Prefer to matching calls only, until off', async () => {
    const location = { search: `?mock=${encodeURIComponent(login)}` } as Location;
    const middleware = mockScenarioMiddleware(location, sessionStorage);
    const onRequest = middleware.onRequest as (options: { request: Request }) => unknown;
    const changed = (await onRequest({
      request: new Request('http://localhost/api/user/login', { method: 'POST' }),
    })) as Request;
    expect(changed.headers.get('Prefer')).toBe('code=401, example=invalid_credentials');
    expect(
      await onRequest({ request: new Request('http://localhost/api/config') }),
    ).toBeUndefined();

    mockScenarioMiddleware({ search: '' } as Location, sessionStorage);
    expect(sessionStorage.getItem('mock-scenarios')).not.toBeNull();
    mockScenarioMiddleware({ search: '?mock=off' } as Location, sessionStorage);
    expect(sessionStorage.getItem('mock-scenarios')).toBeNull();
  });
});
