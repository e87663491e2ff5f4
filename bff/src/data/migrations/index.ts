import { sql as initial } from './001-initial.js';
import { sql as paymentsPaidAt } from './030-payments-paid-at.js';

/** Ordered, append-only. Never edit a released migration: add the next one. */
export const migrations: ReadonlyArray<{ version: number; name: string; sql: string }> = [
  { version: 1, name: 'initial', sql: initial },
  { version: 30, name: 'payments-paid-at', sql: paymentsPaidAt },
];
