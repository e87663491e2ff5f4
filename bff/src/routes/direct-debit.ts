import Router from '@koa/router';
import type { Deps } from '../deps.js';
import { zCreateRemittanceBody, zDomicileFeeBody, zSignMandateBody } from '../generated/zod.gen.js';
import { requireAdmin, requireUser } from '../http/auth.js';
import type { AppState } from '../http/context.js';
import { validate } from '../http/validate.js';
import { idParam } from './admin/form-input.js';
import { multipartBody, multipartParts, readPart } from './circumstances/multipart.js';
import { actorOf } from './residents/call.js';
import { DomainError, notFound } from '../services/errors.js';

/** A bank's answer to one remittance is small; a season's camt.054 stays well under this. */
const MAX_BANK_FILE_MB = 10;

/** Direct debit: residents' mandates and domiciled fees, staff's remittances (issue 62). */
export function directDebitRoutes(
  deps: Pick<Deps, 'directDebit' | 'sessions' | 'config' | 'logger'>,
): Router<AppState> {
  const router = new Router<AppState>({ strict: true });
  const auth = requireUser(deps);
  const admin = requireAdmin(deps);
  const { mandates, debits, remittances, returns } = deps.directDebit;
  const bankFile = multipartBody({
    maxFileBytes: MAX_BANK_FILE_MB * 1024 * 1024,
    tooLarge: () =>
      new DomainError('too_large', 'file_too_large', { params: { max: MAX_BANK_FILE_MB } }),
  });

  router.post('/user/mandates', auth, async (ctx) => {
    const input = validate(zSignMandateBody, ctx.request.body);
    ctx.status = 201;
    ctx.body = await mandates.sign(actorOf(ctx), input, { locale: ctx.state.locale, ip: ctx.ip });
  });
  router.get('/user/mandates', auth, async (ctx) => {
    ctx.body = await mandates.list(actorOf(ctx));
  });
  router.get('/user/mandates/:id/document', auth, async (ctx) => {
    const { pdf, name } = await mandates.document(actorOf(ctx), idParam(ctx), ctx.state.locale);
    ctx.set('Content-Disposition', `attachment; filename="${name}"`);
    ctx.set('Cache-Control', 'no-store');
    ctx.type = 'application/pdf';
    ctx.body = pdf;
  });
  router.delete('/user/mandates/:id', auth, async (ctx) => {
    await mandates.cancel(actorOf(ctx), idParam(ctx), ctx.ip);
    ctx.status = 204;
  });
  router.post('/user/direct-debits', auth, async (ctx) => {
    const input = validate(zDomicileFeeBody, ctx.request.body);
    ctx.status = 201;
    ctx.body = await debits.domicile(actorOf(ctx), input, { locale: ctx.state.locale, ip: ctx.ip });
  });
  router.get('/user/direct-debits', auth, async (ctx) => {
    ctx.body = await debits.list(actorOf(ctx), ctx.state.locale);
  });
  router.delete('/user/direct-debits/:id', auth, async (ctx) => {
    await debits.undomicile(actorOf(ctx), idParam(ctx), ctx.ip);
    ctx.status = 204;
  });

  router.post('/admin/remittances', admin, async (ctx) => {
    const { collection_date } = validate(zCreateRemittanceBody, ctx.request.body);
    ctx.status = 201;
    ctx.body = await remittances.create(actorOf(ctx), collection_date, ctx.ip);
  });
  router.get('/admin/remittances', admin, async (ctx) => {
    ctx.body = await remittances.list();
  });
  router.get('/admin/remittances/:id', admin, async (ctx) => {
    ctx.body = await remittances.detail(idParam(ctx), ctx.state.locale);
  });
  router.post(
    '/admin/remittances/:id/returns',
    admin,
    (ctx, next) => {
      idParam(ctx);
      return next();
    },
    bankFile,
    async (ctx) => {
      const parts = multipartParts(ctx, 'file');
      try {
        if (!parts.file) throw new DomainError('invalid', 'please_select_file');
        const { bytes } = await readPart(parts.file);
        ctx.body = await returns.apply(
          actorOf(ctx),
          idParam(ctx),
          { bytes },
          { locale: ctx.state.locale, ip: ctx.ip },
        );
      } finally {
        await parts.cleanUp();
      }
    },
  );
  // where the sandbox bank is off, this address does not exist: 404 before anything else
  const sandboxOn = (_ctx: unknown, next: () => Promise<unknown>) => {
    if (!remittances.sandboxBankOn) throw notFound();
    return next();
  };
  router.get('/admin/remittances/:id/sandbox-answer', sandboxOn, admin, async (ctx) => {
    const file = await remittances.sandboxAnswer(actorOf(ctx), idParam(ctx), ctx.ip);
    ctx.set('Content-Disposition', `attachment; filename="${file.name}"`);
    ctx.set('Cache-Control', 'no-store');
    ctx.type = 'application/xml';
    ctx.body = file.xml;
  });
  router.get('/admin/remittances/:id/file', admin, async (ctx) => {
    const file = await remittances.file(actorOf(ctx), idParam(ctx), ctx.ip);
    ctx.set('Content-Disposition', `attachment; filename="${file.name}"`);
    ctx.set('Cache-Control', 'no-store');
    ctx.type = 'application/xml';
    ctx.body = file.xml;
  });
  return router;
}
