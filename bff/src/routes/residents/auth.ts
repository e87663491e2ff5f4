import Router from '@koa/router';
import {
  zLoginBody,
  zLoginMfaBody,
  zRegisterBody,
  zRequestPasswordRecoveryBody,
  zResendRegistrationCodeBody,
  zVerifyPasswordRecoveryBody,
  zVerifyRegistrationBody,
} from '../../generated/zod.gen.js';
import type { AppState } from '../../http/context.js';
import { readBody } from '../../http/read-body.js';
import { validate } from '../../http/validate.js';
import { t } from '../../i18n/index.js';
import type { MfaService } from '../../services/admin/mfa.js';
import type { AccountsService } from '../../services/residents/accounts.js';
import { callOf } from './call.js';

/** Anonymous calls: register and verify, log in (an administrator's second step too), recover. */
export function authRoutes(accounts: AccountsService, mfa: MfaService): Router<AppState> {
  const router = new Router<AppState>();

  router.post('/user/register', readBody, async (ctx) => {
    const body = validate(zRegisterBody, ctx.request.body);
    const { expiresIn } = await accounts.register(body, callOf(ctx));
    ctx.status = 201;
    ctx.body = { detail: t(ctx.state.locale, 'otp_sent'), code: 'otp_sent', expires_in: expiresIn };
  });

  router.post('/user/register/resend', readBody, async (ctx) => {
    const body = validate(zResendRegistrationCodeBody, ctx.request.body);
    const { expiresIn } = await accounts.resendRegistrationCode(body, callOf(ctx));
    ctx.body = { detail: t(ctx.state.locale, 'otp_sent'), code: 'otp_sent', expires_in: expiresIn };
  });

  router.post('/user/verify', readBody, async (ctx) => {
    const body = validate(zVerifyRegistrationBody, ctx.request.body);
    const done = await accounts.verifyRegistration(body, callOf(ctx));
    ctx.body = { access_token: done.token, token_type: 'bearer', device_token: done.deviceToken };
  });

  router.post('/user/login', readBody, async (ctx) => {
    const body = validate(zLoginBody, ctx.request.body);
    const outcome = await accounts.login(body, callOf(ctx));
    ctx.body =
      'token' in outcome
        ? {
            access_token: outcome.token,
            token_type: 'bearer',
            device_token: outcome.deviceToken,
            ...(outcome.setupOnly ? { scope: 'mfa_setup' as const } : {}),
          }
        : { mfa_required: true, mfa_token: outcome.mfaToken };
  });

  router.post('/user/login/mfa', readBody, async (ctx) => {
    const body = validate(zLoginMfaBody, ctx.request.body);
    const done = await mfa.completeLogin(body, callOf(ctx).ip);
    ctx.body = { access_token: done.token, token_type: 'bearer', device_token: done.deviceToken };
  });

  router.post('/user/password-recovery', readBody, async (ctx) => {
    const body = validate(zRequestPasswordRecoveryBody, ctx.request.body);
    await accounts.requestRecovery(body, callOf(ctx));
    ctx.status = 202;
    ctx.body = { detail: t(ctx.state.locale, 'recovery_email_sent'), code: 'recovery_email_sent' };
  });

  router.post('/user/password-recovery/verify', readBody, async (ctx) => {
    const body = validate(zVerifyPasswordRecoveryBody, ctx.request.body);
    await accounts.verifyRecovery(body, callOf(ctx));
    ctx.body = { detail: t(ctx.state.locale, 'password_changed'), code: 'password_changed' };
  });

  return router;
}
