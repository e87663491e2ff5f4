/**
 * 360: an activity's description, schedule and venue in each language. `texts` is JSON,
 * `{"es": {"description": …, "schedule": …, "venue": …}, "en": {…}, "gl": {…}}`, a language or a
 * text left out when staff gave none; the old columns keep the text staff wrote first, which a
 * page in a language without its own text shows.
 */
export const sqlite = /* sql */ `
ALTER TABLE activities ADD COLUMN texts TEXT NOT NULL DEFAULT '{}';
`;

export const postgres = /* sql */ `
ALTER TABLE activities ADD COLUMN texts text COLLATE "C" NOT NULL DEFAULT '{}';
`;
