/** One spelling of a name: composed accents (NFC, as typed on most keyboards), single spaces. */
export const cleanName = (name: string) => name.normalize('NFC').trim().replace(/\s+/g, ' ');

/** A person's name as every view and the receipts write it: "first last". */
export const fullName = (person: { first_name: string; last_name: string }) =>
  `${person.first_name} ${person.last_name}`.trim();

/** A free text (a catalogue text, a claim, a reply): trimmed, composed; empty is none. */
export const cleanText = (text: unknown): string | null => {
  const value = typeof text === 'string' ? text.normalize('NFC').trim() : '';
  return value === '' ? null : value;
};
