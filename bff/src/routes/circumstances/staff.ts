import Router from '@koa/router';
import type { Deps } from '../../deps.js';
import {
  zAddHouseholdPersonBody,
  zApproveCircumstanceRequestBody,
  zCreateCircumstanceBody,
  zImportCircumstanceHoldersBody,
  zListCircumstanceRequestsQuery,
  zRecordCircumstanceBody,
  zRefuseCircumstanceRequestBody,
  zRemoveHouseholdPersonPath,
  zUpdateCircumstanceBody,
} from '../../generated/zod.gen.js';
import { requireAdmin } from '../../http/auth.js';
import type { AppState } from '../../http/context.js';
import { validate } from '../../http/validate.js';
import { DomainError } from '../../services/errors.js';
import { MAX_UPLOAD_MB } from '../admin/upload.js';
import { actorOf, idParam } from '../admin/form-input.js';
import { listRequest, sendList } from '../admin/list-params.js';
import { multipartBody, multipartParts, sendDocument } from './multipart.js';

/**
 * Staff's side of circumstances: the council's list, the review queue and its decisions, the
 * documents, the counter and the import of a list of holders.
 */
export function circumstancesStaffRoutes(
  deps: Pick<Deps, 'circumstances' | 'config' | 'logger' | 'sessions'>,
): Router<AppState> {
  const router = new Router<AppState>({ strict: true });
  const admin = requireAdmin(deps);
  const { catalogue, review, holders } = deps.circumstances;
  const spreadsheet = multipartBody({
    maxFileBytes: MAX_UPLOAD_MB * 1024 * 1024,
    tooLarge: () =>
      new DomainError('too_large', 'file_too_large', { params: { max: MAX_UPLOAD_MB } }),
  });

  router.get('/admin/circumstances', admin, async (ctx) => {
    ctx.body = await catalogue.adminList();
  });
  router.post('/admin/circumstances', admin, async (ctx) => {
    const input = validate(zCreateCircumstanceBody, ctx.request.body);
    ctx.status = 201;
    ctx.body = await catalogue.create(actorOf(ctx), input);
  });
  router.put('/admin/circumstances/:id', admin, async (ctx) => {
    const id = idParam(ctx);
    ctx.body = await catalogue.update(
      actorOf(ctx),
      id,
      validate(zUpdateCircumstanceBody, ctx.request.body),
    );
  });
  router.delete('/admin/circumstances/:id', admin, async (ctx) => {
    await catalogue.remove(actorOf(ctx), idParam(ctx));
    ctx.status = 204;
  });

  router.post(
    '/admin/circumstances/:id/import',
    admin,
    (ctx, next) => {
      idParam(ctx);
      return next();
    },
    spreadsheet,
    async (ctx) => {
      const parts = multipartParts(ctx, 'file');
      try {
        const id = idParam(ctx);
        if (!parts.file) throw new DomainError('invalid', 'please_select_file');
        const { valid_until } = validate(
          zImportCircumstanceHoldersBody.pick({ valid_until: true }),
          parts.fields,
        );
        ctx.body = await holders.run(
          actorOf(ctx),
          id,
          { path: parts.file.filepath, name: parts.file.originalFilename ?? '' },
          valid_until,
        );
      } finally {
        await parts.cleanUp();
      }
    },
  );

  router.get('/admin/circumstance-requests', admin, async (ctx) => {
    const query = validate(zListCircumstanceRequestsQuery, ctx.query, 'query');
    const request = listRequest(query, { sort: 'created_at', order: 'asc' });
    sendList(ctx, await review.list(request, query.status ?? null, ctx.state.locale));
  });
  router.get('/admin/circumstance-requests/:id/document', admin, async (ctx) => {
    sendDocument(ctx, await review.document(actorOf(ctx), idParam(ctx)));
  });
  router.post('/admin/circumstance-requests/:id/approve', admin, async (ctx) => {
    const id = idParam(ctx);
    const { valid_until } = validate(zApproveCircumstanceRequestBody, ctx.request.body);
    ctx.body = await review.approve(actorOf(ctx), id, valid_until, ctx.state.locale);
  });
  router.post('/admin/circumstance-requests/:id/refuse', admin, async (ctx) => {
    const id = idParam(ctx);
    const input = validate(zRefuseCircumstanceRequestBody, ctx.request.body);
    ctx.body = await review.refuse(actorOf(ctx), id, input, ctx.state.locale);
  });
  router.post('/admin/circumstance-requests/:id/people', admin, async (ctx) => {
    const id = idParam(ctx);
    const { person_activity_id } = validate(zAddHouseholdPersonBody, ctx.request.body);
    await deps.circumstances.household.addPerson(actorOf(ctx), id, person_activity_id);
    ctx.body = await review.view(id, ctx.state.locale);
  });
  router.delete(
    '/admin/circumstance-requests/:id/people/:person_activity_id',
    admin,
    async (ctx) => {
      const { id, person_activity_id } = validate(zRemoveHouseholdPersonPath, ctx.params, 'path');
      await deps.circumstances.household.removePerson(actorOf(ctx), id, person_activity_id);
      ctx.body = await review.view(id, ctx.state.locale);
    },
  );
  router.post('/admin/circumstance-requests/:id/withdraw', admin, async (ctx) => {
    ctx.body = await review.withdraw(actorOf(ctx), idParam(ctx), ctx.state.locale);
  });

  router.post('/admin/persons/:id/circumstances', admin, async (ctx) => {
    const id = idParam(ctx);
    const input = validate(zRecordCircumstanceBody, ctx.request.body);
    ctx.status = 201;
    ctx.body = await review.record(actorOf(ctx), id, input, ctx.state.locale);
  });

  return router;
}
