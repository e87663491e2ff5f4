import type { MailSender } from '../../adapters/mail/mail-sender.js';
import type { Config } from '../../config.js';
import type { PaymentRow, PaymentsRepo } from '../../data/payments-repo.js';
import type { UsersRepo } from '../../data/users-repo.js';
import { t, type Locale } from '../../i18n/index.js';
import type { Clock } from '../../lib/clock.js';
import { centsToEuros } from '../../lib/money.js';
import type { Logger } from '../../logger.js';
import { formatEuros } from '../../i18n/format.js';
import { paidParts, partName } from './part-name.js';
import { renderReceipt } from './receipt-pdf.js';
import { receiptItemLines } from './receipt-lines.js';

/** "Brais López: Natación" on a family's receipt; the activity alone otherwise. */
const personOf = (person: string | null, line: string) => (person ? `${person}: ${line}` : line);

export interface ReceiptFile {
  filename: string;
  pdf: Buffer;
}

/** "k7m2 9qxr-4tpa" → "K7M2-9QXR-4TPA"; null when it cannot be a code at all. */
export function normaliseVerificationCode(input: string): string | null {
  const plain = input.toUpperCase().replace(/[^0-9A-Z]/g, '');
  if (plain.length !== 12) return null;
  return `${plain.slice(0, 4)}-${plain.slice(4, 8)}-${plain.slice(8)}`;
}

/** Receipts of paid payments: the PDF, its public check, and the confirmation e-mail. */
export function createReceipts(deps: {
  config: Pick<Config, 'council' | 'publicUrl'>;
  clock: Clock;
  payments: PaymentsRepo;
  users: UsersRepo;
  mail: MailSender;
  logger: Logger;
}) {
  const { config, payments, users, mail, logger, clock } = deps;
  const verifyUrl = (code: string) => `${config.publicUrl}/api/receipts/${code}`;

  async function render(payment: PaymentRow, locale: Locale): Promise<ReceiptFile> {
    const items = await payments.items(payment.id);
    // a family's payment names each person beside their fees
    const family = new Set(items.map((item) => item.enrolment_id)).size > 1;
    const pdf = await renderReceipt(
      {
        council: config.council,
        // a person without a DNI (a child under 14) pays with the column empty
        person: {
          name: payment.person_name,
          dni: payment.person_dni || t(locale, 'receipt_no_dni'),
        },
        items: items.map((item) => {
          const parts = paidParts(item);
          return {
            // a fee in parts names the parts this payment paid: "Natación (1.º plazo de 2)"
            name: personOf(
              family ? item.person_name : null,
              item.family_difference_id !== null
                ? t(locale, 'receipt_family_difference_item', { activity: item.activity_name })
                : parts
                  ? `${item.activity_name} (${partName(parts, locale)})`
                  : item.activity_name,
            ),
            amountCents: item.amount_cents,
            lines: receiptItemLines(item, locale),
            ruled: item.breakdown !== null,
          };
        }),
        totalCents: payment.amount_cents,
        refundedCents: payment.refunded_cents,
        reduction: payment.use_discount === 1,
        order: payment.order_code,
        authorisationCode: payment.authorisation_code,
        payMethod: payment.pay_method,
        paidAt: payment.paid_at ?? payment.updated_at,
        verificationCode: payment.verification_code ?? '',
        verifyUrl: verifyUrl(payment.verification_code ?? ''),
      },
      locale,
    );
    return { filename: `justificante-${payment.order_code}.pdf`, pdf };
  }

  const hasReceipt = (payment: PaymentRow | undefined): payment is PaymentRow =>
    payment?.status === 'paid' && payment.verification_code !== null;

  return {
    /** The receipt of a paid payment of someone this account manages; null otherwise. */
    async forResident(userId: number, paymentId: number, locale: Locale) {
      const payment = await payments.findForResident(userId, paymentId);
      return hasReceipt(payment) ? render(payment, locale) : null;
    },

    /** The receipt of any paid payment, for staff; null otherwise. */
    async forStaff(paymentId: number, locale: Locale) {
      const payment = await payments.findById(paymentId);
      return hasReceipt(payment) ? render(payment, locale) : null;
    },

    /** What the desk may know from a printed code: no name, DNI or phone. Null when unknown. */
    async verify(input: string) {
      const code = normaliseVerificationCode(input);
      const payment = code ? await payments.findByVerificationCode(code) : undefined;
      if (!hasReceipt(payment)) return null;
      const items = await payments.items(payment.id);
      return {
        valid: true,
        order: payment.order_code,
        paid_at: payment.paid_at ?? payment.updated_at,
        amount: centsToEuros(payment.amount_cents),
        refunded_amount: centsToEuros(payment.refunded_cents),
        activities: items.map((item) => {
          const parts = paidParts(item);
          // a whole fee's line stays as it was: name and amount
          return {
            name: item.activity_name,
            amount: centsToEuros(item.amount_cents),
            ...(parts ? { parts } : {}),
            ...(item.family_difference_id !== null && { family_difference: true }),
          };
        }),
      };
    },

    /**
     * The confirmation e-mail of a paid payment with its receipt attached, at most once per
     * payment (whichever process claims it first sends it). Nothing goes when the account has no
     * e-mail address. A failed send is released, for the next retry. True when one was sent.
     */
    async mailConfirmation(paymentId: number): Promise<boolean> {
      const payment = await payments.findById(paymentId);
      if (!hasReceipt(payment)) return false;
      if (!(await payments.claimReceiptMail(payment.id, clock.now().toISOString()))) return false;
      const account = payment.user_id === null ? undefined : await users.findById(payment.user_id);
      if (!account?.email) return false;
      try {
        const locale = payment.locale;
        const receipt = await render(payment, locale);
        await mail.send({
          to: account.email,
          subject: t(locale, 'receipt_mail_subject', { order: payment.order_code }),
          text: t(locale, 'receipt_mail_body', {
            amount: formatEuros(payment.amount_cents, locale),
            name: payment.person_name,
            order: payment.order_code,
            url: `${config.publicUrl}/dashboard`,
            council: config.council.name,
          }),
          attachments: [
            { filename: receipt.filename, content: receipt.pdf, contentType: 'application/pdf' },
          ],
        });
        return true;
      } catch (err) {
        await payments.releaseReceiptMail(payment.id);
        logger.error('payment confirmation e-mail failed', {
          payment: payment.id,
          error: err instanceof Error ? err.message : String(err),
        });
        return false;
      }
    },

    /** Confirmation e-mails of the last week's payments that have not gone yet (a retry). */
    async mailPending(): Promise<number> {
      const since = new Date(clock.now().getTime() - 7 * 86_400_000).toISOString();
      let sent = 0;
      for (const payment of await payments.receiptsToMail(since, 50)) {
        if (await this.mailConfirmation(payment.id)) sent++;
      }
      return sent;
    },
  };
}

export type Receipts = ReturnType<typeof createReceipts>;
