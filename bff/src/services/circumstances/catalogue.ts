import type { AuditRepo } from '../../data/audit-repo.js';
import type {
  CircumstanceFields,
  CircumstanceRow,
  CircumstancesRepo,
} from '../../data/circumstances-repo.js';
import type { Database } from '../../data/database.js';
import { isForeignKeyViolation, isUniqueViolation } from '../../data/engines.js';
import type { Locale } from '../../data/schema.js';
import type { Clock } from '../../lib/clock.js';
import { madridDate } from '../../lib/madrid-date.js';
import { sortFold } from '../../lib/text-fold.js';
import { changedFields, recordAdminWrite, type Actor } from '../admin/audit-trail.js';
import { conflict, invalid, notFound, type ValidationIssue } from '../errors.js';
import { nameIn, proofIn } from './views.js';

type Texts = Record<Locale, string>;

/** What staff write (CircumstanceWrite). */
export interface CircumstanceInput {
  name: Texts;
  validity_months: number | null;
  review: 'staff' | 'declaration' | 'age';
  /** Ages it is for (a reduction by age needs min_age); null or left out: any age. */
  min_age?: number | null;
  max_age?: number | null;
  /** Left out (or empty) for a reduction by age: nobody proves an age. */
  proof?: Texts;
  /** Asked per person (the default) or once for several of an account's people. */
  scope?: 'person' | 'household' | undefined;
}

const LOCALES: readonly Locale[] = ['es', 'en', 'gl'];

/** A text as kept: composed accents, no surrounding or doubled spaces. */
const clean = (text: string) =>
  text
    .normalize('NFC')
    .trim()
    .replace(/[ \t]+/g, ' ');

/** Names compared as the council reads them: case and accent forms aside. */
const sameName = (a: string, b: string) =>
  a.normalize('NFC').toLocaleLowerCase('es') === b.normalize('NFC').toLocaleLowerCase('es');

const AGE_LIMIT = 130;
const isAge = (value: number) => Number.isInteger(value) && value >= 0 && value <= AGE_LIMIT;

/** A circumstance's ages: a reduction by age needs min_age; staff's reviews take none. */
function checkedAges(input: CircumstanceInput, issues: ValidationIssue[]) {
  const min = input.min_age ?? null;
  const max = input.max_age ?? null;
  const issue = (field: 'min_age' | 'max_age', msg: string) =>
    issues.push({ loc: ['body', field], msg, type: `circumstance_${field}` });
  if (input.review === 'staff' && (min !== null || max !== null))
    issue(min !== null ? 'min_age' : 'max_age', 'circumstance_ages_staff');
  if (min !== null && !isAge(min)) issue('min_age', 'circumstance_min_age');
  if (min === null && input.review === 'age') issue('min_age', 'circumstance_min_age_required');
  if (max !== null && (!isAge(max) || (min !== null && max < min)))
    issue('max_age', 'circumstance_max_age');
  return { min_age: min, max_age: max };
}

function checked(input: CircumstanceInput): CircumstanceFields {
  const issues: ValidationIssue[] = [];
  const byAge = input.review === 'age';
  const texts = (field: 'name' | 'proof') =>
    Object.fromEntries(
      LOCALES.map((locale) => {
        const text = clean(input[field]?.[locale] ?? '');
        // nobody proves an age: a reduction by age keeps no proof text
        if (field === 'proof' && byAge) return [locale, ''];
        if (text === '')
          issues.push({ loc: ['body', field, locale], msg: 'field_required', type: 'missing' });
        return [locale, text];
      }),
    ) as Texts;
  const name = texts('name');
  const proof = texts('proof');
  const ages = checkedAges(input, issues);
  // an age applies by itself to each person: nobody asks for it, for a household least of all
  if (byAge && input.scope === 'household')
    issues.push({
      loc: ['body', 'scope'],
      msg: 'circumstance_age_household',
      type: 'circumstance_age_household',
    });
  if (issues.length > 0) throw invalid(issues);
  return {
    ...ages,
    name_es: name.es,
    name_en: name.en,
    name_gl: name.gl,
    proof_es: proof.es,
    proof_en: proof.en,
    proof_gl: proof.gl,
    // an age is never approved: nothing lasts
    validity_months: byAge ? null : input.validity_months,
    review: input.review,
    scope: input.scope ?? 'person',
  };
}

const texts = (row: CircumstanceFields) => ({
  name: { es: row.name_es, en: row.name_en, gl: row.name_gl },
  proof: { es: row.proof_es, en: row.proof_en, gl: row.proof_gl },
  validity_months: row.validity_months,
  review: row.review,
  min_age: row.min_age,
  max_age: row.max_age,
  scope: row.scope,
});

/** The council's list of circumstances: the public view, and staff's list and edits (audited). */
export function createCircumstanceCatalogue(deps: {
  db: Database;
  repo: CircumstancesRepo;
  audit: AuditRepo;
  clock: Clock;
}) {
  const { db, repo, audit, clock } = deps;
  const today = () => madridDate(clock.now());

  async function adminView(row: CircumstanceRow) {
    const counts = (await repo.counts(today())).get(row.id);
    return {
      id: row.id,
      ...texts(row),
      approved: counts?.approved ?? 0,
      pending: counts?.pending ?? 0,
    };
  }

  /** Inside the write's transaction: no other circumstance has this Spanish name in any case. */
  async function refuseTakenName(nameEs: string, id: number | null) {
    const all = await repo.list();
    if (all.some((row) => row.id !== id && sameName(row.name_es, nameEs)))
      throw conflict('circumstance_exists');
  }

  const withUniqueName = async <T>(fn: () => Promise<T>): Promise<T> => {
    try {
      return await db.transaction(async () => {
        // one edit of the list at a time, so two clerks cannot add the same name together
        await db.lock('circumstances');
        return fn();
      });
    } catch (err) {
      if (isUniqueViolation(err)) throw conflict('circumstance_exists');
      throw err;
    }
  };

  return {
    /** GET /circumstances: each in the caller's language, by its name there. */
    async publicList(locale: Locale) {
      const rows = (await repo.list()).map((row) => ({
        id: row.id,
        name: nameIn(row, locale),
        proof: proofIn(row, locale),
        validity_months: row.validity_months,
        review: row.review,
        min_age: row.min_age,
        max_age: row.max_age,
        scope: row.scope,
      }));
      return rows.sort((a, b) => compare(a.name, b.name) || a.id - b.id);
    },

    /** Staff's list, by Spanish name, with approvals in force today and requests waiting. */
    async adminList() {
      const [rows, counts] = await Promise.all([repo.list(), repo.counts(today())]);
      return rows
        .sort((a, b) => compare(a.name_es, b.name_es) || a.id - b.id)
        .map((row) => ({
          id: row.id,
          ...texts(row),
          approved: counts.get(row.id)?.approved ?? 0,
          pending: counts.get(row.id)?.pending ?? 0,
        }));
    },

    async create(actor: Actor, input: CircumstanceInput) {
      const fields = checked(input);
      return withUniqueName(async () => {
        await refuseTakenName(fields.name_es, null);
        const id = await repo.insert(fields, clock.now().toISOString());
        await recordAdminWrite(audit, actor, 'circumstance.create', 'circumstance', id, {
          after: texts(fields),
        });
        return adminView((await repo.find(id)) as CircumstanceRow);
      });
    },

    /** Approvals already given keep their dates. */
    async update(actor: Actor, id: number, input: CircumstanceInput) {
      const fields = checked(input);
      return withUniqueName(async () => {
        const before = await repo.find(id);
        if (!before) throw notFound();
        await refuseTakenName(fields.name_es, id);
        await repo.update(id, fields, clock.now().toISOString());
        await recordAdminWrite(
          audit,
          actor,
          'circumstance.update',
          'circumstance',
          id,
          changedFields(texts(before), texts(fields)),
        );
        return adminView((await repo.find(id)) as CircumstanceRow);
      });
    },

    /** Refused while any request or approval refers to it; its reduction rules go with it. */
    async remove(actor: Actor, id: number): Promise<void> {
      try {
        await db.transaction(async () => {
          await db.lock('circumstances');
          const row = await repo.find(id);
          if (!row) throw notFound();
          if (await repo.inUse(id)) throw conflict('circumstance_in_use');
          await repo.delete(id);
          await recordAdminWrite(audit, actor, 'circumstance.delete', 'circumstance', id, {
            before: texts(row),
          });
        });
      } catch (err) {
        // a request made while the delete ran: the foreign key keeps the circumstance
        if (isForeignKeyViolation(err)) throw conflict('circumstance_in_use');
        throw err;
      }
    },
  };
}

/** Names in the order Spanish and Galician readers expect ("ñ" after "n"). */
function compare(a: string, b: string): number {
  const x = sortFold(a);
  const y = sortFold(b);
  return x < y ? -1 : x > y ? 1 : 0;
}

export type CircumstanceCatalogue = ReturnType<typeof createCircumstanceCatalogue>;
