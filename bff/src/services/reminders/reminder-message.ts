import { registrationDue } from '../fees/parts.js';
import type { PendingLine } from '../../data/reminders-repo.js';
import { formatCivilDate, formatEuros } from '../../i18n/format.js';
import { t, type Locale } from '../../i18n/index.js';
import { groupBy } from '../../lib/group-by.js';
import { addDays } from '../../lib/madrid-date.js';
import { partName } from '../payments/part-name.js';
import { amountWithoutReduction } from '../pricing.js';

/** "Ana, Brais y Carme", built once per language (i18n/format.ts says why). */
const LISTS: Record<Locale, Intl.ListFormat> = {
  es: new Intl.ListFormat('es', { type: 'conjunction' }),
  en: new Intl.ListFormat('en', { type: 'conjunction' }),
  gl: new Intl.ListFormat('gl', { type: 'conjunction' }),
};

/**
 * The fees of a person under the council's rules (services/fees), by person and activity; null
 * in the simple mode.
 */
export type RuleFees = Map<number, Map<number, number>> | null;

/**
 * A fee's amount as a reminder quotes it: under the council's rules, the fee they make; in the
 * simple mode, what paying now costs without the reduction (a resident who qualifies pays less).
 */
export const feeCents = (line: PendingLine, fees: RuleFees): number =>
  fees
    ? (fees.get(line.enrolment_id)?.get(line.activity_id) ?? 0)
    : amountWithoutReduction(line.price_cents);

/** What each person of an account has pending of these (whole) fees, in cents, by person. */
export function pendingCents(lines: PendingLine[], fees: RuleFees): Map<number, number> {
  const out = new Map<number, number>();
  for (const [id, own] of groupBy(lines, (line) => line.enrolment_id))
    out.set(
      id,
      own.reduce(
        (sum, line) => sum + feeCents(line, fees) + registrationDue({ ...line, is_paid: 0 }),
        0,
      ),
    );
  return out;
}

/** One part of a fee in parts reminded of today: whose, which, its last day and its amount. */
export interface PartReminder {
  enrolment_id: number;
  person: string;
  activity: string;
  number: number;
  of: number;
  due_date: string;
  cents: number;
}

export const personName = (line: Pick<PendingLine, 'first_name' | 'last_name'>) =>
  `${line.first_name} ${line.last_name}`.trim();

/**
 * One account's reminder in its language. Whole fees (`lines`, on the global deadline's reminder
 * days): the people with something pending, each one's amount (`cents`, pendingCents above), the
 * total, the last day to pay (the deadline itself is not a payment day). Parts of fees in parts
 * (`parts`, on their own days' reminder days): each named with its activity, "1.º plazo de 2",
 * its amount and its last day (a payment day). Then the portal.
 */
export function composeReminder(input: {
  locale: Locale;
  council: string;
  url: string;
  unsubscribeUrl: string;
  /** The global deadline; null when only parts are reminded of. */
  deadline: string | null;
  lines: PendingLine[];
  cents: Map<number, number>;
  parts: PartReminder[];
}) {
  const { locale } = input;
  const people = [...groupBy(input.lines, (line) => line.enrolment_id)].map(([id, lines]) => ({
    name: lines[0] ? personName(lines[0]) : '',
    cents: input.cents.get(id) ?? 0,
  }));
  const wholeCents = people.reduce((sum, person) => sum + person.cents, 0);
  const partsCents = input.parts.reduce((sum, part) => sum + part.cents, 0);
  const parts = [...input.parts]
    .sort((a, b) => a.due_date.localeCompare(b.due_date))
    .map((part) => ({
      name: part.person,
      activity: part.activity,
      part: partName({ from: part.number, to: part.number, of: part.of }, locale),
      amount: formatEuros(part.cents, locale),
      day: formatCivilDate(part.due_date, locale),
    }));
  const common = {
    council: input.council,
    url: input.url,
    unsubscribe: input.unsubscribeUrl,
    parts: parts.map((part) => t(locale, 'reminder_sms_part', part)).join('; '),
  };
  const partLines = parts.map((part) => t(locale, 'reminder_mail_part_line', part));
  if (input.deadline === null || people.length === 0) {
    const params = {
      ...common,
      total: formatEuros(partsCents, locale),
      last_day: parts[0]?.day ?? '',
      lines: partLines.join('\n'),
    };
    return {
      sms: t(locale, 'reminder_parts_sms', params),
      subject: t(locale, 'reminder_parts_mail_subject', params),
      mailText: t(locale, 'reminder_parts_mail_body', params),
    };
  }
  const params = {
    ...common,
    names: LISTS[locale].format(people.map((person) => person.name)),
    total: formatEuros(wholeCents + partsCents, locale),
    whole_total: formatEuros(wholeCents, locale),
    last_day: formatCivilDate(addDays(input.deadline, -1), locale),
    deadline: formatCivilDate(input.deadline, locale),
    lines: [
      ...people.map((person) =>
        t(locale, 'reminder_mail_line', {
          name: person.name,
          amount: formatEuros(person.cents, locale),
        }),
      ),
      ...partLines,
    ].join('\n'),
  };
  return {
    sms:
      parts.length === 0
        ? t(locale, 'reminder_sms', { ...params, total: params.whole_total })
        : t(locale, 'reminder_sms_with_parts', params),
    subject: t(locale, 'reminder_mail_subject', params),
    mailText: t(locale, 'reminder_mail_body', params),
  };
}
