import type { Config } from './config.js';

export type Level = 'debug' | 'info' | 'warn' | 'error';
const rank: Record<Config['logLevel'], number> = {
  debug: 10,
  info: 20,
  warn: 30,
  error: 40,
  silent: 99,
};

export interface Logger {
  debug(msg: string, fields?: Record<string, unknown>): void;
  info(msg: string, fields?: Record<string, unknown>): void;
  warn(msg: string, fields?: Record<string, unknown>): void;
  error(msg: string, fields?: Record<string, unknown>): void;
  /** Whether lines of `level` are written: lets a caller skip building fields nobody reads. */
  enabled(level: Level): boolean;
}

/** One JSON object per line on stdout (stderr for errors): easy to ship to any log store. */
export function createLogger(level: Config['logLevel']): Logger {
  const write = (lvl: Level, msg: string, fields?: Record<string, unknown>) => {
    if (rank[lvl] < rank[level]) return;
    const line = JSON.stringify({ time: new Date().toISOString(), level: lvl, msg, ...fields });
    (lvl === 'error' ? process.stderr : process.stdout).write(`${line}\n`);
  };
  return {
    debug: (m, f) => write('debug', m, f),
    info: (m, f) => write('info', m, f),
    warn: (m, f) => write('warn', m, f),
    error: (m, f) => write('error', m, f),
    enabled: (lvl) => rank[lvl] >= rank[level],
  };
}

/** `****5678Z`: enough to tell people apart in a log, not enough to identify them. */
export function maskDni(dni: string | null | undefined): string | null {
  if (!dni) return null;
  return `****${dni.slice(-5)}`;
}
