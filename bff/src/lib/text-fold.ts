/**
 * Lower case without accents or other marks: "Núñez" → "nunez". Searches compare folded text on
 * both sides, so they ignore case and accents the same way on SQLite and PostgreSQL.
 */
export function fold(text: string): string {
  return text.normalize('NFD').replace(/\p{M}/gu, '').toLowerCase();
}

/**
 * Folded for sorting names as Spanish and Galician readers expect: like `fold`, but "ñ" stays a
 * letter of its own after "n" (written "n~": "~" sorts after every letter), so "Peña" comes
 * after "Penas" and before "Peralta", and "Muñoz" after "Muntaner".
 */
export function sortFold(text: string): string {
  return fold(text.normalize('NFC').replace(/[ñÑ]/g, 'n~'));
}

/** LIKE pattern for "contains", with the user's own % _ and \ escaped (use with ESCAPE '\'). */
export function containsPattern(text: string): string {
  return `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
}
