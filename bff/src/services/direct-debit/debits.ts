import type { AuditRepo } from '../../data/audit-repo.js';
import type { ConfigRepo } from '../../data/config-repo.js';
import type { Database } from '../../data/database.js';
import type { DirectDebitView, MandatesRepo } from '../../data/mandates-repo.js';
import type { PaymentsRepo } from '../../data/payments-repo.js';
import type { RemittancesRepo } from '../../data/remittances-repo.js';
import { t, type Locale } from '../../i18n/index.js';
import type { Clock } from '../../lib/clock.js';
import { madridDate } from '../../lib/madrid-date.js';
import { centsToEuros } from '../../lib/money.js';
import { DomainError, conflict, notFound } from '../errors.js';
import type { FeeQuotes } from '../fees/quotes.js';
import { dayMonthYear } from './dates.js';
import { feeNow } from './fee-now.js';
import type { DirectDebitNotifier } from './notify.js';
import { scheduleOf, type ScheduleLine } from './schedule.js';

type Actor = { id: number; dni: string | null };

/** The return reason in words: the eight the EPC rulebook names, others by their code. */
export function reasonText(locale: Locale, code: string): string {
  const key = `direct_debit_reason_${code}`;
  const text = t(locale, key);
  return text === key ? t(locale, 'direct_debit_reason_other', { code }) : text;
}

/** Rows by their debit, in their order. */
function byDebit<T extends { direct_debit_id: number }>(rows: readonly T[]): Map<number, T[]> {
  const out = new Map<number, T[]>();
  for (const row of rows) {
    const list = out.get(row.direct_debit_id);
    if (list) list.push(row);
    else out.set(row.direct_debit_id, [row]);
  }
  return out;
}

/** Residents put a pending fee on one of their mandates, see it collected, take it off. */
export function createDirectDebits(deps: {
  db: Database;
  clock: Clock;
  repo: MandatesRepo;
  remittances: RemittancesRepo;
  payments: PaymentsRepo;
  settings: ConfigRepo;
  audit: AuditRepo;
  quotes: Pick<FeeQuotes, 'forPerson' | 'quotesOf'>;
  notify: DirectDebitNotifier;
  creditorId: string | null;
}) {
  const { db, clock, repo, remittances, settings, audit, quotes } = deps;

  /** Every line of these debits, computed from the fee as it is now. */
  async function schedules(debits: DirectDebitView[]): Promise<Map<number, ScheduleLine[]>> {
    const config = await settings.get();
    const ids = debits.map((d) => d.id);
    const items = await remittances.itemsOfDebits(ids);
    const returns = await remittances.returnsOfDebits(ids);
    // read once for all: a remittance prices thousands of debits, which would be a round trip
    // each; in the simple mode (no fee rule) no debit needs its person's fees read
    const known =
      debits.length > 1
        ? ((await quotes.quotesOf(debits.map((d) => d.enrolment_id))) ?? 'simple')
        : undefined;
    // grouped once: a remittance reads thousands of debits, each with its history
    const itemsOf = byDebit(items);
    const returnsOf = byDebit(returns);
    const out = new Map<number, ScheduleLine[]>();
    for (const debit of debits) {
      const fee = await feeNow(quotes, config, debit, known);
      out.set(
        debit.id,
        scheduleOf(
          debit,
          fee.cents,
          config.deadline_date,
          itemsOf.get(debit.id) ?? [],
          returnsOf.get(debit.id) ?? [],
        ),
      );
    }
    return out;
  }

  function view(debit: DirectDebitView, lines: ScheduleLine[], locale: Locale) {
    return {
      id: debit.id,
      mandate_id: debit.mandate_id,
      mandate_reference: debit.mandate_reference,
      person_activity_id: debit.enrolment_id,
      person_name: debit.person_name,
      activity_id: debit.activity_id,
      activity_name: debit.activity_name,
      status: debit.status,
      created_at: debit.created_at,
      lines: lines.map((line) => ({
        kind: line.kind,
        part: line.part,
        amount: centsToEuros(line.amount_cents),
        direct_debit: {
          mandate_reference: debit.mandate_reference,
          collection_date: line.item
            ? ((line.item.status === 'returned' ? line.due_date : null) ?? line.due_date)
            : line.due_date,
          status: line.status,
          return_reason:
            line.status === 'returned' && line.return
              ? { code: line.return.reason_code, text: reasonText(locale, line.return.reason_code) }
              : null,
        },
      })),
    };
  }

  return {
    schedules,
    async domicile(
      actor: Actor,
      input: { mandate_id: number; person_activity_id: number; activity_id: number },
      call: { locale: Locale; ip: string | null },
    ) {
      const config = await settings.get();
      if (!config.direct_debit_enabled || !deps.creditorId) throw conflict('direct_debit_disabled');
      const now = clock.now().toISOString();
      const created = await db.transaction(async () => {
        const mandate = await repo.mandate(input.mandate_id);
        if (!mandate || mandate.user_id !== actor.id) throw notFound();
        if (mandate.status === 'lapsed')
          throw new DomainError('conflict', 'mandate_not_active', {
            messageKey: 'mandate_not_active_lapsed',
            params: {
              reference: mandate.reference,
              date: dayMonthYear(madridDate(new Date(mandate.status_at ?? mandate.signed_at))),
            },
          });
        if (mandate.status !== 'active')
          throw conflict('mandate_not_active', { reference: mandate.reference });
        const person = await deps.payments.findManagedPerson(actor.id, input.person_activity_id);
        if (!person) throw notFound();
        const enrolled = await deps.payments.findEnrolledActivity(person.id, input.activity_id, {
          lock: true,
        });
        if (!enrolled) throw notFound();
        if (enrolled.is_paid === 1) throw conflict('nothing_to_pay');
        if (await repo.activeDebitOf(person.id, input.activity_id))
          throw conflict('already_domiciled', { name: enrolled.name });
        const id = await repo.insertDebit({
          mandate_id: mandate.id,
          user_id: actor.id,
          enrolment_id: person.id,
          activity_id: input.activity_id,
          created_at: now,
        });
        const debit = (await repo.debitView(id))!;
        const lines = (await schedules([debit])).get(id)!;
        if (!lines.some((line) => line.amount_cents > 0)) throw conflict('nothing_to_pay');
        await repo.setNotified(id, now);
        await audit.record({
          actorUserId: actor.id,
          actorDni: actor.dni,
          action: 'direct_debit.create',
          entity: 'direct_debit',
          entityId: id,
          details: {
            mandate: mandate.reference,
            enrolment: person.id,
            activity: input.activity_id,
          },
          ip: call.ip,
        });
        return { debit: { ...debit, notified_at: now }, lines };
      });
      // the pre-notification: the whole schedule, at once
      const schedule = created.lines
        .filter((line) => line.status === 'scheduled')
        .map((line) =>
          t(call.locale, 'direct_debit_notice_line', {
            amount: centsToEuros(line.amount_cents).toFixed(2),
            date: line.due_date ? dayMonthYear(line.due_date) : '—',
          }),
        )
        .join('\n');
      await deps.notify(actor.id, call.locale, 'notice', {
        name: created.debit.activity_name,
        person: created.debit.person_name,
        schedule,
        reference: created.debit.mandate_reference,
        creditor: deps.creditorId,
        days: config.direct_debit_notice_days,
      });
      return view(created.debit, created.lines, call.locale);
    },
    async list(actor: Actor, locale: Locale) {
      const debits = await repo.debitsOfUser(actor.id);
      const all = await schedules(debits);
      return debits.map((debit) => view(debit, all.get(debit.id)!, locale));
    },
    async undomicile(actor: Actor, id: number, ip: string | null): Promise<void> {
      const now = clock.now().toISOString();
      await db.transaction(async () => {
        const debit = (await repo.debitsOfUser(actor.id)).find((d) => d.id === id);
        if (!debit) throw notFound();
        const items = await remittances.itemsOfDebits([id]);
        const withBank = items.find((i) => i.status === 'in_remittance');
        if (withBank) {
          const remittance = await remittances.remittance(withBank.remittance_id);
          throw conflict('direct_debit_in_remittance', {
            date: dayMonthYear(remittance!.collection_date),
          });
        }
        if (!(await repo.endDebit(id, 'cancelled', 'resident', now))) return;
        await audit.record({
          actorUserId: actor.id,
          actorDni: actor.dni,
          action: 'direct_debit.cancel',
          entity: 'direct_debit',
          entityId: id,
          details: { mandate: debit.mandate_reference },
          ip,
        });
      });
    },
  };
}

export type DirectDebits = ReturnType<typeof createDirectDebits>;
