import { Alert } from '@portal/design-system/components/alert.tsx';
import { Button } from '@portal/design-system/components/button.tsx';
import { FormattedMessage } from 'react-intl';

/** A load that failed: what could not be loaded, and a link-styled button to try again. */
export function LoadError({ messageId, onRetry }: { messageId: string; onRetry: () => void }) {
  return (
    <Alert variant="error">
      <p>
        <FormattedMessage id={messageId} />
      </p>
      <Button type="button" variant="link" onClick={onRetry} className="mt-1">
        <FormattedMessage id="dashboard.retry" />
      </Button>
    </Alert>
  );
}
