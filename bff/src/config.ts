import { statSync } from 'node:fs';
import { resolve } from 'node:path';
import { DEFAULT_COUNCIL_FILE, readCouncilFile, type Council } from './council.js';
import { buildInfo } from './lib/build-info.js';
import type { BuildInfo } from './lib/metrics.js';
import { repoRoot } from './lib/paths.js';

export type SmsAdapterName = 'outbox' | 'twilio';
export type MailAdapterName = 'outbox' | 'smtp';

export interface RedsysConfig {
  merchantCode: string;
  terminal: string;
  secret: string;
  /** Where the browser posts the signed form. */
  url: string;
  /** Redsys's REST entry (refunds). */
  restUrl: string;
  /** Redsys's transaction query service (what happened to an order). */
  queryUrl: string;
  /** True when no real credentials are configured and the built-in sandbox gateway stands in. */
  sandbox: boolean;
}

export interface Config {
  env: 'development' | 'test' | 'production';
  port: number;
  host: string;
  dataDir: string;
  /** postgres://… runs on PostgreSQL; null keeps SQLite under dataDir. */
  databaseUrl: string | null;
  /** Connections each process keeps to PostgreSQL. */
  databasePoolSize: number;
  /** PUBLIC_URL as the URL parser writes it: lower-case scheme and host, no trailing slash. */
  publicUrl: string;
  /** Whether PUBLIC_URL is https: what HSTS, the sandbox's refusal and Redsys's checks go by. */
  publicHttps: boolean;
  jwtSecret: string | null;
  tokenTtlSeconds: number;
  adminDni: string | null;
  adminPassword: string | null;
  seedDemo: boolean;
  /**
   * Start on an empty database although DATA_DIR shows earlier use (ALLOW_EMPTY_DATABASE): by
   * default such a start is refused, since the data was most likely lost (services/earlier-use.ts).
   */
  allowEmptyDatabase: boolean;
  /** drand's HTTP API (DRAND_URL): where a lottery's public value is read when drand is its source. */
  drandUrl: string;
  sms: {
    adapter: SmsAdapterName;
    twilio: { accountSid: string; authToken: string; from: string; baseUrl: string } | null;
  };
  mail: {
    adapter: MailAdapterName;
    from: string;
    smtp: {
      host: string;
      port: number;
      secure: boolean;
      user: string | null;
      pass: string | null;
    } | null;
  };
  redsys: RedsysConfig;
  webDist: string;
  /**
   * Proxy hops in front of the server (0: none). The client address is the one that many hops
   * from the right of X-Forwarded-For: what the client itself writes there is never taken.
   */
  trustProxy: number;
  /** Settings that work but deserve a line in the log at start (deprecated, unsafe on purpose). */
  warnings: string[];
  logLevel: 'debug' | 'info' | 'warn' | 'error' | 'silent';
  /** Check /api answers against openapi.yaml: off, log, or strict (drift becomes a 500). */
  responseValidation: 'off' | 'log' | 'strict';
  /** Bearer token GET /metrics asks for; null: no /metrics at all. */
  metricsToken: string | null;
  /**
   * Past these bounds new residents' calls are refused at once with 503 server_busy
   * (http/load-shedding.ts, docs/performance.md); 0 turns a bound off.
   */
  shedding: {
    eventLoopDelayMs: number;
    databaseWaiting: number;
    writesInFlight: number;
    /** Password checks waiting for a thread, of each kind (services/password-threads.ts). */
    passwordsWaiting: number;
  };
  reconcile: {
    /** A pending payment is asked about this long after it was created. */
    afterMinutes: number;
    /** How often the reconciliation job runs. */
    everyMinutes: number;
  };
  /**
   * Administrators' second factor: required (nothing but setting it up works without one),
   * optional (those who set it up use it), or off.
   */
  mfaForAdmins: 'required' | 'optional' | 'off';
  /** How long the housekeeping job keeps audit entries (services/audit-retention.ts). */
  audit: { retentionDays: number; accountingRetentionYears: number };
  /**
   * Days a resident's proof of a circumstance is kept after staff decide on it, before the
   * housekeeping job deletes it (services/circumstances/documents.ts).
   */
  documentRetentionDays: number;
  /** The version and commit this process runs (PORTAL_COMMIT, else the checkout's). */
  build: BuildInfo;
  /** The council running the portal (COUNCIL_FILE): shown by the web app, on receipts, in messages. */
  council: Council;
  /**
   * COUNCILS_DIR: the deployment serves every council folder in it, each by its host names
   * (councils/deployment.ts); null: the one council of COUNCIL_FILE, as always.
   */
  councilsDir: string | null;
}

export class ConfigError extends Error {
  constructor(readonly problems: string[]) {
    super(`Invalid configuration: ${problems.join('; ')}`);
  }
}

type Env = Record<string, string | undefined>;

/**
 * The audit log's retention bounds. Accounting entries (payments, refunds, prices, payment
 * settings) are kept at least 6 years: Código de Comercio art. 30 (books and their supporting
 * records, 6 years), which also covers the tax authority's 4 years (LGT arts. 66 and 70). Other
 * entries at least 90 days, so an incident found late can still be traced.
 */
/**
 * Days a circumstance's proof is kept after the decision (GDPR data minimisation): at least one,
 * so a resident told of a refusal can still see what they sent; at most a year.
 */
export const DOCUMENT_RETENTION_DAYS = { fallback: 30, min: 1, max: 365 } as const;

/**
 * The load shedding's default bounds (docs/performance.md, Overload): well past what the rush of
 * 100 residents at once reaches, well short of a queue whose last call would wait seconds.
 */
export const SHEDDING = {
  eventLoopDelayMs: 250,
  databaseWaiting: 200,
  writesInFlight: 200,
  passwordsWaiting: 200,
} as const;

export const AUDIT_RETENTION = {
  days: { fallback: 365, min: 90, max: 3650 },
  accountingYears: { fallback: 6, min: 6, max: 30 },
} as const;

const REDSYS_HOSTS = {
  test: 'https://sis-t.redsys.es:25443',
  production: 'https://sis.redsys.es',
} as const;
/** Redsys's public test merchant; used by the sandbox gateway so the same signing code runs everywhere. */
export const REDSYS_TEST_CREDENTIALS = {
  merchantCode: '999008881',
  terminal: '1',
  secret: 'sq7HjrUOBfKmC576ILgskD5srU870gJ7',
} as const;

/** The built-in sandbox bank of a portal at `publicUrl`, signing with Redsys's public test key. */
export function sandboxRedsys(publicUrl: string): RedsysConfig {
  return {
    ...REDSYS_TEST_CREDENTIALS,
    url: `${publicUrl}/api/payments/sandbox`,
    restUrl: `${publicUrl}/api/payments/sandbox/rest/trataPeticionREST`,
    queryUrl: `${publicUrl}/api/payments/sandbox/consulta`,
    sandbox: true,
  };
}

/** Redsys's addresses for a real merchant, in its test bank or its real one. */
export function realRedsysUrls(redsysEnv: 'test' | 'production') {
  const host = REDSYS_HOSTS[redsysEnv];
  return {
    url: `${host}/sis/realizarPago`,
    restUrl: `${host}/sis/rest/trataPeticionREST`,
    queryUrl: `${host}/apl02/services/SerClsWSConsulta`,
  };
}

const isDirectory = (path: string) => {
  try {
    return statSync(path).isDirectory();
  } catch {
    return false;
  }
};

/** What the start line says in words: the mode, and what it leaves open to whom. */
export function modeLine(config: Config): string {
  const where =
    config.host === '127.0.0.1' || config.host === '::1' || config.host === 'localhost'
      ? 'only this machine can connect'
      : `listening on ${config.host}, reachable from the network`;
  if (config.env === 'production') {
    // with COUNCILS_DIR each council's own line says whether its payments are the sandbox's
    const sandbox =
      config.councilsDir === null && config.redsys.sandbox
        ? '; SANDBOX PAYMENTS ON (fake card payments)'
        : '';
    return `production mode, ${where}; no development helpers${sandbox}`;
  }
  return `${config.env} mode (not for real residents), ${where}; the development outbox (/api/dev/outbox) and the sandbox bank answer only callers on this machine`;
}

/** Typed rather than generated: few different characters, or one character many times in a row. */
function lowEntropy(secret: string): boolean {
  return new Set(secret).size < 20 || /(.)\1{5,}/.test(secret);
}

/** TRUST_PROXY: a number of hops, false/0, or the deprecated true (one hop). */
function proxyHops(raw: string | undefined, problems: string[], warnings: string[]): number {
  if (raw === undefined) return 0;
  const value = raw.toLowerCase();
  if (['0', 'false', 'no', 'off'].includes(value)) return 0;
  if (['true', 'yes', 'on'].includes(value)) {
    warnings.push(
      'TRUST_PROXY=true is deprecated and now means one proxy hop (TRUST_PROXY=1); set the number of proxies in front',
    );
    return 1;
  }
  if (/^\d+$/.test(value) && Number(value) >= 1 && Number(value) <= 10) return Number(value);
  problems.push(
    `TRUST_PROXY must be the number of proxies in front of the server (1 to 10) or false (got "${raw}")`,
  );
  return 0;
}

/**
 * PUBLIC_URL read by the WHATWG URL parser (the scheme and host in any case), written back in its
 * one spelling. The parser forgives what a typo leaves (`https:portal.example`, `https:///x`),
 * so the `scheme://host` form is asked for before it is given the text.
 */
export function parsePublicUrl(raw: string): { url: string; https: boolean } | { problem: string } {
  if (!/^[a-z][a-z0-9+.-]*:\/\/[^/?#\s]/i.test(raw)) {
    return { problem: 'it must start with the scheme, "://" and the host' };
  }
  let url: URL;
  try {
    url = new URL(raw);
  } catch {
    return { problem: 'it is not a valid URL' };
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') {
    return { problem: `the scheme must be http or https, not ${url.protocol.slice(0, -1)}` };
  }
  if (url.username || url.password || url.search || url.hash) {
    return { problem: 'it must not carry a user, a password, a query or a fragment' };
  }
  return {
    url: `${url.protocol}//${url.host}${url.pathname.replace(/\/+$/, '')}`,
    https: url.protocol === 'https:',
  };
}

/** Reads and validates the environment; collects every problem so one run shows them all. */
export function loadConfig(env: Env = process.env): Config {
  const problems: string[] = [];
  const str = (name: string) => {
    const value = env[name]?.trim();
    return value === undefined || value === '' ? undefined : value;
  };
  const int = (name: string, fallback: number, min: number, max: number) => {
    const raw = str(name);
    if (raw === undefined) return fallback;
    if (!/^\d+$/.test(raw) || Number(raw) < min || Number(raw) > max) {
      problems.push(`${name} must be a whole number from ${min} to ${max} (got "${raw}")`);
      return fallback;
    }
    return Number(raw);
  };
  const bool = (name: string, fallback: boolean) => {
    const raw = str(name);
    if (raw === undefined) return fallback;
    if (['1', 'true', 'yes', 'on'].includes(raw.toLowerCase())) return true;
    if (['0', 'false', 'no', 'off'].includes(raw.toLowerCase())) return false;
    problems.push(`${name} must be true or false (got "${raw}")`);
    return fallback;
  };
  const oneOf = <T extends string>(name: string, allowed: readonly T[], fallback: T): T => {
    const raw = str(name);
    if (raw === undefined) return fallback;
    if (!(allowed as readonly string[]).includes(raw)) {
      problems.push(`${name} must be one of ${allowed.join(', ')} (got "${raw}")`);
      return fallback;
    }
    return raw as T;
  };

  const warnings: string[] = [];
  const nodeEnv = oneOf('NODE_ENV', ['development', 'test', 'production'] as const, 'development');
  const production = nodeEnv === 'production';
  const port = int('PORT', 8080, 0, 65535);
  // outside production only this machine can reach the server unless HOST says otherwise: a
  // forgotten NODE_ENV must not open the development outbox and the sandbox bank to a network
  const host = str('HOST') ?? (production ? '0.0.0.0' : '127.0.0.1');
  // npm runs workspace scripts inside bff/; INIT_CWD is where the command was typed.
  const dataDir = resolve(env.INIT_CWD ?? process.cwd(), str('DATA_DIR') ?? './data');

  const databaseUrl = str('DATABASE_URL') ?? null;
  if (databaseUrl !== null && !/^postgres(ql)?:\/\/.+/i.test(databaseUrl)) {
    problems.push(
      'DATABASE_URL must be a PostgreSQL URL such as postgres://portal:secret@db:5432/portal (leave it unset for SQLite)',
    );
  }
  const databasePoolSize = int('DATABASE_POOL_SIZE', 10, 1, 100);

  const publicUrlRaw = str('PUBLIC_URL') ?? `http://localhost:${port}`;
  const parsedPublicUrl = parsePublicUrl(publicUrlRaw);
  if ('problem' in parsedPublicUrl) {
    problems.push(
      `PUBLIC_URL must be an http(s) URL such as https://deportes.example.gal: ${parsedPublicUrl.problem} (got "${publicUrlRaw}")`,
    );
  }
  const { url: publicUrl, https: publicHttps } =
    'url' in parsedPublicUrl ? parsedPublicUrl : { url: `http://localhost:${port}`, https: false };
  if (
    production &&
    'url' in parsedPublicUrl &&
    !publicHttps &&
    !bool('ALLOW_HTTP_PUBLIC_URL', false)
  ) {
    problems.push('PUBLIC_URL must use https in production');
  }

  const jwtSecret = str('JWT_SECRET') ?? null;
  if (jwtSecret !== null && Buffer.byteLength(jwtSecret) < 32) {
    problems.push('JWT_SECRET must be at least 32 characters (256 bits) of random text');
  } else if (jwtSecret !== null && lowEntropy(jwtSecret)) {
    problems.push(
      'JWT_SECRET looks typed, not random (fewer than 20 different characters, or long runs of one): generate one with: openssl rand -base64 48',
    );
  }
  if (production && jwtSecret === null) {
    problems.push(
      'JWT_SECRET is required in production (generate one with: openssl rand -base64 48)',
    );
  }
  const tokenTtlSeconds = int('TOKEN_TTL_SECONDS', 8 * 3600, 60, 12 * 3600);

  const adminDni = str('ADMIN_DNI') ?? null;
  const adminPassword = str('ADMIN_PASSWORD') ?? null;
  if ((adminDni === null) !== (adminPassword === null)) {
    problems.push('ADMIN_DNI and ADMIN_PASSWORD go together: set both or neither');
  }

  const smsAdapter = oneOf(
    'SMS_ADAPTER',
    ['outbox', 'twilio'] as const,
    production ? 'twilio' : 'outbox',
  );
  let twilio: Config['sms']['twilio'] = null;
  if (smsAdapter === 'twilio') {
    const accountSid = str('TWILIO_ACCOUNT_SID');
    const authToken = str('TWILIO_AUTH_TOKEN');
    const from = str('TWILIO_FROM');
    if (!accountSid || !authToken || !from) {
      problems.push(
        'SMS_ADAPTER=twilio needs TWILIO_ACCOUNT_SID, TWILIO_AUTH_TOKEN and TWILIO_FROM (or set SMS_ADAPTER=outbox)',
      );
    } else {
      twilio = {
        accountSid,
        authToken,
        from,
        baseUrl: str('TWILIO_BASE_URL') ?? 'https://api.twilio.com',
      };
    }
  }
  if (production && smsAdapter === 'outbox' && !bool('ALLOW_OUTBOX_IN_PRODUCTION', false)) {
    problems.push(
      'SMS_ADAPTER=outbox does not send real SMS; in production set ALLOW_OUTBOX_IN_PRODUCTION=true to accept that',
    );
  }

  const mailAdapter = oneOf(
    'MAIL_ADAPTER',
    ['outbox', 'smtp'] as const,
    production ? 'smtp' : 'outbox',
  );
  let smtp: Config['mail']['smtp'] = null;
  if (mailAdapter === 'smtp') {
    const smtpHost = str('SMTP_HOST');
    if (!smtpHost) problems.push('MAIL_ADAPTER=smtp needs SMTP_HOST (or set MAIL_ADAPTER=outbox)');
    smtp = {
      host: smtpHost ?? 'localhost',
      port: int('SMTP_PORT', 587, 1, 65535),
      secure: bool('SMTP_SECURE', false),
      user: str('SMTP_USER') ?? null,
      pass: str('SMTP_PASS') ?? null,
    };
  }
  if (production && mailAdapter === 'outbox' && !bool('ALLOW_OUTBOX_IN_PRODUCTION', false)) {
    problems.push(
      'MAIL_ADAPTER=outbox does not send real e-mail; in production set ALLOW_OUTBOX_IN_PRODUCTION=true to accept that',
    );
  }
  const mailFrom = str('MAIL_FROM') ?? 'Deportes <no-reply@localhost>';

  const councilsDirRaw = str('COUNCILS_DIR');
  const councilsDir =
    councilsDirRaw === undefined ? null : resolve(env.INIT_CWD ?? process.cwd(), councilsDirRaw);
  if (councilsDir !== null && !isDirectory(councilsDir)) {
    problems.push(
      `COUNCILS_DIR must be a folder with one folder per council (got "${councilsDirRaw}")`,
    );
  }

  const merchantCode = str('REDSYS_MERCHANT_CODE');
  const terminal = str('REDSYS_TERMINAL') ?? '1';
  const secret = str('REDSYS_SECRET');
  const redsysEnv = oneOf('REDSYS_ENV', ['test', 'production'] as const, 'test');
  let redsys: RedsysConfig;
  if (councilsDir !== null && (merchantCode || secret)) {
    // one council's money never goes to another's account: each names its own in its folder
    problems.push(
      "REDSYS_MERCHANT_CODE and REDSYS_SECRET are set for each council when COUNCILS_DIR is set: name them in the council's council.json (payments), not in the environment",
    );
  }
  if (councilsDir !== null) {
    // each council's own (councils/council-config.ts); this one is never used to sign
    redsys = sandboxRedsys(publicUrl);
  } else if (merchantCode || secret) {
    if (!merchantCode || !/^\d{9}$/.test(merchantCode))
      problems.push('REDSYS_MERCHANT_CODE must be the 9-digit FUC');
    if (!/^\d{1,3}$/.test(terminal)) problems.push('REDSYS_TERMINAL must be 1 to 3 digits');
    if (!secret || Buffer.from(secret, 'base64').length !== 24) {
      problems.push('REDSYS_SECRET must be the Base64 merchant key (24 bytes once decoded)');
    }
    // Redsys's test bank never charges a card: on a real site every "paid" order would be free
    if (production && publicHttps && redsysEnv === 'test') {
      if (!bool('ALLOW_REDSYS_TEST_ON_HTTPS', false)) {
        problems.push(
          `REDSYS_ENV is test${str('REDSYS_ENV') === undefined ? ' (its default)' : ''} on an https PUBLIC_URL in production: set REDSYS_ENV=production, or ALLOW_REDSYS_TEST_ON_HTTPS=true on a staging site with a real domain`,
        );
      } else {
        warnings.push(
          "payments go to Redsys's test bank on an https site (ALLOW_REDSYS_TEST_ON_HTTPS=true): no card is really charged; use it only on a staging site",
        );
      }
    }
    const host = REDSYS_HOSTS[redsysEnv];
    redsys = {
      merchantCode: merchantCode ?? '',
      terminal,
      secret: secret ?? '',
      url: `${host}/sis/realizarPago`,
      restUrl: str('REDSYS_REST_URL') ?? `${host}/sis/rest/trataPeticionREST`,
      queryUrl: str('REDSYS_QUERY_URL') ?? `${host}/apl02/services/SerClsWSConsulta`,
      sandbox: false,
    };
  } else {
    // the sandbox signs with Redsys's public test key: anyone can mark an order paid with it
    const sandboxAllowed = !production || bool('ALLOW_SANDBOX_PAYMENTS', false);
    if (!sandboxAllowed) {
      problems.push(
        'Redsys is not configured: set REDSYS_MERCHANT_CODE, REDSYS_TERMINAL and REDSYS_SECRET (or ALLOW_SANDBOX_PAYMENTS=true on a staging site without https)',
      );
    } else if (production && publicHttps) {
      problems.push(
        'ALLOW_SANDBOX_PAYMENTS=true is refused on an https PUBLIC_URL: a real site must never take fake payments (configure Redsys)',
      );
    } else if (production) {
      warnings.push(
        'the sandbox gateway takes fake card payments in production (ALLOW_SANDBOX_PAYMENTS=true): anyone can mark an order paid; use it only on a closed staging site',
      );
    }
    redsys = sandboxRedsys(publicUrl);
  }

  const logLevel = oneOf(
    'LOG_LEVEL',
    ['debug', 'info', 'warn', 'error', 'silent'] as const,
    nodeEnv === 'test' ? 'warn' : 'info',
  );

  const responseValidation = oneOf(
    'RESPONSE_VALIDATION',
    ['off', 'log', 'strict'] as const,
    nodeEnv === 'production' ? 'off' : 'log',
  );

  const metricsToken = str('METRICS_TOKEN') ?? null;
  if (metricsToken !== null && metricsToken.length < 16) {
    problems.push(
      'METRICS_TOKEN must be at least 16 characters (or unset, which turns /metrics off)',
    );
  }

  const shedding = {
    eventLoopDelayMs: int('SHED_EVENT_LOOP_DELAY_MS', SHEDDING.eventLoopDelayMs, 0, 60_000),
    databaseWaiting: int('SHED_DATABASE_WAITING', SHEDDING.databaseWaiting, 0, 100_000),
    writesInFlight: int('SHED_WRITES_IN_FLIGHT', SHEDDING.writesInFlight, 0, 100_000),
    passwordsWaiting: int('SHED_PASSWORDS_WAITING', SHEDDING.passwordsWaiting, 1, 100_000),
  };

  const mfaForAdmins = oneOf(
    'MFA_FOR_ADMINS',
    ['required', 'optional', 'off'] as const,
    production ? 'required' : 'optional',
  );

  const reconcile = {
    afterMinutes: int('RECONCILE_AFTER_MINUTES', 15, 1, 24 * 60),
    everyMinutes: int('RECONCILE_EVERY_MINUTES', 5, 1, 24 * 60),
  };

  const { days, accountingYears } = AUDIT_RETENTION;
  const audit = {
    retentionDays: int('AUDIT_RETENTION_DAYS', days.fallback, days.min, days.max),
    accountingRetentionYears: int(
      'AUDIT_ACCOUNTING_RETENTION_YEARS',
      accountingYears.fallback,
      accountingYears.min,
      accountingYears.max,
    ),
  };

  const documentRetentionDays = int(
    'DOCUMENT_RETENTION_DAYS',
    DOCUMENT_RETENTION_DAYS.fallback,
    DOCUMENT_RETENTION_DAYS.min,
    DOCUMENT_RETENTION_DAYS.max,
  );

  const councilRead = readCouncilFile(
    resolve(
      env.INIT_CWD ?? process.cwd(),
      str('COUNCIL_FILE') ?? resolve(repoRoot, DEFAULT_COUNCIL_FILE),
    ),
  );
  // with COUNCILS_DIR each council's configuration has its own (councils/council-config.ts):
  // the one of COUNCIL_FILE is not served, and its problems do not stop the others
  if (councilsDir === null) problems.push(...councilRead.problems);
  else if (str('COUNCIL_FILE') !== undefined) {
    warnings.push('COUNCIL_FILE is not used when COUNCILS_DIR is set: each council has its folder');
  }
  const council = councilRead.council;

  const config: Config = {
    env: nodeEnv,
    port,
    host,
    dataDir,
    databaseUrl,
    databasePoolSize,
    publicUrl,
    publicHttps,
    jwtSecret,
    tokenTtlSeconds,
    mfaForAdmins,
    adminDni,
    adminPassword,
    seedDemo: bool('SEED_DEMO', !production),
    allowEmptyDatabase: bool('ALLOW_EMPTY_DATABASE', false),
    drandUrl: (str('DRAND_URL') ?? 'https://api.drand.sh').replace(/\/+$/, ''),
    sms: { adapter: smsAdapter, twilio },
    mail: { adapter: mailAdapter, from: mailFrom, smtp },
    redsys,
    webDist: resolve(str('WEB_DIST') ?? resolve(repoRoot, 'web/dist')),
    trustProxy: proxyHops(str('TRUST_PROXY'), problems, warnings),
    warnings,
    logLevel,
    responseValidation,
    metricsToken,
    shedding,
    reconcile,
    audit,
    documentRetentionDays,
    council: council as Council,
    councilsDir,
    build: buildInfo(env),
  };
  if (problems.length > 0) throw new ConfigError(problems);
  return config;
}
