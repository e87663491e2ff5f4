import type { MailSender } from '../../adapters/mail/mail-sender.js';
import type { SmsSender } from '../../adapters/sms/sms-sender.js';
import type { ConfigRepo } from '../../data/config-repo.js';
import type { UsersRepo } from '../../data/users-repo.js';
import { t, type Locale } from '../../i18n/index.js';
import type { Logger } from '../../logger.js';

/**
 * Tells a resident about their direct debit by the reminders' channel (e-mail, SMS or both), in
 * their language. A message that cannot be handed over is logged, never a reason to undo what
 * was done.
 */
export function createDirectDebitNotifier(deps: {
  users: UsersRepo;
  settings: ConfigRepo;
  mail: MailSender;
  sms: SmsSender;
  logger: Logger;
  council: { name: string; smsSender: string };
}) {
  return async (
    userId: number | null,
    locale: Locale,
    message: 'notice' | 'returned' | 'lapsed',
    params: Record<string, string | number>,
  ): Promise<void> => {
    if (userId === null) return;
    const user = await deps.users.findById(userId);
    if (!user) return;
    const channel = (await deps.settings.get()).reminder_channel;
    const all = { ...params, council: deps.council.name };
    try {
      if (channel !== 'sms' && user.email)
        await deps.mail.send({
          to: user.email,
          subject: t(locale, `direct_debit_${message}_subject`, all),
          text: t(locale, `direct_debit_${message}_body`, all),
          senderName: deps.council.name,
        });
      if (channel !== 'email' && user.phone)
        await deps.sms.send(
          user.phone,
          t(locale, `direct_debit_${message}_sms`, all),
          'direct_debit',
          deps.council.smsSender,
        );
    } catch (err) {
      deps.logger.warn('direct debit message not handed over', {
        user: userId,
        error: String(err),
      });
    }
  };
}

export type DirectDebitNotifier = ReturnType<typeof createDirectDebitNotifier>;
