import { createRequire } from 'node:module';
import PDFDocument from 'pdfkit';
import { formatMadridTime } from '../../i18n/format.js';
import { t, type Locale } from '../../i18n/index.js';
import type { Creditor } from './pain008.js';

const require = createRequire(import.meta.url);
/** The receipts' font (services/payments/receipt-pdf.ts): Noto Sans, embedded as a subset. */
const FONTS = {
  regular: require.resolve('@fontsource/noto-sans/files/noto-sans-latin-400-normal.woff'),
  bold: require.resolve('@fontsource/noto-sans/files/noto-sans-latin-700-normal.woff'),
};

export interface MandateDocument {
  reference: string;
  creditor: Pick<Creditor, 'creditorId' | 'creditorName' | 'address'>;
  holderName: string;
  holderDni: string;
  /** The IBAN as signed, or masked once erased (14 months after the last debit). */
  iban: string;
  signedAt: string;
  signedIp: string | null;
  status: 'active' | 'cancelled' | 'suspended' | 'lapsed';
  statusAt: string | null;
}

/**
 * A signed SEPA Core mandate as an A4 PDF in the resident's language (PDFKit, like the
 * receipts): the rulebook's text of the authorisation and refund rights, the creditor (name,
 * identifier, address), the debtor, the kind of payment, and when and how it was signed.
 */
export function renderMandate(data: MandateDocument, locale: Locale): Promise<Buffer> {
  const doc = new PDFDocument({
    size: 'A4',
    margin: 56,
    info: {
      Title: `${t(locale, 'mandate_pdf_title')} ${data.reference}`,
      Author: data.creditor.creditorName,
      Subject: t(locale, 'mandate_pdf_title'),
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
  const address = data.creditor.address;
  const addressLine = [address.street, [address.postcode, address.town].filter(Boolean).join(' ')]
    .filter(Boolean)
    .join(', ');

  doc.font('bold').fontSize(18).text(t(locale, 'mandate_pdf_title'));
  doc.moveDown(0.8);
  const field = (label: string, value: string) => {
    doc.font('regular').fontSize(9).fillColor('#555555').text(label);
    doc.font('bold').fontSize(11).fillColor('#000000').text(value);
    doc.moveDown(0.35);
  };
  const heading = (text: string) => {
    doc.moveDown(0.4);
    doc.font('bold').fontSize(13).fillColor('#000000').text(text);
    doc.moveDown(0.3);
  };
  field(t(locale, 'mandate_pdf_reference'), data.reference);
  heading(t(locale, 'mandate_pdf_creditor'));
  field(t(locale, 'mandate_pdf_name'), data.creditor.creditorName);
  field(t(locale, 'mandate_pdf_creditor_id'), data.creditor.creditorId);
  field(t(locale, 'mandate_pdf_address'), `${addressLine} (${address.country})`);
  heading(t(locale, 'mandate_pdf_debtor'));
  field(t(locale, 'mandate_pdf_name'), data.holderName);
  field(t(locale, 'mandate_pdf_dni'), data.holderDni);
  field(t(locale, 'mandate_pdf_iban'), data.iban);
  field(t(locale, 'mandate_pdf_type'), t(locale, 'mandate_pdf_type_recurrent'));
  heading(t(locale, 'mandate_pdf_signature'));
  field(t(locale, 'mandate_pdf_signed_at'), formatMadridTime(data.signedAt, locale));
  field(
    t(locale, 'mandate_pdf_signed_how'),
    t(locale, data.signedIp ? 'mandate_pdf_signed_how_ip' : 'mandate_pdf_signed_how_value', {
      ip: data.signedIp ?? '',
    }),
  );
  if (data.status !== 'active' && data.statusAt)
    field(
      t(locale, 'mandate_pdf_status'),
      t(locale, `mandate_pdf_status_${data.status}`, {
        date: formatMadridTime(data.statusAt, locale),
      }),
    );
  doc.moveDown(0.6);
  doc
    .font('regular')
    .fontSize(10)
    .fillColor('#000000')
    .text(t(locale, 'mandate_pdf_legal', { creditor: data.creditor.creditorName }), {
      align: 'justify',
    });
  doc.end();
  return done;
}
