import Router from '@koa/router';
import Koa from 'koa';
import { once } from 'node:events';
import type { AddressInfo } from 'node:net';
import { describe, expect, it } from 'vitest';
import type { AppState } from '../src/http/context.js';
import {
  responseValidation,
  type ResponseValidationMode,
} from '../src/http/response-validation.js';
import type { Logger } from '../src/logger.js';

async function serve(mode: ResponseValidationMode, healthBody: unknown) {
  const logged: string[] = [];
  const logger: Logger = {
    debug() {},
    info() {},
    warn() {},
    error: (msg) => logged.push(msg),
    enabled: () => true,
  };
  const app = new Koa<AppState>();
  const checkContract = responseValidation(mode, logger);
  app.use(async (ctx, next) => {
    await next();
    checkContract?.(ctx);
  });
  const router = new Router<AppState>({ prefix: '/api' });
  router.get('/health', (ctx) => {
    ctx.body = healthBody;
  });
  router.get('/user/persons/', (ctx) => {
    ctx.status = 401;
    ctx.body = { message: 'not the error shape' };
  });
  // listMyPayments declares 200, 401, 422 and 503, never 404
  router.get('/user/payments/', (ctx) => {
    ctx.status = 404;
    ctx.body = { detail: 'No encontrado.', code: 'not_found' };
  });
  app.use(router.routes());
  const server = app.listen(0, '127.0.0.1');
  await once(server, 'listening');
  const base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return {
    logged,
    get: (path: string) => fetch(base + path),
    close: () => new Promise((resolve) => server.close(resolve)),
  };
}

describe('response validation against the contract', () => {
  it('lets answers that match the contract through', async () => {
    const s = await serve('strict', { status: 'ok', version: '1.0.0' });
    const res = await s.get('/api/health');
    expect(res.status).toBe(200);
    expect(s.logged).toEqual([]);
    await s.close();
  });

  it('turns a drifting success body into a 500 in strict mode', async () => {
    const s = await serve('strict', { status: 'fine' });
    const res = await s.get('/api/health');
    expect(res.status).toBe(500);
    const body = await res.json();
    expect(body.code).toBe('contract_violation');
    expect(body.detail).toContain('version');
    expect(s.logged).toEqual(['response does not match the contract']);
    await s.close();
  });

  it('checks error bodies against the shared error shape', async () => {
    const s = await serve('strict', {});
    const res = await s.get('/api/user/persons/');
    expect(res.status).toBe(500);
    expect((await res.json()).detail).toContain('detail');
    await s.close();
  });

  it('turns a status the operation does not declare into a 500 in strict mode', async () => {
    const s = await serve('strict', {});
    const res = await s.get('/api/user/payments/');
    expect(res.status).toBe(500);
    expect(await res.json()).toEqual({
      detail: 'Response does not match openapi.yaml: status 404 is not declared for listMyPayments',
      code: 'contract_violation',
    });
    expect(s.logged).toEqual(['response does not match the contract']);
    await s.close();
  });

  it('only logs in log mode', async () => {
    const s = await serve('log', { status: 'fine' });
    const res = await s.get('/api/health');
    expect(res.status).toBe(200);
    expect(s.logged).toHaveLength(1);
    await s.close();
  });
});
