import type { Db } from './db.js';

export type CodePurpose = 'register' | 'associate' | 'recover';

export interface OneTimeCodeRow {
  id: number;
  purpose: CodePurpose;
  subject: string;
  user_id: number | null;
  enrolment_id: number | null;
  channel: 'sms' | 'email';
  destination: string;
  code_hash: string;
  attempts: number;
  expires_at: number;
  consumed_at: number | null;
  ip: string | null;
  created_at: number;
}

export type NewOneTimeCode = Omit<OneTimeCodeRow, 'id' | 'attempts' | 'consumed_at'>;

/** Stored one-time codes (hashes only). Times are ms since the epoch. */
export function createOneTimeCodesRepo(db: Db) {
  const insert = db.prepare(
    `INSERT INTO one_time_codes (purpose, subject, user_id, enrolment_id, channel, destination, code_hash, expires_at, ip, created_at)
     VALUES (@purpose, @subject, @user_id, @enrolment_id, @channel, @destination, @code_hash, @expires_at, @ip, @created_at)`,
  );
  // "IS" so a null user_id (registration before the account exists) compares equal to null
  const retire = db.prepare(
    `UPDATE one_time_codes SET consumed_at = @now
     WHERE purpose = @purpose AND subject = @subject AND user_id IS @user_id AND consumed_at IS NULL`,
  );
  const active = db.prepare<
    { purpose: string; subject: string; user_id: number | null; now: number; max: number },
    OneTimeCodeRow
  >(
    `SELECT * FROM one_time_codes
     WHERE purpose = @purpose AND subject = @subject AND user_id IS @user_id
       AND consumed_at IS NULL AND expires_at > @now AND attempts < @max
     ORDER BY id DESC LIMIT 1`,
  );
  const failed = db.prepare('UPDATE one_time_codes SET attempts = attempts + 1 WHERE id = ?');
  const consume = db.prepare(
    'UPDATE one_time_codes SET consumed_at = ? WHERE id = ? AND consumed_at IS NULL',
  );
  return {
    /** Stores a new code and retires every earlier unused one for the same purpose, subject and user. */
    replace(code: NewOneTimeCode): number {
      retire.run({
        purpose: code.purpose,
        subject: code.subject,
        user_id: code.user_id,
        now: code.created_at,
      });
      return Number(insert.run(code).lastInsertRowid);
    },
    findActive(
      purpose: CodePurpose,
      subject: string,
      userId: number | null,
      now: number,
      maxAttempts: number,
    ) {
      return active.get({ purpose, subject, user_id: userId, now, max: maxAttempts });
    },
    recordFailure(id: number): void {
      failed.run(id);
    },
    /** True only for the one caller that consumed it (single use under concurrency). */
    consume(id: number, now: number): boolean {
      return consume.run(now, id).changes === 1;
    },
  };
}

export type OneTimeCodesRepo = ReturnType<typeof createOneTimeCodesRepo>;
