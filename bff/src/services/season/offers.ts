import type { MailSender } from '../../adapters/mail/mail-sender.js';
import type { SmsSender } from '../../adapters/sms/sms-sender.js';
import type { ApplicationsRepo, SeasonActivityRow } from '../../data/applications-repo.js';
import type { ConfigRepo } from '../../data/config-repo.js';
import type { Database } from '../../data/database.js';
import type { SeasonNoticesRepo } from '../../data/season-notices-repo.js';
import type { Clock } from '../../lib/clock.js';
import type { Logger } from '../../logger.js';
import { amountWithoutReduction } from '../pricing.js';
import { createNoticeSender } from './notices.js';
import { PAYMENT_HOLD_MS } from './payment-hold.js';
import { SYSTEM, type Places } from './places.js';
import { waitlistEnded } from './waitlist-end.js';
import type { FeeQuotes } from '../fees/quotes.js';
import { parseParts, splitFee } from '../fees/parts.js';

/** A reminder goes this long before an unpaid offer expires. */
export const OFFER_REMINDER_MS = 24 * 3_600_000;
/** Offers one run of a job handles; the next run (minutes later) takes the rest. */
const PER_RUN = 500;

/**
 * What happens to offers over time: an offer unpaid at its deadline expires and its place passes
 * to the next on the waitlist (an open payment holds it at most PAYMENT_HOLD_MS longer); once the
 * waitlist has ended the waiting are let go. Every family hears what happened to its application
 * (an offer, its place on a drawn waitlist, a reminder, an expiry, the waitlist's end) through the
 * season's notices, folded to one message per account and activity an hour (notices.ts).
 */
export function createOffers(deps: {
  db: Database;
  clock: Clock;
  applications: ApplicationsRepo;
  notices: SeasonNoticesRepo;
  places: Places;
  settings: Pick<ConfigRepo, 'get'>;
  sms: SmsSender;
  mail: MailSender;
  council: { name: string; smsSender: string };
  publicUrl: string;
  logger: Logger;
  quotes: Pick<FeeQuotes, 'forPerson'>;
}) {
  const { db, clock, applications, notices, places } = deps;
  const sendDue = createNoticeSender({ ...deps, notices });

  /**
   * What paying the offered place costs: the fee under the council's rules, else the spec's 75 %;
   * of a fee in parts, its first part (which confirms the place).
   */
  async function amountDue(row: {
    enrolment_id: number;
    activity_id: number;
    price_cents: number;
    parts: string;
    registration_fee_cents: number;
  }) {
    const fees = await deps.quotes.forPerson(row.enrolment_id);
    const fee =
      fees?.quotes.get(row.activity_id)?.amount_cents ?? amountWithoutReduction(row.price_cents);
    const parts = parseParts(row.parts);
    // nothing is paid of an offered place's fee: the registration fee comes with it
    if (parts.length === 0) return fee + row.registration_fee_cents;
    return splitFee(
      parts,
      fee,
      { partsPaid: 0, paidCents: 0, wholePaid: false },
      row.registration_fee_cents,
    )[0]!.amount_cents;
  }

  async function expireOne(id: number): Promise<boolean> {
    return db.transaction(async () => {
      const locked = await places.lockApplication(id);
      const now = clock.now();
      if (
        locked?.application.status !== 'offered' ||
        (locked.application.offer_expires_at ?? '') > now.toISOString()
      )
        return false;
      const { application, activity } = locked;
      if (!(await places.end(application, 'expired', SYSTEM, now))) return false;
      await notices.add(application, 'expired', {}, now.toISOString());
      await places.fill(activity, now);
      return true;
    });
  }

  /** The waitlist of an activity past its end: every waiting application ends and is told. */
  async function closeWaitlist(activityId: number): Promise<number> {
    return db.transaction(async () => {
      const activity = await applications.lockActivity(activityId);
      const now = clock.now();
      if (!activity || !waitlistEnded(activity, now)) return 0;
      const waiting = await applications.nextWaitlisted(activity.id, 100_000);
      let closed = 0;
      for (const application of waiting) {
        const at = now.toISOString();
        if (!(await applications.setStatus(application.id, 'waitlisted', 'expired', at))) continue;
        await places.auditStatus(SYSTEM, application, 'waitlisted', 'expired', {
          reason: 'waitlist_ended',
        });
        await notices.add(application, 'waitlist_ended', {}, at);
        closed += 1;
      }
      return closed;
    });
  }

  return {
    /**
     * Expires the offers past their deadline (and past the hold of an open payment), then ends
     * the waitlists whose time is over; each activity or offer in its own transaction.
     */
    async expire(): Promise<{ expired: number; waitlist_ended: number }> {
      const now = clock.now();
      let expired = 0;
      const due = await applications.expiredOffers(
        now.toISOString(),
        PER_RUN,
        new Date(now.getTime() - PAYMENT_HOLD_MS).toISOString(),
      );
      for (const offer of due) if (await expireOne(offer.id)) expired += 1;
      let ended = 0;
      const waiting: SeasonActivityRow[] = await applications.activitiesWaiting();
      for (const activity of waiting)
        if (waitlistEnded(activity, now)) ended += await closeWaitlist(activity.id);
      return { expired, waitlist_ended: ended };
    },

    /**
     * Notes what each family is to hear (new offers, places on a drawn waitlist, reminders a day
     * before an offer expires), then sends the messages that are due.
     */
    async tell(): Promise<{
      notified: number;
      reminded: number;
      waitlist_told: number;
      messages: number;
      pruned: number;
    }> {
      const now = clock.now();
      const at = now.toISOString();
      const remindBefore = new Date(now.getTime() + OFFER_REMINDER_MS).toISOString();
      const rows = await applications.offersToTell(at, remindBefore, PER_RUN);
      let notified = 0;
      let reminded = 0;
      for (const row of rows) {
        const kind = row.offer_notified_at === null ? 'offer' : 'reminder';
        await db.transaction(async () => {
          await applications.markTold(row.id, kind === 'offer' ? 'notified' : 'reminded', at);
          await notices.add(
            row,
            kind,
            { amount_cents: await amountDue(row), until: row.offer_expires_at },
            at,
          );
        });
        if (kind === 'offer') notified += 1;
        else reminded += 1;
      }
      const waiting = await applications.waitlistToTell(PER_RUN);
      for (const row of waiting) {
        await db.transaction(async () => {
          await applications.markWaitlistTold(row.id, at);
          await notices.add(row, 'waitlisted', { position: Number(row.position) }, at);
        });
      }
      return { notified, reminded, waitlist_told: waiting.length, ...(await sendDue()) };
    },
  };
}

export type Offers = ReturnType<typeof createOffers>;
