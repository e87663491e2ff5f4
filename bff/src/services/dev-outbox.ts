import type { OutboxRepo } from '../data/outbox-repo.js';

/**
 * What the outbox stand-ins "sent" (development and tests only; the route refuses in
 * production): the newest 200 messages, or those to one address or number.
 */
export function createDevOutbox(deps: { outbox: Pick<OutboxRepo, 'list'> }) {
  return {
    async list(to: string | undefined) {
      // a Spanish number may be asked for with its country code; it is stored without
      const recipient = to?.trim().replace(/^\+?34(?=\d{9}$)/, '');
      const rows = await deps.outbox.list(recipient);
      return rows.map((row) => ({
        id: row.id,
        channel: row.channel,
        to: row.recipient,
        subject: row.subject,
        body: row.body,
        sender: row.sender,
        created_at: row.created_at,
      }));
    },
  };
}
