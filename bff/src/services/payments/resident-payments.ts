import type { PaymentsRepo } from '../../data/payments-repo.js';
import type { RefundsRepo } from '../../data/refunds-repo.js';
import type { Locale } from '../../i18n/index.js';
import { notFound } from '../errors.js';
import { toLatestPayment, toResidentPayment } from './payment-views.js';
import { viewsWithDetails } from './payments-with-details.js';

/** A resident's payments: the completed ones of the people they manage, and their latest. */
export function createResidentPayments(deps: { payments: PaymentsRepo; refunds: RefundsRepo }) {
  const { payments } = deps;
  return {
    /** Paid and duplicate payments of the people this account manages, newest first, with items and refunds. */
    async history(userId: number, locale: Locale) {
      return viewsWithDetails(
        deps,
        await payments.residentPayments(userId),
        (row, items, refunds) => toResidentPayment(row, items, refunds, locale),
      );
    },
    /** The newest payment this account started (what /pago-ok waits for); 404 when none. */
    async latest(userId: number) {
      const latest = await payments.latestOfUser(userId);
      if (!latest) throw notFound();
      return toLatestPayment(latest);
    },
  };
}
