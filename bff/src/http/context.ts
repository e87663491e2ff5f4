import type Koa from 'koa';
import type { Router, RouterContext } from '@koa/router';
import type { Locale } from '../i18n/index.js';
import type { Session } from '../services/sessions.js';

/** The caller's session, set by requireUser / requireAdmin. */
export type AuthUser = Session;

export interface AppState extends Koa.DefaultState {
  locale: Locale;
  requestId: string;
  /** Set by requireUser / requireAdmin. */
  user?: AuthUser;
  /**
   * Set by the load shedding on a login while the server is past its bound for anonymous calls:
   * refuses the login (503 server_busy) unless staff or a device the account knows logs in.
   */
  refuseAnonymous?: () => never;
}

export type AppContext = RouterContext<AppState>;
export type AppRouter = Router<AppState>;
