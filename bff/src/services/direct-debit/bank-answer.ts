import { XMLParser, XMLValidator } from 'fast-xml-parser';

/** One return or reject the bank answered: the item's end-to-end id and its reason code. */
export interface BankReturn {
  endToEndId: string;
  reasonCode: string;
}

export type BankAnswer =
  | { ok: true; fileType: 'pain.002' | 'camt.054'; returns: BankReturn[] }
  | { ok: false; reason: string };

const parser = new XMLParser({
  ignoreAttributes: true,
  removeNSPrefix: true,
  parseTagValue: false,
  trimValues: true,
  processEntities: false,
  isArray: (name) =>
    [
      'OrgnlPmtInfAndSts',
      'TxInfAndSts',
      'StsRsnInf',
      'Ntfctn',
      'Ntry',
      'NtryDtls',
      'TxDtls',
    ].includes(name),
});

type Node = Record<string, unknown>;
const asNode = (value: unknown): Node =>
  value && typeof value === 'object' ? (value as Node) : {};
const list = (value: unknown): Node[] => (Array.isArray(value) ? value.map(asNode) : []);
const text = (value: unknown): string => (typeof value === 'string' ? value.trim() : '');

/** The message and version of a document's namespace, e.g. camt.054.001.02 → [camt.054, 1, 2]. */
function messageOf(xml: string): { message: string; version: number } | null {
  const match =
    /xmlns(?::\w+)?="urn:iso:std:iso:20022:tech:xsd:(pain\.002|camt\.054)\.001\.(\d{2})"/.exec(xml);
  return match ? { message: match[1]!, version: Number(match[2]) } : null;
}

/**
 * Reads the bank's answer to a remittance: a `pain.002` (001.03 or later: rejects, by
 * `OrgnlEndToEndId` and `StsRsnInf/Rsn/Cd`) or a `camt.054` (001.02 or later: returns, by
 * `Refs/EndToEndId` and `RtrInf/Rsn/Cd`). Anything else is refused with the reason. A pain.002
 * transaction accepted (no RJCT) is no return, nor is a camt.054 credit entry without `RtrInf`
 * (the booking of the collection itself, which banks often put in the same notification).
 */
export function readBankAnswer(xml: string): BankAnswer {
  if (XMLValidator.validate(xml) !== true) return { ok: false, reason: 'not_xml' };
  if (/<!DOCTYPE/i.test(xml)) return { ok: false, reason: 'not_xml' };
  const message = messageOf(xml);
  if (!message) return { ok: false, reason: 'not_bank_answer' };
  const minimum = message.message === 'pain.002' ? 3 : 2;
  if (message.version < minimum) return { ok: false, reason: 'old_version' };
  const document = asNode(asNode(parser.parse(xml)).Document);
  const returns: BankReturn[] = [];
  if (message.message === 'pain.002') {
    const report = asNode(document.CstmrPmtStsRpt);
    if (Object.keys(report).length === 0) return { ok: false, reason: 'not_bank_answer' };
    for (const block of list(report.OrgnlPmtInfAndSts))
      for (const tx of list(block.TxInfAndSts)) {
        if (text(tx.TxSts) && text(tx.TxSts) !== 'RJCT') continue;
        const endToEndId = text(tx.OrgnlEndToEndId);
        const reasonCode = text(asNode(asNode(list(tx.StsRsnInf)[0]).Rsn).Cd);
        if (!endToEndId || !reasonCode) return { ok: false, reason: 'missing_reason' };
        returns.push({ endToEndId, reasonCode });
      }
    return { ok: true, fileType: 'pain.002', returns };
  }
  const notification = asNode(document.BkToCstmrDbtCdtNtfctn);
  if (Object.keys(notification).length === 0) return { ok: false, reason: 'not_bank_answer' };
  for (const ntfctn of list(notification.Ntfctn))
    for (const entry of list(ntfctn.Ntry))
      for (const details of list(entry.NtryDtls))
        for (const tx of list(details.TxDtls)) {
          const endToEndId = text(asNode(tx.Refs).EndToEndId);
          const reasonCode = text(asNode(asNode(tx.RtrInf).Rsn).Cd);
          // the remittance's own credit (or any credit) in the same notification is no return
          if (!tx.RtrInf && text(entry.CdtDbtInd) === 'CRDT') continue;
          if (!endToEndId || !reasonCode) return { ok: false, reason: 'missing_reason' };
          returns.push({ endToEndId, reasonCode });
        }
  return { ok: true, fileType: 'camt.054', returns };
}
