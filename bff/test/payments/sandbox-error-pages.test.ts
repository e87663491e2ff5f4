import { readFileSync } from 'node:fs';
import { gzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parse } from 'yaml';
import { startTestApp, type TestApp } from '../helpers/test-app.js';

/**
 * The sandbox bank's pages are posted to by the browser: a body they cannot read (broken
 * compression 400, too large 413, another encoding 415) answers a page in the browser's language,
 * as text/html, which the contract declares for those answers too (issue 59, item 10).
 */

const PAGES = ['/payments/sandbox', '/payments/sandbox/bizum', '/payments/sandbox/confirm'];

interface Answer {
  content?: object;
  $ref?: string;
}
const contract = parse(readFileSync(new URL('../../../openapi.yaml', import.meta.url), 'utf8')) as {
  paths: Record<string, { post: { responses: Record<string, Answer> } }>;
  components: { responses: Record<string, Answer> };
};
const resolved = (answer: Answer): Answer =>
  answer.$ref ? contract.components.responses[answer.$ref.split('/').pop()!]! : answer;

describe('the sandbox bank answers its refusals as pages', () => {
  let app: TestApp;
  beforeAll(async () => {
    app = await startTestApp();
  });
  afterAll(() => app.close());

  const post = (path: string, headers: Record<string, string>, body: BodyInit) =>
    app.fetch(`/api${path}`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/x-www-form-urlencoded', ...headers },
      body,
    });

  it('answers an unreadable, too large or differently encoded body with an HTML page', async () => {
    for (const path of PAGES) {
      const cases: [number, Record<string, string>, BodyInit, string][] = [
        [400, { 'Content-Encoding': 'gzip' }, 'not gzip', 'La petición no es válida.'],
        [413, {}, `Ds_Signature=${'a'.repeat(70 * 1024)}`, 'La petición es demasiado grande.'],
        [415, { 'Content-Encoding': 'zstd' }, 'a=1', 'Formato de petición no admitido.'],
        [
          415,
          { 'Content-Encoding': 'gzip, gzip' },
          gzipSync(gzipSync('a=1')),
          'Formato de petición no admitido.',
        ],
      ];
      for (const [status, headers, body, message] of cases) {
        const res = await post(path, headers, body);
        expect(res.status, `${path} ${status}`).toBe(status);
        expect(res.headers.get('content-type'), `${path} ${status}`).toMatch(/^text\/html/);
        const page = await res.text();
        expect(page).toContain('<html lang="es">');
        expect(page).toContain(message);
      }
    }
    // in the browser's language
    const gl = await post(
      PAGES[0]!,
      { 'Content-Encoding': 'zstd', 'Accept-Language': 'gl' },
      'a=1',
    );
    expect(await gl.text()).toContain('<html lang="gl">');
  });

  it('declares HTML in the contract for those answers', () => {
    for (const path of PAGES)
      for (const status of ['400', '413', '415']) {
        const answer = resolved(contract.paths[path]!.post.responses[status]!);
        expect(answer.content, `${path} ${status}`).toHaveProperty(['text/html']);
      }
  });
});
