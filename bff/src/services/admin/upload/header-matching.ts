/** The columns of the upload and the header spellings accepted for each, in es, en and gl. */
export const uploadFields = [
  'first_name',
  'last_name',
  'dni',
  'email',
  'phone',
  'activity',
  'price',
  'start_date',
  'paid',
  'birth_date',
] as const;
export type UploadField = (typeof uploadFields)[number];

export const requiredFields: readonly UploadField[] = [
  'first_name',
  'last_name',
  'dni',
  'phone',
  'activity',
  'price',
];

/** The Spanish header of each column: the template's, and the name used in error messages. */
export const spanishHeaders: Record<UploadField, string> = {
  first_name: 'Nombre',
  last_name: 'Apellidos',
  dni: 'DNI',
  email: 'Correo electrónico',
  phone: 'Teléfono',
  activity: 'Actividad',
  price: 'Precio',
  start_date: 'Fecha de inicio',
  paid: 'Pagado',
  birth_date: 'Fecha de nacimiento',
};

const synonyms: Record<UploadField, string[]> = {
  first_name: ['nombre', 'first name', 'firstname', 'given name', 'nome'],
  last_name: [
    'apellidos',
    'apellido',
    'last name',
    'lastname',
    'surname',
    'surnames',
    'apelidos',
    'apelido',
  ],
  dni: ['dni', 'nie', 'dni/nie', 'dni nie', 'nif', 'dni/nif', 'nif/nie', 'documento', 'id number'],
  email: [
    'email',
    'e-mail',
    'e mail',
    'correo',
    'correo electronico',
    'correo-e',
    'mail',
    'enderezo electronico',
  ],
  phone: [
    'telefono',
    'phone',
    'movil',
    'mobile',
    'mobil',
    'telephone',
    'phone number',
    'telefono movil',
    'telefono mobil',
    'mobile phone',
    'tlf',
    'tfno',
    'telf',
  ],
  activity: ['actividad', 'activity', 'actividade', 'curso', 'course'],
  price: ['precio', 'price', 'prezo', 'importe', 'cuota', 'cota', 'fee', 'amount'],
  start_date: [
    'fecha de inicio',
    'fecha inicio',
    'start date',
    'data de inicio',
    'data inicio',
    'inicio',
    'start',
    'fecha comienzo',
    'comienzo',
  ],
  paid: ['pagado', 'paid', 'pagada', 'pagado?', 'abonado'],
  birth_date: [
    'fecha de nacimiento',
    'fecha nacimiento',
    'nacimiento',
    'birth date',
    'date of birth',
    'birthdate',
    'data de nacemento',
    'data nacemento',
    'nacemento',
  ],
};

/**
 * Lower case, no accents, single spaces, no surrounding punctuation, no units or number signs:
 * "  Teléfono: " → "telefono", "Precio (€)" → "precio", "Nº DNI" → "dni".
 */
export function normaliseHeader(text: string): string {
  return (
    text
      .normalize('NFKD')
      .replace(/\p{M}/gu, '')
      .toLowerCase()
      .replace(/\((?:€|eur|euros?|dd\/mm\/a{2,4}|aaaa-mm-dd|si\/no|s\/n)\)/g, ' ')
      .replace(/[€?¿]/g, ' ')
      // "Nº DNI" (º is "o" once decomposed), "N.º DNI", "Núm. DNI", "Número de teléfono"
      .replace(/^\s*(?:n\.?\s?[o°]\.?|num\.?|numero)\s+(?:de\s+)?/, '')
      .replace(/[_\s]+/g, ' ')
      .replace(/\s*\/\s*/g, '/')
      .replace(/^[\s.:*()-]+|[\s.:*()-]+$/g, '')
      .trim()
  );
}

const lookup = new Map<string, UploadField>();
for (const field of uploadFields) {
  for (const name of synonyms[field]) lookup.set(normaliseHeader(name), field);
}

export interface HeaderMatch {
  /** Column number (1-based, as in the sheet) and header text as written, per known field. */
  columns: Map<UploadField, { column: number; header: string }>;
  missing: UploadField[];
  duplicates: { field: UploadField; header: string }[];
}

export function matchHeaders(cells: ReadonlyArray<string | null>): HeaderMatch {
  const columns: HeaderMatch['columns'] = new Map();
  const duplicates: HeaderMatch['duplicates'] = [];
  cells.forEach((cell, index) => {
    if (!cell) return;
    const field = lookup.get(normaliseHeader(cell));
    if (!field) return;
    if (columns.has(field)) duplicates.push({ field, header: cell.trim() });
    else columns.set(field, { column: index + 1, header: cell.trim() });
  });
  const missing = requiredFields.filter((field) => !columns.has(field));
  return { columns, missing, duplicates };
}
