import { sql, type ExpressionBuilder, type SqlBool } from 'kysely';
import type { Database } from '../database.js';
import type { Engine } from '../engines.js';
import { paymentColumns, type PaymentRow, type PaymentView } from '../payments-repo.js';
import type { Tables } from '../schema.js';
import {
  containsFolded,
  orderTerm,
  pageWithTotal,
  trigramPhrase,
  type ListResult,
  type SortOrder,
} from './query.js';

export interface PaymentFilter {
  /** A status, or `refund_due`: paid payments of fees in parts that owe money back. */
  status?: PaymentView | 'refund_due' | undefined;
  /** Part of the person's name or DNI, in any case, with or without accents. */
  person?: string | undefined;
  /** UTC ISO instants: created_at >= from and < to. */
  fromUtc?: string | undefined;
  toUtc?: string | undefined;
  /** Part of the order number, the person's name or DNI (the list's search box). */
  q?: string | null | undefined;
}

export type PaymentSort = 'created_at' | 'order' | 'person' | 'amount' | 'status';
const PAYMENT_ORDER: Record<PaymentSort, string> = {
  created_at: 'created_at',
  order: 'order_code',
  person: 'person_sort_key',
  amount: 'amount_cents',
  status: 'status',
};

export interface PaymentListRequest {
  filter: PaymentFilter;
  sort: PaymentSort;
  order: SortOrder;
  /** One page, or null for all of them. */
  page: { number: number; size: number } | null;
}

/**
 * The columns a search looks in (the search index's column names), each with the expression
 * PostgreSQL's trigram index of it is on: the name is stored folded already.
 */
const SEARCHED = {
  person_key: 'person_key',
  person_dni: 'lower(person_dni)',
  order_code: 'lower(order_code)',
} as const;
type SearchedColumn = keyof typeof SEARCHED;

/**
 * The payments with an item, not given back, of a fee in parts that owes money back (a
 * reduction approved after its parts were paid: enrolment_activities.owed_back_cents, migration
 * 490, whose partial index holds only those).
 */
const owingBack = (eb: ExpressionBuilder<Tables, 'payments'>) =>
  eb
    .selectFrom('enrolment_activities as ea')
    .innerJoin('payment_items as pi', (join) =>
      join
        .onRef('pi.enrolment_id', '=', 'ea.enrolment_id')
        .onRef('pi.activity_id', '=', 'ea.activity_id'),
    )
    .select('pi.payment_id')
    .where('ea.owed_back_cents', '>', 0)
    .where('pi.refund_id', 'is', null)
    .where('pi.part_to', 'is not', null);

function matches(filter: PaymentFilter, engine: Engine) {
  return (eb: ExpressionBuilder<Tables, 'payments'>) => {
    const clauses = [];
    switch (filter.status) {
      case undefined:
        break;
      case 'refunded':
        clauses.push(
          eb('refunded_cents', '>', 0),
          eb('refunded_cents', '=', eb.ref('amount_cents')),
        );
        break;
      case 'refund_due':
        clauses.push(
          eb('status', '=', 'paid'),
          eb('refunded_cents', '<', eb.ref('amount_cents')),
          eb('id', 'in', owingBack(eb)),
        );
        break;
      case 'partially_refunded':
        clauses.push(
          eb('refunded_cents', '>', 0),
          eb('refunded_cents', '<', eb.ref('amount_cents')),
        );
        break;
      default:
        // a paid or duplicate payment once refunded shows as (partially) refunded instead
        clauses.push(eb('status', '=', filter.status), eb('refunded_cents', '=', 0));
    }
    // A text looked for in some of the searchable columns: SQLite's trigram index of migration
    // 120 answers one of three characters or more; a shorter one, and PostgreSQL (its trigram
    // indexes), look column by column.
    const containedIn = (columns: SearchedColumn[], text: string) => {
      const phrase = engine === 'sqlite' ? trigramPhrase(text) : null;
      return phrase
        ? sql<SqlBool>`id in (select rowid from payments_search where payments_search match ${`{${columns.join(' ')}} : ${phrase}`})`
        : eb.or(columns.map((column) => containsFolded(SEARCHED[column], text)));
    };
    const person = filter.person?.trim();
    if (person) clauses.push(containedIn(['person_key', 'person_dni'], person));
    if (filter.q) clauses.push(containedIn(['person_key', 'person_dni', 'order_code'], filter.q));
    if (filter.fromUtc) clauses.push(eb('created_at', '>=', filter.fromUtc));
    if (filter.toUtc) clauses.push(eb('created_at', '<', filter.toUtc));
    return eb.and(clauses);
  };
}

/** The payments staff reconcile with the bank: a page of those matching a filter, and how many. */
export function createPaymentsList(db: Database) {
  const filtered = (filter: PaymentFilter) =>
    db.reads().selectFrom('payments').where(matches(filter, db.engine));
  const ordered = (request: Omit<PaymentListRequest, 'page'>) =>
    filtered(request.filter)
      .select(paymentColumns)
      .orderBy(orderTerm(PAYMENT_ORDER[request.sort], request.order))
      .orderBy('id', request.order);
  return {
    page(request: PaymentListRequest): Promise<ListResult<PaymentRow>> {
      return pageWithTotal(ordered(request), request.page, () =>
        filtered(request.filter)
          .select((eb) => eb.fn.countAll<number>().as('n'))
          .executeTakeFirstOrThrow(),
      );
    },
    /** The first `limit` matches in order, without counting them all (the export file). */
    first(limit: number, request: Omit<PaymentListRequest, 'page'>): Promise<PaymentRow[]> {
      return ordered(request).limit(limit).execute();
    },
  };
}
