/**
 * The largest id the database holds: PostgreSQL's `integer`, 2^31 − 1 (the contract's `Id`
 * says the same; test/id-bounds.test.ts checks both). An id past it names nothing.
 */
export const ID_MAX = 2_147_483_647;
