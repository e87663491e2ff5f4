import { Alert } from '@portal/design-system/components/alert.tsx';
import { Button } from '@portal/design-system/components/button.tsx';
import { FormattedMessage, useIntl } from 'react-intl';

/** An account with nobody linked yet: what to do first, and the button that starts it. */
export function NobodyLinked({ onLink }: { onLink: () => void }) {
  const intl = useIntl();
  return (
    <Alert variant="info" role="none" title={intl.formatMessage({ id: 'dashboard.nobody.title' })}>
      <div className="flex flex-col items-start gap-3">
        <p>
          <FormattedMessage id="dashboard.nobody.text" />
        </p>
        <Button type="button" onClick={onLink}>
          <FormattedMessage id="persons.add.open" />
        </Button>
      </div>
    </Alert>
  );
}
