import Router from '@koa/router';
import type { Deps } from '../../deps.js';
import { zListAuditQuery } from '../../generated/zod.gen.js';
import type { AppState } from '../../http/context.js';
import { requireAdmin } from '../../http/auth.js';
import { validate } from '../../http/validate.js';
import { listRequest } from './list-params.js';

/** /admin/audit/: the audit log, newest first, read only. */
export function adminAuditRoutes(
  deps: Pick<Deps, 'admin' | 'config' | 'logger' | 'sessions'>,
): Router<AppState> {
  const router = new Router<AppState>({ strict: true });

  router.get('/admin/audit/', requireAdmin(deps), async (ctx) => {
    const query = validate(zListAuditQuery, ctx.query, 'query');
    const { page, page_size } = query;
    const { rows, total } = await deps.admin.audit.page(
      listRequest(query, { sort: 'at', order: 'desc' }),
    );
    ctx.set('X-Total-Count', String(total));
    ctx.body = { items: rows, total, page, page_size };
  });

  return router;
}
