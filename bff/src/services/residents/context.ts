import type { Locale } from '../../i18n/index.js';

/** What a residents' service needs to know about the call: who asks from where, in which language. */
export interface CallContext {
  ip: string | null;
  locale: Locale;
}

/** The signed-in account, as requireUser put it on the request. */
export interface Actor {
  id: number;
  dni: string;
}
