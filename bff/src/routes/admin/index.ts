import Router from '@koa/router';
import type { Deps } from '../../deps.js';
import type { AppState } from '../../http/context.js';
import { adminActivitiesRoutes } from './activities.js';
import { adminAuditRoutes } from './audit.js';
import { adminConfigRoutes } from './config.js';
import { adminEnrolmentsRoutes } from './enrolments.js';
import { adminFeeRulesRoutes } from './fee-rules.js';
import { adminMfaRoutes } from './mfa.js';
import { adminPaymentsRoutes } from './payments.js';
import { adminRemindersRoutes } from './reminders.js';
import { adminSummaryRoutes } from './summary.js';
import { adminUploadRoutes } from './upload.js';
import { adminUsersRoutes } from './users.js';

/**
 * Routes of the admin area, mounted under /api. Each part is its own router taking `deps`, and
 * every route inside checks requireAdmin itself; adding a part is one line in this list.
 */
const parts: ReadonlyArray<(deps: Deps) => Router<AppState>> = [
  adminConfigRoutes,
  adminUsersRoutes,
  adminActivitiesRoutes,
  adminEnrolmentsRoutes,
  adminUploadRoutes,
  adminAuditRoutes,
  adminPaymentsRoutes,
  adminRemindersRoutes,
  adminSummaryRoutes,
  adminMfaRoutes,
  adminFeeRulesRoutes,
];

export function adminRoutes(deps: Deps): Router<AppState> {
  const router = new Router<AppState>({ strict: true });
  for (const part of parts) {
    router.use(part(deps).routes());
  }
  return router;
}
