/**
 * 310: staff's history of circumstance requests (every state, oldest first) read in its order
 * from an index, as the queue (status pending) already is from circumstance_requests_queue:
 * with 20,000 approvals a page is a few rows read, not all of them sorted.
 */
export const sqlite = /* sql */ `
CREATE INDEX circumstance_requests_created ON circumstance_requests (created_at, id);
`;

export const postgres = /* sql */ `
CREATE INDEX circumstance_requests_created ON circumstance_requests (created_at, id);
`;
