import council from './council.json';

/**
 * The council's details in one place (council.json), so another council can adopt the portal by
 * editing that file only.
 */
export type Council = typeof council;
export { council };
