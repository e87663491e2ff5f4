import { randomBytes } from 'node:crypto';
import { friendlyFormatIBAN } from 'ibantools';
import type { AuditRepo } from '../../data/audit-repo.js';
import type { Database } from '../../data/database.js';
import type { MandateRow, MandatesRepo } from '../../data/mandates-repo.js';
import type { ConfigRepo } from '../../data/config-repo.js';
import type { Clock } from '../../lib/clock.js';
import { checkIban, maskIban } from '../../lib/sepa-identifiers.js';
import type { SecretBox } from '../../lib/secret-box.js';
import { DomainError, conflict, notFound } from '../errors.js';
import type { Locale } from '../../i18n/index.js';
import { renderMandate } from './mandate-pdf.js';
import type { Creditor } from './pain008.js';

export interface MandateView {
  id: number;
  reference: string;
  iban_masked: string;
  holder_name: string;
  status: MandateRow['status'];
  signed_at: string;
  iban_erased_at: string | null;
}

export const mandateView = (row: MandateRow): MandateView => ({
  id: row.id,
  reference: row.reference,
  iban_masked: row.iban_masked,
  holder_name: row.holder_name,
  status: row.status,
  signed_at: row.signed_at,
  iban_erased_at: row.iban_erased_at,
});

const REFERENCE_LETTERS = 'ABCDEFGHJKLMNPQRSTUVWXYZ23456789';
/** MDT-000007-K3Q9X2: the row's number and six random letters (18 characters, under 35). */
const referenceFor = (id: number) =>
  `MDT-${String(id).padStart(6, '0')}-${[...randomBytes(6)].map((b) => REFERENCE_LETTERS[b % REFERENCE_LETTERS.length]).join('')}`;

/** Residents' SEPA Core mandates: signed electronically by the signed-in account, kept as signed. */
export function createMandates(deps: {
  db: Database;
  clock: Clock;
  repo: MandatesRepo;
  settings: ConfigRepo;
  audit: AuditRepo;
  box: SecretBox;
  creditor: Creditor | undefined;
}) {
  const { db, clock, repo, audit, box } = deps;
  return {
    async sign(
      actor: { id: number; dni: string | null },
      input: { iban: string; holder_name: string; holder_dni: string },
      call: { locale: 'es' | 'en' | 'gl'; ip: string | null },
    ): Promise<MandateView> {
      const settings = await deps.settings.get();
      if (!settings.direct_debit_enabled || !deps.creditor) throw conflict('direct_debit_disabled');
      const checked = checkIban(input.iban);
      if ('problem' in checked) {
        const problem = checked.problem;
        if (problem.code === 'iban_not_sepa')
          throw new DomainError('invalid', 'iban_not_sepa', {
            params: { country: problem.country },
          });
        throw new DomainError('invalid', 'invalid_iban', {
          messageKey: `invalid_iban_${problem.reason}`,
          params:
            problem.reason === 'length'
              ? { country: problem.country, expected: problem.expected, actual: problem.actual }
              : {},
        });
      }
      const now = clock.now().toISOString();
      const creditor = deps.creditor;
      return db.transaction(async () => {
        const id = await repo.insertMandate({
          reference: `PENDING-${randomBytes(8).toString('hex')}`,
          user_id: actor.id,
          holder_name: input.holder_name.trim(),
          holder_dni: input.holder_dni.trim().toUpperCase(),
          iban_sealed: box.seal(checked.iban),
          iban_masked: maskIban(checked.iban),
          creditor_id: creditor.creditorId,
          creditor_name: creditor.creditorName,
          signed_at: now,
          signed_ip: call.ip,
          locale: call.locale,
        });
        await repo.setReference(id, referenceFor(id));
        const row = (await repo.mandate(id))!;
        await audit.record({
          actorUserId: actor.id,
          actorDni: actor.dni,
          action: 'mandate.sign',
          entity: 'mandate',
          entityId: id,
          details: { reference: row.reference, iban: row.iban_masked, holder: row.holder_name },
          ip: call.ip,
        });
        return mandateView(row);
      });
    },
    list: async (actor: { id: number }) => (await repo.mandatesOfUser(actor.id)).map(mandateView),
    /** The caller's mandate or 404. */
    async own(actor: { id: number }, id: number): Promise<MandateRow> {
      const row = await repo.mandate(id);
      if (!row || row.user_id !== actor.id) throw notFound();
      return row;
    },
    async cancel(
      actor: { id: number; dni: string | null },
      id: number,
      ip: string | null,
    ): Promise<void> {
      const now = clock.now().toISOString();
      await db.transaction(async () => {
        const row = await repo.mandate(id);
        if (!row || row.user_id !== actor.id) throw notFound();
        if (!(await repo.setMandateStatus(id, 'cancelled', now))) return;
        for (const debit of await repo.debitsOfMandate(id))
          await repo.endDebit(debit.id, 'ended', 'mandate_cancelled', now);
        await audit.record({
          actorUserId: actor.id,
          actorDni: actor.dni,
          action: 'mandate.cancel',
          entity: 'mandate',
          entityId: id,
          details: { reference: row.reference },
          ip,
        });
      });
    },
    /** The signed mandate as a PDF in `locale`, for its own account only. */
    async document(actor: { id: number }, id: number, locale: Locale) {
      const row = await repo.mandate(id);
      if (!row || row.user_id !== actor.id) throw notFound();
      const creditor = deps.creditor;
      if (!creditor) throw conflict('direct_debit_disabled');
      const pdf = await renderMandate(
        {
          reference: row.reference,
          creditor: {
            creditorId: row.creditor_id,
            creditorName: row.creditor_name,
            address: creditor.address,
          },
          holderName: row.holder_name,
          holderDni: row.holder_dni,
          iban: row.iban_sealed
            ? (friendlyFormatIBAN(box.open(row.iban_sealed)) ?? row.iban_masked)
            : row.iban_masked,
          signedAt: row.signed_at,
          signedIp: row.signed_ip,
          status: row.status,
          statusAt: row.status_at,
        },
        locale,
      );
      return { pdf, name: `${row.reference}.pdf` };
    },
    /** The IBAN in full: only for the bank's file. */
    ibanOf: (row: MandateRow): string | null =>
      row.iban_sealed ? box.open(row.iban_sealed) : null,
  };
}

export type Mandates = ReturnType<typeof createMandates>;
