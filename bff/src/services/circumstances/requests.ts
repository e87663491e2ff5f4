import type { AuditRepo } from '../../data/audit-repo.js';
import type { CircumstancesRepo, NewCircumstanceRequest } from '../../data/circumstances-repo.js';
import type { Database } from '../../data/database.js';
import { isUniqueViolation } from '../../data/engines.js';
import type { PersonsRepo } from '../../data/persons-repo.js';
import type { Locale } from '../../data/schema.js';
import { fullName } from '../../lib/clean-name.js';
import type { Clock } from '../../lib/clock.js';
import { documentTypeOf, namedAs, type DocumentType } from '../../lib/file-type.js';
import { contentProblem } from '../../lib/document-content.js';
import { ID_MAX } from '../../lib/ids.js';
import { madridDate } from '../../lib/madrid-date.js';
import {
  conflict,
  DomainError,
  invalid,
  notFound,
  tooManyRequests,
  type ValidationIssue,
} from '../errors.js';
import type { RateLimiter, RateRule } from '../rate-limiter.js';
import type { Actor, CallContext } from '../residents/context.js';
import { refuseByAge, refuseOutsideAges } from './ages.js';
import type { DocumentFile, DocumentVault } from './documents.js';
import { declarationValidUntil, nameIn, reasonIn, statusOf } from './views.js';

/** The largest proof a resident may send. */
export const MAX_DOCUMENT_MB = 5;
export const MAX_DOCUMENT_BYTES = MAX_DOCUMENT_MB * 1024 * 1024;
/** Documents one account may send in a day (refused ones count: each was read). */
export const DOCUMENTS_PER_DAY = 10;

/** A file as the route received it: its bytes, and what the browser said it is. */
export interface UploadedDocument {
  bytes: Buffer;
  name: string;
  mediaType: string | null;
}

const documentIssue = (type: string, msg = type): DomainError =>
  invalid([{ loc: ['body', 'document'], msg, type }]);

/**
 * What a resident's document really is: a PDF, JPEG or PNG by its content, whose name and
 * declared type do not say otherwise; a PDF that parses and runs nothing (422
 * `document_active_content`), an image of at most 40 megapixels (422 `image_too_large`).
 * Anything else changes nothing.
 */
export async function checkDocument(document: UploadedDocument): Promise<DocumentType> {
  if (document.bytes.length === 0) throw documentIssue('document_empty');
  if (document.bytes.length > MAX_DOCUMENT_BYTES)
    throw new DomainError('too_large', 'document_too_large', {
      params: { max: MAX_DOCUMENT_MB },
    });
  const type = documentTypeOf(document.bytes);
  if (type === null || !namedAs(type, document)) throw documentIssue('document_type');
  // beyond the first bytes: a PDF that parses, without active content; an image of sane size
  const problem = await contentProblem(type, document.bytes);
  if (problem) throw documentIssue(problem);
  return type;
}

/**
 * Residents ask for circumstances for the people they manage: with a proof staff review, or, for
 * a circumstance a declaration proves, approved at once until its validity ends (a document sent
 * with a declaration is not kept: nobody would look at it). One pending request per person and
 * circumstance, none while an approval is in force; a few documents a day per account.
 */
/**
 * A resident's request as stored: pending, or approved at once when it is a declaration (no
 * document to review). One person's request and each row of a household's are written alike.
 */
export function residentRequest(request: {
  enrolmentId: number;
  circumstanceId: number;
  userId: number;
  declared: boolean;
  validUntil: string | null;
  locale: Locale;
  now: Date;
}): NewCircumstanceRequest {
  const at = request.now.toISOString();
  return {
    enrolment_id: request.enrolmentId,
    circumstance_id: request.circumstanceId,
    user_id: request.userId,
    source: 'resident',
    status: request.declared ? 'approved' : 'pending',
    valid_until: request.validUntil,
    reason_code: null,
    reason: null,
    locale: request.locale,
    decided_by: null,
    created_at: at,
    decided_at: request.declared ? at : null,
    updated_at: at,
  };
}

export function createCircumstanceRequests(deps: {
  db: Database;
  repo: CircumstancesRepo;
  persons: Pick<PersonsRepo, 'findLinked'>;
  vault: DocumentVault;
  limiter: RateLimiter;
  audit: AuditRepo;
  clock: Clock;
}) {
  const { db, repo, vault, clock } = deps;
  const budget = (actor: Actor): RateRule => ({
    bucket: `circumstance-documents:${actor.id}`,
    limit: DOCUMENTS_PER_DAY,
    windowMs: 86_400_000,
  });

  async function linkedPerson(actor: Actor, personId: number) {
    const person = await deps.persons.findLinked(actor.id, personId);
    if (!person) throw notFound();
    return person;
  }

  return {
    async request(
      actor: Actor,
      personId: number,
      circumstanceId: number,
      document: UploadedDocument | null,
      call: CallContext,
    ): Promise<{ id: number; status: 'pending' | 'approved'; valid_until: string | null }> {
      const person = await linkedPerson(actor, personId);
      // a multipart field is text: an id past what the database holds names nothing
      const circumstance = circumstanceId <= ID_MAX ? await repo.find(circumstanceId) : undefined;
      if (!circumstance) {
        const issue: ValidationIssue = {
          loc: ['body', 'circumstance_id'],
          msg: 'circumstance_unknown',
          type: 'circumstance_unknown',
        };
        throw invalid([issue]);
      }
      refuseByAge(circumstance);
      const declared = circumstance.review === 'declaration';
      if (declared) refuseOutsideAges(circumstance, person, madridDate(clock.now()));
      let proof: { type: DocumentType; size: number; sealed: Buffer } | null = null;
      if (!declared) {
        if (!document) throw documentIssue('document_required');
        const taken = await deps.limiter.take([budget(actor)]);
        if (!taken.ok) throw tooManyRequests(taken.retryAfter);
        const type = await checkDocument(document);
        proof = { type, size: document.bytes.length, sealed: vault.seal(document.bytes) };
      }

      const now = clock.now();
      const today = madridDate(now);
      try {
        return await db.transaction(async () => {
          // one request of this person's at a time, whichever process receives it
          await db.lock(`circumstances:person:${person.id}`);
          if (await repo.pendingOf(person.id, circumstance.id)) throw conflict('request_pending');
          if (await repo.inForce(person.id, circumstance.id, today))
            throw conflict('already_approved');
          const validUntil = declared
            ? declarationValidUntil(circumstance.validity_months, today)
            : null;
          const id = await repo.insertRequest(
            residentRequest({
              enrolmentId: person.id,
              circumstanceId: circumstance.id,
              userId: actor.id,
              declared,
              validUntil,
              locale: call.locale,
              now,
            }),
          );
          if (proof) await vault.store(id, proof.type, proof.size, proof.sealed);
          await deps.audit.record({
            actorUserId: actor.id,
            actorDni: actor.dni,
            action: declared ? 'circumstance.declare' : 'circumstance.request',
            entity: 'circumstance_request',
            entityId: id,
            details: {
              enrolment_id: person.id,
              circumstance_id: circumstance.id,
              ...(proof ? { document_type: proof.type, size: proof.size } : {}),
              ...(validUntil ? { valid_until: validUntil } : {}),
            },
            ip: call.ip,
          });
          return { id, status: declared ? 'approved' : 'pending', valid_until: validUntil };
        });
      } catch (err) {
        // the one-pending index, should two requests ever pass the check together
        if (isUniqueViolation(err)) throw conflict('request_pending');
        throw err;
      }
    },

    /** GET /user/circumstances: the people this account manages, newest first. */
    async list(actor: Actor, locale: Locale) {
      const today = madridDate(clock.now());
      return (await repo.forAccount(actor.id)).map((row) => ({
        id: row.id,
        person_activity_id: row.enrolment_id,
        person_name: fullName(row),
        circumstance_id: row.circumstance_id,
        circumstance_name: nameIn(row, locale),
        status: statusOf(row, today),
        valid_until: row.status === 'refused' ? null : row.valid_until,
        reason: reasonIn(row, locale),
        created_at: row.created_at,
        decided_at: row.decided_at,
        // only the account that sent a document may download it
        has_document: row.document_type !== null && row.user_id === actor.id,
        household_id: row.household_id,
      }));
    },

    /** The document this account sent, while it is kept; anyone else's is not found. */
    async document(actor: Actor, requestId: number): Promise<DocumentFile> {
      const row = await repo.findRequest(requestId);
      if (row?.user_id !== actor.id) throw notFound();
      const file = await vault.read(requestId);
      if (!file) throw notFound();
      return file;
    },
  };
}

export type CircumstanceRequests = ReturnType<typeof createCircumstanceRequests>;
