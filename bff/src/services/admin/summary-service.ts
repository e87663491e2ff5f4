import type { FamilyDifferencesRepo } from '../../data/family-differences-repo.js';
import type { SummaryRepo } from '../../data/summary-repo.js';
import type { Clock } from '../../lib/clock.js';
import { addDays, daysBetween, madridDate } from '../../lib/madrid-date.js';
import { madridMidnightUtc } from '../payments/madrid-range.js';
import { parseParts, splitFee } from '../fees/parts.js';
import { amountWithoutReduction } from '../pricing.js';
import type { ActivityPending, PendingFees } from '../fees/pending-fees.js';

export const CHART_DAYS = 30;
const TOP_ACTIVITIES = 5;

type UnpaidLinks = Awaited<ReturnType<SummaryRepo['unpaidLinks']>>;
type OpenDifferences = Awaited<ReturnType<FamilyDifferencesRepo['openByActivity']>>[number];

/**
 * What the unpaid links of each activity leave pending: a whole fee is one item of what paying it
 * costs now (in the simple mode 75 % of the price, services/pricing.ts; under the council's rules
 * each fee computed, `computed`: services/fees/pending-fees.ts); a fee in parts one item per part still due,
 * priced at its share of that fee (the last part taking the rounding, fees/parts.ts); a paid
 * fee's open family differences one item of their sum (family-differences.ts). Sorted as
 * the overview lists them: most items first, then by name.
 */
function pendingByActivity(
  rows: UnpaidLinks,
  computed: Map<number, ActivityPending> | null,
  differences: readonly OpenDifferences[],
) {
  const byActivity = new Map<
    number,
    { activity_id: number; name: string; sort_key: string; items: number; cents: number }
  >();
  for (const row of rows) {
    const links = Number(row.links);
    const fee = amountWithoutReduction(row.price_cents);
    const parts = parseParts(row.parts);
    // the registration fee is still due with the fee's first payment
    const registration = Number(row.parts_paid) === 0 ? Number(row.registration_fee_cents) : 0;
    const one =
      parts.length === 0
        ? { items: 1, cents: fee + registration }
        : dueOf(
            splitFee(
              parts,
              fee,
              { partsPaid: 0, paidCents: 0, wholePaid: false },
              registration,
            ).slice(Number(row.parts_paid)),
          );
    const activity = byActivity.get(row.activity_id) ?? {
      activity_id: row.activity_id,
      name: row.name,
      sort_key: row.name_sort_key,
      items: 0,
      cents: 0,
    };
    activity.items += links * one.items;
    activity.cents += links * one.cents;
    byActivity.set(row.activity_id, activity);
  }
  // under the council's rules each fee is what the checkout would charge now, computed
  if (computed)
    for (const activity of byActivity.values()) {
      const pending = computed.get(activity.activity_id) ?? { items: 0, cents: 0 };
      activity.items = pending.items;
      activity.cents = pending.cents;
    }
  // a paid fee whose family discount is no longer earned: its difference is pending, one item
  for (const open of differences) {
    const activity = byActivity.get(open.activity_id) ?? { ...open, items: 0, cents: 0 };
    activity.items += open.items;
    activity.cents += open.cents;
    byActivity.set(open.activity_id, activity);
  }
  return [...byActivity.values()].sort(
    (a, b) =>
      b.items - a.items ||
      (a.sort_key < b.sort_key ? -1 : a.sort_key > b.sort_key ? 1 : 0) ||
      a.activity_id - b.activity_id,
  );
}

const dueOf = (parts: readonly { amount_cents: number }[]) => ({
  items: parts.length,
  cents: parts.reduce((sum, part) => sum + part.amount_cents, 0),
});

/** The panel's overview: collected (all, today, this week), pending, and the last 30 days. */
export function createSummaryService(deps: {
  summary: SummaryRepo;
  clock: Clock;
  /** The money pending under the council's rules (null in the simple mode). */
  pending?: Pick<PendingFees, 'byActivity'>;
  /** The family differences still pending (a paid fee's discount no longer earned). */
  differences?: Pick<FamilyDifferencesRepo, 'openByActivity'>;
}) {
  const { summary } = deps;
  return {
    async overview() {
      const today = madridDate(deps.clock.now());
      // the week starts on Monday (getUTCDay of a civil date: 0 = Sunday)
      const weekday = (new Date(`${today}T00:00:00Z`).getUTCDay() + 6) % 7;
      const firstDay = addDays(today, -(CHART_DAYS - 1));
      const [all, todays, week, pending, unpaid, paid] = await Promise.all([
        summary.collected(),
        summary.collected(madridMidnightUtc(today)),
        summary.collected(madridMidnightUtc(addDays(today, -weekday))),
        summary.pending(),
        summary.unpaidLinks(),
        summary.paidSince(madridMidnightUtc(firstDay)),
      ]);
      const computed = (await deps.pending?.byActivity()) ?? null;
      const differences = (await deps.differences?.openByActivity()) ?? [];
      const activities = pendingByActivity(unpaid, computed, differences);
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
        pending_cents: activities.reduce((sum, a) => sum + a.cents, 0),
        pending_items: activities.reduce((sum, a) => sum + a.items, 0),
        people_pending: pending.people,
        accounts_pending: pending.accounts,
        per_day: perDay,
        top_pending: activities.slice(0, TOP_ACTIVITIES).map((a) => ({
          activity_id: a.activity_id,
          name: a.name,
          pending_items: a.items,
          pending_cents: a.cents,
        })),
      };
    },
  };
}
