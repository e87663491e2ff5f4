/**
 * 190: when a resident last turned reminders on (ms since the epoch), so that an unsubscribe
 * link issued before that does nothing: the resident's newer choice wins over an old e-mail.
 */
export const sqlite = /* sql */ `
ALTER TABLE users ADD COLUMN reminders_on_at INTEGER;
`;

export const postgres = /* sql */ `
ALTER TABLE users ADD COLUMN reminders_on_at bigint;
`;
