/** When the legal texts and the accessibility statement were last prepared or reviewed. */
export const LAST_REVIEWED = '2026-11-27';
