/** One spelling of a name: composed accents (NFC, as typed on most keyboards), single spaces. */
export const cleanName = (name: string) => name.normalize('NFC').trim().replace(/\s+/g, ' ');
