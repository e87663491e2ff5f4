/**
 * Lower case without accents or other marks: "Núñez" → "nunez". Searches compare folded text on
 * both sides, so they ignore case and accents the same way on SQLite and PostgreSQL.
 */
export function fold(text: string): string {
  return text.normalize('NFD').replace(/\p{M}/gu, '').toLowerCase();
}

/** LIKE pattern for "contains", with the user's own % _ and \ escaped (use with ESCAPE '\'). */
export function containsPattern(text: string): string {
  return `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
}
