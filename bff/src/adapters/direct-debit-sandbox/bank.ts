import { XMLParser } from 'fast-xml-parser';

/**
 * The sandbox bank of direct debit: reads a remittance (pain.008) and writes the answer a bank
 * would, for development and the tests. Every debit of the documented test IBANs below comes back
 * with its reason code; every other debit is collected. The answer is a `camt.054.001.02`
 * (returns after settlement) or, as some banks send for both, a `pain.002.001.03`.
 */
export const SANDBOX_RETURN_IBANS: Readonly<Record<string, string>> = {
  AC04: 'ES8790000062050000000001',
  AC06: 'ES1790000062010000000002',
  AM04: 'ES9590000062040000000003',
  MD01: 'ES4990000062090000000004',
  MD06: 'ES0690000062030000000005',
  MD07: 'ES5790000062080000000006',
  MS02: 'ES1490000062020000000007',
  MS03: 'ES6590000062070000000008',
};
const REASON_OF_IBAN = new Map(
  Object.entries(SANDBOX_RETURN_IBANS).map(([code, iban]) => [iban, code]),
);

interface Debit {
  paymentInfoId: string;
  endToEndId: string;
  amount: string;
  iban: string;
}

const parser = new XMLParser({
  ignoreAttributes: true,
  removeNSPrefix: true,
  parseTagValue: false,
  isArray: (name) => name === 'PmtInf' || name === 'DrctDbtTxInf',
});

function debitsOf(pain008: string): { messageId: string; creditorIban: string; debits: Debit[] } {
  type Tx = { PmtId: { EndToEndId: string }; InstdAmt: string; DbtrAcct: { Id: { IBAN: string } } };
  type Info = { PmtInfId: string; CdtrAcct: { Id: { IBAN: string } }; DrctDbtTxInf: Tx[] };
  const root = (
    parser.parse(pain008) as {
      Document: { CstmrDrctDbtInitn: { GrpHdr: { MsgId: string }; PmtInf: Info[] } };
    }
  ).Document.CstmrDrctDbtInitn;
  const debits = root.PmtInf.flatMap((info) =>
    info.DrctDbtTxInf.map((tx) => ({
      paymentInfoId: info.PmtInfId,
      endToEndId: tx.PmtId.EndToEndId,
      amount: tx.InstdAmt,
      iban: tx.DbtrAcct.Id.IBAN,
    })),
  );
  return {
    messageId: root.GrpHdr.MsgId,
    creditorIban: root.PmtInf[0]?.CdtrAcct.Id.IBAN ?? '',
    debits,
  };
}

const stamp = (at: Date) => at.toISOString().slice(0, 19);

/** The bank's answer to this remittance: its returns, as `format` writes them. */
export function sandboxBankAnswer(
  pain008: string,
  options: { format?: 'camt.054' | 'pain.002'; at?: Date; returnAll?: string } = {},
): string {
  const { messageId, creditorIban, debits } = debitsOf(pain008);
  const at = options.at ?? new Date();
  const returned = debits
    .map((debit) => ({ debit, code: options.returnAll ?? REASON_OF_IBAN.get(debit.iban) }))
    .filter((r): r is { debit: Debit; code: string } => r.code !== undefined);
  if (options.format === 'pain.002') {
    const blocks = [...new Set(returned.map((r) => r.debit.paymentInfoId))].map(
      (block) =>
        `<OrgnlPmtInfAndSts><OrgnlPmtInfId>${block}</OrgnlPmtInfId>${returned
          .filter((r) => r.debit.paymentInfoId === block)
          .map(
            (r) =>
              `<TxInfAndSts><OrgnlEndToEndId>${r.debit.endToEndId}</OrgnlEndToEndId><TxSts>RJCT</TxSts><StsRsnInf><Rsn><Cd>${r.code}</Cd></Rsn></StsRsnInf></TxInfAndSts>`,
          )
          .join('')}</OrgnlPmtInfAndSts>`,
    );
    return `<?xml version="1.0" encoding="UTF-8"?><Document xmlns="urn:iso:std:iso:20022:tech:xsd:pain.002.001.03"><CstmrPmtStsRpt><GrpHdr><MsgId>SBX-${messageId}</MsgId><CreDtTm>${stamp(at)}</CreDtTm></GrpHdr><OrgnlGrpInfAndSts><OrgnlMsgId>${messageId}</OrgnlMsgId><OrgnlMsgNmId>pain.008.001.08</OrgnlMsgNmId><OrgnlNbOfTxs>${debits.length}</OrgnlNbOfTxs><GrpSts>${returned.length === 0 ? 'ACCP' : 'PART'}</GrpSts></OrgnlGrpInfAndSts>${blocks.join('')}</CstmrPmtStsRpt></Document>`;
  }
  const entries = returned
    .map(
      (r) =>
        `<Ntry><Amt Ccy="EUR">${r.debit.amount}</Amt><CdtDbtInd>DBIT</CdtDbtInd><RvslInd>true</RvslInd><Sts>BOOK</Sts><BookgDt><Dt>${stamp(at).slice(0, 10)}</Dt></BookgDt><BkTxCd><Domn><Cd>PMNT</Cd><Fmly><Cd>RDDT</Cd><SubFmlyCd>UPDD</SubFmlyCd></Fmly></Domn></BkTxCd><NtryDtls><TxDtls><Refs><EndToEndId>${r.debit.endToEndId}</EndToEndId></Refs><RtrInf><Rsn><Cd>${r.code}</Cd></Rsn></RtrInf></TxDtls></NtryDtls></Ntry>`,
    )
    .join('');
  return `<?xml version="1.0" encoding="UTF-8"?><Document xmlns="urn:iso:std:iso:20022:tech:xsd:camt.054.001.02"><BkToCstmrDbtCdtNtfctn><GrpHdr><MsgId>SBX-${messageId}</MsgId><CreDtTm>${stamp(at)}</CreDtTm></GrpHdr><Ntfctn><Id>SBX-${messageId}-1</Id><CreDtTm>${stamp(at)}</CreDtTm><Acct><Id><IBAN>${creditorIban}</IBAN></Id></Acct>${entries}</Ntfctn></BkToCstmrDbtCdtNtfctn></Document>`;
}
