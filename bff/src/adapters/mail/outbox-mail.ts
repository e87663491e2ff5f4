import type { OutboxStore } from '../outbox-store.js';
import type { Logger } from '../../logger.js';
import type { MailSender } from './mail-sender.js';

/** Development e-mail: stored in the outbox and written to the log instead of sent. */
export function createOutboxMail(outbox: OutboxStore, logger: Logger): MailSender {
  return {
    async send(message) {
      await outbox.add(
        'email',
        message.to,
        message.subject,
        message.text,
        message.attachments?.map((a) => a.filename),
        message.senderName,
      );
      logger.info('e-mail stored in outbox', { to: message.to, subject: message.subject });
    },
  };
}
