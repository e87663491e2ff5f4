import ExcelJS from 'exceljs';
import type { PaymentItemRow, PaymentRow } from '../../data/payments-repo.js';
import { t } from '../../i18n/index.js';
import { centsToEuros } from '../../lib/money.js';
import { breakdownLines } from '../fees/breakdown-lines.js';
import { readStoredBreakdown } from '../fees/stored-breakdown.js';
import { paidParts, partsShort } from './part-name.js';

/**
 * A cell a spreadsheet would run as a formula (= + - @, tab, CR or NUL first) gets a leading
 * apostrophe, so it is shown as text (OWASP CSV injection).
 */
export function escapeCell(value: string): string {
  return /^[=+\-@\t\r\0]/.test(value) ? `'${value}` : value;
}

const COLUMNS = [
  { header: 'ID', key: 'id', width: 8 },
  { header: 'Pedido', key: 'order', width: 16 },
  { header: 'Estado', key: 'status', width: 12 },
  { header: 'Importe (€)', key: 'amount', width: 12 },
  { header: 'Reducción', key: 'use_discount', width: 10 },
  { header: 'Persona', key: 'full_name', width: 30 },
  { header: 'DNI', key: 'dni', width: 12 },
  { header: 'Usuario', key: 'user_id', width: 9 },
  { header: 'Actividades', key: 'items', width: 50 },
  { header: 'Desglose', key: 'breakdown', width: 70 },
  { header: 'Creado (UTC)', key: 'created_at', width: 26 },
  { header: 'Actualizado (UTC)', key: 'updated_at', width: 26 },
  { header: 'Pagado (UTC)', key: 'paid_at', width: 26 },
  { header: 'Respuesta', key: 'response_code', width: 10 },
  { header: 'Autorización', key: 'authorisation_code', width: 12 },
  { header: 'Forma de pago', key: 'pay_method', width: 13 },
  { header: 'Método del banco', key: 'bank_pay_method', width: 10 },
  // added last: the columns before keep their positions for sheets that read them by place
  { header: 'Plazos', key: 'parts', width: 30 },
] as const;

/** The payments as an .xlsx file, one row per payment, newest first as given. */
export async function paymentsWorkbook(
  payments: PaymentRow[],
  items: Map<number, PaymentItemRow[]>,
): Promise<Buffer> {
  const workbook = new ExcelJS.Workbook();
  workbook.creator = 'Portal de actividades deportivas';
  const sheet = workbook.addWorksheet('Pagos');
  sheet.columns = COLUMNS.map((column) => ({ ...column }));
  sheet.getRow(1).font = { bold: true };
  const text = (value: string | null) => (value === null ? '' : escapeCell(value));
  for (const payment of payments) {
    const paid = items.get(payment.id) ?? [];
    // an item that paid a family difference says so, in Spanish like the rest of the sheet
    const nameOf = (item: PaymentItemRow) =>
      item.family_difference_id === null
        ? item.activity_name
        : t('es', 'receipt_family_difference_item', { activity: item.activity_name });
    const lines = paid.map(
      (item) => `${nameOf(item)} (${centsToEuros(item.amount_cents).toFixed(2)} €)`,
    );
    // each item's breakdown as charged (fee rules), in Spanish like the rest of the sheet
    const breakdowns = paid.flatMap((item) => {
      const stored = readStoredBreakdown(item.breakdown);
      return stored ? [`${item.activity_name}: ${breakdownLines(stored, 'es').join(', ')}`] : [];
    });
    // the parts each item of a fee in parts paid: "Natación: 1/2; Fútbol: 1–2/3"
    const parts = paid.flatMap((item) => {
      const paidOf = paidParts(item);
      return paidOf ? [`${item.activity_name}: ${partsShort(paidOf)}`] : [];
    });
    sheet.addRow({
      id: payment.id,
      order: text(payment.order_code),
      status: payment.status,
      amount: centsToEuros(payment.amount_cents),
      pay_method: t('es', `payment_method_${payment.pay_method}`),
      // Ds_ProcessedPayMethod as the bank gave it (68 Bizum), an unknown code too
      bank_pay_method: text(payment.bank_pay_method),
      use_discount: payment.use_discount === 1 ? 'sí' : 'no',
      full_name: text(payment.person_name),
      dni: text(payment.person_dni),
      user_id: payment.user_id ?? '',
      items: text(lines.join('; ')),
      breakdown: text(breakdowns.join('; ')),
      created_at: payment.created_at,
      updated_at: payment.updated_at,
      paid_at: payment.paid_at ?? '',
      response_code: text(payment.response_code),
      authorisation_code: text(payment.authorisation_code),
      parts: text(parts.join('; ')),
    });
  }
  sheet.getColumn('amount').numFmt = '#,##0.00';
  return Buffer.from(await workbook.xlsx.writeBuffer());
}
