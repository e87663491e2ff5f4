import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { readCouncilFile } from '../../src/council.js';
import { repoRoot } from '../../src/lib/paths.js';

const EJEMPLO = resolve(repoRoot, 'councils/ejemplo/council.json');
const made: string[] = [];

/** A copy of the example council with its `sepa` block changed. */
function withSepa(change: (sepa: Record<string, unknown>) => void): string {
  const dir = mkdtempSync(join(tmpdir(), 'portal-council-sepa-'));
  made.push(dir);
  cpSync(resolve(repoRoot, 'councils/ejemplo'), dir, { recursive: true });
  const file = JSON.parse(readFileSync(EJEMPLO, 'utf8')) as { sepa: Record<string, unknown> };
  change(file.sepa);
  writeFileSync(join(dir, 'council.json'), JSON.stringify(file));
  return join(dir, 'council.json');
}

/** The council file's creditor data is checked at start: one line per problem (issue 62). */
describe('the council file’s sepa block', () => {
  afterAll(() => {
    for (const dir of made) rmSync(dir, { recursive: true, force: true });
  });

  it('accepts the shipped creditor data', () => {
    expect(readCouncilFile(withSepa(() => {})).problems).toEqual([]);
  });

  it('says one line for each of a bad creditor id, IBAN and BIC', () => {
    const path = withSepa((sepa) => {
      sepa.creditorId = 'ES00ZZZP3603500C';
      sepa.iban = 'ES9121000418450200051333';
      sepa.bic = 'CAIXES';
    });
    const problems = readCouncilFile(path).problems;
    expect(problems).toHaveLength(3);
    expect(problems.find((p) => p.includes('sepa.creditorId'))).toContain('ES00ZZZP3603500C');
    expect(problems.find((p) => p.includes('sepa.iban'))).toContain('wrong check digits');
    expect(problems.find((p) => p.includes('sepa.bic'))).toContain('not a valid BIC');
  });

  it('says which IBAN length is wrong, and a country outside SEPA', () => {
    expect(
      readCouncilFile(withSepa((sepa) => (sepa.iban = 'ES912100041845020005133'))).problems,
    ).toEqual([expect.stringContaining('sepa.iban has 23 characters; an IBAN of ES has 24')]);
    expect(
      readCouncilFile(withSepa((sepa) => (sepa.iban = 'BR1800360305000010009795493C1'))).problems,
    ).toEqual([expect.stringContaining('outside SEPA')]);
  });

  it('wants a structured address: town and country', () => {
    const problems = readCouncilFile(
      withSepa((sepa) => (sepa.address = { street: 'Praza do Concello, 1' })),
    ).problems;
    expect(problems.some((p) => p.includes('sepa.address.town'))).toBe(true);
    expect(problems.some((p) => p.includes('sepa.address.country'))).toBe(true);
  });
});
