import Router from '@koa/router';
import type { Deps } from '../../deps.js';
import {
  zAddPersonBody,
  zRemovePersonPath,
  zRequestAssociationBody,
  zRequestAssociationByNameBody,
  zVerifyAssociationBody,
  zVerifyAssociationByNameBody,
} from '../../generated/zod.gen.js';
import { requireUser } from '../../http/auth.js';
import type { AppState } from '../../http/context.js';
import { validate } from '../../http/validate.js';
import { t } from '../../i18n/index.js';
import type { ManagedPerson, PersonsService } from '../../services/residents/persons.js';
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

  const codeSent = (locale: AppState['locale'], expiresIn: number) => ({
    detail: t(locale, 'otp_sent'),
    code: 'otp_sent',
    expires_in: expiresIn,
  });
  const associated = (locale: AppState['locale'], person: ManagedPerson) => ({
    detail: t(locale, 'person_associated_success'),
    code: 'person_associated_success',
    person,
  });

  router.post('/user/persons/request-association', auth, async (ctx) => {
    const body = validate(zRequestAssociationBody, ctx.request.body);
    const { expiresIn } = await persons.requestAssociation(actorOf(ctx), body, callOf(ctx));
    ctx.body = codeSent(ctx.state.locale, expiresIn);
  });

  router.post('/user/persons/verify-association', auth, async (ctx) => {
    const body = validate(zVerifyAssociationBody, ctx.request.body);
    const person = await persons.verifyAssociation(actorOf(ctx), body, callOf(ctx));
    ctx.body = associated(ctx.state.locale, person);
  });

  router.post('/user/persons/request-association-by-name', auth, async (ctx) => {
    const body = validate(zRequestAssociationByNameBody, ctx.request.body);
    const { expiresIn } = await persons.requestAssociationByName(actorOf(ctx), body, callOf(ctx));
    ctx.body = codeSent(ctx.state.locale, expiresIn);
  });

  router.post('/user/persons/verify-association-by-name', auth, async (ctx) => {
    const body = validate(zVerifyAssociationByNameBody, ctx.request.body);
    const person = await persons.verifyAssociationByName(actorOf(ctx), body, callOf(ctx));
    ctx.body = associated(ctx.state.locale, person);
  });

  router.delete('/user/persons/:id', auth, async (ctx) => {
    const { id } = validate(zRemovePersonPath, ctx.params, 'path');
    await persons.unlink(actorOf(ctx), id, callOf(ctx));
    ctx.status = 204;
  });

  return router;
}
