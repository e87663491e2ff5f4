/** 030 on PostgreSQL: when a payment was applied. */
export const sql = /* sql */ `
ALTER TABLE payments ADD COLUMN paid_at text COLLATE "C";
CREATE INDEX payments_created ON payments (created_at);
CREATE INDEX payment_notifications_order ON payment_notifications (order_code);
`;
