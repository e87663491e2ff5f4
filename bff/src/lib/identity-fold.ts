import unhomoglyph from 'unhomoglyph';
import { isMixedScript } from 'unicode-script';

/**
 * What a reader cannot tell apart, folded away: the one way the portal compares who a person
 * is (docs/security.md, *One identity key*). In order: compatibility forms made plain (NFKC:
 * fullwidth "Ｃ", mathematical bold "𝐂", circled "Ⓒ" are "C"), lower case, accents and other
 * marks dropped, then each character replaced by its prototype in Unicode's confusables data
 * (the UTS #39 skeleton: Cyrillic "а", Greek "ο", small capital "ᴄ", Latin alpha "ɑ", dotless
 * "ı" read as the Latin letters they look like), marks dropped again. Not for display: "m" and
 * "rn" fold alike on purpose.
 */
export function identityFold(text: string): string {
  const plain = withoutMarks(text.normalize('NFKC').toLowerCase());
  return withoutMarks(unhomoglyph(plain)).toLowerCase();
}

/** Folded, then only letters and digits: spacing and punctuation aside ("López-Pereira" → "lopezpereira"). */
export const identityLetters = (text: string): string =>
  identityFold(text).replace(/[^\p{L}\p{N}]/gu, '');

/**
 * A person's full name as identity compares it, the one key for who a person is (with the birth
 * date, who a person without a DNI is; docs/security.md): identityLetters of "first last", so
 * "Uxía López-Pereira", "Ｕｘíа López Pereira" and "Uxı́a López-Pereira" are one key. Stored as
 * `enrolments.identity_name_key` (data/search-keys.ts) and compared by staff's likely duplicates.
 */
export const identityNameKey = (person: { first_name: string; last_name: string }): string =>
  identityLetters(`${person.first_name}${person.last_name}`);

const withoutMarks = (text: string) => text.normalize('NFD').replace(/\p{M}/gu, '');

/**
 * A name field mixing scripts as no real name does (UTS #39 mixed-script detection: its
 * resolved script set is empty), such as Latin letters with a Cyrillic "а" or a Greek "ο" that
 * imitate a Latin name. A name wholly in one script ("Алексей", "Ξανθή"), and Latin with spaces,
 * hyphens, apostrophes or accents, is not mixed; nor are compatibility forms (fullwidth,
 * mathematical letters: identityFold folds them into the key).
 */
export const isMixedScriptName = (name: string): boolean => isMixedScript(name.normalize('NFKC'));
