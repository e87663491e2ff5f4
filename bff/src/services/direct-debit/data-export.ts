import type { Database } from '../../data/database.js';
import { createMandatesRepo } from '../../data/mandates-repo.js';
import { createRemittancesRepo } from '../../data/remittances-repo.js';
import { centsToEuros } from '../../lib/money.js';

/**
 * What a resident's data export (GDPR articles 15 and 20) holds of direct debit: the mandates
 * the account signed (the IBAN masked, as everywhere but the bank's file) and the fees it
 * domiciled with every debit sent to the bank, collected or returned with its reason code.
 */
export async function directDebitExport(db: Database, userId: number) {
  const mandatesRepo = createMandatesRepo(db);
  const remittancesRepo = createRemittancesRepo(db);
  const mandates = await mandatesRepo.mandatesOfUser(userId);
  const debits = await mandatesRepo.debitsOfUser(userId);
  const ids = debits.map((d) => d.id);
  const items = await remittancesRepo.itemsOfDebits(ids);
  const returns = new Map(
    (await remittancesRepo.returnsOfDebits(ids)).map((r) => [r.item_id, r.reason_code]),
  );
  const dates = new Map<number, string>();
  for (const id of new Set(items.map((i) => i.remittance_id)))
    dates.set(id, (await remittancesRepo.remittance(id))!.collection_date);
  return {
    mandates: mandates.map((m) => ({
      reference: m.reference,
      holder_name: m.holder_name,
      holder_dni: m.holder_dni,
      iban_masked: m.iban_masked,
      iban_erased_at: m.iban_erased_at,
      creditor_id: m.creditor_id,
      creditor_name: m.creditor_name,
      signed_at: m.signed_at,
      status: m.status,
      status_at: m.status_at,
    })),
    direct_debits: debits.map((d) => ({
      mandate_reference: d.mandate_reference,
      person: d.person_name,
      activity: d.activity_name,
      status: d.status,
      created_at: d.created_at,
      notified_at: d.notified_at,
      debits: items
        .filter((i) => i.direct_debit_id === d.id)
        .map((i) => ({
          end_to_end_id: i.end_to_end_id,
          kind: i.kind,
          part:
            i.part_number !== null && i.part_of !== null
              ? { number: i.part_number, of: i.part_of }
              : null,
          amount: centsToEuros(i.amount_cents),
          collection_date: dates.get(i.remittance_id)!,
          status: i.status,
          return_reason_code: returns.get(i.id) ?? null,
        })),
    })),
  };
}
