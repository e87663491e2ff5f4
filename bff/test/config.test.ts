import { execFile } from 'node:child_process';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig, modeLine } from '../src/config.js';
import { bffRoot } from '../src/lib/paths.js';

const problemsOf = (env: Record<string, string>) => {
  try {
    loadConfig(env);
    return [];
  } catch (err) {
    if (err instanceof ConfigError) return err.problems;
    throw err;
  }
};

describe('configuration', () => {
  it('has working development defaults', () => {
    const config = loadConfig({});
    expect(config.port).toBe(8080);
    expect(config.env).toBe('development');
    expect(config.dataDir.endsWith('/data')).toBe(true);
    expect(config.sms.adapter).toBe('outbox');
    expect(config.mail.adapter).toBe('outbox');
    expect(config.redsys.sandbox).toBe(true);
    expect(config.seedDemo).toBe(true);
    expect(config.databaseUrl).toBeNull();
    expect(loadConfig({ DATABASE_URL: 'postgres://portal@db/portal' }).databaseUrl).toBe(
      'postgres://portal@db/portal',
    );
  });

  it.each([
    [{ PORT: 'abc' }, /PORT must be a whole number/],
    [{ DATABASE_URL: 'mysql://db/portal' }, /DATABASE_URL must be a PostgreSQL URL/],
    [{ DATABASE_POOL_SIZE: '0' }, /DATABASE_POOL_SIZE must be a whole number from 1 to 100/],
    [{ METRICS_TOKEN: 'short' }, /METRICS_TOKEN must be at least 16 characters/],
    [{ PORT: '70000' }, /PORT must be a whole number from 0 to 65535/],
    [{ NODE_ENV: 'staging' }, /NODE_ENV must be one of development, test, production/],
    [{ PUBLIC_URL: 'ftp://x' }, /PUBLIC_URL must be an http\(s\) URL/],
    [{ JWT_SECRET: 'short' }, /JWT_SECRET must be at least 32 characters/],
    [{ SEED_DEMO: 'maybe' }, /SEED_DEMO must be true or false/],
    [{ TRUST_PROXY: 'sometimes' }, /TRUST_PROXY must be the number of proxies/],
    [{ JWT_SECRET: 'a'.repeat(48) }, /JWT_SECRET looks typed, not random/],
    [{ JWT_SECRET: 'abcdefghij'.repeat(4) }, /JWT_SECRET looks typed, not random/],
    [
      {
        NODE_ENV: 'production',
        PUBLIC_URL: 'https://deportes.example.gal',
        ALLOW_SANDBOX_PAYMENTS: 'true',
      },
      /ALLOW_SANDBOX_PAYMENTS=true is refused on an https PUBLIC_URL/,
    ],
    [{ ADMIN_DNI: '12345678Z' }, /ADMIN_DNI and ADMIN_PASSWORD go together/],
    [{ SMS_ADAPTER: 'twilio' }, /needs TWILIO_ACCOUNT_SID/],
    [{ MAIL_ADAPTER: 'smtp' }, /needs SMTP_HOST/],
    [{ REDSYS_MERCHANT_CODE: '123', REDSYS_SECRET: 'abc' }, /9-digit FUC/],
  ])('rejects %o with a clear message', (env, message) => {
    expect(problemsOf(env).join('\n')).toMatch(message);
  });

  it('refuses development defaults in production unless told explicitly', () => {
    const problems = problemsOf({
      NODE_ENV: 'production',
      PUBLIC_URL: 'https://deportes.example.gal',
    });
    expect(problems.join('\n')).toMatch(/JWT_SECRET is required in production/);
    expect(problems.join('\n')).toMatch(/Redsys is not configured/);
    expect(problems.join('\n')).toMatch(/TWILIO_ACCOUNT_SID/);
  });

  it('accepts a complete production configuration', () => {
    const config = loadConfig({
      NODE_ENV: 'production',
      PUBLIC_URL: 'https://deportes.example.gal/',
      JWT_SECRET: 'Zq3v9XkP0w8Lr2Tn5Yb7Hc1Jd4Gf6Ms-Ue_Ai',
      SMS_ADAPTER: 'twilio',
      TWILIO_ACCOUNT_SID: 'AC123',
      TWILIO_AUTH_TOKEN: 'token',
      TWILIO_FROM: '+34600000000',
      MAIL_ADAPTER: 'smtp',
      SMTP_HOST: 'smtp.example.gal',
      REDSYS_MERCHANT_CODE: '999008881',
      REDSYS_TERMINAL: '1',
      REDSYS_SECRET: 'sq7HjrUOBfKmC576ILgskD5srU870gJ7',
      REDSYS_ENV: 'production',
    });
    expect(config.publicUrl).toBe('https://deportes.example.gal');
    expect(config.redsys).toMatchObject({
      sandbox: false,
      url: 'https://sis.redsys.es/sis/realizarPago',
    });
    expect(config.seedDemo).toBe(false);
    expect(config.host).toBe('0.0.0.0');
    expect(config.warnings).toEqual([]);
  });

  it('outside production listens on this machine only, unless HOST says otherwise', () => {
    expect(loadConfig({}).host).toBe('127.0.0.1');
    expect(loadConfig({ HOST: '0.0.0.0' }).host).toBe('0.0.0.0');
    expect(modeLine(loadConfig({}))).toMatch(
      /development mode .*only this machine can connect.*\/api\/dev\/outbox/,
    );
    expect(modeLine(loadConfig({ HOST: '0.0.0.0' }))).toMatch(/reachable from the network/);
  });

  it('TRUST_PROXY counts proxy hops; true still means one, with a deprecation warning', () => {
    expect(loadConfig({}).trustProxy).toBe(0);
    expect(loadConfig({ TRUST_PROXY: 'false' }).trustProxy).toBe(0);
    expect(loadConfig({ TRUST_PROXY: '2' }).trustProxy).toBe(2);
    const legacy = loadConfig({ TRUST_PROXY: 'true' });
    expect(legacy.trustProxy).toBe(1);
    expect(legacy.warnings.join('\n')).toMatch(/TRUST_PROXY=true is deprecated/);
  });

  it('a staging site without https may take sandbox payments, with a warning', () => {
    const config = loadConfig({
      NODE_ENV: 'production',
      PUBLIC_URL: 'http://staging.example.gal',
      ALLOW_HTTP_PUBLIC_URL: 'true',
      ALLOW_SANDBOX_PAYMENTS: 'true',
      ALLOW_OUTBOX_IN_PRODUCTION: 'true',
      SMS_ADAPTER: 'outbox',
      MAIL_ADAPTER: 'outbox',
      JWT_SECRET: 'Zq3v9XkP0w8Lr2Tn5Yb7Hc1Jd4Gf6Ms-Ue_Ai',
    });
    expect(config.redsys.sandbox).toBe(true);
    expect(config.warnings.join('\n')).toMatch(/sandbox gateway takes fake card payments/);
    expect(modeLine(config)).toMatch(/SANDBOX PAYMENTS ON/);
  });

  describe('PUBLIC_URL, read as a URL', () => {
    const production = {
      NODE_ENV: 'production',
      JWT_SECRET: 'Zq3v9XkP0w8Lr2Tn5Yb7Hc1Jd4Gf6Ms-Ue_Ai',
      SMS_ADAPTER: 'outbox',
      MAIL_ADAPTER: 'outbox',
      ALLOW_OUTBOX_IN_PRODUCTION: 'true',
    };
    const redsys = {
      REDSYS_MERCHANT_CODE: '999008881',
      REDSYS_SECRET: 'sq7HjrUOBfKmC576ILgskD5srU870gJ7',
    };

    it.each(['HTTPS://portal.example', 'Https://portal.example', 'hTTpS://PORTAL.example/'])(
      'refuses the sandbox bank on %s, whatever the case of its scheme',
      (url) => {
        expect(
          problemsOf({ ...production, PUBLIC_URL: url, ALLOW_SANDBOX_PAYMENTS: 'true' }),
        ).toEqual([
          'ALLOW_SANDBOX_PAYMENTS=true is refused on an https PUBLIC_URL: a real site must never take fake payments (configure Redsys)',
        ]);
      },
    );

    it.each([
      ['https:portal.example', 'it must start with the scheme, "://" and the host'],
      ['https:/portal.example', 'it must start with the scheme, "://" and the host'],
      ['https:///portal.example', 'it must start with the scheme, "://" and the host'],
      ['https://', 'it must start with the scheme, "://" and the host'],
      ['portal.example', 'it must start with the scheme, "://" and the host'],
      ['https://por tal.example', 'it is not a valid URL'],
      ['ftp://portal.example', 'the scheme must be http or https, not ftp'],
      ['javascript://portal.example', 'the scheme must be http or https, not javascript'],
      [
        'https://admin:secret@portal.example',
        'it must not carry a user, a password, a query or a fragment',
      ],
      [
        'https://portal.example/?x=1',
        'it must not carry a user, a password, a query or a fragment',
      ],
    ])('refuses the malformed %s in one clear line, sandbox or not', (url, reason) => {
      const line = `PUBLIC_URL must be an http(s) URL such as https://deportes.example.gal: ${reason} (got "${url}")`;
      expect(problemsOf({ PUBLIC_URL: url })).toEqual([line]);
      expect(
        problemsOf({ ...production, PUBLIC_URL: url, ALLOW_SANDBOX_PAYMENTS: 'true' }),
      ).toEqual([line]);
    });

    it('keeps one spelling: lower-case scheme and host, no default port, no trailing slash', () => {
      expect(loadConfig({ PUBLIC_URL: 'HTTPS://Deportes.Example.GAL:443/' })).toMatchObject({
        publicUrl: 'https://deportes.example.gal',
        publicHttps: true,
      });
      expect(loadConfig({ PUBLIC_URL: 'Http://LOCALHOST:8080/portal/' })).toMatchObject({
        publicUrl: 'http://localhost:8080/portal',
        publicHttps: false,
      });
      const sandbox = loadConfig({ PUBLIC_URL: 'HTTP://Staging.Example.gal' }).redsys;
      expect(sandbox.url).toBe('http://staging.example.gal/api/payments/sandbox');
    });

    it('asks production for https by the parsed scheme, in any case', () => {
      const site = { ...production, ...redsys, REDSYS_ENV: 'production' };
      expect(problemsOf({ ...site, PUBLIC_URL: 'HTTPS://portal.example' })).toEqual([]);
      expect(problemsOf({ ...site, PUBLIC_URL: 'HTTP://portal.example' })).toEqual([
        'PUBLIC_URL must use https in production',
      ]);
    });

    it("refuses Redsys's test bank on an https site unless said explicitly", () => {
      for (const url of ['https://portal.example', 'HTTPS://portal.example']) {
        expect(
          problemsOf({ ...production, ...redsys, PUBLIC_URL: url, REDSYS_ENV: 'test' }),
        ).toEqual([
          'REDSYS_ENV is test on an https PUBLIC_URL in production: set REDSYS_ENV=production, or ALLOW_REDSYS_TEST_ON_HTTPS=true on a staging site with a real domain',
        ]);
        expect(problemsOf({ ...production, ...redsys, PUBLIC_URL: url })).toEqual([
          'REDSYS_ENV is test (its default) on an https PUBLIC_URL in production: set REDSYS_ENV=production, or ALLOW_REDSYS_TEST_ON_HTTPS=true on a staging site with a real domain',
        ]);
      }
      const staging = loadConfig({
        ...production,
        ...redsys,
        PUBLIC_URL: 'https://staging.portal.example',
        REDSYS_ENV: 'test',
        ALLOW_REDSYS_TEST_ON_HTTPS: 'true',
      });
      expect(staging.redsys).toMatchObject({
        sandbox: false,
        url: 'https://sis-t.redsys.es:25443/sis/realizarPago',
      });
      expect(staging.warnings.join('\n')).toMatch(/Redsys's test bank on an https site/);
      // an http staging site and development keep the test bank without being told
      expect(
        problemsOf({
          ...production,
          ...redsys,
          PUBLIC_URL: 'http://staging.portal.example',
          ALLOW_HTTP_PUBLIC_URL: 'true',
        }),
      ).toEqual([]);
      expect(problemsOf({ ...redsys, PUBLIC_URL: 'https://portal.example' })).toEqual([]);
    });
  });

  it('stops the server with one clear line per bad value, not a stack trace', async () => {
    const dataDir = mkdtempSync(join(tmpdir(), 'portal-cfg-'));
    const run = promisify(execFile);
    const error = await run(join(bffRoot, '../node_modules/.bin/tsx'), ['src/server.ts'], {
      cwd: bffRoot,
      env: {
        ...process.env,
        PORT: 'abc',
        DATA_DIR: dataDir,
        NODE_ENV: 'development',
        JWT_SECRET: '',
      },
    }).then(
      () => null,
      (err: { code: number; stderr: string }) => err,
    );
    expect(error?.code).toBe(2);
    expect(error?.stderr.trim()).toBe(
      'Configuration error: PORT must be a whole number from 0 to 65535 (got "abc")',
    );
  });
});
