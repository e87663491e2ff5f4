import { type FieldErrors, hasErrors } from '../../lib/forms/field-errors';
import { useState } from 'react';
import { useIntl } from 'react-intl';
import { detailMessage } from '../../lib/api/call-rules';
import type { Outcome } from './api/auth-api';

/**
 * What the forms of the auth pages share: the call in flight (`busy`), the problem shown above the
 * form and the attempt count that makes the error summary mount again and take focus.
 */
export function useAuthForm() {
  const intl = useIntl();
  const [problem, setProblem] = useState<string | null>(null);
  const [attempt, setAttempt] = useState(0);
  const [busy, setBusy] = useState(false);

  /** A submit's check: shows the errors found and the problem, counts an attempt; true if none. */
  const checked = <F extends string>(
    found: FieldErrors<F>,
    showErrors: (errors: FieldErrors<F>) => void,
    shownProblem: string | null = null,
  ): boolean => {
    showErrors(found);
    setProblem(shownProblem);
    setAttempt((n) => n + 1);
    return !hasErrors(found);
  };

  /**
   * Runs a call, busy meanwhile. A failure becomes the problem (the server's detail, else the
   * fallback message, which may depend on the status) and another attempt.
   */
  const send = async <T>(
    call: () => Promise<Outcome<T>>,
    fallbackId: string | ((status: number | null) => string),
  ): Promise<Outcome<T>> => {
    setBusy(true);
    const result = await call();
    setBusy(false);
    if (!result.ok) {
      const id = typeof fallbackId === 'string' ? fallbackId : fallbackId(result.status);
      setProblem(detailMessage(result.error, intl.formatMessage({ id })));
      setAttempt((n) => n + 1);
    }
    return result;
  };

  return { busy, problem, setProblem, attempt, checked, send };
}
