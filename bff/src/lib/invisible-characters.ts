/**
 * Unicode's control (Cc: NUL, ESC, …) and format (Cf: right-to-left override, zero-width space,
 * soft hyphen, …) characters: invisible in a name, they make two names that look the same differ,
 * reorder what a clerk reads, or carry terminal escapes into logs and exports.
 */
const INVISIBLE = /[\p{Cc}\p{Cf}]/u;

export const hasInvisibleCharacters = (text: string): boolean => INVISIBLE.test(text);
