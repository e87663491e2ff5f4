import type { SummaryRepo } from '../../data/summary-repo.js';
import type { Clock } from '../../lib/clock.js';
import { addDays, daysBetween, madridDate } from '../../lib/madrid-date.js';
import { madridMidnightUtc } from '../payments/madrid-range.js';

export const CHART_DAYS = 30;

/** The panel's overview: collected (all, today, this week), pending, and the last 30 days. */
export function createSummaryService(deps: { summary: SummaryRepo; clock: Clock }) {
  const { summary } = deps;
  return {
    async overview() {
      const today = madridDate(deps.clock.now());
      // the week starts on Monday (getUTCDay of a civil date: 0 = Sunday)
      const weekday = (new Date(`${today}T00:00:00Z`).getUTCDay() + 6) % 7;
      const firstDay = addDays(today, -(CHART_DAYS - 1));
      const [all, todays, week, pending, top, paid] = await Promise.all([
        summary.collected(),
        summary.collected(madridMidnightUtc(today)),
        summary.collected(madridMidnightUtc(addDays(today, -weekday))),
        summary.pending(),
        summary.topPending(5),
        summary.paidSince(madridMidnightUtc(firstDay)),
      ]);
      const perDay = Array.from({ length: CHART_DAYS }, (_, i) => ({
        date: addDays(firstDay, i),
        payments: 0,
        amount_cents: 0,
      }));
      for (const payment of paid) {
        if (!payment.paid_at) continue;
        const day = perDay[daysBetween(firstDay, madridDate(new Date(payment.paid_at)))];
        if (!day) continue;
        day.payments += 1;
        day.amount_cents += Number(payment.cents);
      }
      return {
        today,
        collected_cents: all.cents,
        collected_today_cents: todays.cents,
        collected_week_cents: week.cents,
        payments_today: todays.payments,
        pending_cents: pending.cents,
        pending_items: pending.items,
        people_pending: pending.people,
        accounts_pending: pending.accounts,
        per_day: perDay,
        top_pending: top.map((row) => ({
          activity_id: row.activity_id,
          name: row.name,
          pending_items: Number(row.pending_items),
          pending_cents: Number(row.pending_cents),
        })),
      };
    },
  };
}
