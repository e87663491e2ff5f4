import { Button } from '@portal/design-system/components/button.tsx';
import { useEffect, useState } from 'react';
import { FormattedMessage } from 'react-intl';
import type { ApplyProgress } from '../api/use-apply';

/**
 * While an application refused for now is retried by itself: why, said once to a screen reader
 * (the status region stays mounted so the message is announced when it appears), and a countdown
 * to the next attempt that is only shown, so the reader is not told every second; with a button
 * to stop retrying.
 */
export function ApplyWaiting({
  progress,
  onCancel,
}: {
  progress: ApplyProgress;
  onCancel: () => void;
}) {
  const waiting = progress.phase === 'waiting' ? progress : null;
  return (
    <div
      className={
        waiting
          ? 'flex flex-col gap-2 rounded-md border border-info bg-info-surface p-3'
          : undefined
      }
    >
      <div role="status">
        {waiting ? (
          <p className="font-bold">
            <FormattedMessage id={`season.apply.waiting.${waiting.reason}`} />
          </p>
        ) : null}
      </div>
      {waiting ? (
        <div className="flex flex-wrap items-center gap-3">
          <p>
            {waiting.retryAt === null ? (
              <FormattedMessage id="season.apply.waiting.trying" />
            ) : (
              <Countdown until={waiting.retryAt} />
            )}
          </p>
          <Button type="button" variant="secondary" size="sm" onClick={onCancel}>
            <FormattedMessage id="season.apply.waiting.cancel" />
          </Button>
        </div>
      ) : null}
    </div>
  );
}

/** Whole seconds left until `until` (a Date.now() instant), redrawn a few times a second. */
function Countdown({ until }: { until: number }) {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    const timer = setInterval(() => setNow(Date.now()), 250);
    return () => clearInterval(timer);
  }, [until]);
  const seconds = Math.max(0, Math.ceil((until - now) / 1000));
  return <FormattedMessage id="season.apply.waiting.countdown" values={{ seconds }} />;
}
