import { identityFold, identityLetters, identityNameKey } from './identity-fold.js';

/** Why two names look like one person's (staff's duplicates list says which). */
export type Likeness = 'same_name' | 'one_letter_apart' | 'surnames_swapped';

interface Named {
  first_name: string;
  last_name: string;
}

/**
 * Whether two strings are at most one edit apart: one letter added, missing or changed, or two
 * neighbouring letters swapped (optimal string alignment distance ≤ 1), in one pass.
 */
export function withinOneEdit(a: string, b: string): boolean {
  if (Math.abs(a.length - b.length) > 1) return false;
  let i = 0;
  while (i < a.length && i < b.length && a[i] === b[i]) i++;
  if (i === a.length && i === b.length) return true;
  const restA = a.slice(i + 1);
  const restB = b.slice(i + 1);
  if (a.length === b.length) {
    const swapped = a[i] === b[i + 1] && a[i + 1] === b[i] && a.slice(i + 2) === b.slice(i + 2);
    return restA === restB || swapped;
  }
  return a.length > b.length ? restA === b.slice(i) : a.slice(i) === restB;
}

/** A surname field's words, folded to letters as the identity key folds ("López Pereira" → ["lopez", "pereira"]). */
const surnames = (lastName: string) =>
  identityFold(lastName)
    .split(/[\s-]+/)
    .map(identityLetters)
    .filter((word) => word !== '');

/**
 * How two persons' names resemble each other, or null: the same identity key
 * (data/search-keys.ts identityNameKey: accents, case, spacing and look-alike letters aside), the same first name with the surnames in the other order ("López Pereira" and
 * "Pereira López"), or one letter apart. What staff check before a draw; the birth date is
 * compared by the caller.
 */
export function nameLikeness(a: Named, b: Named): Likeness | null {
  const keyA = identityNameKey(a);
  const keyB = identityNameKey(b);
  if (keyA === keyB) return 'same_name';
  if (identityLetters(a.first_name) === identityLetters(b.first_name)) {
    const wordsA = surnames(a.last_name);
    const wordsB = surnames(b.last_name);
    if (wordsA.length > 1 && [...wordsA].sort().join(' ') === [...wordsB].sort().join(' '))
      return 'surnames_swapped';
  }
  return withinOneEdit(keyA, keyB) ? 'one_letter_apart' : null;
}
