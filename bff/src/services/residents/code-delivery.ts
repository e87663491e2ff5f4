import type { MailSender } from '../../adapters/mail/mail-sender.js';
import type { SmsSender } from '../../adapters/sms/sms-sender.js';
import { DomainError } from '../errors.js';
import type { Logger } from '../../logger.js';

const deliveryFailed = () =>
  new DomainError('unavailable', 'code_delivery_failed', { retryAfterSeconds: 60 });

/**
 * Sends a one-time code and waits for the provider: a code the resident will never receive must
 * answer 503 (try again later), not a success that leaves them waiting. The cause is logged,
 * never the code.
 */
export function createCodeDelivery(deps: {
  sms: SmsSender;
  mail: MailSender;
  logger: Logger;
  /** The council's SMS sender name (empty: the provider's number). */
  smsSender: string;
}) {
  const failed = (channel: string, err: unknown) => {
    deps.logger.error(`${channel} delivery failed`, {
      error: err instanceof Error ? err.message : String(err),
    });
    return deliveryFailed();
  };
  return {
    async sms(to: string, text: string): Promise<void> {
      try {
        await deps.sms.send(to, text, 'code', deps.smsSender || undefined);
      } catch (err) {
        throw failed('sms', err);
      }
    },
    async mail(to: string, subject: string, text: string): Promise<void> {
      try {
        await deps.mail.send({ to, subject, text });
      } catch (err) {
        throw failed('mail', err);
      }
    },
    /**
     * An e-mail the answer does not wait for (a recovery code, whose answer must take as long for
     * unknown addresses; a notice): a failure is logged, never the text.
     */
    mailInBackground(to: string, subject: string, text: string, what: string): void {
      deps.mail.send({ to, subject, text }).catch((err: unknown) =>
        deps.logger.error(`${what} failed`, {
          error: err instanceof Error ? err.message : String(err),
        }),
      );
    },
  };
}

export type CodeDelivery = ReturnType<typeof createCodeDelivery>;
