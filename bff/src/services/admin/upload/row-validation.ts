import { isMixedScriptName } from '../../../lib/identity-fold.js';
import { hasInvisibleCharacters } from '../../../lib/invisible-characters.js';
import type { ValidationIssue } from '../../errors.js';
import { isValidDni, normaliseDni, normaliseEmail, normalisePhone } from '../../../lib/identity.js';
import { isCivilDate } from '../../../lib/madrid-date.js';
import { cleanName } from '../activities-service.js';
import { isEmail } from '../identity-checks.js';
import type { HeaderMatch, UploadField } from './header-matching.js';
import { eurosToCents, MAX_STAFF_EUROS } from '../../../lib/money.js';
import { fold } from '../../../lib/text-fold.js';

/** A cell Excel shows as an error, or a formula whose result the file never saved. */
export type CellProblem = { problem: 'formula_error'; text: string } | { problem: 'uncalculated' };

export type CellValue = string | number | boolean | Date | null | CellProblem;

const isProblem = (value: CellValue): value is CellProblem =>
  typeof value === 'object' && value !== null && !(value instanceof Date);

export interface ParsedRow {
  row: number;
  firstName: string;
  lastName: string;
  dni: string;
  email: string | null;
  phone: string;
  activity: string;
  priceCents: number;
  startDate: string | null;
  /** null when the column is absent or the cell empty: it never un-pays anything. */
  paid: boolean | null;
  /** 'YYYY-MM-DD'; null when the column is absent or the cell empty (the date on record stays). */
  birthDate: string | null;
}

const MAX_LENGTH: Partial<Record<UploadField, number>> = {
  first_name: 80,
  last_name: 120,
  activity: 120,
  email: 254,
};
const MAX_PRICE_CENTS = MAX_STAFF_EUROS * 100;
const DAY_MS = 86_400_000;
const EXCEL_EPOCH_MS = Date.UTC(1899, 11, 30);

/** What the cell shows, as text: composed Unicode (NFC), so "Natación" is one spelling. */
export function cellText(value: CellValue): string {
  if (value === null || isProblem(value)) return '';
  if (value instanceof Date)
    return Number.isNaN(value.getTime()) ? '' : value.toISOString().slice(0, 10);
  return String(value).normalize('NFC').trim();
}

export function parsePriceCents(value: CellValue): number | null {
  if (typeof value === 'number') {
    if (!Number.isFinite(value) || value < 0) return null;
    const cents = eurosToCents(value);
    return cents <= MAX_PRICE_CENTS ? cents : null;
  }
  if (typeof value !== 'string') return null;
  const text = value.replace(/€|eur/gi, '').replace(/[\s\u00a0\u202f]/g, '');
  // "41,15", "41.15", "1.234,50", "1234.5"; thousands only where the decimal mark says which is
  // which ("1.234,50"; "1 234,50" is already "1234,50"): a bare "1.234" stays refused
  const grouped = /^(\d{1,3}(?:\.\d{3})+),(\d{1,2})$/.exec(text);
  const match = grouped
    ? [text, grouped[1]?.replace(/\./g, ''), grouped[2]]
    : /^(\d{1,6})(?:[.,](\d{1,2}))?$/.exec(text);
  if (!match) return null;
  const cents = Number(match[1]) * 100 + Number((match[2] ?? '0').padEnd(2, '0'));
  return cents <= MAX_PRICE_CENTS ? cents : null;
}

/** A real Excel date cell, an Excel serial number, 'YYYY-MM-DD' or 'DD/MM/YYYY'. */
export function parseDate(value: CellValue): string | null {
  if (value instanceof Date) {
    if (Number.isNaN(value.getTime())) return null;
    const text = value.toISOString().slice(0, 10);
    return isCivilDate(text) && text >= '1901-01-01' && text <= '2199-12-31' ? text : null;
  }
  if (typeof value === 'number') {
    if (!Number.isInteger(value) || value < 1 || value > 109_574) return null; // 1900 to 2199
    return new Date(EXCEL_EPOCH_MS + value * DAY_MS).toISOString().slice(0, 10);
  }
  if (typeof value !== 'string') return null;
  const text = value.trim();
  if (/^\d{4}-\d{2}-\d{2}$/.test(text)) return isCivilDate(text) ? text : null;
  const dmy = /^(\d{1,2})[/.-](\d{1,2})[/.-](\d{4})$/.exec(text);
  if (!dmy) return null;
  const iso = `${dmy[3]}-${dmy[2]?.padStart(2, '0')}-${dmy[1]?.padStart(2, '0')}`;
  return isCivilDate(iso) ? iso : null;
}

const YES = new Set(['si', 'yes', 'y', 's', 'x', '1', 'true', 'verdadero', 'pagado', 'paid']);
const NO = new Set(['', 'no', 'non', 'n', '0', 'false', 'falso']);

export function parsePaid(value: CellValue): boolean | null | 'invalid' {
  if (value === null) return null;
  if (typeof value === 'boolean') return value;
  if (typeof value === 'number') return value === 1 ? true : value === 0 ? false : 'invalid';
  const text = cellText(value).normalize('NFD').replace(/\p{M}/gu, '').toLowerCase();
  if (text === '') return null;
  if (YES.has(text)) return true;
  if (NO.has(text)) return false;
  return 'invalid';
}

/** Checks one data row on its own; cross-row and catalogue checks come later. */
export function parseRow(
  rowNumber: number,
  cells: ReadonlyArray<CellValue>,
  headers: HeaderMatch['columns'],
  /** Today in Europe/Madrid: no one is born after it. */
  today: string,
): { parsed: ParsedRow | null; issues: ValidationIssue[] } {
  const issues: ValidationIssue[] = [];
  const at = (field: UploadField) => headers.get(field);
  const problem = (field: UploadField, msg: string, params?: Record<string, string | number>) =>
    issues.push({ loc: [rowNumber, at(field)?.header ?? field], msg, type: msg, params });
  // a formula's error or missing result is said once, in its own words, not as a missing value
  const unreadable = new Set<UploadField>();
  const raw = (field: UploadField): CellValue => {
    const column = at(field)?.column;
    const value = column === undefined ? null : (cells[column - 1] ?? null);
    if (!isProblem(value)) return value;
    if (!unreadable.has(field)) {
      unreadable.add(field);
      if (value.problem === 'uncalculated') problem(field, 'upload_formula_not_calculated');
      else problem(field, 'upload_formula_error', { error: value.text });
    }
    return null;
  };
  const text = (field: UploadField, required: boolean): string => {
    const value = cellText(raw(field));
    if (required && value === '' && !unreadable.has(field)) problem(field, 'upload_required_cell');
    const max = MAX_LENGTH[field];
    if (max !== undefined && value.length > max) problem(field, 'upload_text_too_long', { max });
    return value;
  };

  const firstName = cleanName(text('first_name', true));
  const lastName = cleanName(text('last_name', true));
  const activity = cleanName(text('activity', true));
  for (const [field, value] of [
    ['first_name', firstName],
    ['last_name', lastName],
    ['activity', activity],
  ] as const) {
    if (hasInvisibleCharacters(value)) problem(field, 'invisible_characters');
    else if (field !== 'activity' && isMixedScriptName(value)) problem(field, 'mixed_script_name');
  }

  const dniText = text('dni', true);
  const dni = normaliseDni(dniText);
  if (dniText !== '' && !isValidDni(dni)) problem('dni', 'invalid_dni');

  const phoneText = text('phone', true);
  const phone = normalisePhone(phoneText);
  if (phoneText !== '' && phone === null) problem('phone', 'invalid_phone');

  const email = normaliseEmail(text('email', false));
  if (email !== null && !isEmail(email)) problem('email', 'invalid_email');

  const priceRaw = raw('price');
  let priceCents: number | null = null;
  if (cellText(priceRaw) === '') {
    if (!unreadable.has('price')) problem('price', 'upload_required_cell');
  } else {
    priceCents = parsePriceCents(priceRaw);
    if (priceCents === null) problem('price', 'invalid_price');
  }

  const dateRaw = raw('start_date');
  let startDate: string | null = null;
  if (cellText(dateRaw) !== '') {
    startDate = parseDate(dateRaw);
    if (startDate === null) problem('start_date', 'upload_invalid_date');
  }

  const paid = parsePaid(raw('paid'));
  if (paid === 'invalid') problem('paid', 'upload_invalid_paid');

  // the birth date sets the person's age band on activities priced by age (docs/fees.md)
  const birthRaw = raw('birth_date');
  let birthDate: string | null = null;
  if (cellText(birthRaw) !== '') {
    birthDate = parseDate(birthRaw);
    if (birthDate === null) problem('birth_date', 'upload_invalid_date');
    else if (birthDate > today) problem('birth_date', 'upload_birth_date_future');
  }

  if (issues.length > 0 || priceCents === null || phone === null || paid === 'invalid')
    return { parsed: null, issues };
  return {
    parsed: {
      row: rowNumber,
      firstName,
      lastName,
      dni,
      email,
      phone,
      activity,
      priceCents,
      startDate,
      paid,
      birthDate,
    },
    issues,
  };
}

/** Activities match as the search finds them: any case, with or without accents. */
export const activityKey = (name: string, startDate: string | null) =>
  `${fold(name)}|${startDate ?? ''}`;

interface PersonSeen {
  row: number;
  firstName: string;
  lastName: string;
  phone: string;
  email: string | null;
  birthDate: string | null;
}

export interface ActivitySeen {
  row: number;
  name: string;
  priceCents: number;
  startDate: string | null;
}

/**
 * Everything the file says, merged across rows: one entry per person (by DNI) and per activity
 * (by name and start date), and which activities each person has. Contradictions between rows
 * become issues.
 */
export class UploadPlan {
  readonly people = new Map<string, PersonSeen>();
  readonly activities = new Map<string, ActivitySeen>();
  /** dni → activity key → paid (true when any row says so). */
  readonly links = new Map<string, Map<string, boolean>>();
  rows = 0;

  add(
    row: ParsedRow,
    headers: HeaderMatch['columns'],
    report: (issue: ValidationIssue) => void,
  ): void {
    this.rows++;
    const header = (field: UploadField) => headers.get(field)?.header ?? field;
    const person = this.people.get(row.dni);
    if (!person) {
      this.people.set(row.dni, {
        row: row.row,
        firstName: row.firstName,
        lastName: row.lastName,
        phone: row.phone,
        email: row.email,
        birthDate: row.birthDate,
      });
    } else {
      const differs = (a: string | null, b: string | null) =>
        a !== null && b !== null && a.toLocaleLowerCase('es') !== b.toLocaleLowerCase('es');
      const checks: [UploadField, string | null, string | null][] = [
        ['first_name', person.firstName, row.firstName],
        ['last_name', person.lastName, row.lastName],
        ['phone', person.phone, row.phone],
        ['email', person.email, row.email],
        ['birth_date', person.birthDate, row.birthDate],
      ];
      for (const [field, before, now] of checks) {
        if (differs(before, now)) {
          report({
            loc: [row.row, header(field)],
            msg: 'upload_conflicting_person',
            type: 'conflicting_person',
            params: { row: person.row },
          });
        }
      }
      if (person.email === null && row.email !== null) person.email = row.email;
      if (person.birthDate === null && row.birthDate !== null) person.birthDate = row.birthDate;
    }

    const key = activityKey(row.activity, row.startDate);
    const activity = this.activities.get(key);
    if (!activity) {
      this.activities.set(key, {
        row: row.row,
        name: row.activity,
        priceCents: row.priceCents,
        startDate: row.startDate,
      });
    } else if (activity.priceCents !== row.priceCents) {
      report({
        loc: [row.row, header('price')],
        msg: 'upload_conflicting_price',
        type: 'conflicting_price',
        params: { row: activity.row },
      });
    }

    let personLinks = this.links.get(row.dni);
    if (!personLinks) {
      personLinks = new Map();
      this.links.set(row.dni, personLinks);
    }
    personLinks.set(key, (personLinks.get(key) ?? false) || row.paid === true);
  }
}
