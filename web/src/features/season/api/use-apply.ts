import { useCallback, useEffect, useRef, useState } from 'react';
import { applyWhileBusy, type WaitReason } from './season-api';

/**
 * Where one press of "Solicitar plaza" is: nothing under way, the first attempt sent, or refused
 * for now and retried by itself (`retryAt`: when the next attempt starts; null while it is sent).
 */
export type ApplyProgress =
  | { phase: 'idle' }
  | { phase: 'sending' }
  | { phase: 'waiting'; reason: WaitReason; retryAt: number | null };

/**
 * Applying for a place from a screen: one press at a time (a press while one is under way is
 * ignored and answers null), its progress to show, and a way to stop retrying. Leaving the
 * screen stops retrying too.
 */
export function useApplyForPlace() {
  const [progress, setProgress] = useState<ApplyProgress>({ phase: 'idle' });
  const running = useRef<AbortController | null>(null);

  useEffect(() => () => running.current?.abort(), []);

  const apply = useCallback(async (personActivityIds: readonly number[], activityId: number) => {
    if (running.current) return null;
    const controller = new AbortController();
    running.current = controller;
    setProgress({ phase: 'sending' });
    try {
      return await applyWhileBusy(personActivityIds, activityId, {
        signal: controller.signal,
        onWait: (waitMs, reason) =>
          setProgress({ phase: 'waiting', reason, retryAt: Date.now() + waitMs }),
        onRetry: () =>
          setProgress((now) => (now.phase === 'waiting' ? { ...now, retryAt: null } : now)),
      });
    } finally {
      running.current = null;
      setProgress({ phase: 'idle' });
    }
  }, []);

  const cancel = useCallback(() => running.current?.abort(), []);

  return { progress, apply, cancel };
}
