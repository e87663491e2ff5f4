import type { Deps } from '../deps.js';

/** First-start work on an empty database: the first admin and (outside production) demo data. */
export function bootstrap(_deps: Deps): void {
  // Filled in by the administration work (issue 4): admin account and demo catalogue.
}
