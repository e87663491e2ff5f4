import type { MailSender } from '../../adapters/mail/mail-sender.js';
import type { SmsSender } from '../../adapters/sms/sms-sender.js';
import type { ConfigRepo } from '../../data/config-repo.js';
import type { Locale } from '../../data/schema.js';
import type { NoticeToSend, SeasonNoticesRepo } from '../../data/season-notices-repo.js';
import { formatEuros, formatMadridTime } from '../../i18n/format.js';
import { t } from '../../i18n/index.js';
import type { Clock } from '../../lib/clock.js';
import type { Logger } from '../../logger.js';

/** One account hears about one activity at most once in this time; later events wait and fold. */
export const NOTICE_SPACING_MS = 3_600_000;
/**
 * A sent notice is kept this long, then deleted: only the hour's spacing reads it, and the
 * messages themselves are personal data nobody needs afterwards (the audit log keeps the
 * offers, expiries and draws).
 */
export const SENT_NOTICE_KEEP_MS = 2 * 86_400_000;
/** Messages one run sends; the next run (minutes later) sends the rest. */
const PER_RUN = 500;

/** One event as one sentence that names the person, in the account's language. */
function sentence(locale: Locale, notice: NoticeToSend): string {
  const params = JSON.parse(notice.params) as {
    amount_cents?: number;
    until?: string;
    position?: number;
  };
  return t(locale, `season_notice_${notice.kind}`, {
    person: notice.first_name,
    activity: notice.activity_name,
    amount: params.amount_cents === undefined ? '' : formatEuros(params.amount_cents, locale),
    until: params.until ? formatMadridTime(params.until, locale) : '',
    position: params.position ?? '',
  });
}

/**
 * Sends the season's pending notices: every account's unsent events about one activity go as one
 * message (SMS, e-mail or both, by the reminders' channel setting) once no message about that
 * activity went to the account within the last hour; a first message goes at once.
 */
export function createNoticeSender(deps: {
  clock: Clock;
  notices: SeasonNoticesRepo;
  settings: Pick<ConfigRepo, 'get'>;
  sms: SmsSender;
  mail: MailSender;
  council: { name: string; smsSender: string };
  publicUrl: string;
  logger: Logger;
}) {
  return async function sendDue(): Promise<{ messages: number; pruned: number }> {
    const now = deps.clock.now();
    const { reminder_channel: channel } = await deps.settings.get();
    const due = await deps.notices.due(
      new Date(now.getTime() - NOTICE_SPACING_MS).toISOString(),
      PER_RUN,
    );
    let messages = 0;
    for (const account of due) {
      const unsent = await deps.notices.unsent(account.user_id, account.activity_id);
      // marked first: a crash between the two leaves a family untold, never told twice
      await deps.notices.markSent(
        unsent.map((e) => e.id),
        now.toISOString(),
      );
      // "pay before…" about an offer already paid, withdrawn or expired is left out
      const events = unsent.filter(
        (e) => (e.kind !== 'offer' && e.kind !== 'reminder') || e.status === 'offered',
      );
      if (events.length === 0) continue;
      const { locale } = account;
      const lines = events.map((e) => sentence(locale, e));
      const common = {
        council: deps.council.name,
        activity: events[0]!.activity_name,
        url: `${deps.publicUrl}/dashboard`,
      };
      try {
        if (channel !== 'sms' && account.email) {
          await deps.mail.send({
            to: account.email,
            subject: t(locale, 'season_notice_mail_subject', common),
            text: t(locale, 'season_notice_mail_body', { ...common, events: lines.join('\n\n') }),
            senderName: deps.council.name,
          });
        }
        if (channel !== 'email') {
          await deps.sms.send(
            account.phone,
            t(locale, 'season_notice_sms', { ...common, events: lines.join(' ') }),
            'season',
            deps.council.smsSender || undefined,
          );
        }
      } catch (err) {
        deps.logger.error('season message failed', {
          user_id: account.user_id,
          activity_id: account.activity_id,
          error: String(err),
        });
      }
      messages += 1;
    }
    const pruned = await deps.notices.pruneSent(
      new Date(now.getTime() - SENT_NOTICE_KEEP_MS).toISOString(),
    );
    return { messages, pruned };
  };
}
