import type { Config } from '../../config.js';
import { fullName } from '../../lib/clean-name.js';
import type { AuditRepo } from '../../data/audit-repo.js';
import type { ConfigRepo } from '../../data/config-repo.js';
import type { Database } from '../../data/database.js';
import type { PaymentsRepo, PayMethod } from '../../data/payments-repo.js';
import type { RemittancesRepo } from '../../data/remittances-repo.js';
import type { Locale } from '../../i18n/index.js';
import type { Clock } from '../../lib/clock.js';
import { amountToCharge } from '../pricing.js';
import { DomainError, invalid } from '../errors.js';
import { parseParts, registrationDue, splitEnrolledFee } from '../fees/parts.js';
import type { FeeQuotes, PersonFees } from '../fees/quotes.js';
import { unearnedDiscounts } from '../fees/family-earned.js';
import { paymentWindow } from '../settings-service.js';
import { storedUnderNewOrderCode } from './order-code.js';
import { paidParts, partsShort } from './part-name.js';
import { paymentError } from './payment-errors.js';
import type { DifferenceItem, FamilyDifferences } from './family-differences.js';
import { t } from '../../i18n/index.js';
import {
  buildRedirectFields,
  type RedirectFields,
} from '../../adapters/payment-gateway/redsys-request.js';

/** One person's choice: whole fees and parts of fees in parts. */
export interface PersonChoice {
  personId: number;
  /** Whole fees (activities without parts). */
  activityIds: number[];
  /** Parts of fees in parts, by activity and number (services/fees/parts.ts). */
  parts: { activity_id: number; number: number }[];
}

export interface CheckoutRequest {
  user: { id: number; dni: string };
  /** One person, or several of the account's people (the family's payment). */
  people: PersonChoice[];
  useDiscount: boolean;
  /** Family differences to pay (family-differences.ts), of any of the account's people. */
  familyDifferences?: number[];
  /** Card, or Bizum on the same terminal (only while the council has it on). */
  payMethod: PayMethod;
  locale: Locale;
  ip: string | null;
}

/** An enrolled fee being paid, with the parts chosen of it (none: the whole fee). */
type ChosenFee = {
  activity_id: number;
  name: string;
  price_cents: number;
  is_paid: number;
  paid_amount_cents: number | null;
  parts: string;
  parts_paid: number;
  registration_fee_cents: number;
  registration_fee_paid_cents: number;
  numbers: number[];
};

export interface CheckoutResult {
  paymentId: number;
  /** Earlier pending orders of this user for the same items, now superseded. */
  superseded: number;
  order: string;
  amountCents: number;
  action: string;
  fields: RedirectFields;
}

/**
 * Starts a payment by card or Bizum: checks, in one transaction, that the caller manages the
 * person, that every activity is that person's and unpaid and that payment is open; then stores
 * the pending payment with its items and a fresh order number, superseding this user's earlier
 * pending orders for any of the same items.
 */
export function createCheckoutService(deps: {
  db: Database;
  config: Config;
  clock: Clock;
  payments: PaymentsRepo;
  settings: ConfigRepo;
  audit: AuditRepo;
  quotes: Pick<FeeQuotes, 'forPeople'>;
  remittances: Pick<RemittancesRepo, 'feesWithTheBank'>;
  differences: Pick<FamilyDifferences, 'toPay'>;
}) {
  const { db, config, clock, payments, settings, audit, quotes, remittances } = deps;

  /**
   * What each chosen fee costs, computed inside the caller's transaction: with fee rules
   * (`fees`), the fee with its breakdown (kept on the item: what was charged never changes
   * afterwards); in the simple mode the spec's amounts. A fee the rules make free rides along at
   * 0 with the others. The activity's registration fee, never reduced, goes with the fee's first
   * payment (the whole fee, or part 1) and the item says how much of it is that fee.
   */
  function charges(
    rows: ChosenFee[],
    fees: PersonFees | null,
    discountBp: number,
    useDiscount: boolean,
  ) {
    return rows.map((row) => {
      const fee = fees?.quotes.get(row.activity_id);
      if (fees && !fee) throw new Error(`no fee computed for activity ${row.activity_id}`);
      const whole = fee
        ? fee.amount_cents
        : amountToCharge(row.price_cents, discountBp, useDiscount);
      const registration = registrationDue(row);
      const item = {
        activity_id: row.activity_id,
        activity_name: row.name,
        amount_cents: whole + registration,
        registration_fee_cents: registration,
        fee_cents: null as number | null,
        remaining_cents: null as number | null,
        breakdown: fee ? JSON.stringify(fee.breakdown) : null,
        part_from: null as number | null,
        part_to: null as number | null,
        part_of: null as number | null,
      };
      if (row.numbers.length === 0) return item;
      // the chosen parts of the fee, together one item: their shares of the fee as it is now
      const all = splitEnrolledFee(row, whole);
      const lines = all.filter((line) => row.numbers.includes(line.number));
      const last = Math.max(...row.numbers);
      return {
        ...item,
        fee_cents: whole,
        remaining_cents: all
          .filter((line) => line.number > last && !line.paid)
          .reduce((sum, line) => sum + line.amount_cents, 0),
        amount_cents: lines.reduce((sum, line) => sum + line.amount_cents, 0),
        registration_fee_cents: lines.reduce((sum, line) => sum + line.registration_fee_cents, 0),
        part_from: Math.min(...row.numbers),
        part_to: Math.max(...row.numbers),
        part_of: lines[0]!.of,
      };
    });
  }

  /**
   * The parts chosen of each fee in parts, checked in the contract's order: the fee has such a
   * part, it is not paid yet, every earlier part is paid or chosen with it, and its last day
   * (Europe/Madrid) has not passed. A fee in parts is never paid whole.
   */
  function checkParts(rows: ChosenFee[], today: string) {
    for (const row of rows) {
      const parts = parseParts(row.parts);
      if (row.numbers.length === 0) {
        if (parts.length > 0) throw paymentError('conflict', 'fee_in_parts', { name: row.name });
        continue;
      }
      const numbers = [...row.numbers].sort((a, b) => a - b);
      for (const number of numbers)
        if (number > parts.length)
          throw paymentError('invalid', 'part_unknown', { name: row.name, number });
      for (const number of numbers)
        if (row.is_paid === 1 || number <= row.parts_paid)
          throw paymentError('conflict', 'part_already_paid', { name: row.name, number });
      for (let number = row.parts_paid + 1; number < numbers.at(-1)!; number += 1)
        if (!numbers.includes(number))
          throw paymentError('conflict', 'part_out_of_order', {
            name: row.name,
            number,
            // written in the caller's language by the message ({date, date})
            date: parts[number - 1]!.due_date,
          });
      for (const number of numbers)
        if (parts[number - 1]!.due_date < today)
          throw paymentError('conflict', 'part_deadline_passed', {
            name: row.name,
            number,
            // written in the caller's language by the message ({date, date})
            date: parts[number - 1]!.due_date,
          });
    }
  }

  /**
   * A fee, or a part of one, in a remittance sent to the bank (its item `in_remittance`) is not
   * paid by card or Bizum: the bank collects it (409 `part_in_remittance`, naming its collection
   * day). Once the bank returns it, it can be paid again; a part only scheduled (domiciled, not
   * sent yet) can be paid, and the schedule then skips it.
   */
  async function checkNotWithTheBank(people: readonly PersonToPay[]) {
    for (const { person, rows } of people) {
      const withBank = await remittances.feesWithTheBank(
        person.id,
        rows.map((row) => row.activity_id),
      );
      for (const row of rows) {
        const item = withBank.find(
          (one) =>
            one.activity_id === row.activity_id &&
            (row.numbers.length === 0 ||
              one.part_number === null ||
              row.numbers.includes(one.part_number)),
        );
        if (!item) continue;
        // written in the caller's language by the message ({date, date})
        const params = { name: row.name, date: item.collection_date };
        if (item.part_number === null)
          throw new DomainError('conflict', 'part_in_remittance', {
            messageKey: 'payment_fee_in_remittance',
            params,
          });
        throw paymentError('conflict', 'part_in_remittance', {
          ...params,
          number: item.part_number,
        });
      }
    }
  }

  /** Each person's activities and parts chosen (a person named twice: their choices together). */
  function chosenPeople(people: readonly PersonChoice[]) {
    const byPerson = new Map<number, Map<number, number[]>>();
    for (const choice of people) {
      const numbersOf = byPerson.get(choice.personId) ?? new Map<number, number[]>();
      byPerson.set(choice.personId, numbersOf);
      for (const { activity_id, number } of choice.parts) {
        const numbers = numbersOf.get(activity_id) ?? [];
        if (!numbers.includes(number)) numbers.push(number);
        numbersOf.set(activity_id, numbers);
      }
      // an activity asked for whole and in parts is asked for whole (refused if it has parts)
      for (const id of choice.activityIds) numbersOf.set(id, []);
    }
    // people locked in one order (by id), whichever order the family's payment named them in
    return [...byPerson]
      .sort(([a], [b]) => a - b)
      .map(([personId, numbersOf]) => ({ personId, numbersOf }));
  }

  /**
   * The people being paid for: each managed by the caller (locked, in the order chosen: by id),
   * their fees and the fees chosen of them. Under the council's rules the fees of all of them
   * are computed together (quotes.ts forPeople: the rules and approvals read once for the
   * payment, not once per person) and come with their enrolled activities, which then need no
   * reading one by one.
   */
  async function peopleToPay(
    userId: number,
    choices: readonly { personId: number; numbersOf: Map<number, number[]> }[],
  ) {
    const persons = [];
    for (const { personId } of choices) {
      const person = await payments.findManagedPerson(userId, personId);
      if (!person) throw paymentError('not_found', 'not_found');
      persons.push(person);
    }
    const feesOf = persons.length > 0 ? await quotes.forPeople(persons.map(({ id }) => id)) : null;
    const people = [];
    for (const [i, { numbersOf }] of choices.entries()) {
      const person = persons[i]!;
      const fees = feesOf?.get(person.id) ?? null;
      const ids = [...numbersOf.keys()];
      // the chosen activities in one read (simple mode), in the order they were chosen
      const found = fees ? fees.rows : await payments.findEnrolledActivities(person.id, ids);
      const enrolled = ids.map((id) => found.find((row) => row.activity_id === id));
      if (enrolled.some((row) => row === undefined)) throw paymentError('invalid', 'mixed_persons');
      const rows: ChosenFee[] = enrolled
        .filter((row) => row !== undefined)
        .map((row) => ({ ...row, numbers: numbersOf.get(row.activity_id) ?? [] }));
      people.push({ person, fees, rows, activityIds: ids });
    }
    return people;
  }

  type PersonToPay = Awaited<ReturnType<typeof peopleToPay>>[number];

  /**
   * A family discount is charged only when it is earned: the Nth member's needs N−1 other members
   * of the family with a fee of the group paid, or paid in this payment (409 naming them).
   */
  async function checkFamilyEarned(people: readonly PersonToPay[]) {
    const paying = new Set(
      people.flatMap(({ person, rows }) => rows.map((row) => `${person.id}:${row.activity_id}`)),
    );
    for (const { person, fees, rows } of people) {
      if (!fees) continue;
      const charges = rows.map((row) => ({
        enrolment_id: person.id,
        activity_id: row.activity_id,
        fee_group: fees.rows.find((fee) => fee.activity_id === row.activity_id)?.fee_group ?? null,
        member: fees.quotes.get(row.activity_id)?.breakdown.family_discount?.member ?? null,
      }));
      const [unearned] = unearnedDiscounts(fees.family, paying, charges);
      if (!unearned) continue;
      const names = await payments.personNames(unearned.candidates);
      throw paymentError('conflict', 'family_discount_needs_members', {
        name: fullName(person),
        activity: rows.find((row) => row.activity_id === unearned.activity_id)!.name,
        members: unearned.candidates.map((id) => names.get(id) ?? '').join(', '),
        count: unearned.missing,
      });
    }
  }

  return {
    async start(request: CheckoutRequest): Promise<CheckoutResult> {
      const choices = chosenPeople(request.people);
      const differenceIds = request.familyDifferences ?? [];
      if (choices.every(({ numbersOf }) => numbersOf.size === 0) && differenceIds.length === 0)
        throw invalid([
          { loc: ['body', 'activity_ids'], msg: 'payment_nothing_chosen', type: 'nothing_chosen' },
        ]);
      const now = clock.now();
      const nowIso = now.toISOString();

      const stored = await db.transaction(async () => {
        const people: PersonToPay[] = await peopleToPay(
          request.user.id,
          choices.filter(({ numbersOf }) => numbersOf.size > 0),
        );
        const rules = people.some(({ fees }) => fees !== null);
        const allRows = people.flatMap(({ rows }) => rows);
        const differences: DifferenceItem[] = await deps.differences.toPay(
          differenceIds,
          request.user.id,
          async (id) => (await payments.findManagedPerson(request.user.id, id)) !== undefined,
        );

        const settingsRow = await settings.get();
        const window = paymentWindow(settingsRow, now);
        // a fee in parts has its parts' own days instead of the global deadline
        const wholeFees = allRows.some((row) => row.numbers.length === 0);
        if (window.reason === 'payments_disabled' || (window.reason && wholeFees))
          throw paymentError('conflict', window.reason, { date: settingsRow.deadline_date ?? '' });
        if (request.payMethod === 'bizum' && !settingsRow.bizum_enabled)
          throw paymentError('conflict', 'bizum_disabled');
        // with fee rules a reduction is asked for and approved, never ticked at payment
        if (request.useDiscount && (rules || settingsRow.global_discount_bp <= 0)) {
          throw paymentError('conflict', 'discount_unavailable');
        }
        const paid = allRows.find((row) => row.is_paid === 1 && row.numbers.length === 0);
        if (paid) throw paymentError('conflict', 'already_paid', { name: paid.name });
        await checkNotWithTheBank(people);
        for (const { rows } of people) checkParts(rows, window.today);
        await checkFamilyEarned(people);

        const charged = people.map((one) => ({
          ...one,
          name: fullName(one.person),
          items: charges(one.rows, one.fees, settingsRow.global_discount_bp, request.useDiscount),
        }));
        const items = charged.flatMap(({ items }) => items);
        const amountCents =
          items.reduce((sum, item) => sum + item.amount_cents, 0) +
          differences.reduce((sum, item) => sum + item.amount_cents, 0);
        if (amountCents <= 0) throw paymentError('conflict', 'nothing_to_pay');
        // a family difference paid alone: the payment is of its person
        const differenceNames = await payments.personNames(
          differences.map((item) => item.enrolment_id),
        );

        const older = new Map<number, Awaited<ReturnType<PaymentsRepo['pendingOverlapping']>>[0]>();
        const overlapping = [
          ...people.map(({ person, activityIds }) => ({ id: person.id, activityIds })),
          ...differences.map((item) => ({
            id: item.enrolment_id,
            activityIds: [item.activity_id],
          })),
        ];
        for (const { id, activityIds } of overlapping)
          for (const old of await payments.pendingOverlapping(request.user.id, id, activityIds))
            older.set(old.id, old);
        for (const old of older.values()) {
          // unless a notification paid or refused it meanwhile
          if (!(await payments.setStatus(old.id, 'superseded', nowIso, { from: 'pending' })))
            continue;
          await audit.record({
            actorUserId: request.user.id,
            actorDni: request.user.dni,
            action: 'payment.superseded',
            entity: 'payment',
            entityId: old.id,
            details: { order: old.order_code, from: 'pending', to: 'superseded' },
            ip: request.ip,
          });
        }

        const first =
          people[0]?.person ??
          (await payments.findManagedPerson(request.user.id, differences[0]!.enrolment_id))!;
        const payerNames = [
          ...charged.map(({ name }) => name),
          ...differences.map((item) => differenceNames.get(item.enrolment_id) ?? ''),
        ].filter((name, i, all) => all.indexOf(name) === i);
        const family = charged.length > 1;
        // the insert itself finds an order number taken: no read of it first
        const { code: order, stored: paymentId } = await storedUnderNewOrderCode(now, (code) =>
          payments.insertPaymentUnlessOrderTaken({
            order_code: code,
            locale: request.locale,
            user_id: request.user.id,
            enrolment_id: first.id,
            // a family's payment names each person
            person_name: payerNames.join(', '),
            // a person without a DNI (a child under 14) pays with the column empty
            person_dni: first.dni ?? '',
            amount_cents: amountCents,
            use_discount: request.useDiscount,
            gateway: config.redsys.sandbox ? 'sandbox' : 'redsys',
            merchant_code: config.redsys.merchantCode,
            terminal: config.redsys.terminal,
            pay_method: request.payMethod,
            now: nowIso,
          }),
        );
        // the payment's lines in one statement, every row with the same columns
        await payments.insertItems([
          ...charged.flatMap(({ person, name, items: own }) =>
            own.map((item) => ({
              payment_id: paymentId,
              enrolment_id: person.id,
              person_name: name,
              ...item,
              family_difference_id: null,
              family_difference_member: null,
            })),
          ),
          // a family difference: an item of its fee that leaves the fee paid as it was
          ...differences.map((item) => ({
            payment_id: paymentId,
            person_name: differenceNames.get(item.enrolment_id) ?? null,
            ...item,
            registration_fee_cents: 0,
            fee_cents: null,
            remaining_cents: null,
            breakdown: null,
            part_from: null,
            part_to: null,
            part_of: null,
          })),
        ]);
        const partsOf = (own: typeof items) =>
          own
            .filter((i) => i.part_from !== null)
            .map((i) => ({ activity_id: i.activity_id, from: i.part_from, to: i.part_to }));
        await audit.record({
          actorUserId: request.user.id,
          actorDni: request.user.dni,
          action: 'payment.create',
          entity: 'payment',
          entityId: paymentId,
          details: {
            order,
            status: 'pending',
            amount_cents: amountCents,
            use_discount: request.useDiscount,
            pay_method: request.payMethod,
            fee_mode: rules ? 'rules' : 'simple',
            enrolment_id: first.id,
            activity_ids: people[0]?.activityIds ?? [],
            ...(charged[0] &&
              partsOf(charged[0].items).length > 0 && { parts: partsOf(charged[0].items) }),
            ...(differences.length > 0 && {
              family_differences: differences.map((item) => ({
                id: item.family_difference_id,
                enrolment_id: item.enrolment_id,
                activity_id: item.activity_id,
                amount_cents: item.amount_cents,
              })),
            }),
            ...(family && {
              people: charged.map(({ person, activityIds, items: own }) => ({
                enrolment_id: person.id,
                activity_ids: activityIds,
                ...(partsOf(own).length > 0 && { parts: partsOf(own) }),
              })),
            }),
          },
          ip: request.ip,
        });
        return {
          paymentId,
          superseded: older.size,
          order,
          amountCents,
          description: [
            ...items.map((i) => {
              const parts = paidParts(i);
              return parts ? `${i.activity_name} ${partsShort(parts, '-')}` : i.activity_name;
            }),
            ...differences.map((i) =>
              t(request.locale, 'receipt_family_difference_item', { activity: i.activity_name }),
            ),
          ].join(', '),
        };
      });

      const fields = buildRedirectFields(config.redsys, {
        order: stored.order,
        amountCents: stored.amountCents,
        description: stored.description,
        paymentId: stored.paymentId,
        locale: request.locale,
        publicUrl: config.publicUrl,
        payMethod: request.payMethod,
      });
      return {
        paymentId: stored.paymentId,
        superseded: stored.superseded,
        order: stored.order,
        amountCents: stored.amountCents,
        action: config.redsys.url,
        fields,
      };
    },
  };
}
