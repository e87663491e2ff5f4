import SEPA from 'sepa';

/** The creditor as the council file gives it (council.ts `sepa`). */
export interface Creditor {
  creditorId: string;
  creditorName: string;
  iban: string;
  bic: string;
  address: {
    street?: string | undefined;
    postcode?: string | undefined;
    town: string;
    country: string;
  };
}

export interface Pain008Item {
  endToEndId: string;
  amountCents: number;
  sequenceType: 'FRST' | 'RCUR';
  mandateReference: string;
  mandateSignedOn: string;
  debtorName: string;
  debtorIban: string;
  remittanceInfo: string;
}

/**
 * Text in the SEPA basic Latin set (EPC217-08): accents dropped, ñ as n, anything else a space,
 * cut to `max` characters. Banks refuse the rest.
 */
export function sepaText(text: string, max: number): string {
  return text
    .normalize('NFD')
    .replace(/\p{M}/gu, '')
    .replace(/[^A-Za-z0-9/\-?:().,'+ ]/g, ' ')
    .replace(/\s+/g, ' ')
    .trim()
    .slice(0, max);
}

const escapeXml = (text: string) =>
  text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');

/** The creditor's structured address (PostalAddress24: StrtNm, PstCd, TwnNm, Ctry in that order). */
function structuredAddress(address: Creditor['address']): string {
  const part = (tag: string, value: string | undefined, max: number) =>
    value ? `<${tag}>${escapeXml(sepaText(value, max))}</${tag}>` : '';
  return `<PstlAdr>${part('StrtNm', address.street, 70)}${part('PstCd', address.postcode, 16)}${part('TwnNm', address.town, 35)}<Ctry>${address.country}</Ctry></PstlAdr>`;
}

const civilDate = (day: string) => new Date(`${day}T12:00:00`);

/**
 * The remittance as ISO 20022 pain.008.001.08 (SEPA Core), written by the `sepa` library: one
 * payment block per sequence type (FRST, then RCUR), amounts in cents turned to euros exactly,
 * the control sums the library counts checked against ours. The library writes postal addresses
 * only as free lines, which the EPC refuses from November 2026, so the creditor's address is
 * given to it not at all and written here structured (town and country at least).
 */
export function writePain008(input: {
  messageId: string;
  createdAt: Date;
  collectionDate: string;
  creditor: Creditor;
  items: Pain008Item[];
}): { xml: string; controlSumCents: number } {
  SEPA.enableValidations(true, true);
  const doc = new SEPA.Document('pain.008.001.08');
  doc.grpHdr.id = input.messageId;
  doc.grpHdr.created = input.createdAt;
  doc.grpHdr.initiatorName = sepaText(input.creditor.creditorName, 70);
  for (const sequenceType of ['FRST', 'RCUR'] as const) {
    const items = input.items.filter((item) => item.sequenceType === sequenceType);
    if (items.length === 0) continue;
    const info = doc.createPaymentInfo();
    info.collectionDate = civilDate(input.collectionDate);
    info.creditorIBAN = input.creditor.iban;
    info.creditorBIC = input.creditor.bic;
    info.creditorName = sepaText(input.creditor.creditorName, 70);
    info.creditorId = input.creditor.creditorId;
    info.sequenceType = sequenceType;
    info.localInstrumentation = 'CORE';
    info.batchBooking = true;
    doc.addPaymentInfo(info);
    for (const item of items) {
      const tx = info.createTransaction();
      tx.debtorName = sepaText(item.debtorName, 70);
      tx.debtorIBAN = item.debtorIban;
      tx.mandateId = item.mandateReference;
      tx.mandateSignatureDate = civilDate(item.mandateSignedOn);
      tx.amount = item.amountCents / 100;
      tx.end2endId = item.endToEndId;
      tx.remittanceInfo = sepaText(item.remittanceInfo, 140);
      info.addTransaction(tx);
    }
  }
  const controlSumCents = input.items.reduce((sum, item) => sum + item.amountCents, 0);
  const written = doc.toString();
  const expected = `<CtrlSum>${(controlSumCents / 100).toFixed(2)}</CtrlSum>`;
  if (!written.includes(expected)) throw new Error('pain.008 control sum differs from the items');
  const name = `<Cdtr><Nm>${escapeXml(sepaText(input.creditor.creditorName, 70))}</Nm>`;
  const xml = written.split(name).join(`${name}${structuredAddress(input.creditor.address)}`);
  return { xml, controlSumCents };
}
