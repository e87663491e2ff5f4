import { Alert } from '@portal/design-system/components/alert.tsx';
import { formatDate } from '@portal/design-system/lib/format.ts';
import { FormattedMessage } from 'react-intl';
import { useLocale } from '../../../i18n/i18n-provider';
import { deadlineExpired, type PublicConfig } from '../rules';

/**
 * The payment deadline (when set) and, once passed, the expired notice (saying that parts of fees
 * in parts still follow their own days, when some can still be paid); also a notice while the
 * council has online payments disabled.
 */
export function DeadlineNotice({
  config,
  partsOpen = false,
}: {
  config: PublicConfig | null;
  /** Some part of a fee in parts can still be paid (the global deadline does not apply to it). */
  partsOpen?: boolean;
}) {
  const { locale } = useLocale();
  if (!config) return null;
  const expired = deadlineExpired(config);
  return (
    <div className="flex flex-col gap-3">
      {config.deadline_date ? (
        <p className="text-body">
          <strong>
            <FormattedMessage
              id="dashboard.deadline.label"
              values={{ date: formatDate(config.deadline_date, locale) }}
            />
          </strong>
          {expired ? null : (
            <>
              {' '}
              <span className="text-muted-foreground">
                <FormattedMessage id="dashboard.deadline.hint" />
              </span>
            </>
          )}
        </p>
      ) : null}
      {expired ? (
        <Alert variant="error" role="none">
          <FormattedMessage id="dashboard.deadline.expired" />
          {partsOpen ? (
            <>
              {' '}
              <FormattedMessage id="dashboard.deadline.partsOpen" />
            </>
          ) : null}
        </Alert>
      ) : !config.payments_enabled ? (
        <Alert variant="info" role="none">
          <FormattedMessage id="dashboard.payments.disabled" />
        </Alert>
      ) : null}
    </div>
  );
}
