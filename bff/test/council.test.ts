import { execFile } from 'node:child_process';
import {
  cpSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  realpathSync,
  rmSync,
  symlinkSync,
  writeFileSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { listOutbox, register } from '../src/generated/sdk.gen.js';
import { contrastRatio, readCouncilFile } from '../src/council.js';
import { bffRoot, repoRoot } from '../src/lib/paths.js';
import { startTestApp, type TestApp } from './helpers/test-app.js';
import { webBuild } from './helpers/web-build.js';
import { factory } from './payments/factory.js';
import { generate, notificationParams, pdfText, signedNotification } from './payments/helpers.js';

const EJEMPLO = resolve(repoRoot, 'councils/ejemplo/council.json');
const NIGRAN = resolve(repoRoot, 'councils/nigran/council.json');

/** A copy of the example council in a temp folder, with `change` applied to its file. */
function councilCopy(change: (file: Record<string, unknown>) => void): string {
  const dir = mkdtempSync(join(tmpdir(), 'portal-council-'));
  cpSync(resolve(repoRoot, 'councils/ejemplo'), dir, { recursive: true });
  const file = JSON.parse(readFileSync(EJEMPLO, 'utf8')) as Record<string, unknown>;
  change(file);
  writeFileSync(join(dir, 'council.json'), JSON.stringify(file));
  return join(dir, 'council.json');
}

describe('the council file', () => {
  it('accepts every shipped council', () => {
    const shipped = readdirSync(resolve(repoRoot, 'councils'), { withFileTypes: true })
      .filter((entry) => entry.isDirectory())
      .map((entry) => resolve(repoRoot, 'councils', entry.name, 'council.json'));
    expect(shipped).toEqual(expect.arrayContaining([NIGRAN, EJEMPLO]));
    for (const path of shipped) expect(readCouncilFile(path).problems, path).toEqual([]);
  });

  it('gives the council’s own pages an address of one segment, or none', () => {
    expect(readCouncilFile(councilCopy((file) => (file.pages = {}))).problems).toEqual([]);
    for (const info of ['/info/../admin', 'concello', 'https://evil.example', '/Concello']) {
      const path = councilCopy((file) => (file.pages = { info }));
      expect(readCouncilFile(path).problems, info).toEqual([
        `COUNCIL_FILE (${path}): pages.info must be an address like /concello`,
      ]);
    }
  });

  it('measures contrast as WCAG does', () => {
    expect(contrastRatio('#ffffff', '#000000')).toBeCloseTo(21, 5);
    expect(contrastRatio('#1a4480', '#ffffff')).toBeGreaterThan(4.5);
    expect(contrastRatio('#777777', '#ffffff')).toBeCloseTo(4.48, 2);
  });

  it('says one line per problem, naming the field, with the contrast it measured', () => {
    const path = councilCopy((file) => {
      file.website = 'http://insecure.example';
      file.dpoEmail = 'not-an-address';
      (file.colours as Record<string, string>).primary = '#7fa0d0';
      (file.colours as Record<string, string>).footer = 'green';
      (file.documents as { help: Record<string, string> }).help.gl = 'missing.pdf';
    });
    const schema = readCouncilFile(path).problems;
    expect(schema).toEqual([
      `COUNCIL_FILE (${path}): dpoEmail must be an e-mail address`,
      `COUNCIL_FILE (${path}): website must be an https:// address`,
      `COUNCIL_FILE (${path}): colours.footer must be a colour written #rrggbb`,
    ]);
    const contrast = councilCopy((file) => {
      (file.colours as Record<string, string>).primary = '#7fa0d0';
      (file.documents as { help: Record<string, string> }).help.gl = 'missing.pdf';
    });
    expect(readCouncilFile(contrast).problems).toEqual([
      `COUNCIL_FILE (${contrast}): documents.help.gl "missing.pdf" is not beside it`,
      `COUNCIL_FILE (${contrast}): colours.primary #7fa0d0 gives white text a contrast of 2.68:1; it needs 4.5:1`,
    ]);
  });

  it("checks the council's own legal wording: legal ids only, the same ones in every language", () => {
    type Legal = { reviewed?: string; texts: Record<string, Record<string, string>> };
    const bad = councilCopy((file) => {
      const legal = file.legal as Legal;
      legal.reviewed = '15/10/2026';
      legal.texts.es!['footer.copyright'] = 'Otro texto';
    });
    expect(readCouncilFile(bad).problems).toEqual([
      `COUNCIL_FILE (${bad}): legal.reviewed must be a date YYYY-MM-DD`,
      `COUNCIL_FILE (${bad}): legal.texts.es.footer.copyright must be a legal text id (legal.…)`,
    ]);
    const uneven = councilCopy((file) => {
      delete (file.legal as Legal).texts.gl!['legal.a11y.status.p1'];
    });
    expect(readCouncilFile(uneven).problems).toEqual([
      `COUNCIL_FILE (${uneven}): legal.texts.gl must replace the same texts as legal.texts.es`,
    ]);
  });

  it('refuses a missing file, a file that is not JSON, and a file outside its folder', () => {
    expect(readCouncilFile('/nonexistent/council.json').problems).toEqual([
      'COUNCIL_FILE (/nonexistent/council.json): cannot be read (no such file)',
    ]);
    const dir = mkdtempSync(join(tmpdir(), 'portal-council-'));
    writeFileSync(join(dir, 'council.json'), '{ name: ');
    expect(readCouncilFile(join(dir, 'council.json')).problems).toEqual([
      `COUNCIL_FILE (${join(dir, 'council.json')}): cannot be read (not JSON)`,
    ]);
    const escape = councilCopy((file) => {
      file.logo = '../nigran/logo.svg';
    });
    expect(readCouncilFile(escape).problems).toEqual([
      `COUNCIL_FILE (${escape}): logo must be a file beside the council file`,
    ]);
  });

  it('stops the server with a clear message when the council file is wrong', async () => {
    const path = councilCopy((file) => {
      (file.colours as Record<string, string>).header = '#9bb5dd';
    });
    const error = await promisify(execFile)(
      join(bffRoot, '../node_modules/.bin/tsx'),
      ['src/server.ts'],
      {
        cwd: bffRoot,
        env: {
          ...process.env,
          DATA_DIR: mkdtempSync(join(tmpdir(), 'portal-cfg-')),
          NODE_ENV: 'development',
          COUNCIL_FILE: path,
        },
      },
    ).then(
      () => null,
      (err: { code: number; stderr: string }) => err,
    );
    expect(error?.code).toBe(2);
    expect(error?.stderr.trim()).toBe(
      `Configuration error: COUNCIL_FILE (${path}): colours.header #9bb5dd gives white text a contrast of 2.09:1; it needs 4.5:1`,
    );
  });
});

describe('what the council file may give the server', () => {
  const SVG = 'http://www.w3.org/2000/svg';
  /** A copy of the example council whose logo is `logo` (a file written beside it). */
  const withLogo = (content: string | Buffer, name = 'escudo.svg') => {
    const path = councilCopy((file) => {
      file.logo = name;
    });
    writeFileSync(join(dirname(path), name), content);
    return path;
  };
  const problemsOf = (path: string) =>
    readCouncilFile(path).problems.map((line) => line.replace(`COUNCIL_FILE (${path}): `, ''));
  /** A file of the machine outside any council folder (as /etc/hostname is). */
  const hostname = join(realpathSync(mkdtempSync(join(tmpdir(), 'portal-etc-'))), 'hostname');
  writeFileSync(hostname, 'web-1\n');

  it('refuses a council file over 1 MB before reading it (the page it is inlined into)', () => {
    const path = councilCopy((file) => {
      const texts = (file.legal as { texts: Record<string, Record<string, string>> }).texts;
      for (const language of ['es', 'en', 'gl'])
        texts[language]!['legal.a11y.status.p1'] = 'x'.repeat(400_000);
    });
    expect(readCouncilFile(path)).toEqual({
      council: null,
      problems: [`COUNCIL_FILE (${path}): is 1.2 MB; the council file may be at most 1 MB`],
    });
  });

  it('refuses a logo over 512 KB and a PDF over 5 MB, one line each', () => {
    const path = withLogo(Buffer.alloc(600 * 1024), 'escudo.png');
    writeFileSync(join(dirname(path), 'ayuda-gl.pdf'), Buffer.alloc(6 * 1024 * 1024));
    expect(problemsOf(path)).toEqual([
      'logo "escudo.png" is 600 KB; an image may be at most 512 KB',
      'documents.help.gl "ayuda-gl.pdf" is 6.0 MB; a PDF may be at most 5 MB',
    ]);
    // at the limit is fine
    expect(problemsOf(withLogo(Buffer.alloc(512 * 1024), 'escudo.png'))).toEqual([]);
  });

  it('refuses a file that resolves outside the council folder, and takes a link inside it', () => {
    const path = councilCopy((file) => {
      file.logo = 'escudo.svg';
    });
    const dir = dirname(path);
    symlinkSync(hostname, join(dir, 'escudo.svg'));
    symlinkSync(resolve(repoRoot, 'councils/nigran/bonificacion.pdf'), join(dir, 'elsewhere.pdf'));
    rmSync(join(dir, 'reduccion-en.pdf'));
    symlinkSync('elsewhere.pdf', join(dir, 'reduccion-en.pdf'));
    expect(problemsOf(path)).toEqual([
      `logo "escudo.svg" resolves outside the council's folder (to ${hostname})`,
      `documents.reduction.en "reduccion-en.pdf" resolves outside the council's folder (to ${resolve(repoRoot, 'councils/nigran/bonificacion.pdf')})`,
    ]);
    const inside = withLogo('');
    rmSync(join(dirname(inside), 'escudo.svg'));
    symlinkSync('escudo-ejemplo.svg', join(dirname(inside), 'escudo.svg'));
    expect(problemsOf(inside)).toEqual([]);
  });

  it.each([
    ['script', `<svg xmlns="${SVG}"><script>alert(1)</script></svg>`, 'has a <script> element'],
    [
      'a prefixed script',
      `<s:svg xmlns:s="${SVG}"><s:script>alert(1)</s:script></s:svg>`,
      'has a <s:script> element',
    ],
    [
      'an event handler',
      `<svg xmlns="${SVG}" onload="alert(1)"><rect/></svg>`,
      'has an event-handler attribute onload on <svg>',
    ],
    [
      'an event handler in capitals',
      `<svg xmlns="${SVG}"><rect ONCLICK="x()"/></svg>`,
      'has an event-handler attribute ONCLICK on <rect>',
    ],
    [
      'an external image',
      `<svg xmlns="${SVG}"><image href="https://tracker.example/p.png"/></svg>`,
      'refers to "https://tracker.example/p.png" (href on <image>)',
    ],
    [
      'a javascript: link',
      `<svg xmlns="${SVG}" xmlns:xlink="http://www.w3.org/1999/xlink"><a xlink:href="javascript:alert(1)"><rect/></a></svg>`,
      'refers to "javascript:alert(1)" (xlink:href on <a>)',
    ],
    [
      'another file',
      `<svg xmlns="${SVG}"><use href="other.svg#shape"/></svg>`,
      'refers to "other.svg#shape" (href on <use>)',
    ],
    [
      'a CSS url()',
      `<svg xmlns="${SVG}"><rect style="fill: url('https://x.example/f.svg#p')"/></svg>`,
      'refers to "https://x.example/f.svg#p" (style on <rect>)',
    ],
    [
      'a style sheet import',
      `<svg xmlns="${SVG}"><style><![CDATA[@import "https://x.example/s.css";]]></style></svg>`,
      'has a <style> with @import',
    ],
    [
      'HTML inside',
      `<svg xmlns="${SVG}"><foreignObject><div xmlns="http://www.w3.org/1999/xhtml">hi</div></foreignObject></svg>`,
      'has a <foreignObject> element (embedded HTML)',
    ],
    [
      'a DOCTYPE with an entity',
      `<?xml version="1.0"?><!DOCTYPE svg [<!ENTITY x SYSTEM "file:///etc/passwd">]><svg xmlns="${SVG}"><text>&x;</text></svg>`,
      'has a DOCTYPE (entities and external DTDs)',
    ],
    [
      'an external style sheet instruction',
      `<?xml-stylesheet href="https://x.example/s.css"?><svg xmlns="${SVG}"/>`,
      'has a processing instruction <?xml-stylesheet?>',
    ],
    [
      'an animation that sets a link',
      `<svg xmlns="${SVG}"><a><set attributeName="href" to="javascript:alert(1)"/><rect/></a></svg>`,
      'has a <set> that changes href',
    ],
    ['not XML', '<svg><rect></svg>', expect.stringMatching(/^is not well-formed XML \(/)],
    ['not an SVG', '<html><body/></html>', 'is not an SVG (its root is <html>)'],
  ])('refuses an SVG logo with %s', (_, svg, problem) => {
    const path = withLogo(svg);
    const problems = problemsOf(path);
    expect(problems).toEqual([
      typeof problem === 'string' ? `logo "escudo.svg" ${problem}` : expect.anything(),
    ]);
    if (typeof problem !== 'string')
      expect(problems[0]!.replace('logo "escudo.svg" ', '')).toEqual(problem);
  });

  it('takes an SVG whose references stay inside it', () => {
    const svg = `<?xml version="1.0" encoding="UTF-8"?>
<svg xmlns="${SVG}" xmlns:xlink="http://www.w3.org/1999/xlink" viewBox="0 0 10 10">
  <!-- a gradient, a reused shape, an embedded bitmap -->
  <defs><linearGradient id="g"><stop offset="0" stop-color="#fff"/></linearGradient>
  <path id="p" d="M0 0h10v10z"/></defs>
  <style>.a { fill: url(#g); }</style>
  <use xlink:href="#p" class="a"/><rect fill="url(#g)" width="1" height="1"/>
  <image href="data:image/png;base64,iVBORw0KGgo=" width="1" height="1"/>
  <a href="#p"><text>Concello</text></a>
</svg>`;
    expect(problemsOf(withLogo(svg))).toEqual([]);
  });

  it('says every problem of every file at once', () => {
    const path = withLogo(
      `<svg xmlns="${SVG}" onload="steal()"><script>steal()</script><image href="https://x.example/a.png"/><image href="https://x.example/b.png"/></svg>`,
    );
    writeFileSync(join(dirname(path), 'reduccion-es.pdf'), Buffer.alloc(5 * 1024 * 1024 + 1));
    rmSync(join(dirname(path), 'ayuda-en.pdf'));
    symlinkSync(hostname, join(dirname(path), 'ayuda-en.pdf'));
    expect(problemsOf(path)).toEqual([
      'logo "escudo.svg" has an event-handler attribute onload on <svg>',
      'logo "escudo.svg" has a <script> element',
      'logo "escudo.svg" refers to "https://x.example/a.png" (href on <image>)',
      'documents.reduction.es "reduccion-es.pdf" is 5.1 MB; a PDF may be at most 5 MB',
      `documents.help.en "ayuda-en.pdf" resolves outside the council's folder (to ${hostname})`,
    ]);
  });

  it('stops the server with one line per problem', async () => {
    const path = withLogo(`<svg xmlns="${SVG}"><script>alert(1)</script></svg>`);
    rmSync(join(dirname(path), 'ayuda-es.pdf'));
    symlinkSync(hostname, join(dirname(path), 'ayuda-es.pdf'));
    const error = await promisify(execFile)(
      join(bffRoot, '../node_modules/.bin/tsx'),
      ['src/server.ts'],
      {
        cwd: bffRoot,
        env: {
          ...process.env,
          DATA_DIR: mkdtempSync(join(tmpdir(), 'portal-cfg-')),
          NODE_ENV: 'development',
          COUNCIL_FILE: path,
        },
      },
    ).then(
      () => null,
      (err: { code: number; stderr: string }) => err,
    );
    expect(error?.code).toBe(2);
    expect(error?.stderr.trim()).toBe(
      [
        `Configuration error: COUNCIL_FILE (${path}): logo "escudo.svg" has a <script> element`,
        `Configuration error: COUNCIL_FILE (${path}): documents.help.es "ayuda-es.pdf" resolves outside the council's folder (to ${hostname})`,
      ].join('\n'),
    );
  });
});

describe('a second council, same build', () => {
  let app: TestApp;
  let webDist: string;
  beforeAll(async () => {
    webDist = webBuild(
      '<!doctype html>\n<html lang="es">\n  <head>\n    <meta name="theme-color" content="#1a4480" />\n    <title>Actividades deportivas</title>\n  </head>\n  <body><div id="root"></div></body>\n</html>\n',
    );
    app = await startTestApp({
      now: '2026-11-21T10:00:00Z',
      env: { WEB_DIST: webDist, COUNCIL_FILE: EJEMPLO },
    });
  });
  afterAll(async () => {
    await app.close();
    rmSync(webDist, { recursive: true, force: true });
  });

  it('inlines the council into every page the app answers, with its logo and colour', async () => {
    for (const path of ['/', '/login', '/concello']) {
      const html = await (await app.fetch(path)).text();
      const json = /<script id="council-data" type="application\/json">(.*?)<\/script>/.exec(html);
      const page = JSON.parse(json?.[1] ?? '{}') as Record<string, unknown>;
      expect(page).toMatchObject({
        name: 'Ayuntamiento de Villaejemplo',
        address: 'Plaza Mayor, 1, 28999 Villaejemplo, Madrid',
        logo: 'council/escudo-ejemplo.svg',
        colours: { primary: '#0b6e4f', header: '#0b6e4f' },
      });
      expect(page).not.toHaveProperty('documents');
      expect(html).toContain('<meta name="theme-color" content="#0b6e4f"');
      expect(html).toContain('<title>Deportes municipales de Villaejemplo</title>');
      expect(html).toContain(
        '<link rel="icon" type="image/svg+xml" href="/council/escudo-ejemplo.svg" />',
      );
    }
  });

  it('serves its logo and documents, at the spec’s addresses too, and nothing else of its folder', async () => {
    const logo = await app.fetch('/council/escudo-ejemplo.svg');
    expect(logo.status).toBe(200);
    expect(logo.headers.get('content-type')).toContain('image/svg+xml');
    expect(await logo.text()).toContain('Villaejemplo');
    const folder = resolve(repoRoot, 'councils/ejemplo');
    for (const [path, file] of [
      ['/assets/bonificacion.pdf', 'reduccion-es.pdf'],
      ['/assets/bonificacion-gl.pdf', 'reduccion-gl.pdf'],
      ['/assets/axuda-bonificacion-en.pdf', 'ayuda-en.pdf'],
      ['/council/ayuda-gl.pdf', 'ayuda-gl.pdf'],
    ] as const) {
      const res = await app.fetch(path);
      expect(res.status, path).toBe(200);
      expect(res.headers.get('content-type'), path).toBe('application/pdf');
      expect(
        Buffer.from(await res.arrayBuffer()).equals(readFileSync(join(folder, file))),
        path,
      ).toBe(true);
    }
    expect((await app.fetch('/council/council.json')).status).toBe(404);
    expect((await app.fetch('/council/logo.svg')).status).toBe(404);
  });

  it('signs the SMS codes with its sender', async () => {
    await register({
      client: app.api,
      throwOnError: true,
      body: {
        dni: '71234567W',
        phone: '34655443322',
        email: null,
        password: 'piscina-verano-2026',
        repeat_password: 'piscina-verano-2026',
      },
    });
    const { data } = await listOutbox({
      client: app.api,
      query: { to: '655443322' },
      throwOnError: true,
    });
    expect(data[0]).toMatchObject({ channel: 'sms', sender: 'Villaejemp' });
  });

  it('prints its name, address and CIF on a receipt', async () => {
    const f = factory(app);
    await f.settings({ payments_enabled: true, discount_bp: 0, deadline: '2026-12-15' });
    const household = await f.household([4500]);
    const redirect = await generate(app, household.user.token, {
      person_activity_id: household.person.id,
      activity_ids: household.activities,
      use_discount: false,
    });
    await app.form(
      '/api/payments/notification',
      signedNotification(notificationParams(redirect.order, Math.round(redirect.amount * 100))),
    );
    const payment = (await f.payment(redirect.order))!;
    expect(payment.status).toBe('paid');
    const res = await app.fetch(`/api/user/payments/${payment.id}/receipt?lang=es`, {
      headers: household.user.auth,
    });
    const text = pdfText(Buffer.from(await res.arrayBuffer()));
    for (const expected of [
      'Ayuntamiento de Villaejemplo',
      'Plaza Mayor, 1, 28999 Villaejemplo, Madrid',
      'CIF P2899900J',
    ]) {
      expect(text).toContain(expected);
    }
    expect(text).not.toContain('Nigrán');
  });
});
