/**
 * 400: Bizum through the same Redsys terminal (issue 51). `config.bizum_enabled` (off by default:
 * the council's bank must switch Bizum on first). A payment keeps how it was paid: `pay_method`
 * is what the resident chose (`card` for every earlier payment), corrected by the bank's
 * `Ds_ProcessedPayMethod` once it says (68 Bizum, a card code card); `bank_pay_method` is that
 * code exactly as it came, an unknown one too. The sandbox bank remembers the method of each
 * payment it answered, so its status query says it as Redsys's does.
 */
export const sqlite = /* sql */ `
ALTER TABLE config ADD COLUMN bizum_enabled INTEGER NOT NULL DEFAULT 0
  CHECK (bizum_enabled IN (0, 1));
ALTER TABLE payments ADD COLUMN pay_method TEXT NOT NULL DEFAULT 'card'
  CHECK (pay_method IN ('card', 'bizum'));
ALTER TABLE payments ADD COLUMN bank_pay_method TEXT;
ALTER TABLE sandbox_transactions ADD COLUMN pay_method_code TEXT;
`;

export const postgres = /* sql */ `
ALTER TABLE config ADD COLUMN bizum_enabled integer NOT NULL DEFAULT 0
  CHECK (bizum_enabled IN (0, 1));
ALTER TABLE payments ADD COLUMN pay_method text COLLATE "C" NOT NULL DEFAULT 'card'
  CHECK (pay_method IN ('card', 'bizum'));
ALTER TABLE payments ADD COLUMN bank_pay_method text COLLATE "C";
ALTER TABLE sandbox_transactions ADD COLUMN pay_method_code text COLLATE "C";
`;
