import { Alert } from '@portal/design-system/components/alert.tsx';
import { Button } from '@portal/design-system/components/button.tsx';
import { FormattedMessage } from 'react-intl';

/** A list that did not load: the spec's message and a way to try again. */
export function LoadError({ messageId, onRetry }: { messageId: string; onRetry: () => void }) {
  return (
    <Alert variant="error">
      <div className="flex flex-col items-start gap-2">
        <FormattedMessage id={messageId} />
        <Button type="button" variant="secondary" size="sm" onClick={onRetry}>
          <FormattedMessage id="admin.common.retry" />
        </Button>
      </div>
    </Alert>
  );
}
