/**
 * What the portal asks the card gateway after a payment: give money back, and say what happened
 * to an order whose notification never arrived. Redsys implements it (redsys-client.ts); without
 * Redsys credentials the built-in sandbox gateway answers the same calls over HTTP.
 */
export interface GatewayClient {
  refund(request: { order: string; amountCents: number }): Promise<RefundAnswer>;
  status(order: string): Promise<StatusAnswer>;
}

export type RefundAnswer =
  /** The gateway gave the money back (Redsys answers Ds_Response 0900). */
  | { outcome: 'refunded'; code: string; raw: string }
  /** The gateway said no: its code (SIS0057, a Ds_Response…) is shown to staff. */
  | { outcome: 'refused'; code: string; raw: string }
  /**
   * No answer after the request may have reached the gateway (a timeout): whether it refunded
   * is unknown until someone checks with the bank.
   */
  | { outcome: 'unknown'; code: string; raw: string };

export type StatusAnswer =
  | {
      outcome: 'authorised';
      responseCode: string;
      authorisationCode: string | null;
      amountCents: number;
      /** The bank's own date and time, as it gave them. */
      bankTime: string;
      /** Ds_ProcessedPayMethod when the answer carries it (68 Bizum), else null. */
      payMethodCode: string | null;
    }
  | { outcome: 'denied'; responseCode: string; payMethodCode: string | null }
  /** The gateway has no finished operation for this order (never paid, or still in progress). */
  | { outcome: 'none' };

export class GatewayUnavailable extends Error {}
