import type * as React from 'react';
import { Alert } from './alert.tsx';
import { Spinner } from './spinner.tsx';

export type PaymentStatusState = 'checking' | 'received' | 'failed' | 'unknown';

export type PaymentStatusPanelProps = {
  /**
   * checking: the bank has not confirmed yet (polite, busy); received: the server has the
   * bank's confirmation; failed: the bank refused it; unknown: the app has stopped asking (no
   * payment to ask about, or no answer yet), so nothing spins.
   */
  state: PaymentStatusState;
  /** Heading of the panel, e.g. "Payment received". */
  title: React.ReactNode;
  /** What happened and what comes next, under the title. */
  message: React.ReactNode;
  /** What the resident can do now (the receipt, a way back). */
  children?: React.ReactNode;
};

const VARIANT = {
  checking: 'info',
  received: 'success',
  failed: 'error',
  unknown: 'info',
} as const;

/**
 * What the portal knows about a payment after the bank's page. It only says "received" when the
 * server has seen the bank's confirmation; the app decides which state applies.
 */
export function PaymentStatusPanel({ state, title, message, children }: PaymentStatusPanelProps) {
  return (
    <div
      data-slot="payment-status"
      className="flex flex-col gap-4"
      aria-busy={state === 'checking' || undefined}
    >
      <Alert variant={VARIANT[state]} role={state === 'failed' ? 'alert' : 'status'} title={title}>
        <span className="flex items-center gap-2">
          {state === 'checking' ? <Spinner /> : null}
          <span>{message}</span>
        </span>
      </Alert>
      {children ? <div className="flex flex-wrap items-start gap-4">{children}</div> : null}
    </div>
  );
}
