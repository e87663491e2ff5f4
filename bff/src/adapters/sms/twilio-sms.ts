import type { Logger } from '../../logger.js';
import type { SmsSender } from './sms-sender.js';

export interface TwilioOptions {
  accountSid: string;
  authToken: string;
  from: string;
  /** https://api.twilio.com, or a local stand-in in tests. */
  baseUrl: string;
  timeoutMs?: number;
}

/** SMS through Twilio's Messages REST API. Any non-2xx answer is an error; the body is never logged. */
export function createTwilioSms(options: TwilioOptions, logger: Logger): SmsSender {
  const url = `${options.baseUrl.replace(/\/+$/, '')}/2010-04-01/Accounts/${encodeURIComponent(options.accountSid)}/Messages.json`;
  const authorization = `Basic ${Buffer.from(`${options.accountSid}:${options.authToken}`).toString('base64')}`;
  return {
    async send(to, body, _purpose, sender) {
      const response = await fetch(url, {
        method: 'POST',
        headers: {
          Authorization: authorization,
          'Content-Type': 'application/x-www-form-urlencoded',
          Accept: 'application/json',
        },
        body: new URLSearchParams({ To: `+34${to}`, From: sender || options.from, Body: body }),
        signal: AbortSignal.timeout(options.timeoutMs ?? 10_000),
      });
      if (!response.ok) {
        // Twilio's error body carries a numeric code and a message about the request, not our text
        const detail = (await response.json().catch(() => null)) as { code?: unknown } | null;
        logger.warn('twilio refused the sms', {
          status: response.status,
          twilioCode: detail?.code,
        });
        throw new Error(`Twilio answered ${response.status}`);
      }
      await response.body?.cancel();
      logger.info('sms sent', { provider: 'twilio', to: `***${to.slice(-3)}` });
    },
  };
}
