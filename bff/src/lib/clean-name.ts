/** One spelling of a name: composed accents (NFC, as typed on most keyboards), single spaces. */
export const cleanName = (name: string) => name.normalize('NFC').trim().replace(/\s+/g, ' ');

/** A person's name as every view and the receipts write it: "first last". */
export const fullName = (person: { first_name: string; last_name: string }) =>
  `${person.first_name} ${person.last_name}`.trim();
