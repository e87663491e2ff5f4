/**
 * Characters nobody sees, refused in every text the portal stores: Unicode's controls (Cc: NUL,
 * BEL, ESC, DEL, …) and formats (Cf: right-to-left override, isolates, zero-width space and
 * joiner, soft hyphen, …), the other default-ignorable code points (the Hangul fillers U+115F,
 * U+1160, U+3164, U+FFA0, the grapheme joiner, variation selectors, tags), the Braille blank,
 * line and paragraph separators, lone surrogates and noncharacters. They make two names that look
 * the same differ, reorder what a clerk reads, or carry terminal escapes into logs and exports.
 */
const INVISIBLE =
  /[\p{Cc}\p{Cf}\p{Cs}\p{Default_Ignorable_Code_Point}\p{Noncharacter_Code_Point}\u2028\u2029\u2800]/u;

/** Text of nothing but combining marks (accents with no letter under them) and spaces. */
const ONLY_MARKS = /^[\p{M}\s]+$/u;

/** An emoji's own presentation selector (❤️ is U+2764 U+FE0F): part of a visible symbol. */
const EMOJI_PRESENTATION = /(\p{Extended_Pictographic})\uFE0F/gu;

/** Line breaks a multi-line text (an activity's description) keeps: \n and \r\n. */
const LINE_BREAK = /\r?\n/g;

export function hasInvisibleCharacters(text: string, options: { multiline?: boolean } = {}) {
  const visible = options.multiline ? text.replace(LINE_BREAK, ' ') : text;
  return (
    INVISIBLE.test(visible.replace(EMOJI_PRESENTATION, '$1')) ||
    (text.trim() !== '' && ONLY_MARKS.test(text))
  );
}
