import { Loading } from '@portal/design-system/components/spinner.tsx';
import { LoadError } from './load-error';
import { useT } from './messages';

/** A list's load state: the error with "Retry", or the spinner until the first data arrives. */
export function ListStatus({
  list,
  errorId,
}: {
  list: { status: 'loading' | 'ready' | 'error'; data: unknown; reload: () => void };
  errorId: string;
}) {
  const t = useT();
  return (
    <>
      {list.status === 'error' ? <LoadError messageId={errorId} onRetry={list.reload} /> : null}
      {list.status === 'loading' && !list.data ? (
        <Loading label={t('admin.common.loading')} />
      ) : null}
    </>
  );
}
