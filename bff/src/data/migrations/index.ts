import { sql as initial } from './001-initial.js';

/** Ordered, append-only. Never edit a released migration: add the next one. */
export const migrations: ReadonlyArray<{ version: number; name: string; sql: string }> = [
  { version: 1, name: 'initial', sql: initial },
];
