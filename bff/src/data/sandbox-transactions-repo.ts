import type { Database } from './database.js';

export interface SandboxTransactionRow {
  id: number;
  order_code: string;
  transaction_type: '0' | '3';
  amount_cents: number;
  response_code: string;
  authorisation_code: string | null;
  created_at: string;
}

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
