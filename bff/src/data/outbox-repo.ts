import type { Db } from './db.js';

export interface OutboxRow {
  id: number;
  channel: 'sms' | 'email';
  recipient: string;
  subject: string | null;
  body: string;
  created_at: string;
}

export function createOutboxRepo(db: Db) {
  const insert = db.prepare(
    'INSERT INTO outbox (channel, recipient, subject, body) VALUES (?, ?, ?, ?)',
  );
  const latest = db.prepare<[], OutboxRow>('SELECT * FROM outbox ORDER BY id DESC LIMIT 200');
  const forRecipient = db.prepare<[string], OutboxRow>(
    'SELECT * FROM outbox WHERE recipient = ? COLLATE NOCASE ORDER BY id DESC LIMIT 200',
  );
  return {
    add(
      channel: OutboxRow['channel'],
      recipient: string,
      subject: string | null,
      body: string,
    ): void {
      insert.run(channel, recipient, subject, body);
    },
    list(recipient?: string): OutboxRow[] {
      return recipient ? forRecipient.all(recipient) : latest.all();
    },
  };
}

export type OutboxRepo = ReturnType<typeof createOutboxRepo>;
