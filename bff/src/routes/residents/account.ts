import Router from '@koa/router';
import type { Deps } from '../../deps.js';
import {
  zChangeMyPasswordBody,
  zDeleteMeBody,
  zRequestEmailChangeBody,
  zRequestPhoneChangeBody,
  zUpdateMeBody,
  zVerifyEmailChangeBody,
  zVerifyPhoneChangeBody,
} from '../../generated/zod.gen.js';
import type { AppState } from '../../http/context.js';
import { requireSession, requireUser } from '../../http/auth.js';
import { validate } from '../../http/validate.js';
import { t } from '../../i18n/index.js';
import { madridDate } from '../../lib/madrid-date.js';
import type { AccountsService } from '../../services/residents/accounts.js';
import type { ContactChange } from '../../services/residents/contact-change.js';
import type { DataRights } from '../../services/residents/data-rights.js';
import type { MyAccount } from '../../services/residents/my-account.js';
import { unauthorized } from '../../services/errors.js';
import { actorOf, callOf } from './call.js';

/** The signed-in account: its details and reminder setting, its data, deleting it, logging out. */
export function accountRoutes(
  deps: Pick<Deps, 'clock' | 'sessions'>,
  services: {
    dataRights: DataRights;
    accounts: AccountsService;
    contactChange: ContactChange;
    myAccount: MyAccount;
  },
): Router<AppState> {
  const { dataRights, accounts, contactChange, myAccount } = services;
  const router = new Router<AppState>();
  const auth = requireUser(deps);

  // residents and staff alike; a token that can only set up a second factor may end itself too
  router.post('/user/logout', requireSession(deps), async (ctx) => {
    const session = ctx.state.user;
    if (!session) throw unauthorized();
    await deps.sessions.end(session);
    ctx.status = 204;
  });

  router.get('/user/me', auth, async (ctx) => {
    ctx.body = await myAccount.view(actorOf(ctx).id);
  });

  router.patch('/user/me', auth, async (ctx) => {
    const body = validate(zUpdateMeBody, ctx.request.body);
    ctx.body = await myAccount.setReminders(actorOf(ctx).id, body.reminders);
  });

  router.delete('/user/me', auth, async (ctx) => {
    const body = validate(zDeleteMeBody, ctx.request.body);
    await dataRights.deleteAccount(actorOf(ctx), body.password, callOf(ctx));
    ctx.body = { detail: t(ctx.state.locale, 'account_deleted'), code: 'account_deleted' };
  });

  router.post('/user/me/password', auth, async (ctx) => {
    const body = validate(zChangeMyPasswordBody, ctx.request.body);
    const token = await accounts.changePassword(actorOf(ctx), body, callOf(ctx));
    ctx.body = { access_token: token, token_type: 'bearer' };
  });

  router.post('/user/me/email', auth, async (ctx) => {
    const body = validate(zRequestEmailChangeBody, ctx.request.body);
    const sent = await contactChange.startEmailChange(actorOf(ctx), body, callOf(ctx));
    ctx.body = {
      detail: t(ctx.state.locale, 'email_code_sent'),
      code: 'email_code_sent',
      expires_in: sent.expiresIn,
    };
  });

  router.post('/user/me/email/confirm', auth, async (ctx) => {
    const sent = await contactChange.startEmailConfirmation(actorOf(ctx), callOf(ctx));
    ctx.body = {
      detail: t(ctx.state.locale, 'email_code_sent'),
      code: 'email_code_sent',
      expires_in: sent.expiresIn,
    };
  });

  router.post('/user/me/email/verify', auth, async (ctx) => {
    const body = validate(zVerifyEmailChangeBody, ctx.request.body);
    await contactChange.verifyEmailChange(actorOf(ctx), body, callOf(ctx));
    ctx.body = await myAccount.view(actorOf(ctx).id);
  });

  router.post('/user/me/phone', auth, async (ctx) => {
    const body = validate(zRequestPhoneChangeBody, ctx.request.body);
    const sent = await contactChange.startPhoneChange(actorOf(ctx), body, callOf(ctx));
    ctx.body = {
      detail: t(ctx.state.locale, 'otp_sent'),
      code: 'otp_sent',
      expires_in: sent.expiresIn,
    };
  });

  router.post('/user/me/phone/verify', auth, async (ctx) => {
    const body = validate(zVerifyPhoneChangeBody, ctx.request.body);
    await contactChange.verifyPhoneChange(actorOf(ctx), body, callOf(ctx));
    ctx.body = await myAccount.view(actorOf(ctx).id);
  });

  router.get('/user/me/export', auth, async (ctx) => {
    const data = await dataRights.export(actorOf(ctx));
    const day = madridDate(deps.clock.now());
    ctx.set('Content-Disposition', `attachment; filename="mis-datos-${day}.json"`);
    ctx.set('Cache-Control', 'no-store');
    ctx.body = data;
  });

  return router;
}
