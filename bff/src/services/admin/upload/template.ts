import ExcelJS from 'exceljs';
import { spanishHeaders, uploadFields } from './header-matching.js';

export const templateFileName = 'plantilla-inscripciones.xlsx';

/** The template's example row: shown to explain the columns, never imported (see below). */
const EXAMPLE = {
  first_name: 'María',
  last_name: 'López García',
  dni: '12345678Z',
  email: 'maria.lopez@example.es',
  phone: '612345678',
  activity: 'Natación infantil',
  price: 60,
  start_date: new Date(Date.UTC(2026, 9, 1)),
  paid: 'no',
  birth_date: new Date(Date.UTC(2015, 4, 9)),
};

/**
 * Whether a row is the template's example left in the file: its DNI and its e-mail at a domain
 * reserved for examples, which no resident has. The import skips it and says so.
 */
export function isTemplateExample(row: { dni: string; email: string | null }) {
  return row.dni === EXAMPLE.dni && row.email === EXAMPLE.email;
}

/** The upload template: the Spanish headers and one example row (docs/upload-format.md). */
export async function buildTemplate(): Promise<Buffer> {
  const workbook = new ExcelJS.Workbook();
  workbook.creator = 'Portal de actividades deportivas';
  const sheet = workbook.addWorksheet('Inscripciones');
  sheet.columns = uploadFields.map((field) => ({
    header: spanishHeaders[field],
    key: field,
    width: field === 'email' ? 30 : field === 'activity' ? 26 : field === 'birth_date' ? 20 : 16,
  }));
  sheet.getRow(1).font = { bold: true };
  const example = sheet.addRow(EXAMPLE);
  example.font = { italic: true, color: { argb: 'FF595959' } };
  example.getCell('first_name').note =
    'Ejemplo: esta fila no se importa. Bórrala o escribe encima.';
  sheet.getColumn('start_date').numFmt = 'dd/mm/yyyy';
  sheet.getColumn('birth_date').numFmt = 'dd/mm/yyyy';
  sheet.getColumn('price').numFmt = '#,##0.00 "€"';
  // DNI and phone as text, so Excel keeps leading zeros
  sheet.getColumn('dni').numFmt = '@';
  sheet.getColumn('phone').numFmt = '@';
  sheet.views = [{ state: 'frozen', ySplit: 1 }];
  return Buffer.from(await workbook.xlsx.writeBuffer());
}
