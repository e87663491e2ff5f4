import Router from '@koa/router';
import type { Deps } from '../../deps.js';
import {
  zAddPersonBody,
  zRemovePersonPath,
  zRequestAssociationBody,
  zVerifyAssociationBody,
} from '../../generated/zod.gen.js';
import { requireUser } from '../../http/auth.js';
import type { AppState } from '../../http/context.js';
import { validate } from '../../http/validate.js';
import { t } from '../../i18n/index.js';
import type { PersonsService } from '../../services/residents/persons.js';
import { actorOf, callOf } from './call.js';

/** The people an account manages: list, link by SMS code, unlink. */
export function personsRoutes(
  deps: Pick<Deps, 'sessions'>,
  persons: PersonsService,
): Router<AppState> {
  const router = new Router<AppState>();
  const auth = requireUser(deps);

  router.get('/user/persons/', auth, async (ctx) => {
    ctx.body = await persons.list(actorOf(ctx));
  });

  router.post('/user/persons/', auth, async (ctx) => {
    const body = validate(zAddPersonBody, ctx.request.body);
    ctx.status = 201;
    ctx.body = await persons.addPerson(actorOf(ctx), body, callOf(ctx));
  });

  router.post('/user/persons/request-association', auth, async (ctx) => {
    const body = validate(zRequestAssociationBody, ctx.request.body);
    const { expiresIn } = await persons.requestAssociation(actorOf(ctx), body, callOf(ctx));
    ctx.body = { detail: t(ctx.state.locale, 'otp_sent'), code: 'otp_sent', expires_in: expiresIn };
  });

  router.post('/user/persons/verify-association', auth, async (ctx) => {
    const body = validate(zVerifyAssociationBody, ctx.request.body);
    const person = await persons.verifyAssociation(actorOf(ctx), body, callOf(ctx));
    ctx.body = {
      detail: t(ctx.state.locale, 'person_associated_success'),
      code: 'person_associated_success',
      person,
    };
  });

  router.delete('/user/persons/:id', auth, async (ctx) => {
    const { id } = validate(zRemovePersonPath, ctx.params, 'path');
    await persons.unlink(actorOf(ctx), id, callOf(ctx));
    ctx.status = 204;
  });

  return router;
}
