/**
 * 570: a remittance's items by person and activity. Every checkout asks, for each person it
 * pays for, whether the bank holds any of the chosen fees (remittances-repo.ts
 * `feesWithTheBank`: 409 `part_in_remittance`); remittance_items had indexes by remittance,
 * debit and mandate only, so each such read scanned every item ever sent to the bank, a table
 * that grows by one row per fee or part each collection (docs/performance.md, "Fees under the
 * council's rules").
 */
const index = /* sql */ `
CREATE INDEX remittance_items_person ON remittance_items (enrolment_id, activity_id);
`;

export const sqlite = index;
export const postgres = index;
