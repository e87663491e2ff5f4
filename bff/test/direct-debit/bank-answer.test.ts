import { describe, expect, it } from 'vitest';
import { readBankAnswer } from '../../src/services/direct-debit/bank-answer.js';

const camt = (entries: string, version = '02') =>
  `<?xml version="1.0" encoding="UTF-8"?>
<Document xmlns="urn:iso:std:iso:20022:tech:xsd:camt.054.001.${version}">
  <BkToCstmrDbtCdtNtfctn>
    <GrpHdr><MsgId>N-1</MsgId><CreDtTm>2026-10-20T08:00:00</CreDtTm></GrpHdr>
    <Ntfctn><Id>N-1-1</Id><CreDtTm>2026-10-20T08:00:00</CreDtTm>
      <Acct><Id><IBAN>ES9121000418450200051332</IBAN></Id></Acct>${entries}</Ntfctn>
  </BkToCstmrDbtCdtNtfctn>
</Document>`;
const credit = `<Ntry><Amt Ccy="EUR">60.00</Amt><CdtDbtInd>CRDT</CdtDbtInd><Sts>BOOK</Sts>
  <NtryDtls><TxDtls><Refs><EndToEndId>RM3-1</EndToEndId></Refs></TxDtls></NtryDtls></Ntry>`;
const returned = (id: string, code: string) => `<Ntry><Amt Ccy="EUR">30.00</Amt>
  <CdtDbtInd>DBIT</CdtDbtInd><RvslInd>true</RvslInd><Sts>BOOK</Sts>
  <NtryDtls><TxDtls><Refs><EndToEndId>${id}</EndToEndId></Refs>
  <RtrInf><Rsn><Cd>${code}</Cd></Rsn></RtrInf></TxDtls></NtryDtls></Ntry>`;

/** The reader of the bank's answers (pain.002, camt.054) on real-shaped files. */
describe('reading the bank’s answer', () => {
  it('reads a camt.054’s returns and leaves the collection’s own credit out', () => {
    expect(readBankAnswer(camt(credit + returned('RM3-2', 'AM04')))).toEqual({
      ok: true,
      fileType: 'camt.054',
      returns: [{ endToEndId: 'RM3-2', reasonCode: 'AM04' }],
    });
    // a later version of camt.054 reads the same
    expect(readBankAnswer(camt(returned('RM3-2', 'MD06'), '08'))).toMatchObject({
      ok: true,
      returns: [{ endToEndId: 'RM3-2', reasonCode: 'MD06' }],
    });
  });

  it('reads a pain.002 with prefixed namespaces, leaving accepted transactions out', () => {
    const xml = `<?xml version="1.0"?>
<p:Document xmlns:p="urn:iso:std:iso:20022:tech:xsd:pain.002.001.03"><p:CstmrPmtStsRpt>
  <p:GrpHdr><p:MsgId>S-1</p:MsgId><p:CreDtTm>2026-10-14T08:00:00</p:CreDtTm></p:GrpHdr>
  <p:OrgnlGrpInfAndSts><p:OrgnlMsgId>REM-000003</p:OrgnlMsgId><p:OrgnlMsgNmId>pain.008.001.08</p:OrgnlMsgNmId><p:GrpSts>PART</p:GrpSts></p:OrgnlGrpInfAndSts>
  <p:OrgnlPmtInfAndSts><p:OrgnlPmtInfId>B1</p:OrgnlPmtInfId>
    <p:TxInfAndSts><p:OrgnlEndToEndId>RM3-1</p:OrgnlEndToEndId><p:TxSts>ACCP</p:TxSts></p:TxInfAndSts>
    <p:TxInfAndSts><p:OrgnlEndToEndId>RM3-2</p:OrgnlEndToEndId><p:TxSts>RJCT</p:TxSts>
      <p:StsRsnInf><p:Rsn><p:Cd>MS02</p:Cd></p:Rsn></p:StsRsnInf></p:TxInfAndSts>
  </p:OrgnlPmtInfAndSts></p:CstmrPmtStsRpt></p:Document>`;
    expect(readBankAnswer(xml)).toEqual({
      ok: true,
      fileType: 'pain.002',
      returns: [{ endToEndId: 'RM3-2', reasonCode: 'MS02' }],
    });
  });

  it('refuses what is not a bank’s answer, saying why', () => {
    expect(readBankAnswer('not xml at all')).toEqual({ ok: false, reason: 'not_xml' });
    expect(
      readBankAnswer(
        `<?xml version="1.0"?><!DOCTYPE d [<!ENTITY x SYSTEM "file:///etc/passwd">]>${camt(returned('RM3-2', 'AM04')).replace(/^<\?xml[^>]*>/, '')}`,
      ),
    ).toEqual({ ok: false, reason: 'not_xml' });
    expect(
      readBankAnswer('<Document xmlns="urn:iso:std:iso:20022:tech:xsd:pain.008.001.08"/>'),
    ).toEqual({ ok: false, reason: 'not_bank_answer' });
    expect(readBankAnswer(camt(returned('RM3-2', 'AM04'), '01'))).toEqual({
      ok: false,
      reason: 'old_version',
    });
    expect(readBankAnswer(camt(returned('RM3-2', '')))).toEqual({
      ok: false,
      reason: 'missing_reason',
    });
  });
});
