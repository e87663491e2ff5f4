import { rmSync } from 'node:fs';
import { brotliCompressSync, gzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createAccount, insertActivity } from './admin/factory.js';
import { startTestApp, type TestApp } from './helpers/test-app.js';
import { webBuild } from './helpers/web-build.js';

describe('serving the built web app', () => {
  let app: TestApp;
  let webDist: string;
  beforeAll(async () => {
    webDist = webBuild('<!doctype html><title>Portal</title><div id="root"></div>', {
      'index-AbCdEf12.js': 'console.log("app")',
    });
    app = await startTestApp({ env: { WEB_DIST: webDist } });
  });
  afterAll(async () => {
    await app.close();
    rmSync(webDist, { recursive: true, force: true });
  });

  it('answers client routes with index.html (history fallback), not cached', async () => {
    for (const path of ['/', '/login', '/dashboard', '/recuperar-cuenta']) {
      const res = await app.fetch(path);
      expect(res.status, path).toBe(200);
      expect(res.headers.get('content-type')).toContain('text/html');
      expect(await res.text()).toContain('<div id="root">');
      expect(res.headers.get('cache-control')).toBe('no-cache');
      const csp = res.headers.get('content-security-policy') ?? '';
      expect(csp).toContain("script-src 'self'");
      expect(csp).toContain("img-src 'self' data: blob:");
      expect(csp).toContain("object-src 'none'");
      expect(csp).toContain("frame-ancestors 'none'");
      expect(res.headers.get('x-frame-options')).toBe('DENY');
      expect(res.headers.get('x-content-type-options')).toBe('nosniff');
      expect(res.headers.get('referrer-policy')).toBe('strict-origin-when-cross-origin');
      expect(res.headers.get('permissions-policy')).toContain('camera=()');
      expect(res.headers.get('cross-origin-opener-policy')).toBe('same-origin-allow-popups');
    }
  });

  it('answers HEAD for the app with its headers and length, and no body', async () => {
    const get = await app.fetch('/login');
    const page = await get.text();
    const head = await app.fetch('/login', { method: 'HEAD' });
    expect(head.status).toBe(200);
    expect(head.headers.get('content-type')).toContain('text/html');
    expect(head.headers.get('content-length')).toBe(String(Buffer.byteLength(page)));
    expect(await head.text()).toBe('');
  });

  it('serves hashed assets with a long cache', async () => {
    const res = await app.fetch('/assets/index-AbCdEf12.js');
    expect(res.status).toBe(200);
    expect(res.headers.get('cache-control')).toContain('immutable');
  });

  it('answers a missing file with 404 instead of the app', async () => {
    const res = await app.fetch('/assets/missing-12345678.js');
    expect(res.status).toBe(404);
  });

  it('never answers an API path with the app', async () => {
    const res = await app.fetch('/api/unknown');
    expect(res.status).toBe(404);
    expect(res.headers.get('content-type')).toContain('application/json');
  });

  it('refuses path traversal', async () => {
    const res = await app.fetch('/..%2f..%2fetc%2fpasswd');
    expect([400, 403, 404]).toContain(res.status);
    expect(await res.text()).not.toContain('root:x:0:0');
  });
});

describe('compression', () => {
  it('sends the build’s precompressed .br or .gz file to browsers that accept it', async () => {
    const source = `console.log(${JSON.stringify('y'.repeat(5000))});`;
    const webDist = webBuild('<!doctype html><div id="root"></div>', {
      'index-AbCdEf12.js': source,
      'index-AbCdEf12.js.br': brotliCompressSync(source),
      'index-AbCdEf12.js.gz': gzipSync(source),
    });
    const app = await startTestApp({ env: { WEB_DIST: webDist } });
    try {
      for (const [accepts, encoding] of [
        ['gzip, deflate, br', 'br'],
        ['gzip', 'gzip'],
      ] as const) {
        const res = await app.fetch('/assets/index-AbCdEf12.js', {
          headers: { 'Accept-Encoding': accepts },
        });
        expect(res.headers.get('content-encoding')).toBe(encoding);
        expect(res.headers.get('content-type')).toContain('javascript');
        expect(res.headers.get('cache-control')).toContain('immutable');
        // fetch decodes: what arrives is the file itself
        expect(await res.text()).toBe(source);
      }
      const plain = await app.fetch('/assets/index-AbCdEf12.js', {
        headers: { 'Accept-Encoding': 'identity' },
      });
      expect(plain.headers.get('content-encoding')).toBeNull();
      expect(await plain.text()).toBe(source);
    } finally {
      await app.close();
      rmSync(webDist, { recursive: true, force: true });
    }
  });

  it('compresses the web app files and larger answers for clients that accept it', async () => {
    const webDist = webBuild('<!doctype html><div id="root"></div>', {
      'index-AbCdEf12.js': `console.log(${JSON.stringify('x'.repeat(5000))});`,
    });
    const app = await startTestApp({ env: { WEB_DIST: webDist } });
    try {
      const res = await app.fetch('/assets/index-AbCdEf12.js', {
        headers: { 'Accept-Encoding': 'gzip' },
      });
      expect(res.headers.get('content-encoding')).toBe('gzip');
      expect(await res.text()).toContain('xxxx');
      const small = await app.fetch('/api/health', { headers: { 'Accept-Encoding': 'gzip' } });
      expect(small.headers.get('content-encoding')).toBeNull();
    } finally {
      await app.close();
      rmSync(webDist, { recursive: true, force: true });
    }
  });

  it('compresses a larger API answer only for clients that accept it, and says so in Vary', async () => {
    const app = await startTestApp();
    try {
      const admin = await createAccount(app, 'admin');
      for (let i = 1; i <= 30; i++)
        await insertActivity(app, `Actividad de prueba número ${i}`, 2500 + i);
      const get = (encoding: string) =>
        app.fetch('/api/admin/activities-crud', {
          headers: { ...admin.headers, 'Accept-Encoding': encoding },
        });
      const zipped = await get('gzip');
      expect(zipped.headers.get('content-encoding')).toBe('gzip');
      expect(zipped.headers.get('vary')).toContain('Accept-Encoding');
      expect(await zipped.json()).toHaveLength(30);
      const plain = await get('identity');
      expect(plain.headers.get('content-encoding')).toBeNull();
      expect(plain.headers.get('vary')).toContain('Accept-Encoding');
      expect(await plain.json()).toHaveLength(30);
      // a small answer is the same whatever the client accepts: nothing to vary on
      const small = await app.fetch('/api/health', { headers: { 'Accept-Encoding': 'gzip' } });
      expect(small.headers.get('content-encoding')).toBeNull();
      expect(small.headers.get('vary')).toBeNull();
    } finally {
      await app.close();
    }
  });
});
