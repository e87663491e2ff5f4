import Router from '@koa/router';
import type Koa from 'koa';
import { koaBody } from 'koa-body';
import { postNotification } from '../../adapters/payment-gateway/notify-http.js';
import type { Deps } from '../../deps.js';
import type { AppContext, AppState } from '../../http/context.js';
import { notFound } from '../../services/errors.js';
import { loopbackOnly } from '../../http/loopback-only.js';
import { readBody } from '../../http/read-body.js';
import { decodingBody } from '../../http/body-encoding.js';
import {
  buildNotification,
  decide,
  decideBizum,
  normaliseBizumMobile,
  processedPayMethod,
  readSignedOrder,
} from '../../adapters/payment-gateway/sandbox/gateway.js';
import {
  SANDBOX_CSS,
  sandboxBizumConfirmPage,
  sandboxBizumPage,
  sandboxErrorPage,
  sandboxFailurePage,
  sandboxPage,
} from '../../adapters/payment-gateway/sandbox/page.js';
import { clientAnswerOf } from '../../http/error-middleware.js';
import { t } from '../../i18n/index.js';

/**
 * The built-in sandbox gateway standing in for Redsys when no credentials are configured. It
 * verifies the signed fields, shows a card page (or, for DS_MERCHANT_PAYMETHODS=z, a Bizum page
 * with its confirmation step), and on confirmation posts a signed notification
 * over real HTTP to `${PUBLIC_URL}/api/payments/notification` — never to the MERCHANTURL inside
 * the parameters, because the test secret is public and that would let anyone aim this server
 * at any address. Card data is read to decide and then dropped: never stored or logged.
 */
export function sandboxRoutes(
  deps: Pick<Deps, 'clock' | 'config' | 'logger' | 'payments'>,
): Router<AppState> {
  const router = new Router<AppState>({ strict: true });
  const { config } = deps;
  const local = loopbackOnly(config.env);
  const enabled = (ctx: AppContext, next: () => Promise<unknown>) => {
    if (!config.redsys.sandbox) throw notFound();
    return local(ctx, next as Koa.Next);
  };
  const html = (ctx: AppContext, status: number, page: string) => {
    ctx.status = status;
    ctx.type = 'text/html; charset=utf-8';
    ctx.body = page;
  };

  /**
   * The pages' own refusals (a body that cannot be read, too large, in another encoding: 400,
   * 413, 415) as a page in the browser's language, as the contract declares, not JSON. Anything
   * else (the server's 503s) stays the error middleware's.
   */
  const asPage = async (ctx: AppContext, next: () => Promise<unknown>) => {
    try {
      await next();
    } catch (err) {
      const answer = clientAnswerOf(err);
      if (!answer) throw err;
      const locale = ctx.state.locale;
      html(
        ctx,
        answer.status,
        sandboxFailurePage(locale, t(locale, answer.messageKey, answer.params)),
      );
    }
  };

  router.get('/payments/sandbox/styles.css', enabled, async (ctx) => {
    ctx.type = 'text/css; charset=utf-8';
    ctx.body = SANDBOX_CSS;
  });

  router.post('/payments/sandbox', enabled, asPage, readBody, async (ctx) => {
    const order = readSignedOrder(config.redsys, config.publicUrl, ctx.request.body);
    if (!order) return html(ctx, 400, sandboxErrorPage(ctx.state.locale));
    html(ctx, 200, sandboxPage(order));
  });

  // Bizum's confirmation step: the mobile typed, then approve or decline "in the bank's app"
  router.post('/payments/sandbox/bizum', enabled, asPage, readBody, async (ctx) => {
    const body = (ctx.request.body ?? {}) as Record<string, unknown>;
    const order = readSignedOrder(config.redsys, config.publicUrl, body);
    if (!order || !order.bizum)
      return html(ctx, 400, sandboxErrorPage(order?.locale ?? ctx.state.locale));
    const typed = typeof body.bizum_mobile === 'string' ? body.bizum_mobile.slice(0, 20) : '';
    const mobile = normaliseBizumMobile(typed);
    if (!mobile) return html(ctx, 400, sandboxBizumPage(order, { mobile: typed }));
    html(ctx, 200, sandboxBizumConfirmPage(order, mobile));
  });

  router.post('/payments/sandbox/confirm', enabled, asPage, readBody, async (ctx) => {
    const body = (ctx.request.body ?? {}) as Record<string, unknown>;
    const order = readSignedOrder(config.redsys, config.publicUrl, body);
    const decision = body.decision;
    if (!order || (decision !== 'approve' && decision !== 'deny')) {
      return html(ctx, 400, sandboxErrorPage(order?.locale ?? ctx.state.locale));
    }
    const text = (value: unknown) => (typeof value === 'string' ? value : undefined);
    if (config.env === 'production') {
      deps.logger.warn('sandbox payment in production: no money was taken', { order: order.order });
    }
    const now = deps.clock.now();
    const answer = order.bizum
      ? decideBizum({ decision, mobile: text(body.bizum_mobile), amountCents: order.amountCents })
      : decide(
          {
            decision,
            cardNumber: text(body.card_number),
            expiry: text(body.expiry),
            cvv: text(body.cvv),
          },
          now,
        );
    const authorisationCode = await deps.payments.sandboxBank.recordPayment(
      order.order,
      order.amountCents,
      answer.responseCode,
      processedPayMethod(order),
    );
    // lose_notification=1: the bank decided but its notification never arrives (as happens with
    // Redsys), so reconciliation has to find out; the status query answers with this outcome
    if (body.lose_notification !== '1') {
      const notification = buildNotification(
        config.redsys,
        order,
        { ...answer, authorisationCode },
        now,
      );
      const status = await postNotification(
        `${config.publicUrl}/api/payments/notification`,
        notification,
      );
      if (status !== 200) {
        deps.logger.warn('sandbox notification not accepted', { order: order.order, status });
      }
    }
    ctx.status = 303;
    ctx.redirect(answer.approved ? order.urlOk : order.urlKo);
  });

  // the bank's host-to-host services, in Redsys's formats: refunds (REST) and the transaction query
  router.post('/payments/sandbox/rest/trataPeticionREST', enabled, readBody, async (ctx) => {
    ctx.body = await deps.payments.sandboxBank.rest(ctx.request.body);
  });

  router.post('/payments/sandbox/consulta', enabled, readXml, async (ctx) => {
    ctx.type = 'text/xml; charset=utf-8';
    ctx.body = await deps.payments.sandboxBank.query(
      typeof ctx.request.body === 'string' ? ctx.request.body : '',
    );
  });

  return router;
}

/** The SOAP query arrives as text/xml, which readBody leaves alone. */
const readXml = decodingBody(
  koaBody({
    json: false,
    urlencoded: false,
    multipart: false,
    text: true,
    textLimit: '64kb',
  }) as unknown as Koa.Middleware<AppState>,
);
