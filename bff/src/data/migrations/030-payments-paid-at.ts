/** When a payment was applied (the residents' history shows it); set once, with the app clock. */
export const sql = /* sql */ `
ALTER TABLE payments ADD COLUMN paid_at TEXT;
CREATE INDEX payments_created ON payments (created_at);
CREATE INDEX payment_notifications_order ON payment_notifications (order_code);
`;
