import type { CircumstanceRow, RequestWithNames } from '../../data/circumstances-repo.js';
import type { Locale } from '../../data/schema.js';
import { t } from '../../i18n/index.js';
import { fullName } from '../../lib/clean-name.js';
import { addMonths } from '../../lib/madrid-date.js';
import { invalid } from '../errors.js';

/** A request's state as residents and staff read it: an approval past its last day is expired. */
export type RequestStatus = 'pending' | 'approved' | 'refused' | 'expired' | 'withdrawn';

export type RefusalCode = 'unreadable' | 'expired' | 'not_entitled' | 'other_person' | 'incomplete';

export function statusOf(
  row: Pick<RequestWithNames, 'status' | 'valid_until'>,
  today: string,
): RequestStatus {
  if (row.status === 'approved' && row.valid_until !== null && row.valid_until < today)
    return 'expired';
  return row.status;
}

export const nameIn = (
  row: Pick<CircumstanceRow, 'name_es' | 'name_en' | 'name_gl'>,
  locale: Locale,
) => (locale === 'en' ? row.name_en : locale === 'gl' ? row.name_gl : row.name_es);

export const proofIn = (
  row: Pick<CircumstanceRow, 'proof_es' | 'proof_en' | 'proof_gl'>,
  locale: Locale,
) => (locale === 'en' ? row.proof_en : locale === 'gl' ? row.proof_gl : row.proof_es);

/**
 * Why a request was refused, in this language: the usual reason's text (with staff's own words
 * after it, when they wrote both), or staff's words as written.
 */
export function reasonIn(
  row: Pick<RequestWithNames, 'reason_code' | 'reason'>,
  locale: Locale,
): string | null {
  const usual = row.reason_code ? t(locale, `circumstance_reason_${row.reason_code}`) : null;
  if (usual && row.reason) return `${usual} ${row.reason}`;
  return usual ?? row.reason;
}

/**
 * The end date the circumstance's rule gives an approval from `today`: today plus its months;
 * null when staff take the date from the document.
 */
export const ruleValidUntil = (validityMonths: number | null, today: string): string | null =>
  validityMonths === null ? null : addMonths(today, validityMonths);

/**
 * How long an approval on a resident's own declaration lasts: the circumstance's months, or,
 * for one whose end date staff would take from a document (there is none), until the end of
 * the sports season, 31 August (this year's, or next year's from September on).
 */
export function declarationValidUntil(validityMonths: number | null, today: string): string {
  const byRule = ruleValidUntil(validityMonths, today);
  if (byRule !== null) return byRule;
  const year = Number(today.slice(0, 4));
  const thisSeasonEnds = `${year}-08-31`;
  return today <= thisSeasonEnds ? thisSeasonEnds : `${year + 1}-08-31`;
}

/** An end date staff enter must be today or later. */
export function checkValidUntil(validUntil: string, today: string): void {
  if (validUntil < today)
    throw invalid([
      { loc: ['body', 'valid_until'], msg: 'valid_until_past', type: 'valid_until_past' },
    ]);
}

/** A request as staff see it (AdminCircumstanceRequest), in the caller's language. */
export function staffView(row: RequestWithNames, locale: Locale, today: string) {
  const status = statusOf(row, today);
  return {
    id: row.id,
    person_activity_id: row.enrolment_id,
    person_name: fullName(row),
    dni: row.dni,
    circumstance_id: row.circumstance_id,
    circumstance_name: nameIn(row, locale),
    status,
    valid_until: row.status === 'refused' ? null : row.valid_until,
    suggested_valid_until: status === 'pending' ? ruleValidUntil(row.validity_months, today) : null,
    reason: reasonIn(row, locale),
    source: row.source,
    document_type: row.document_type,
    created_at: row.created_at,
    decided_at: row.decided_at,
  };
}

export type StaffRequestView = ReturnType<typeof staffView>;
