import type { PaymentFilter, PaymentSort, StaffLists } from '../../data/lists/index.js';
import type { PaymentsRepo } from '../../data/payments-repo.js';
import type { RefundsRepo } from '../../data/refunds-repo.js';
import { searchText, type SortOrder } from '../../lib/list-request.js';
import type { Locale } from '../../i18n/index.js';
import { invalid, notFound } from '../errors.js';
import { madridDateRange } from './madrid-range.js';
import { paymentsWorkbook } from './payments-export.js';
import { toAdminPayment } from './payment-views.js';
import { viewsWithDetails } from './payments-with-details.js';
import { withRefundDue } from './refund-due.js';
import type { OwedBackRepo } from '../../data/owed-back-repo.js';

/** The most rows one export file holds. */
const EXPORT_LIMIT = 50_000;

export interface StaffPaymentsQuery {
  status?: PaymentFilter['status'];
  person?: string;
  q?: string;
  from?: string;
  to?: string;
}

/** The payments list staff reconcile with the bank: a page, one payment, the export file. */
export function createStaffPayments(deps: {
  payments: PaymentsRepo;
  refunds: RefundsRepo;
  owedBack: Pick<OwedBackRepo, 'ofFees'>;
  lists: Pick<StaffLists, 'payments'>;
}) {
  const { payments, refunds, lists } = deps;

  /** The query as a filter; a "to" day before the "from" day is refused, changing nothing. */
  function filterOf(query: StaffPaymentsQuery): PaymentFilter {
    if (query.from && query.to && query.from > query.to) {
      throw invalid([{ loc: ['query', 'to'], msg: 'invalid_date', type: 'date_range' }]);
    }
    return {
      status: query.status,
      person: query.person,
      q: searchText(query.q),
      ...madridDateRange(query.from, query.to),
    };
  }

  return {
    async page(
      query: StaffPaymentsQuery,
      page: { number: number; size: number },
      sort: { by: PaymentSort; order: SortOrder },
      locale: Locale,
    ) {
      const { rows, total } = await lists.payments.page({
        filter: filterOf(query),
        sort: sort.by,
        order: sort.order,
        page,
      });
      const shown = await viewsWithDetails(deps, rows, (payment, items, given) => ({
        payment,
        items,
        view: toAdminPayment(payment, items, given, locale),
      }));
      return { rows: await withRefundDue(deps.owedBack, shown), total };
    },

    /** One payment as staff see it, with its items and refund history; 404 when unknown. */
    async view(id: number, locale: Locale) {
      const payment = await payments.findById(id);
      if (!payment) throw notFound();
      const given = await refunds.ofPayments([id]);
      const items = await payments.items(id);
      const view = toAdminPayment(payment, items, given.get(id) ?? [], locale);
      return (await withRefundDue(deps.owedBack, [{ payment, items, view }]))[0]!;
    },

    /** The filtered payments as an .xlsx file (at most EXPORT_LIMIT rows). */
    async exportFile(query: StaffPaymentsQuery): Promise<Buffer> {
      const rows = await lists.payments.first(EXPORT_LIMIT, {
        filter: filterOf(query),
        sort: 'created_at',
        order: 'desc',
      });
      const items = await payments.itemsByPayment(rows.map((row) => row.id));
      return paymentsWorkbook(rows, items);
    },
  };
}

export type StaffPayments = ReturnType<typeof createStaffPayments>;
