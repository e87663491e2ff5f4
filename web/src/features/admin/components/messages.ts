import { useCallback } from 'react';
import { useIntl } from 'react-intl';
import { detailMessage } from '../../../lib/api/client';

/** A message to show: one of admin.json (translated at render time) or the server's own text. */
export type Msg = { id: string; values?: Record<string, string | number> } | { text: string };

export type Notice = {
  variant: 'success' | 'error';
  message: Msg;
  /** What the server saved but warns about, in the caller's language. */
  warnings?: string[];
};

/** The server's detail when there is one, else the fallback message id (spec section 8). */
export function serverMsg(error: unknown, fallbackId: string): Msg {
  const text = detailMessage(error, '');
  return text ? { text } : { id: fallbackId };
}

export function useFormatMsg() {
  const intl = useIntl();
  return useCallback(
    (msg: Msg): string =>
      'text' in msg ? msg.text : intl.formatMessage({ id: msg.id }, msg.values),
    [intl],
  );
}

export function useT() {
  const intl = useIntl();
  return useCallback(
    (id: string, values?: Record<string, string | number>) => intl.formatMessage({ id }, values),
    [intl],
  );
}
