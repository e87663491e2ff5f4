import { defineMessages } from '../define.js';

/** Messages of the admin area. */
export const admin = defineMessages({});
