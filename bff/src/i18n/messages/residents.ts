import { defineMessages } from '../define.js';

/** Messages of the residents area. */
export const residents = defineMessages({});
