import unhomoglyph from 'unhomoglyph';
import { isMixedScript, unicodeAugmentedScriptCodes } from 'unicode-script';

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
export function isMixedScriptName(name: string): boolean {
  const plain = name.normalize('NFKC');
  return !isLatinOnly(plain) && isMixedScript(plain);
}

/**
 * The characters below U+0370 (Latin, the common punctuation, digits and spaces, the combining
 * marks) whose augmented script set holds Latin, asked of the library once at start. A name of
 * only these resolves to a set that holds Latin, so it is not mixed: the library's answer, known
 * without asking it. It builds a set of every script for each space, digit or hyphen and
 * intersects them, about 30 µs a name: a 5,000-row import spent 0.3 s of the event loop on it,
 * against 0.04 s for the rest of its row checks (docs/performance.md, the import beside deadline
 * day). Any other character, or one of these that is not Latin's, goes to the library.
 */
const LATIN_CHECKED_BELOW = 0x370;
const latinCharacters = Uint8Array.from({ length: LATIN_CHECKED_BELOW }, (_, code) =>
  unicodeAugmentedScriptCodes(String.fromCharCode(code)).has('Latn') ? 1 : 0,
);

/** Whether every character of text is one of `latinCharacters`. */
export function isLatinOnly(text: string): boolean {
  for (let i = 0; i < text.length; i++) {
    const code = text.charCodeAt(i);
    if (code >= LATIN_CHECKED_BELOW || latinCharacters[code] === 0) return false;
  }
  return true;
}
