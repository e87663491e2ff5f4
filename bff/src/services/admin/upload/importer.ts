import type { ActivityRow } from '../../../data/activities-repo.js';
import { createActivitiesRepo } from '../../../data/activities-repo.js';
import type { AuditRepo } from '../../../data/audit-repo.js';
import { createBulkEnrolmentsRepo } from '../../../data/bulk-enrolments-repo.js';
import type { Database } from '../../../data/database.js';
import { createEnrolmentsRepo } from '../../../data/enrolments-repo.js';
import { DomainError, invalid, type ValidationIssue } from '../../errors.js';
import type { Clock } from '../../../lib/clock.js';
import { madridDate } from '../../../lib/madrid-date.js';
import { recordAdminWrite, type Actor } from '../audit-trail.js';
import { landlineWarning } from '../identity-checks.js';
import { refuseNonZip, refuseOtherPackages } from './file-kind.js';
import { spanishHeaders, type HeaderMatch } from './header-matching.js';
import { HeaderLocator } from './header-row.js';
import {
  activityKey,
  cellText,
  parseRow,
  UploadPlan,
  type ActivitySeen,
} from './row-validation.js';
import { openSheets } from './sheet-reader.js';
import { isTemplateExample } from './template.js';
import type { SheetRow } from './xlsx-reader.js';
import { checkZip, defaultZipLimits, type ZipLimits } from './zip-guard.js';

export interface UploadResult {
  added: number;
  updated: number;
  activities_created: number;
  rows: number;
  /** The sheet (tab name) and the row of its headers that were read. */
  sheet: string;
  header_row: number;
  /**
   * What was saved but deserves a look, the first 50: people whose phone cannot receive SMS
   * (see landlineWarning), once each; the template's example row, left in and not imported.
   */
  warnings: ValidationIssue[];
  /** How many people of the file have such a phone (all of them, not only those listed). */
  landline_people: number;
}

/** Landline warnings listed in the answer; the rest are counted. */
const MAX_WARNINGS = 50;

export interface ImportOptions {
  maxRows: number;
  /** Errors listed before the rest are only counted. */
  maxIssues: number;
  zip: ZipLimits;
}

export const defaultImportOptions: ImportOptions = {
  maxRows: 200_000,
  maxIssues: 200,
  zip: defaultZipLimits,
};

const rowsRejected = (issues: ValidationIssue[]) => invalid(issues, 'invalid_rows');

export interface ImportDeps {
  db: Database;
  audit: AuditRepo;
  clock: Clock;
}

/**
 * Imports an enrolment sheet: everything is checked first and any bad row rejects the whole file;
 * then one transaction creates missing activities and people, fills in changed personal data and
 * adds activities. It never deletes and never un-pays.
 */
export async function importEnrolments(
  deps: ImportDeps,
  file: { path: string; name: string },
  actor: Actor,
  options: ImportOptions = defaultImportOptions,
): Promise<UploadResult> {
  if (!/\.xlsx$/i.test(file.name.trim())) throw new DomainError('invalid', 'invalid_file_type');
  // the reader thread starts while the file is checked, and reads only after
  const sheets = openSheets(file.path);
  const read = await refuseNonZip(file.path)
    .then(() => checkZip(file.path, options.zip))
    .then((names) => refuseOtherPackages(names))
    .then(() => readPlan(sheets.rows(), options, madridDate(deps.clock.now())))
    .finally(() => sheets.close());
  const { plan, headers, warnings, landlinePeople } = read;
  // one import at a time, whichever process receives it
  const counts = await deps.db.transaction(async () => {
    await deps.db.lock('import');
    return apply(deps, plan, headers, file.name, actor);
  });
  return {
    ...counts,
    // every data row read, the template's example among them
    rows: read.dataRows,
    sheet: read.sheet,
    header_row: read.headerRow,
    warnings,
    landline_people: landlinePeople,
  };
}

async function readPlan(rows: AsyncIterable<SheetRow>, options: ImportOptions, today: string) {
  const plan = new UploadPlan();
  const issues: ValidationIssue[] = [];
  let hidden = 0;
  const report = (issue: ValidationIssue) => {
    if (issues.length < options.maxIssues) issues.push(issue);
    else hidden++;
  };
  const locate = new HeaderLocator();
  let dataRows = 0;
  const landlines = new Set<string>();
  const examples: number[] = [];
  const warnings: ValidationIssue[] = [];
  const warn = (warning: ValidationIssue) => {
    if (warnings.length < MAX_WARNINGS) warnings.push(warning);
  };
  try {
    for await (const row of rows) {
      if (row.sheet !== undefined) {
        if (locate.found) break; // the sheet with the data has ended
        locate.startSheet(row.sheet);
        continue;
      }
      const { number, cells } = row;
      if (cells.every((cell) => cellText(cell) === '')) continue;
      const headers = locate.headers;
      if (headers === null) {
        const problems = locate.offer(row);
        if (problems) throw rowsRejected(problems);
        continue;
      }
      dataRows++;
      if (dataRows > options.maxRows) {
        throw new DomainError('invalid', 'too_many_rows', { params: { max: options.maxRows } });
      }
      const { parsed, issues: rowIssues } = parseRow(number, cells, headers, today);
      rowIssues.forEach(report);
      if (!parsed) continue;
      if (isTemplateExample(parsed)) {
        // the template's example row, left in: never imported, and the clerk is told
        warn({ loc: [number], msg: 'upload_template_example', type: 'template_example' });
        examples.push(number);
        continue;
      }
      plan.add(parsed, headers, report);
      const header = headers.get('phone')?.header ?? spanishHeaders.phone;
      const landline = landlineWarning(parsed.phone, [number, header]);
      if (landline && !landlines.has(parsed.dni)) {
        landlines.add(parsed.dni);
        warn(landline);
      }
    }
  } catch (err) {
    if (err instanceof DomainError) throw err;
    // anything the XML/zip reader chokes on
    throw new DomainError('invalid', 'invalid_xlsx');
  }
  const headers = locate.headers;
  if (headers === null) {
    const failure = locate.failure();
    if (failure) throw rowsRejected(failure);
    throw new DomainError('invalid', 'upload_no_rows');
  }
  if (dataRows === 0) throw new DomainError('invalid', 'upload_no_rows');
  if (examples.length === dataRows) {
    throw rowsRejected(
      examples.map((row) => ({
        loc: [row],
        msg: 'upload_template_example',
        type: 'template_example',
      })),
    );
  }
  if (hidden > 0)
    issues.push({
      loc: [],
      msg: 'upload_more_errors',
      type: 'more_errors',
      params: { count: hidden },
    });
  if (issues.length > 0) throw rowsRejected(issues);
  return {
    plan,
    headers,
    sheet: locate.sheet,
    headerRow: locate.row,
    dataRows,
    warnings,
    landlinePeople: landlines.size,
  };
}

async function apply(
  deps: ImportDeps,
  plan: UploadPlan,
  headers: HeaderMatch['columns'],
  fileName: string,
  actor: Actor,
): Promise<Omit<UploadResult, 'warnings' | 'landline_people' | 'sheet' | 'header_row'>> {
  const activities = createActivitiesRepo(deps.db);
  const enrolments = createEnrolmentsRepo(deps.db);
  const bulk = createBulkEnrolmentsRepo(deps.db);
  const priceHeader = headers.get('price')?.header ?? spanishHeaders.price;

  // catalogue checks first: a failure here still changes nothing
  const catalogue = await activities.list();
  const byKey = new Map<string, ActivityRow>();
  const byName = new Map<string, ActivityRow[]>();
  for (const row of catalogue) {
    byKey.set(activityKey(row.name, row.start_date), row);
    const sameName = byName.get(activityKey(row.name, null)) ?? [];
    sameName.push(row);
    byName.set(activityKey(row.name, null), sameName);
  }
  const resolved = new Map<string, ActivityRow | null>();
  const issues: ValidationIssue[] = [];
  const toCreate: [string, ActivitySeen][] = [];
  for (const [key, seen] of plan.activities) {
    let existing = byKey.get(key);
    // a row without a start date names the catalogue's only activity of that name, whatever its date
    if (!existing && seen.startDate === null) {
      const sameName = byName.get(key);
      if (sameName?.length === 1) existing = sameName[0];
    }
    if (existing) {
      if (existing.price_cents !== seen.priceCents) {
        issues.push({
          loc: [seen.row, priceHeader],
          msg: 'upload_price_mismatch',
          type: 'price_mismatch',
          params: { name: existing.name, price: (existing.price_cents / 100).toFixed(2) },
        });
      }
      resolved.set(key, existing);
    } else {
      toCreate.push([key, seen]);
    }
  }
  if (issues.length > 0) throw rowsRejected(issues);

  const activityIds = new Map<string, { id: number; priceCents: number }>();
  for (const [key, row] of resolved)
    if (row) activityIds.set(key, { id: row.id, priceCents: row.price_cents });
  for (const [key, seen] of toCreate) {
    const id = await activities.insert({
      name: seen.name,
      price_cents: seen.priceCents,
      start_date: seen.startDate,
    });
    activityIds.set(key, { id, priceCents: seen.priceCents });
  }

  const existing = await bulk.findByDnis([...plan.people.keys()]);
  const enrolmentIds = new Map<string, number>();
  const changed = new Set<number>();
  const newPeople = [];
  const birthDates: { id: number; birth_date: string }[] = [];
  for (const [dni, person] of plan.people) {
    const before = existing.get(dni);
    if (!before) {
      newPeople.push({
        first_name: person.firstName,
        last_name: person.lastName,
        dni,
        email: person.email,
        phone: person.phone,
        birth_date: person.birthDate,
      });
      continue;
    }
    enrolmentIds.set(dni, before.id);
    const next = {
      first_name: person.firstName,
      last_name: person.lastName,
      dni,
      // an empty e-mail cell keeps the e-mail on record: the import never deletes
      email: person.email ?? before.email,
      phone: person.phone,
    };
    if (
      next.first_name !== before.first_name ||
      next.last_name !== before.last_name ||
      next.email !== before.email ||
      next.phone !== before.phone
    ) {
      await enrolments.update(before.id, next);
      changed.add(before.id);
    }
    // an empty birth-date cell keeps the date on record, as with the e-mail
    if (person.birthDate !== null && person.birthDate !== before.birth_date)
      birthDates.push({ id: before.id, birth_date: person.birthDate });
  }
  for (const { id } of await bulk.setBirthDates(birthDates)) changed.add(id);
  for (const [dni, id] of await bulk.insertMany(newPeople)) enrolmentIds.set(dni, id);

  const links: { enrolment_id: number; activity_id: number }[] = [];
  const paidByActivity = new Map<number, { priceCents: number; enrolmentIds: number[] }>();
  for (const [dni, activityLinks] of plan.links) {
    const enrolmentId = enrolmentIds.get(dni);
    if (enrolmentId === undefined) throw new Error('unresolved person');
    for (const [key, paid] of activityLinks) {
      const activity = activityIds.get(key);
      if (!activity) throw new Error('unresolved activity');
      links.push({ enrolment_id: enrolmentId, activity_id: activity.id });
      if (!paid) continue;
      const group = paidByActivity.get(activity.id) ?? {
        priceCents: activity.priceCents,
        enrolmentIds: [],
      };
      group.enrolmentIds.push(enrolmentId);
      paidByActivity.set(activity.id, group);
    }
  }
  for (const id of await bulk.addLinks(links)) changed.add(id);
  const paidAt = deps.clock.now().toISOString();
  for (const [activityId, group] of paidByActivity) {
    const marked = await bulk.markPaid(activityId, group.enrolmentIds, paidAt, group.priceCents);
    for (const id of marked) changed.add(id);
  }
  const updated = [...existing.values()].filter((row) => changed.has(row.id)).length;

  const result = {
    added: newPeople.length,
    updated,
    activities_created: toCreate.length,
    rows: plan.rows,
  };
  await recordAdminWrite(deps.audit, actor, 'upload.import', 'upload', null, {
    file: fileName,
    ...result,
  });
  return result;
}

/** The import as the composition root wires it: the file and who uploads it. */
export function createEnrolmentImport(deps: ImportDeps) {
  return {
    run: (file: { path: string; name: string }, actor: Actor) =>
      importEnrolments(deps, file, actor),
  };
}
