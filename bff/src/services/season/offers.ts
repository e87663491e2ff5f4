import type { MailSender } from '../../adapters/mail/mail-sender.js';
import type { SmsSender } from '../../adapters/sms/sms-sender.js';
import type { ApplicationsRepo } from '../../data/applications-repo.js';
import type { ConfigRepo } from '../../data/config-repo.js';
import type { Database } from '../../data/database.js';
import type { Locale } from '../../data/schema.js';
import { formatEuros, formatMadridTime } from '../../i18n/format.js';
import { t } from '../../i18n/index.js';
import type { Clock } from '../../lib/clock.js';
import type { Logger } from '../../logger.js';
import { amountWithoutReduction } from '../pricing.js';
import { SYSTEM, type Places } from './places.js';
import type { FeeQuotes } from '../fees/quotes.js';

/** A reminder goes this long before an unpaid offer expires. */
export const OFFER_REMINDER_MS = 24 * 3_600_000;
/** Offers one run of a job handles; the next run (minutes later) takes the rest. */
const PER_RUN = 500;

/**
 * What happens to offers over time: an offer unpaid at its deadline expires and its place passes
 * to the next on the waitlist (one open payment holds it until the bank answers); residents are
 * told of an offer (after a draw or moving up) and reminded a day before it expires, through the
 * reminders' channel setting.
 */
export function createOffers(deps: {
  db: Database;
  clock: Clock;
  applications: ApplicationsRepo;
  places: Places;
  settings: Pick<ConfigRepo, 'get'>;
  sms: SmsSender;
  mail: MailSender;
  council: { name: string; smsSender: string };
  publicUrl: string;
  logger: Logger;
  quotes: Pick<FeeQuotes, 'forPerson'>;
}) {
  const { db, clock, applications, places } = deps;

  /** What paying the offered place costs: the fee under the council's rules, else the spec's 75 %. */
  async function amountDue(row: {
    enrolment_id: number;
    activity_id: number;
    price_cents: number;
  }) {
    const fees = await deps.quotes.forPerson(row.enrolment_id);
    return (
      fees?.quotes.get(row.activity_id)?.amount_cents ?? amountWithoutReduction(row.price_cents)
    );
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
      await places.end(application, 'expired', SYSTEM, now);
      await places.fill(activity, now);
      return true;
    });
  }

  function message(
    locale: Locale,
    kind: 'offer' | 'reminder',
    row: { activity_name: string; amount_cents: number; offer_expires_at: string | null },
  ) {
    const params = {
      council: deps.council.name,
      activity: row.activity_name,
      amount: formatEuros(row.amount_cents, locale),
      until: formatMadridTime(row.offer_expires_at ?? '', locale),
      url: `${deps.publicUrl}/dashboard`,
    };
    return {
      sms: t(locale, `season_${kind}_sms`, params),
      subject: t(locale, `season_${kind}_mail_subject`, params),
      text: t(locale, `season_${kind}_mail_body`, params),
    };
  }

  return {
    /** Expires the offers past their deadline; each in its own transaction. */
    async expire(): Promise<{ expired: number }> {
      let expired = 0;
      const due = await applications.expiredOffers(clock.now().toISOString(), PER_RUN);
      for (const offer of due) if (await expireOne(offer.id)) expired += 1;
      return { expired };
    },

    /** Tells residents of new offers and reminds them of ones about to expire. */
    async tell(): Promise<{ notified: number; reminded: number }> {
      const now = clock.now();
      const remindBefore = new Date(now.getTime() + OFFER_REMINDER_MS).toISOString();
      const { reminder_channel: channel } = await deps.settings.get();
      const rows = await applications.offersToTell(now.toISOString(), remindBefore, PER_RUN);
      let notified = 0;
      let reminded = 0;
      for (const row of rows) {
        const kind = row.offer_notified_at === null ? 'offer' : 'reminder';
        // marked first: a crash between the two leaves one resident untold, never told twice
        await applications.markTold(
          row.id,
          kind === 'offer' ? 'notified' : 'reminded',
          now.toISOString(),
        );
        const text = message(row.locale, kind, { ...row, amount_cents: await amountDue(row) });
        try {
          if (channel !== 'sms' && row.email) {
            await deps.mail.send({
              to: row.email,
              subject: text.subject,
              text: text.text,
              senderName: deps.council.name,
            });
          }
          if (channel !== 'email') {
            await deps.sms.send(row.phone, text.sms, 'season', deps.council.smsSender || undefined);
          }
        } catch (err) {
          deps.logger.error('offer message failed', { application_id: row.id, error: String(err) });
        }
        if (kind === 'offer') notified += 1;
        else reminded += 1;
      }
      return { notified, reminded };
    },
  };
}

export type Offers = ReturnType<typeof createOffers>;
