import type { Locale } from '../../i18n/index.js';

/** What a residents' service needs to know about the call: who asks from where, in which language. */
export interface CallContext {
  ip: string | null;
  locale: Locale;
  /** While the server sheds anonymous calls: refuses one nobody known makes (503 server_busy). */
  refuseAnonymous?: () => never;
}

/** The signed-in account, as requireUser put it on the request. */
export interface Actor {
  id: number;
  dni: string;
}
