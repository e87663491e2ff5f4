import type { Database } from './database.js';
import type { Selectable } from 'kysely';
import type { SandboxTransactionsTable } from './schema.js';

export type SandboxTransactionRow = Selectable<SandboxTransactionsTable>;

/** What the built-in sandbox gateway answered, in the database (any process may be asked). */
export function createSandboxTransactionsRepo(db: Database) {
  return {
    async record(row: Omit<SandboxTransactionRow, 'id'>): Promise<void> {
      await db.q().insertInto('sandbox_transactions').values(row).execute();
    },
    ofOrder(order: string): Promise<SandboxTransactionRow[]> {
      return db
        .q()
        .selectFrom('sandbox_transactions')
        .selectAll()
        .where('order_code', '=', order)
        .orderBy('id')
        .$if(db.rowLocks, (q) => q.forUpdate())
        .execute();
    },
  };
}

export type SandboxTransactionsRepo = ReturnType<typeof createSandboxTransactionsRepo>;
