import { defineMessages } from '../define.js';

/** Messages of the payments area. */
export const payments = defineMessages({});
