import type Koa from 'koa';
import type { Router, RouterContext } from '@koa/router';
import type { Locale } from '../i18n/index.js';

export interface AuthUser {
  id: number;
  dni: string;
  role: 'user' | 'admin';
  isAdmin: boolean;
  /** The account has a second factor (administrators, TOTP). */
  hasMfa: boolean;
  /**
   * The token only sets up a second factor (MFA_FOR_ADMINS=required, an administrator without
   * one): it serves the routes marked `withoutMfa` and nothing else.
   */
  setupOnly: boolean;
  /** When the caller's token expires (ms since the epoch). */
  sessionEndsAt: number;
}

export interface AppState extends Koa.DefaultState {
  locale: Locale;
  requestId: string;
  /** Set by requireUser / requireAdmin. */
  user?: AuthUser;
}

export type AppContext = RouterContext<AppState>;
export type AppRouter = Router<AppState>;
