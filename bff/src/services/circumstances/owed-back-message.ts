import type { MailSender } from '../../adapters/mail/mail-sender.js';
import type { SmsSender } from '../../adapters/sms/sms-sender.js';
import type { RequestWithNames } from '../../data/circumstances-repo.js';
import type { ConfigRepo } from '../../data/config-repo.js';
import type { UsersRepo } from '../../data/users-repo.js';
import { formatEuros } from '../../i18n/format.js';
import { t } from '../../i18n/index.js';
import { fullName } from '../../lib/clean-name.js';
import type { Logger } from '../../logger.js';
import type { OwedBack, OwedBackNow } from '../fees/owed-back.js';

/**
 * After a decision on a circumstance is committed: what the person's fees in parts owe back is
 * worked out again, and the resident who asked that an approval made a fee's paid parts exceed the reduced fee,
 * and how much will be refunded: in the language they asked in, through the reminders' channel
 * setting as the decision itself (e-mail, SMS or both). A message per fee; one that fails is
 * logged and never undoes the decision.
 */
export function createOwedBackMessage(deps: {
  owedBack: Pick<OwedBack, 'recompute'>;
  users: Pick<UsersRepo, 'findById'>;
  settings: Pick<ConfigRepo, 'get'>;
  sms: SmsSender;
  mail: MailSender;
  council: { name: string; smsSender: string };
  publicUrl: string;
  logger: Logger;
}) {
  return {
    async afterDecision(row: RequestWithNames): Promise<void> {
      try {
        const owed = await deps.owedBack.recompute(row.enrolment_id);
        await tell(row, owed);
      } catch (err) {
        deps.logger.error('owed back not worked out', { request_id: row.id, error: String(err) });
      }
    },
  };

  async function tell(row: RequestWithNames, owed: readonly OwedBackNow[]): Promise<void> {
    if (row.user_id === null || owed.length === 0) return;
    try {
      const account = await deps.users.findById(row.user_id);
      if (!account) return;
      const locale = row.locale;
      const { reminder_channel: channel } = await deps.settings.get();
      for (const fee of owed) {
        const params = {
          council: deps.council.name,
          person: fullName(row),
          activity: fee.name,
          amount: formatEuros(fee.owed_back_cents, locale),
          url: `${deps.publicUrl}/dashboard`,
        };
        if (channel !== 'sms' && account.email)
          await deps.mail.send({
            to: account.email,
            subject: t(locale, 'owed_back_mail_subject', params),
            text: t(locale, 'owed_back_mail_body', params),
            senderName: deps.council.name,
          });
        if (channel !== 'email')
          await deps.sms.send(
            account.phone,
            t(locale, 'owed_back_sms', params),
            'circumstance',
            deps.council.smsSender || undefined,
          );
      }
    } catch (err) {
      deps.logger.error('owed back message failed', { request_id: row.id, error: String(err) });
    }
  }
}

export type OwedBackMessage = ReturnType<typeof createOwedBackMessage>;
