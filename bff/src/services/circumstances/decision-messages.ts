import type { MailSender } from '../../adapters/mail/mail-sender.js';
import type { SmsSender } from '../../adapters/sms/sms-sender.js';
import type { RequestWithNames } from '../../data/circumstances-repo.js';
import type { ConfigRepo } from '../../data/config-repo.js';
import type { UsersRepo } from '../../data/users-repo.js';
import { formatCivilDate } from '../../i18n/format.js';
import { t } from '../../i18n/index.js';
import { fullName } from '../../lib/clean-name.js';
import type { Logger } from '../../logger.js';
import { nameIn, reasonIn } from './views.js';

export type Decision = 'approved' | 'refused' | 'withdrawn';

/**
 * Tells the resident who asked of staff's decision, in the language they asked in
 * (circumstance_requests.locale), through the reminders' channel setting like the season's
 * offers: e-mail, SMS or both; "email" never falls back to SMS for an account without an
 * address (SMS cost is the council's choice), and the decision is on Mi cuenta either way.
 * Called after the decision is committed; a message that fails is logged, never undoes it.
 */
export function createDecisionMessages(deps: {
  users: Pick<UsersRepo, 'findById'>;
  settings: Pick<ConfigRepo, 'get'>;
  sms: SmsSender;
  mail: MailSender;
  council: { name: string; smsSender: string };
  publicUrl: string;
  retentionDays: number;
  logger: Logger;
}) {
  return {
    async tell(row: RequestWithNames, decision: Decision): Promise<void> {
      // staff's own records (counter, import) and accounts since deleted have nobody to tell
      if (row.user_id === null) return;
      try {
        const account = await deps.users.findById(row.user_id);
        if (!account) return;
        const locale = row.locale;
        const params = {
          council: deps.council.name,
          circumstance: nameIn(row, locale),
          person: fullName(row),
          until: row.valid_until ? formatCivilDate(row.valid_until, locale) : '',
          reason: reasonIn(row, locale) ?? '',
          days: deps.retentionDays,
          url: `${deps.publicUrl}/dashboard`,
        };
        const { reminder_channel: channel } = await deps.settings.get();
        if (channel !== 'sms' && account.email) {
          await deps.mail.send({
            to: account.email,
            subject: t(locale, `circumstance_${decision}_mail_subject`, params),
            text: t(locale, `circumstance_${decision}_mail_body`, params),
            senderName: deps.council.name,
          });
        }
        if (channel !== 'email') {
          await deps.sms.send(
            account.phone,
            t(locale, `circumstance_${decision}_sms`, params),
            'circumstance',
            deps.council.smsSender || undefined,
          );
        }
      } catch (err) {
        deps.logger.error('circumstance decision message failed', {
          request_id: row.id,
          error: String(err),
        });
      }
    },
  };
}

export type DecisionMessages = ReturnType<typeof createDecisionMessages>;
