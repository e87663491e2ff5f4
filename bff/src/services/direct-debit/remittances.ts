import type { AuditRepo } from '../../data/audit-repo.js';
import type { ConfigRepo } from '../../data/config-repo.js';
import type { Database } from '../../data/database.js';
import type { MandatesRepo } from '../../data/mandates-repo.js';
import type { RemittancesRepo } from '../../data/remittances-repo.js';
import { t, type Locale } from '../../i18n/index.js';
import type { Clock } from '../../lib/clock.js';
import { addDays, isCivilDate, madridDate } from '../../lib/madrid-date.js';
import { centsToEuros } from '../../lib/money.js';
import { conflict, notFound, unprocessable } from '../errors.js';
import { firstCollectionDay, dayMonthYear } from './dates.js';
import { reasonText, type DirectDebits } from './debits.js';
import type { Mandates } from './mandates.js';
import { writePain008, type Creditor } from './pain008.js';
import { returnView } from './returns.js';

type Actor = { id: number; dni: string | null };

/**
 * Staff's remittances: gather what is due into one, write it as the bank takes it (pain.008),
 * list them with what was collected, returned and is pending.
 */
export function createRemittances(deps: {
  db: Database;
  clock: Clock;
  repo: RemittancesRepo;
  mandatesRepo: MandatesRepo;
  mandates: Pick<Mandates, 'ibanOf'>;
  debits: Pick<DirectDebits, 'schedules'>;
  settings: ConfigRepo;
  audit: AuditRepo;
  creditor: Creditor | undefined;
  /** Collects a remittance whose date has come (collection.ts): reading shows it collected. */
  collect: (remittanceId: number) => Promise<boolean>;
  /**
   * The sandbox bank (adapters/direct-debit-sandbox), only where sandbox payments are on: the
   * camt.054 a bank would answer to a pain.008. Undefined on a real site.
   */
  sandboxBank?: ((pain008: string, at: Date) => string) | undefined;
}) {
  const { db, clock, repo, audit } = deps;

  async function summary(id: number) {
    const remittance = await repo.remittance(id);
    if (!remittance) throw notFound();
    const items = await repo.items(id);
    const sum = (status: string) =>
      items.filter((i) => i.status === status).reduce((s, i) => s + i.amount_cents, 0);
    return {
      remittance,
      items,
      view: {
        id: remittance.id,
        collection_date: remittance.collection_date,
        count: remittance.item_count,
        total: centsToEuros(remittance.total_cents),
        status: remittance.status,
        created_at: remittance.created_at,
        collected: centsToEuros(sum('collected')),
        returned: centsToEuros(sum('returned')),
        pending: centsToEuros(sum('in_remittance')),
      },
    };
  }

  /** A remittance written as the bank takes it (pain.008.001.08), IBANs in full. */
  async function pain008Of(id: number): Promise<{ xml: string; messageId: string }> {
    if (!deps.creditor) throw conflict('direct_debit_disabled');
    const { remittance, items } = await summary(id);
    const mandates = await deps.mandatesRepo.mandatesByIds(items.map((i) => i.mandate_id));
    const { xml } = writePain008({
      messageId: remittance.message_id,
      createdAt: new Date(remittance.created_at),
      collectionDate: remittance.collection_date,
      creditor: deps.creditor,
      items: items.map((item) => {
        const mandate = mandates.get(item.mandate_id)!;
        return {
          endToEndId: item.end_to_end_id,
          amountCents: item.amount_cents,
          sequenceType: item.sequence_type,
          mandateReference: mandate.reference,
          mandateSignedOn: madridDate(new Date(mandate.signed_at)),
          debtorName: mandate.holder_name,
          debtorIban: deps.mandates.ibanOf(mandate) ?? '',
          remittanceInfo: `${item.activity_name}${item.part_number ? ` ${item.part_number}/${item.part_of}` : ''} - ${item.person_name}`,
        };
      }),
    });
    return { xml, messageId: remittance.message_id };
  }

  return {
    summary,
    async create(actor: Actor, collectionDate: string, ip: string | null) {
      const config = await deps.settings.get();
      if (!config.direct_debit_enabled || !deps.creditor) throw conflict('direct_debit_disabled');
      if (!isCivilDate(collectionDate)) throw unprocessable('invalid_date');
      const now = clock.now();
      const first = firstCollectionDay(madridDate(now));
      if (collectionDate < first)
        throw unprocessable('collection_date_too_soon', { date: dayMonthYear(first) });
      const id = await db.transaction(async () => {
        const debits = (await deps.mandatesRepo.activeDebits()).filter(
          (d) =>
            d.notified_at !== null &&
            addDays(madridDate(new Date(d.notified_at)), config.direct_debit_notice_days) <=
              collectionDate,
        );
        const schedules = await deps.debits.schedules(debits);
        const history = await repo.mandatesWithHistory([
          ...new Set(debits.map((d) => d.mandate_id)),
        ]);
        const chosen = debits.flatMap((debit) =>
          schedules
            .get(debit.id)!
            .filter(
              (line) =>
                line.collectable &&
                line.amount_cents > 0 &&
                (line.due_date === null || line.due_date <= collectionDate),
            )
            .map((line) => ({ debit, line })),
        );
        if (chosen.length === 0)
          throw conflict('nothing_to_collect', { date: dayMonthYear(collectionDate) });
        const total = chosen.reduce((sum, c) => sum + c.line.amount_cents, 0);
        const remittanceId = await repo.insertRemittance({
          message_id: `PENDING-${now.getTime()}-${Math.random()}`,
          collection_date: collectionDate,
          item_count: chosen.length,
          total_cents: total,
          created_at: now.toISOString(),
          created_by: actor.id,
        });
        await db
          .q()
          .updateTable('remittances')
          .set({ message_id: `REM-${String(remittanceId).padStart(6, '0')}-${collectionDate}` })
          .where('id', '=', remittanceId)
          .execute();
        await repo.insertItems(
          chosen.map(({ debit, line }, index) => ({
            remittance_id: remittanceId,
            direct_debit_id: debit.id,
            mandate_id: debit.mandate_id,
            enrolment_id: debit.enrolment_id,
            activity_id: debit.activity_id,
            kind: line.kind,
            part_number: line.part?.number ?? null,
            part_of: line.part?.of ?? null,
            charged_return_id: line.charged_return_id,
            amount_cents: line.amount_cents,
            registration_fee_cents: line.registration_fee_cents,
            fee_cents: line.fee_cents,
            remaining_cents: line.remaining_cents,
            end_to_end_id: `RM${remittanceId}-${index + 1}`,
            sequence_type: history.has(debit.mandate_id) ? 'RCUR' : 'FRST',
            person_name: debit.person_name,
            activity_name: debit.activity_name,
            breakdown: null,
          })),
        );
        await audit.record({
          actorUserId: actor.id,
          actorDni: actor.dni,
          action: 'remittance.create',
          entity: 'remittance',
          entityId: remittanceId,
          details: { collection_date: collectionDate, count: chosen.length, total_cents: total },
          ip,
        });
        return remittanceId;
      });
      return (await summary(id)).view;
    },
    /** One remittance with its items (masked IBANs), the returns applied and its totals. */
    async detail(id: number, locale: Locale) {
      if (!(await repo.remittance(id))) throw notFound();
      await deps.collect(id);
      const { view, items } = await summary(id);
      const returns = await repo.returnsOfRemittance(id);
      const returnOf = new Map(returns.map((r) => [r.item_id, r]));
      const mandates = await deps.mandatesRepo.mandatesByIds(items.map((i) => i.mandate_id));
      const byId = new Map(items.map((i) => [i.id, i]));
      return {
        ...view,
        sandbox_bank: deps.sandboxBank !== undefined,
        items: items.map((item) => {
          const ret = returnOf.get(item.id);
          const mandate = mandates.get(item.mandate_id);
          return {
            id: item.id,
            end_to_end_id: item.end_to_end_id,
            person_name: item.person_name,
            activity_name:
              item.kind === 'fee'
                ? item.activity_name
                : t(locale, 'direct_debit_return_fee_line', { name: item.activity_name }),
            part:
              item.part_number !== null && item.part_of !== null
                ? { number: item.part_number, of: item.part_of }
                : null,
            amount: centsToEuros(item.amount_cents),
            sequence_type: item.sequence_type,
            mandate_reference: mandate?.reference ?? '',
            iban_masked: mandate?.iban_masked ?? '',
            status: item.status,
            return_reason: ret
              ? { code: ret.reason_code, text: reasonText(locale, ret.reason_code) }
              : null,
          };
        }),
        returns: returns.map((ret) => returnView(ret, byId.get(ret.item_id)!, locale)),
      };
    },
    async list() {
      for (const r of await repo.dueForCollection(madridDate(clock.now())))
        await deps.collect(r.id);
      const all = await repo.remittances();
      const out = [];
      for (const r of all) out.push((await summary(r.id)).view);
      return out;
    },
    /** The pain.008.001.08 of a remittance; every download is audited. */
    async file(
      actor: Actor,
      id: number,
      ip: string | null,
    ): Promise<{ xml: string; name: string }> {
      const { xml, messageId } = await pain008Of(id);
      await audit.record({
        actorUserId: actor.id,
        actorDni: actor.dni,
        action: 'remittance.file',
        entity: 'remittance',
        entityId: id,
        details: { message_id: messageId },
        ip,
      });
      return { xml, name: `${messageId}.xml` };
    },
    /** Whether the sandbox bank answers here (development, ALLOW_SANDBOX_PAYMENTS). */
    sandboxBankOn: deps.sandboxBank !== undefined,
    /**
     * The sandbox bank's camt.054 to a remittance (its test IBANs returned, the rest collected),
     * audited as a file download; 404 where the sandbox is off, as an unknown address.
     */
    async sandboxAnswer(
      actor: Actor,
      id: number,
      ip: string | null,
    ): Promise<{ xml: string; name: string }> {
      if (!deps.sandboxBank) throw notFound();
      const { xml: pain008, messageId } = await pain008Of(id);
      const xml = deps.sandboxBank(pain008, clock.now());
      await audit.record({
        actorUserId: actor.id,
        actorDni: actor.dni,
        action: 'remittance.sandbox_answer',
        entity: 'remittance',
        entityId: id,
        details: { message_id: messageId },
        ip,
      });
      return { xml, name: `${messageId}-sandbox-camt054.xml` };
    },
  };
}

export type Remittances = ReturnType<typeof createRemittances>;
