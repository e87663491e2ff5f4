import Router from '@koa/router';
import type { Deps } from '../../deps.js';
import {
  zGetMyCircumstanceDocumentPath,
  zRequestCircumstanceBody,
  zRequestCircumstancePath,
  zRequestHouseholdCircumstanceBody,
} from '../../generated/zod.gen.js';
import { requireUser } from '../../http/auth.js';
import type { AppState } from '../../http/context.js';
import { validate } from '../../http/validate.js';
import { DomainError } from '../../services/errors.js';
import { MAX_DOCUMENT_BYTES, MAX_DOCUMENT_MB } from '../../services/circumstances/requests.js';
import { actorOf, callOf } from '../residents/call.js';
import { multipartBody, multipartParts, readPart, sendDocument } from './multipart.js';

/** A resident's requests of circumstances for the people they manage, with their proofs. */
export function circumstancesResidentRoutes(
  deps: Pick<Deps, 'circumstances' | 'sessions'>,
): Router<AppState> {
  const router = new Router<AppState>();
  const auth = requireUser(deps);
  const requests = deps.circumstances.requests;
  const upload = multipartBody({
    maxFileBytes: MAX_DOCUMENT_BYTES,
    tooLarge: () =>
      new DomainError('too_large', 'document_too_large', { params: { max: MAX_DOCUMENT_MB } }),
  });

  router.post(
    '/user/persons/:person_activity_id/circumstances',
    auth,
    (ctx, next) => {
      // a wrong id is refused before any file is read
      validate(zRequestCircumstancePath, ctx.params, 'path');
      return next();
    },
    upload,
    async (ctx) => {
      const parts = multipartParts(ctx, 'document');
      try {
        const { person_activity_id } = validate(zRequestCircumstancePath, ctx.params, 'path');
        const { circumstance_id } = validate(zRequestCircumstanceBody, parts.fields);
        const document = parts.file ? await readPart(parts.file) : null;
        ctx.status = 201;
        ctx.body = await requests.request(
          actorOf(ctx),
          person_activity_id,
          Number(circumstance_id),
          document,
          callOf(ctx),
        );
      } finally {
        await parts.cleanUp();
      }
    },
  );

  router.post('/user/circumstances', auth, upload, async (ctx) => {
    const parts = multipartParts(ctx, 'document');
    try {
      const { circumstance_id, person_activity_ids } = validate(
        zRequestHouseholdCircumstanceBody,
        parts.fields,
      );
      const document = parts.file ? await readPart(parts.file) : null;
      ctx.status = 201;
      ctx.body = await deps.circumstances.household.request(
        actorOf(ctx),
        person_activity_ids.split(',').map((id) => Number(id.trim())),
        Number(circumstance_id),
        document,
        callOf(ctx),
      );
    } finally {
      await parts.cleanUp();
    }
  });

  router.get('/user/circumstances', auth, async (ctx) => {
    ctx.body = await requests.list(actorOf(ctx), ctx.state.locale);
  });

  router.get('/user/circumstances/:id/document', auth, async (ctx) => {
    const { id } = validate(zGetMyCircumstanceDocumentPath, ctx.params, 'path');
    sendDocument(ctx, await requests.document(actorOf(ctx), id));
  });

  return router;
}
