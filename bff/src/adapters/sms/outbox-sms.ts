import type { OutboxStore } from '../outbox-store.js';
import type { Logger } from '../../logger.js';
import type { SmsSender } from './sms-sender.js';

/** Development SMS: stored in the outbox and written to the log instead of sent. */
export function createOutboxSms(outbox: OutboxStore, logger: Logger): SmsSender {
  return {
    async send(to, body, _purpose, sender) {
      await outbox.add('sms', to, null, body, undefined, sender);
      logger.info('sms stored in outbox', { to, body });
    },
  };
}
