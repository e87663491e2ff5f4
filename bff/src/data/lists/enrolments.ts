import type { Database } from '../database.js';
import { enrolmentReads, type EnrolmentRow } from './enrolment-reads.js';
import { postgresEnrolmentSearch } from './enrolments-postgres.js';
import { sqliteEnrolmentSearch } from './enrolments-sqlite.js';
import { inListOrder, type EnrolmentSort } from './name-order.js';
import type { ListRequest, ListResult } from './query.js';

/**
 * The staff list of people (enrolments): a search over the person's fields and their activities'
 * names, in the asked order. The engines' indexes differ enough that each has its own strategy.
 */
export function createEnrolmentsList(db: Database) {
  const reads = enrolmentReads(db);
  const strategy =
    db.engine === 'postgres'
      ? postgresEnrolmentSearch(db, reads)
      : sqliteEnrolmentSearch(db, reads);
  return {
    async page(request: ListRequest<EnrolmentSort>): Promise<ListResult<EnrolmentRow>> {
      const { q, sort, order, page } = request;
      if (q !== null) return strategy.search(q, { sort, order, page });
      if (page) return reads.plainPage({ sort, order, page }, strategy.countAll);
      const rows = await inListOrder(
        db.reads().selectFrom('enrolments as e').selectAll('e'),
        sort,
        order,
      ).execute();
      return { rows, total: rows.length };
    },
  };
}
