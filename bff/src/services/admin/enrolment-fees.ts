import type { EnrolmentLink, EnrolmentsRepo } from '../../data/enrolments-repo.js';
import { groupBy } from '../../lib/group-by.js';
import { centsToEuros } from '../../lib/money.js';
import type { FeeQuotes } from '../fees/quotes.js';
import { parseParts, registrationDue } from '../fees/parts.js';
import { amountWithoutReduction } from '../pricing.js';

/** An enrolment's activity as staff's lists show it: what is paid and what is still to pay. */
export interface EnrolmentActivityView {
  id: number;
  name: string;
  is_paid: boolean;
  paid: number;
  /** Null: not worked out (the whole list under the council's rules). */
  to_pay: number | null;
  parts: { paid: number; of: number } | null;
}

/** A person whose fees are worked out one by one (a page's, or the one saved). */
export interface FeePerson {
  id: number;
  birth_date: string | null;
}

/**
 * What staff see of each enrolment's fees. What is still to pay is the fee as the resident would
 * be charged now (with the registration fee until the first payment) less what was paid of it: in the simple mode 75 % of the price (arithmetic on the
 * rows); under the council's rules each person's fees are computed (services/fees/quotes.ts, as
 * the checkout prices them; a person no account manages, alone), a few statements a person, so
 * only for the people asked (a page's, or the one saved), never for the whole list.
 */
export function createEnrolmentFees(deps: {
  quotes: Pick<FeeQuotes, 'mode' | 'prospective'>;
  enrolments: Pick<EnrolmentsRepo, 'feeTermsOf'>;
}) {
  /** Each unpaid link's fee under the council's rules (null when not worked out). */
  async function ruledFees(
    unpaid: readonly EnrolmentLink[],
    people: readonly FeePerson[] | null,
  ): Promise<(link: EnrolmentLink) => number | null> {
    if (people === null) return () => null;
    const terms = new Map(
      (await deps.enrolments.feeTermsOf([...new Set(unpaid.map((l) => l.activity_id))])).map(
        (row) => [row.id, row],
      ),
    );
    const byPerson = groupBy(unpaid, (link) => link.enrolment_id);
    const priced = await deps.quotes.prospective(
      people
        .filter((person) => byPerson.has(person.id))
        .map((person) => ({
          person,
          activities: (byPerson.get(person.id) ?? []).flatMap((link) => {
            const activity = terms.get(link.activity_id);
            return activity ? [activity] : [];
          }),
        })),
    );
    return (link) => priced?.get(link.enrolment_id)?.get(link.activity_id)?.amount_cents ?? null;
  }

  return {
    /**
     * The views of these links, by person. `people`: whose fees to work out under the council's
     * rules; null (the whole list) leaves `to_pay` null there.
     */
    async views(
      links: readonly EnrolmentLink[],
      people: readonly FeePerson[] | null,
    ): Promise<Map<number, EnrolmentActivityView[]>> {
      const partsOf = partCounter();
      const unpaid = links.filter((link) => link.is_paid !== 1);
      // nothing to pay: no need to know how fees are worked out
      const rules = unpaid.length > 0 && (await deps.quotes.mode()) === 'rules';
      const feeOf = rules
        ? await ruledFees(unpaid, people)
        : (link: EnrolmentLink) => amountWithoutReduction(link.price_cents) + registrationDue(link);
      const viewOf = (link: EnrolmentLink): EnrolmentActivityView => {
        const paidCents = link.paid_amount_cents ?? 0;
        // what is still to pay of the fee (the registration fee paid is no part of it)
        const feePaidCents = paidCents - link.registration_fee_paid_cents;
        const of = partsOf(link.parts);
        const isPaid = link.is_paid === 1;
        const fee = isPaid ? null : feeOf(link);
        return {
          id: link.activity_id,
          name: link.name,
          is_paid: isPaid,
          paid: centsToEuros(paidCents),
          to_pay: isPaid ? 0 : fee === null ? null : centsToEuros(Math.max(0, fee - feePaidCents)),
          // a part is paid when the whole fee is, or when it is among the first parts_paid
          parts: of < 2 ? null : { paid: isPaid ? of : Math.min(link.parts_paid, of), of },
        };
      };
      const byPerson = groupBy(links, (link) => link.enrolment_id);
      return new Map([...byPerson].map(([id, own]) => [id, own.map(viewOf)]));
    },
  };
}

/** How many parts an activity's stored parts make (0: one payment), parsed once per text. */
function partCounter(): (json: string) => number {
  const counts = new Map<string, number>();
  return (json) => {
    let count = counts.get(json);
    if (count === undefined) {
      count = parseParts(json).length;
      counts.set(json, count);
    }
    return count;
  };
}

export type EnrolmentFees = ReturnType<typeof createEnrolmentFees>;
