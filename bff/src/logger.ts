import { pino, stdTimeFunctions, type DestinationStream } from 'pino';
import type { Config } from './config.js';

export type Level = 'debug' | 'info' | 'warn' | 'error';

export interface Logger {
  debug(msg: string, fields?: Record<string, unknown>): void;
  info(msg: string, fields?: Record<string, unknown>): void;
  warn(msg: string, fields?: Record<string, unknown>): void;
  error(msg: string, fields?: Record<string, unknown>): void;
  /** Whether lines of `level` are written: lets a caller skip building fields nobody reads. */
  enabled(level: Level): boolean;
}

/**
 * The one place that says what never reaches a log line: identity numbers, phone numbers and
 * addresses, tokens, passwords and one-time codes (an SMS or e-mail body carries the code), at
 * the top level or one object down.
 */
const SECRET_FIELDS = [
  'dni',
  'phone',
  'to',
  'email',
  'token',
  'authorization',
  'password',
  'otp_code',
  'recovery_code',
  'secret',
  'body',
  'text',
];
export const REDACTED_PATHS = [...SECRET_FIELDS, ...SECRET_FIELDS.map((field) => `*.${field}`)];

/**
 * JSON lines through pino (stdout, or `destination`), with the time, the level by name and the
 * redaction above. The portal logs as `logger.info(message, fields)`: this keeps that call shape
 * over pino's `(fields, message)` so the call sites read as sentences.
 */
export function createLogger(level: Config['logLevel'], destination?: DestinationStream): Logger {
  const options = {
    level,
    base: { pid: process.pid },
    timestamp: stdTimeFunctions.isoTime,
    formatters: { level: (label: string) => ({ level: label }) },
    redact: { paths: REDACTED_PATHS, censor: '[redacted]' },
  };
  const log = destination ? pino(options, destination) : pino(options);
  return {
    debug: (msg, fields) => log.debug(fields ?? {}, msg),
    info: (msg, fields) => log.info(fields ?? {}, msg),
    warn: (msg, fields) => log.warn(fields ?? {}, msg),
    error: (msg, fields) => log.error(fields ?? {}, msg),
    enabled: (lvl) => log.isLevelEnabled(lvl),
  };
}

/** `****5678Z`: enough to tell people apart in a log, not enough to identify them. */
export function maskDni(dni: string | null | undefined): string | null {
  if (!dni) return null;
  return `****${dni.slice(-5)}`;
}

/**
 * A logger whose every line carries `fields` too (a council's id, when one process serves
 * several: docs/many-councils.md); a line's own fields of the same name win.
 */
export function withFields(logger: Logger, fields: Record<string, unknown>): Logger {
  return {
    debug: (msg, own) => logger.debug(msg, { ...fields, ...own }),
    info: (msg, own) => logger.info(msg, { ...fields, ...own }),
    warn: (msg, own) => logger.warn(msg, { ...fields, ...own }),
    error: (msg, own) => logger.error(msg, { ...fields, ...own }),
    enabled: (level) => logger.enabled(level),
  };
}
