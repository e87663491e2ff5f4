import { refuseByAge } from './ages.js';
import type { AuditRepo } from '../../data/audit-repo.js';
import type { CircumstancesRepo, NewCircumstanceRequest } from '../../data/circumstances-repo.js';
import type { Database } from '../../data/database.js';
import type { Clock } from '../../lib/clock.js';
import { normaliseDni } from '../../lib/identity.js';
import { madridDate } from '../../lib/madrid-date.js';
import { recordAdminWrite, type Actor } from '../admin/audit-trail.js';
import { refuseNonZip, refuseOtherPackages } from '../admin/upload/file-kind.js';
import { matchHeaders } from '../admin/upload/header-matching.js';
import { HEADER_SEARCH_ROWS } from '../admin/upload/header-row.js';
import { cellText } from '../admin/upload/row-validation.js';
import { openSheets } from '../admin/upload/sheet-reader.js';
import type { SheetRow } from '../admin/upload/xlsx-reader.js';
import { checkZip, defaultZipLimits } from '../admin/upload/zip-guard.js';
import { DomainError, notFound } from '../errors.js';
import { checkValidUntil } from './views.js';

/** Rows of a holders' list read at most (a large town's census). */
export const MAX_IMPORT_ROWS = 200_000;

export interface ImportResult {
  /** People newly approved. */
  approved: number;
  /** Approvals in force until an earlier date, moved to the new one. */
  extended: number;
  /** DNIs of the file that are on no record (normalised, once each, in the file's order). */
  unknown_dnis: string[];
}

/**
 * Approves one circumstance until a date for every DNI of a spreadsheet (the census office's
 * list of registered residents, the social services' list): the first sheet, the column headed
 * DNI or NIE in its first rows, any case or accents, every other column ignored. The file goes
 * through the enrolment upload's checks and reader, so a bad file is refused with the same
 * words. All or nothing, in one transaction, audited.
 */
export function createCircumstanceImport(deps: {
  db: Database;
  repo: CircumstancesRepo;
  audit: AuditRepo;
  clock: Clock;
}) {
  const { db, repo, clock } = deps;
  return {
    async run(
      actor: Actor,
      circumstanceId: number,
      file: { path: string; name: string },
      validUntil: string,
    ): Promise<ImportResult> {
      const circumstance = await repo.find(circumstanceId);
      if (!circumstance) throw notFound();
      refuseByAge(circumstance);
      checkValidUntil(validUntil, madridDate(clock.now()));
      if (!/\.xlsx$/i.test(file.name.trim())) throw new DomainError('invalid', 'invalid_file_type');
      const sheets = openSheets(file.path);
      const dnis = await refuseNonZip(file.path)
        .then(() => checkZip(file.path, defaultZipLimits))
        .then((names) => refuseOtherPackages(names))
        .then(() => readDnis(sheets.rows()))
        .finally(() => sheets.close());

      return db.transaction(async () => {
        await db.lock(`circumstances:import:${circumstance.id}`);
        const now = clock.now();
        const today = madridDate(now);
        const known = await repo.enrolmentsByDni([...dnis]);
        const unknown = [...dnis].filter((dni) => !known.has(dni));
        const people = [...known.values()];
        const inForce = await repo.inForceOf(circumstance.id, people, today);
        const extend: number[] = [];
        const approve: NewCircumstanceRequest[] = [];
        for (const person of people) {
          const held = inForce.get(person);
          if (held) {
            if (held.valid_until < validUntil) extend.push(held.id);
            continue;
          }
          approve.push({
            enrolment_id: person,
            circumstance_id: circumstance.id,
            user_id: null,
            source: 'import',
            status: 'approved',
            valid_until: validUntil,
            reason_code: null,
            reason: null,
            locale: 'es',
            decided_by: actor.id,
            created_at: now.toISOString(),
            decided_at: now.toISOString(),
            updated_at: now.toISOString(),
          });
        }
        await repo.insertRequests(approve);
        await repo.extend(extend, validUntil, now.toISOString());
        const result = { approved: approve.length, extended: extend.length, unknown_dnis: unknown };
        await recordAdminWrite(
          deps.audit,
          actor,
          'circumstance.import',
          'circumstance',
          circumstance.id,
          {
            file: file.name,
            valid_until: validUntil,
            rows: dnis.size,
            approved: result.approved,
            extended: result.extended,
            unknown: unknown.length,
          },
        );
        return result;
      });
    },
  };
}

/**
 * The DNIs of the first sheet's DNI column: normalised (upper case, no spaces, dashes or dots),
 * each once. A value that is not a DNI is on no record either, and is listed back with the
 * unknown ones.
 */
async function readDnis(rows: AsyncIterable<SheetRow>): Promise<Set<string>> {
  const dnis = new Set<string>();
  let column: { index: number; header: string } | null = null;
  let sheets = 0;
  let headerRows = 0;
  let dataRows = 0;
  try {
    for await (const row of rows) {
      if (row.sheet !== undefined) {
        if (++sheets > 1) break; // the first sheet only
        continue;
      }
      const cells = row.cells.map((cell) => cellText(cell));
      if (cells.every((cell) => cell === '')) continue;
      if (column === null) {
        if (++headerRows > HEADER_SEARCH_ROWS) break;
        const dni = matchHeaders(cells.map((cell) => cell || null)).columns.get('dni');
        if (dni) column = { index: dni.column - 1, header: dni.header };
        continue;
      }
      if (++dataRows > MAX_IMPORT_ROWS)
        throw new DomainError('invalid', 'too_many_rows', { params: { max: MAX_IMPORT_ROWS } });
      const dni = normaliseDni((cells[column.index] ?? '').replace(/\./g, ''));
      if (dni !== '') dnis.add(dni);
    }
  } catch (err) {
    if (err instanceof DomainError) throw err;
    // anything the zip or XML reader chokes on
    throw new DomainError('invalid', 'invalid_xlsx');
  }
  if (column === null) throw new DomainError('invalid', 'import_no_dni_column');
  if (dnis.size === 0)
    throw new DomainError('invalid', 'import_no_dnis', { params: { column: column.header } });
  return dnis;
}

export type CircumstanceImport = ReturnType<typeof createCircumstanceImport>;
