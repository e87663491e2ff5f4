import { createRequire } from 'node:module';
import PDFDocument from 'pdfkit';
import { formatEuros, formatMadridTime } from '../../i18n/format.js';
import { t, type Locale } from '../../i18n/index.js';

const require = createRequire(import.meta.url);
/** Noto Sans (Latin): every letter of Spanish and Galician, and €, embedded as a subset. */
const FONTS = {
  regular: require.resolve('@fontsource/noto-sans/files/noto-sans-latin-400-normal.woff'),
  bold: require.resolve('@fontsource/noto-sans/files/noto-sans-latin-700-normal.woff'),
};

export interface ReceiptData {
  council: { name: string; address: string; cif: string };
  person: { name: string; dni: string };
  /**
   * `lines`: how the amount came about, printed under it (receipt-lines.ts); `ruled`: charged
   * under fee rules (each item then says its own reduction).
   */
  items: { name: string; amountCents: number; lines: string[]; ruled: boolean }[];
  totalCents: number;
  refundedCents: number;
  reduction: boolean;
  order: string;
  authorisationCode: string | null;
  /** How it was paid: "Tarjeta" or "Bizum" on the receipt. */
  payMethod: 'card' | 'bizum' | 'direct_debit';
  paidAt: string;
  verificationCode: string;
  verifyUrl: string;
}

/**
 * The receipt of one payment as an A4 PDF with real, selectable text (PDFKit, embedded font; no
 * browser). Everything on it comes from the stored payment: the names and amounts as charged.
 */
export function renderReceipt(data: ReceiptData, locale: Locale): Promise<Buffer> {
  const doc = new PDFDocument({
    size: 'A4',
    margin: 56,
    info: {
      Title: `${t(locale, 'receipt_title')} ${data.order}`,
      Author: data.council.name,
      Subject: t(locale, 'receipt_title'),
    },
    lang: locale,
  });
  const chunks: Buffer[] = [];
  doc.on('data', (chunk: Buffer) => chunks.push(chunk));
  const done = new Promise<Buffer>((resolve, reject) => {
    doc.on('end', () => resolve(Buffer.concat(chunks)));
    doc.on('error', reject);
  });
  doc.registerFont('regular', FONTS.regular);
  doc.registerFont('bold', FONTS.bold);
  const euros = (cents: number) => formatEuros(cents, locale);
  const left = doc.page.margins.left;
  const width = doc.page.width - left - doc.page.margins.right;

  doc.font('bold').fontSize(13).text(data.council.name);
  doc.font('regular').fontSize(9.5).fillColor('#333333').text(data.council.address);
  if (data.council.cif) doc.text(`CIF ${data.council.cif}`);
  doc.moveDown(1.5).fillColor('#000000');
  doc.font('bold').fontSize(20).text(t(locale, 'receipt_title'));
  doc.moveDown(0.8);

  const field = (label: string, value: string) => {
    doc.font('regular').fontSize(9).fillColor('#555555').text(label);
    doc.font('bold').fontSize(11.5).fillColor('#000000').text(value);
    doc.moveDown(0.4);
  };
  field(t(locale, 'receipt_person'), data.person.name);
  field(t(locale, 'receipt_dni'), data.person.dni);
  field(t(locale, 'receipt_order'), data.order);
  field(t(locale, 'receipt_authorisation'), data.authorisationCode ?? '—');
  field(t(locale, 'receipt_pay_method'), t(locale, `payment_method_${data.payMethod}`));
  field(t(locale, 'receipt_paid_at'), formatMadridTime(data.paidAt, locale));
  doc.moveDown(0.6);

  const row = (name: string, amount: string, font: 'regular' | 'bold') => {
    const y = doc.y;
    doc
      .font(font)
      .fontSize(11)
      .text(name, left, y, { width: width - 110 });
    const after = doc.y;
    doc.text(amount, left + width - 110, y, { width: 110, align: 'right' });
    doc.y = Math.max(after, doc.y);
    doc.x = left;
  };
  const rule = () => {
    doc
      .moveTo(left, doc.y + 2)
      .lineTo(left + width, doc.y + 2)
      .strokeColor('#999999')
      .stroke();
    doc.moveDown(0.5);
  };
  row(t(locale, 'receipt_activity'), t(locale, 'receipt_amount'), 'bold');
  rule();
  for (const item of data.items) {
    row(item.name, euros(item.amountCents), 'regular');
    for (const line of item.lines)
      doc
        .font('regular')
        .fontSize(9)
        .fillColor('#444444')
        .text(line, left + 14, doc.y, { width: width - 124 });
    doc.fillColor('#000000');
    doc.x = left;
  }
  rule();
  row(t(locale, 'receipt_total'), euros(data.totalCents), 'bold');
  doc.moveDown(0.3);
  // with fee rules each item says its own reduction; the spec's yes or no is the simple mode's
  if (data.items.every((item) => !item.ruled))
    row(
      t(locale, 'receipt_reduction'),
      t(locale, data.reduction ? 'receipt_yes' : 'receipt_no'),
      'regular',
    );
  if (data.refundedCents > 0)
    row(t(locale, 'receipt_refunded'), euros(data.refundedCents), 'regular');
  doc.moveDown(1.5);

  doc.font('regular').fontSize(9).fillColor('#555555').text(t(locale, 'receipt_verification'));
  doc.font('bold').fontSize(16).fillColor('#000000').text(data.verificationCode);
  doc
    .font('regular')
    .fontSize(9)
    .fillColor('#333333')
    .text(t(locale, 'receipt_verify_at', { url: data.verifyUrl }));
  doc.moveDown(2);
  // the footer says how it was paid, as the pay-method field does
  doc
    .fontSize(8.5)
    .fillColor('#555555')
    .text(t(locale, data.payMethod === 'bizum' ? 'receipt_footer_bizum' : 'receipt_footer'));
  doc.end();
  return done;
}
