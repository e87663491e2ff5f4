import type { CircumstancesRepo } from '../../data/circumstances-repo.js';
import type { Clock } from '../../lib/clock.js';
import { EXTENSION_OF, type DocumentType } from '../../lib/file-type.js';
import type { SecretBox } from '../../lib/secret-box.js';

/** A proof as it is served: decrypted, with its type and the name its download takes. */
export interface DocumentFile {
  bytes: Buffer;
  type: DocumentType;
  fileName: string;
}

const DAY_MS = 86_400_000;

/**
 * Residents' proofs at rest: encrypted under a key of their own (a copy of the database alone
 * shows none of them), kept while the request waits and then DOCUMENT_RETENTION_DAYS after its
 * decision, when the housekeeping job deletes them (GDPR data minimisation).
 */
export function createDocumentVault(deps: {
  repo: CircumstancesRepo;
  box: SecretBox;
  clock: Clock;
  retentionDays: number;
}) {
  const { repo, box, clock } = deps;
  return {
    retentionDays: deps.retentionDays,

    /** Sealed outside any transaction (CPU work); the row is written by `store`. */
    seal: (bytes: Buffer) => box.sealBytes(bytes),

    store: (requestId: number, type: DocumentType, size: number, sealed: Buffer) =>
      repo.insertDocument({
        request_id: requestId,
        content_type: type,
        size,
        sealed,
        delete_after: null,
      }),

    async read(requestId: number): Promise<DocumentFile | null> {
      const row = await repo.findDocument(requestId);
      if (!row) return null;
      return {
        bytes: box.openBytes(row.sealed),
        type: row.content_type,
        fileName: `documento-${requestId}.${EXTENSION_OF[row.content_type]}`,
      };
    },

    /** A decision starts the document's countdown. */
    scheduleDeletion: (requestId: number, decidedAt: Date) =>
      repo.scheduleDeletion(
        requestId,
        new Date(decidedAt.getTime() + deps.retentionDays * DAY_MS).toISOString(),
      ),

    /** The housekeeping job's part: documents past their time. Answers how many went. */
    prune: () => repo.pruneDocuments(clock.now().toISOString()),
  };
}

export type DocumentVault = ReturnType<typeof createDocumentVault>;
