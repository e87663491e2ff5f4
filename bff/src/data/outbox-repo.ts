import { sql } from 'kysely';
import type { Database } from './database.js';
import type { Selectable } from 'kysely';
import type { OutboxTable } from './schema.js';

export type OutboxRow = Selectable<OutboxTable>;

export function createOutboxRepo(db: Database) {
  return {
    async add(
      channel: OutboxRow['channel'],
      recipient: string,
      subject: string | null,
      body: string,
      attachments?: string[],
      sender?: string,
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
          sender: sender ?? null,
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
