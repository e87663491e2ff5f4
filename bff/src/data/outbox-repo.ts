import { sql } from 'kysely';
import type { Database } from './database.js';

export interface OutboxRow {
  id: number;
  channel: 'sms' | 'email';
  recipient: string;
  subject: string | null;
  body: string;
  /** JSON list of attached file names. */
  attachments: string | null;
  created_at: string;
}

export function createOutboxRepo(db: Database) {
  return {
    async add(
      channel: OutboxRow['channel'],
      recipient: string,
      subject: string | null,
      body: string,
      attachments?: string[],
    ): Promise<void> {
      await db
        .q()
        .insertInto('outbox')
        .values({
          channel,
          recipient,
          subject,
          body,
          attachments: attachments?.length ? JSON.stringify(attachments) : null,
        })
        .execute();
    },
    list(recipient?: string): Promise<OutboxRow[]> {
      let query = db.q().selectFrom('outbox').selectAll().orderBy('id', 'desc').limit(200);
      if (recipient) query = query.where(sql`lower(recipient)`, '=', sql`lower(${recipient})`);
      return query.execute();
    },
  };
}

export type OutboxRepo = ReturnType<typeof createOutboxRepo>;
