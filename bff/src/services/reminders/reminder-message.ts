import type { PendingLine } from '../../data/reminders-repo.js';
import { formatCivilDate, formatEuros } from '../../i18n/format.js';
import { t, type Locale } from '../../i18n/index.js';
import { groupBy } from '../../lib/group-by.js';
import { addDays } from '../../lib/madrid-date.js';
import { amountWithoutReduction } from '../pricing.js';

const LIST_TAGS: Record<Locale, string> = { es: 'es', en: 'en', gl: 'gl' };

/**
 * What each person of an account has pending, in cents: the fees as the council's rules make them
 * (`fees`, services/fees, by person) or, in the simple mode, what paying now costs without the
 * reduction (a resident who qualifies pays less).
 */
export function pendingCents(
  lines: PendingLine[],
  fees: Map<number, number> | null,
): Map<number, number> {
  const out = new Map<number, number>();
  for (const [id, own] of groupBy(lines, (line) => line.enrolment_id))
    out.set(
      id,
      fees?.get(id) ?? own.reduce((sum, line) => sum + amountWithoutReduction(line.price_cents), 0),
    );
  return out;
}

/**
 * One account's reminder in its language: the people with something pending, each one's amount
 * (`cents`, pendingCents above), the total, the last day to pay (the deadline itself is not a
 * payment day) and the portal.
 */
export function composeReminder(input: {
  locale: Locale;
  council: string;
  url: string;
  unsubscribeUrl: string;
  deadline: string;
  lines: PendingLine[];
  cents: Map<number, number>;
}) {
  const { locale } = input;
  const people = [...groupBy(input.lines, (line) => line.enrolment_id)].map(([id, lines]) => ({
    name: `${lines[0]?.first_name ?? ''} ${lines[0]?.last_name ?? ''}`.trim(),
    cents: input.cents.get(id) ?? 0,
  }));
  const totalCents = people.reduce((sum, person) => sum + person.cents, 0);
  const params = {
    council: input.council,
    names: new Intl.ListFormat(LIST_TAGS[locale], { type: 'conjunction' }).format(
      people.map((person) => person.name),
    ),
    total: formatEuros(totalCents, locale),
    last_day: formatCivilDate(addDays(input.deadline, -1), locale),
    deadline: formatCivilDate(input.deadline, locale),
    url: input.url,
    unsubscribe: input.unsubscribeUrl,
    lines: people
      .map((person) =>
        t(locale, 'reminder_mail_line', {
          name: person.name,
          amount: formatEuros(person.cents, locale),
        }),
      )
      .join('\n'),
  };
  return {
    sms: t(locale, 'reminder_sms', params),
    subject: t(locale, 'reminder_mail_subject', params),
    mailText: t(locale, 'reminder_mail_body', params),
  };
}
