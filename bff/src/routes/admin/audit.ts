import Router from '@koa/router';
import type { Deps } from '../../deps.js';
import { zListAuditQuery } from '../../generated/zod.gen.js';
import type { AppState } from '../../http/context.js';
import { requireAdmin } from '../../http/auth.js';
import { validate } from '../../http/validate.js';
import { searchText } from '../../data/list-query.js';

/** /admin/audit/: the audit log, newest first, read only. */
export function adminAuditRoutes(deps: Deps): Router<AppState> {
  const router = new Router<AppState>({ strict: true });

  router.get('/admin/audit/', requireAdmin(deps), async (ctx) => {
    const query = validate(zListAuditQuery, ctx.query, 'query');
    const { page, page_size } = query;
    const sort = query.sort ?? 'at';
    const { rows, total } = await deps.repos.audit.page({
      q: searchText(query.q),
      sort,
      order: query.order ?? (sort === 'at' ? 'desc' : 'asc'),
      page: { number: page, size: page_size },
    });
    ctx.set('X-Total-Count', String(total));
    ctx.body = {
      items: rows.map((row) => ({ ...row, details: parseDetails(row.details) })),
      total,
      page,
      page_size,
    };
  });

  return router;
}

function parseDetails(text: string | null): Record<string, unknown> | null {
  if (text === null) return null;
  try {
    const value: unknown = JSON.parse(text);
    return value && typeof value === 'object' && !Array.isArray(value)
      ? (value as Record<string, unknown>)
      : { value };
  } catch {
    return { text };
  }
}
