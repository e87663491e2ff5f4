import { createHmac } from 'node:crypto';
import { readFileSync, realpathSync } from 'node:fs';
import { isAbsolute, join, relative } from 'node:path';
import type { Council } from '../council.js';
import { realRedsysUrls, sandboxRedsys, type Config, type RedsysConfig } from '../config.js';
import { resolveJwtSecret } from '../services/token-service.js';
import { councilDatabase } from './council-database.js';
import type { CouncilFolder } from './council-folders.js';

type Env = Record<string, string | undefined>;

/** A council's configuration, or why it cannot be served (one line each, naming the council). */
export type CouncilConfigResult =
  { config: Config; problems: [] } | { config: null; problems: string[] };

/**
 * The configuration one council of a deployment runs with (COUNCILS_DIR): the deployment's own
 * (`base`, from the environment) with what is the council's alone: its council file, its
 * database (councilDatabase), its public address (its first host, on PUBLIC_URL's scheme and
 * port), its key for signing tokens and sealing data (derived from JWT_SECRET and its id, so no
 * token or sealed value of one council is good at another) and its card payments (its own
 * merchant code, terminal and key, from council.json's `payments`; the sandbox bank without
 * them, where the deployment allows it).
 */
export function councilConfig(
  base: Config,
  folder: CouncilFolder,
  env: Env = process.env,
): CouncilConfigResult {
  const { id, council } = folder;
  if (council === null || folder.problems.length > 0) {
    return {
      config: null,
      problems: folder.problems.length ? folder.problems : [`council "${id}": cannot be read`],
    };
  }
  const publicUrl = councilPublicUrl(base.publicUrl, folder.hosts[0] as string);
  const redsys = councilRedsys(base, council, publicUrl, env);
  if ('problems' in redsys) {
    return { config: null, problems: redsys.problems.map((p) => `council "${id}": ${p}`) };
  }
  const database = councilDatabase(base, id);
  return {
    config: {
      ...base,
      ...database,
      publicUrl,
      jwtSecret: councilSecret(resolveJwtSecret(base.jwtSecret, base.dataDir), id),
      redsys: redsys.redsys,
      council,
      warnings: [],
    },
    problems: [],
  };
}

/**
 * A council's own secret: HMAC-SHA256(JWT_SECRET, "council:" + id). Every key the council signs
 * or seals with is derived from it (deps.ts), so each council's differ and none can be derived
 * from another's.
 */
export function councilSecret(deploymentSecret: string, id: string): string {
  return createHmac('sha256', deploymentSecret).update(`council:${id}`).digest('base64');
}

/** PUBLIC_URL with the council's host in it: its scheme, port and path kept. */
export function councilPublicUrl(base: string, host: string): string {
  const url = new URL(base);
  url.hostname = host;
  return `${url.protocol}//${url.host}${url.pathname.replace(/\/+$/, '')}`;
}

const yes = (value: string | undefined) =>
  value !== undefined && ['1', 'true', 'yes', 'on'].includes(value.trim().toLowerCase());

/** The council's Redsys merchant: from its file and the key it names, or the sandbox bank. */
function councilRedsys(
  base: Config,
  council: Council,
  publicUrl: string,
  env: Env,
): { redsys: RedsysConfig } | { problems: string[] } {
  const production = base.env === 'production';
  const payments = council.payments;
  if (!payments) {
    // the sandbox signs with Redsys's public test key: anyone can mark an order paid with it
    if (production && !yes(env.ALLOW_SANDBOX_PAYMENTS)) {
      return {
        problems: [
          'payments are not configured: name its Redsys merchant in council.json (payments: merchantCode, terminal, secret) or set ALLOW_SANDBOX_PAYMENTS=true on a staging site without https',
        ],
      };
    }
    if (production && base.publicHttps) {
      return {
        problems: [
          'payments are not configured, and the sandbox bank is refused on an https PUBLIC_URL: name its Redsys merchant in council.json (payments)',
        ],
      };
    }
    return { redsys: sandboxRedsys(publicUrl) };
  }
  const secret = readSecret(council, payments.secret, env);
  if ('problem' in secret) return { problems: [secret.problem] };
  if (Buffer.from(secret.value, 'base64').length !== 24) {
    return {
      problems: [
        'payments.secret: the key must be the Base64 merchant key (24 bytes once decoded)',
      ],
    };
  }
  const redsysEnv = env.REDSYS_ENV?.trim() === 'production' ? 'production' : 'test';
  // Redsys's test bank never charges a card: on a real site every "paid" order would be free
  if (
    production &&
    base.publicHttps &&
    redsysEnv === 'test' &&
    !yes(env.ALLOW_REDSYS_TEST_ON_HTTPS)
  ) {
    return {
      problems: [
        'REDSYS_ENV is test on an https PUBLIC_URL in production: set REDSYS_ENV=production, or ALLOW_REDSYS_TEST_ON_HTTPS=true on a staging site with a real domain',
      ],
    };
  }
  return {
    redsys: {
      merchantCode: payments.merchantCode,
      terminal: payments.terminal ?? '1',
      secret: secret.value,
      ...realRedsysUrls(redsysEnv),
      sandbox: false,
    },
  };
}

/** The merchant key from where council.json says it is: never from the file itself. */
function readSecret(
  council: Council,
  where: NonNullable<Council['payments']>['secret'],
  env: Env,
): { value: string } | { problem: string } {
  if ('env' in where) {
    const value = env[where.env]?.trim();
    return value
      ? { value }
      : { problem: `payments.secret: the environment variable ${where.env} is not set` };
  }
  let real: string;
  try {
    real = realpathSync(join(council.dir, where.file));
  } catch {
    return { problem: `payments.secret: the file "${where.file}" is not in the council's folder` };
  }
  const inside = relative(realpathSync(council.dir), real);
  if (inside.startsWith('..') || isAbsolute(inside)) {
    return {
      problem: `payments.secret: the file "${where.file}" resolves outside the council's folder`,
    };
  }
  const value = readFileSync(real, 'utf8').trim();
  return value ? { value } : { problem: `payments.secret: the file "${where.file}" is empty` };
}
