import { randomBytes } from 'node:crypto';
import { cpSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import type { IncomingMessage } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import { afterAll, describe, expect, it } from 'vitest';
import { loadConfig, REDSYS_TEST_CREDENTIALS } from '../../src/config.js';
import { councilConfig, councilPublicUrl } from '../../src/councils/council-config.js';
import {
  councilDatabase,
  councilDatabaseName,
  ensureCouncilDatabase,
} from '../../src/councils/council-database.js';
import {
  readCouncilFolder,
  readCouncilFolders,
  requestHost,
} from '../../src/councils/council-folders.js';
import { forwardedHost } from '../../src/councils/host-dispatch.js';
import { repoRoot } from '../../src/lib/paths.js';
import { createTokenService } from '../../src/services/token-service.js';

const roots: string[] = [];
afterAll(() => {
  for (const root of roots) rmSync(root, { recursive: true, force: true });
});

/** A COUNCILS_DIR with these folders, each a copy of councils/ejemplo changed by its function. */
function councilsDir(folders: Record<string, (file: Record<string, unknown>) => void>): string {
  const root = mkdtempSync(join(tmpdir(), 'portal-folders-'));
  roots.push(root);
  for (const [id, change] of Object.entries(folders)) {
    const dir = join(root, id);
    cpSync(join(repoRoot, 'councils/ejemplo'), dir, { recursive: true });
    const file = JSON.parse(readFileSync(join(dir, 'council.json'), 'utf8')) as Record<
      string,
      unknown
    >;
    // the example folder lists its own host: each test council names its own, or none
    delete file.hosts;
    change(file);
    writeFileSync(join(dir, 'council.json'), JSON.stringify(file));
  }
  return root;
}

const KEY = Buffer.alloc(24, 7).toString('base64');

describe('council folders (COUNCILS_DIR)', () => {
  it('reads every folder as a council named by it, with its hosts, sorted, skipping dot folders and files', () => {
    const root = councilsDir({
      ordes: (file) => (file.hosts = ['deportes.ordes.gal', 'ordes.localhost']),
      'a-baña': (file) => (file.hosts = ['abana.localhost']),
      abegondo: (file) => (file.hosts = ['deportes.abegondo.gal']),
    });
    mkdirSync(join(root, '.trash'));
    writeFileSync(join(root, 'README.md'), 'not a council');
    const folders = readCouncilFolders(root);
    expect(folders.map((f) => f.id)).toEqual(['a-baña', 'abegondo', 'ordes']);
    const [bana, abegondo, ordes] = folders;
    expect(ordes).toMatchObject({
      hosts: ['deportes.ordes.gal', 'ordes.localhost'],
      problems: [],
      file: join(root, 'ordes', 'council.json'),
    });
    expect(ordes!.council?.name).toBeTruthy();
    expect(abegondo!.problems).toEqual([]);
    // the id is also a database's and a folder's name: lower-case ASCII letters, digits, hyphens
    expect(bana!.council).toBeNull();
    expect(bana!.problems[0]).toMatch(/council "a-baña": the folder's name is the council's id/);
  });

  it('refuses a council without hosts, or with a host written wrong', () => {
    const root = councilsDir({
      nohosts: () => {},
      empty: (file) => (file.hosts = []),
      port: (file) => (file.hosts = ['deportes.ordes.gal:8080']),
      upper: (file) => (file.hosts = ['Deportes.Ordes.gal']),
    });
    const byId = Object.fromEntries(readCouncilFolders(root).map((f) => [f.id, f]));
    expect(byId.nohosts!.problems).toEqual([
      'council "nohosts": hosts must name at least one host name',
    ]);
    expect(byId.empty!.problems).toEqual([
      'council "empty": hosts must name at least one host name',
    ]);
    for (const id of ['port', 'upper']) {
      expect(byId[id]!.council).toBeNull();
      expect(byId[id]!.problems.join('\n')).toMatch(/hosts\.0 must be a host name in lower case/);
    }
  });

  it('refuses both councils that list one host, and keeps a broken council’s hosts (they answer 503)', () => {
    const root = councilsDir({
      ordes: (file) => (file.hosts = ['deportes.ordes.gal']),
      oroso: (file) => (file.hosts = ['deportes.oroso.gal', 'deportes.ordes.gal']),
      rota: (file) => {
        file.hosts = ['deportes.rota.gal'];
        file.colours = { ...(file.colours as object), primary: '#ffff00' };
      },
    });
    const [ordes, oroso, rota] = readCouncilFolders(root);
    expect(ordes!.council).toBeNull();
    expect(oroso!.council).toBeNull();
    expect(ordes!.problems).toEqual([
      'council "ordes": host deportes.ordes.gal is also listed by oroso',
    ]);
    expect(oroso!.problems).toEqual([
      'council "oroso": host deportes.ordes.gal is also listed by ordes',
    ]);
    expect(rota!.council).toBeNull();
    expect(rota!.hosts).toEqual(['deportes.rota.gal']);
    expect(rota!.problems.join('\n')).toMatch(/council "rota": .*colours\.primary/);
  });

  it('reads one folder alone, and a folder without council.json as a problem', () => {
    const root = councilsDir({});
    mkdirSync(join(root, 'baleira'));
    const folder = readCouncilFolder(join(root, 'baleira'));
    expect(folder).toMatchObject({ id: 'baleira', council: null, hosts: [] });
    expect(folder.problems[0]).toMatch(/council "baleira": .*cannot be read \(no such file\)/);
  });
});

describe('a request’s host', () => {
  it('is lower case, without port or trailing dot; null when absent', () => {
    expect(requestHost('Deportes.Ordes.GAL:8443')).toBe('deportes.ordes.gal');
    expect(requestHost('deportes.ordes.gal.')).toBe('deportes.ordes.gal');
    expect(requestHost('[::1]:8080')).toBe('::1');
    expect(requestHost('')).toBeNull();
    expect(requestHost(undefined)).toBeNull();
  });

  const req = (headers: Record<string, string>) => ({ headers }) as unknown as IncomingMessage;

  it('is the Host header without a trusted proxy, whatever X-Forwarded-Host says', () => {
    expect(
      forwardedHost(
        req({ host: 'deportes.ordes.gal', 'x-forwarded-host': 'deportes.oroso.gal' }),
        0,
      ),
    ).toBe('deportes.ordes.gal');
  });

  it('behind trusted proxies, the X-Forwarded-Host value the outermost of them wrote', () => {
    const headers = {
      host: 'portal:8080',
      'x-forwarded-host': 'written.by.client, deportes.ordes.gal',
    };
    expect(forwardedHost(req(headers), 1)).toBe('deportes.ordes.gal');
    expect(forwardedHost(req(headers), 2)).toBe('written.by.client');
    expect(
      forwardedHost(req({ host: 'portal:8080', 'x-forwarded-host': 'Deportes.Ordes.gal:443' }), 3),
    ).toBe('deportes.ordes.gal');
    expect(forwardedHost(req({ host: 'deportes.ordes.gal' }), 1)).toBe('deportes.ordes.gal');
  });
});

describe('a council’s own configuration', () => {
  const base = (env: Record<string, string> = {}) =>
    loadConfig({
      NODE_ENV: 'test',
      DATA_DIR: '/srv/portal',
      JWT_SECRET: 'test-secret-that-is-long-enough-for-hs256-0123456789',
      PUBLIC_URL: 'https://portal.example.gal:8443',
      COUNCILS_DIR: councilsDir({}),
      ...env,
    });

  it('has its own database, address and secret, and the sandbox bank without payments', () => {
    const root = councilsDir({ ordes: (file) => (file.hosts = ['deportes.ordes.gal']) });
    const [folder] = readCouncilFolders(root);
    const made = councilConfig(base(), folder!, {});
    expect(made.problems).toEqual([]);
    const config = made.config!;
    expect(config.dataDir).toBe('/srv/portal/councils/ordes');
    expect(config.databaseUrl).toBeNull();
    expect(config.publicUrl).toBe('https://deportes.ordes.gal:8443');
    expect(config.council.hosts).toEqual(['deportes.ordes.gal']);
    expect(config.jwtSecret).not.toBe(base().jwtSecret);
    expect(config.redsys).toMatchObject({
      sandbox: true,
      merchantCode: REDSYS_TEST_CREDENTIALS.merchantCode,
      url: 'https://deportes.ordes.gal:8443/api/payments/sandbox',
    });
    const other = councilConfig(
      base(),
      { ...folder!, id: 'oroso', hosts: ['deportes.oroso.gal'] },
      {},
    ).config!;
    expect(other.jwtSecret).not.toBe(config.jwtSecret);
  });

  it('has its own PostgreSQL database in the cluster DATABASE_URL names', () => {
    const target = councilDatabase(
      { databaseUrl: 'postgres://portal:secret@db:5432/portal', dataDir: '/srv/portal' },
      'a-coruna',
    );
    expect(target.databaseUrl).toBe('postgres://portal:secret@db:5432/portal_a_coruna');
    expect(councilDatabaseName('a-coruna')).toBe('portal_a_coruna');
    expect(councilPublicUrl('http://localhost:8080/', 'ordes.localhost')).toBe(
      'http://ordes.localhost:8080',
    );
  });

  it('takes its Redsys merchant from council.json and its key from the variable or the file named there', () => {
    const root = councilsDir({
      ordes: (file) => {
        file.hosts = ['deportes.ordes.gal'];
        file.payments = {
          merchantCode: '123456789',
          terminal: '2',
          secret: { env: 'REDSYS_SECRET_ORDES' },
        };
      },
      oroso: (file) => {
        file.hosts = ['deportes.oroso.gal'];
        file.payments = { merchantCode: '987654321', secret: { file: 'redsys.key' } };
      },
    });
    writeFileSync(join(root, 'oroso', 'redsys.key'), `${KEY}\n`);
    const [ordes, oroso] = readCouncilFolders(root);
    expect(councilConfig(base(), ordes!, { REDSYS_SECRET_ORDES: KEY }).config?.redsys).toEqual({
      merchantCode: '123456789',
      terminal: '2',
      secret: KEY,
      url: 'https://sis-t.redsys.es:25443/sis/realizarPago',
      restUrl: 'https://sis-t.redsys.es:25443/sis/rest/trataPeticionREST',
      queryUrl: 'https://sis-t.redsys.es:25443/apl02/services/SerClsWSConsulta',
      sandbox: false,
    });
    expect(
      councilConfig(base(), oroso!, { REDSYS_ENV: 'production' }).config?.redsys,
    ).toMatchObject({
      merchantCode: '987654321',
      terminal: '1',
      secret: KEY,
      url: 'https://sis.redsys.es/sis/realizarPago',
    });
    expect(councilConfig(base(), ordes!, {}).problems).toEqual([
      'council "ordes": payments.secret: the environment variable REDSYS_SECRET_ORDES is not set',
    ]);
    expect(councilConfig(base(), ordes!, { REDSYS_SECRET_ORDES: 'c2hvcnQ=' }).problems).toEqual([
      'council "ordes": payments.secret: the key must be the Base64 merchant key (24 bytes once decoded)',
    ]);
    rmSync(join(root, 'oroso', 'redsys.key'));
    expect(councilConfig(base(), oroso!, {}).problems).toEqual([
      'council "oroso": payments.secret: the file "redsys.key" is not in the council\'s folder',
    ]);
  });

  it('never takes the key written inside council.json, nor a key file outside its folder', () => {
    const root = councilsDir({
      inline: (file) => {
        file.hosts = ['inline.localhost'];
        file.payments = { merchantCode: '123456789', secret: KEY };
      },
      outside: (file) => {
        file.hosts = ['outside.localhost'];
        file.payments = { merchantCode: '123456789', secret: { file: '../inline/council.json' } };
      },
    });
    const [inline, outside] = readCouncilFolders(root);
    expect(inline!.council).toBeNull();
    expect(inline!.problems.join('\n')).toMatch(/payments\.secret must say where the key is/);
    expect(outside!.council).toBeNull();
    expect(outside!.problems.join('\n')).toMatch(
      /payments\.secret\.file must be a file in the council's folder/,
    );
  });

  it('in production, refuses a council without payments unless the sandbox is allowed (never on https)', () => {
    const root = councilsDir({ ordes: (file) => (file.hosts = ['deportes.ordes.gal']) });
    const [folder] = readCouncilFolders(root);
    const production = {
      ...base(),
      env: 'production' as const,
      publicHttps: false,
      publicUrl: 'http://portal.example.gal',
    };
    expect(councilConfig(production, folder!, {}).problems[0]).toMatch(
      /council "ordes": payments are not configured/,
    );
    expect(
      councilConfig(production, folder!, { ALLOW_SANDBOX_PAYMENTS: 'true' }).config?.redsys.sandbox,
    ).toBe(true);
    expect(
      councilConfig({ ...production, publicHttps: true }, folder!, {
        ALLOW_SANDBOX_PAYMENTS: 'true',
      }).problems[0],
    ).toMatch(/sandbox bank is refused on an https PUBLIC_URL/);
  });
});

describe('COUNCILS_DIR in the environment', () => {
  const env = {
    NODE_ENV: 'test',
    JWT_SECRET: 'test-secret-that-is-long-enough-for-hs256-0123456789',
  };

  it('is null without it, the folder with it', () => {
    expect(loadConfig(env).councilsDir).toBeNull();
    const root = councilsDir({});
    expect(loadConfig({ ...env, COUNCILS_DIR: root }).councilsDir).toBe(root);
  });

  it('leaves COUNCIL_FILE unused (a warning when it is set)', () => {
    const config = loadConfig({
      ...env,
      COUNCILS_DIR: councilsDir({}),
      COUNCIL_FILE: '/no/such/council.json',
    });
    expect(config.warnings).toContain(
      'COUNCIL_FILE is not used when COUNCILS_DIR is set: each council has its folder',
    );
    expect(() => loadConfig({ ...env, COUNCIL_FILE: '/no/such/council.json' })).toThrow(
      /COUNCIL_FILE/,
    );
  });

  it('must be a folder, and leaves Redsys credentials to each council', () => {
    expect(() => loadConfig({ ...env, COUNCILS_DIR: '/no/such/folder' })).toThrow(
      /COUNCILS_DIR must be a folder with one folder per council/,
    );
    expect(() =>
      loadConfig({
        ...env,
        COUNCILS_DIR: councilsDir({}),
        REDSYS_MERCHANT_CODE: '123456789',
        REDSYS_SECRET: KEY,
      }),
    ).toThrow(/REDSYS_MERCHANT_CODE and REDSYS_SECRET are set for each council/);
    // in production without REDSYS_* it starts: each council says whether it may take payments
    expect(
      loadConfig({
        ...env,
        NODE_ENV: 'production',
        COUNCILS_DIR: councilsDir({}),
        PUBLIC_URL: 'https://portal.example.gal',
        SMS_ADAPTER: 'outbox',
        MAIL_ADAPTER: 'outbox',
        ALLOW_OUTBOX_IN_PRODUCTION: 'true',
      }).councilsDir,
    ).toBeTruthy();
  });
});

describe('a token names its council', () => {
  const user = { id: 7, dni: '12345678Z', role: 'user' as const, token_version: 0 };
  const secret = 'one-secret-for-this-test-only-0123456789abcdef';

  it('is taken only by the token service of its own council, even under one key', async () => {
    const ordes = createTokenService(secret, 3600, undefined, 'ordes');
    const oroso = createTokenService(secret, 3600, undefined, 'oroso');
    const single = createTokenService(secret, 3600);
    const token = await ordes.issue(user);
    expect(await ordes.verify(token)).toMatchObject({ sub: '7', council: 'ordes' });
    expect(await oroso.verify(token)).toBeNull();
    expect(await single.verify(token)).toBeNull();
    // a portal of one council issues tokens without a council, and takes only those
    const own = await single.issue(user);
    expect(await single.verify(own)).toMatchObject({ sub: '7' });
    expect((await single.verify(own))?.council).toBeUndefined();
    expect(await ordes.verify(own)).toBeNull();
  });
});

describe.runIf(process.env.TEST_DATABASE_URL)('a council’s PostgreSQL database', () => {
  it('is created only when asked (outside production), and found once it exists', async () => {
    const cluster = process.env.TEST_DATABASE_URL!;
    const id = `nova-${randomBytes(3).toString('hex')}`;
    expect(await ensureCouncilDatabase(cluster, id, false)).toBe('missing');
    try {
      expect(await ensureCouncilDatabase(cluster, id, true)).toBe('created');
      expect(await ensureCouncilDatabase(cluster, id, false)).toBe('exists');
    } finally {
      const admin = new pg.Client({ connectionString: cluster });
      await admin.connect();
      await admin.query(`DROP DATABASE IF EXISTS "${councilDatabaseName(id)}"`);
      await admin.end();
    }
  });
});
