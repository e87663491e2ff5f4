import type { AppContext } from '../../http/context.js';
import type { ReceiptFile } from '../../services/payments/receipts.js';

/** A PDF as a download; never cached (it is personal data). */
export function sendPdf(ctx: AppContext, file: ReceiptFile): void {
  ctx.type = 'application/pdf';
  ctx.set('Content-Disposition', `attachment; filename="${file.filename}"`);
  ctx.body = file.pdf;
}
