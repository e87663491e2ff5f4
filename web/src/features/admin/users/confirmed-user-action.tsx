import { useState } from 'react';
import type { ApiResult } from '../api/result';
import type { AdminUser } from '../api/users';
import type { Notice } from '../components/messages';

/**
 * An action on one account that asks first (reset its second factor, release its DNI): which
 * account the dialog is about, the call while it runs, and the notice it ends with.
 */
export function useConfirmedUserAction(options: {
  run: (user: AdminUser) => Promise<ApiResult<unknown>>;
  notice: (user: AdminUser, answer: ApiResult<unknown>) => Notice;
  onNotice: (notice: Notice) => void;
  onDone?: () => void;
}) {
  const [target, setTarget] = useState<AdminUser | null>(null);
  const [busy, setBusy] = useState(false);

  async function confirm() {
    if (!target || busy) return;
    setBusy(true);
    const answer = await options.run(target);
    setBusy(false);
    if (answer.ok) options.onDone?.();
    options.onNotice(options.notice(target, answer));
    setTarget(null);
  }

  return { target, setTarget, busy, confirm };
}
