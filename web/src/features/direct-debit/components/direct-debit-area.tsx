import { Button } from '@portal/design-system/components/button.tsx';
import { Loading } from '@portal/design-system/components/spinner.tsx';
import { FormattedMessage, useIntl } from 'react-intl';
import { downloadMandateDocument } from '../api/direct-debit-api';
import {
  useCancelMandate,
  useDirectDebitEnabled,
  useMandates,
  useSignMandate,
} from '../api/use-direct-debit';
import { MandateForm } from './mandate-form';
import { MandatesList } from './mandates-list';

/**
 * The account's "Direct debit" area: the mandates signed (each one's PDF, cancelling one) and
 * the form to sign a new one. Nothing while the council does not take direct debits.
 */
export function DirectDebitArea() {
  const intl = useIntl();
  const enabled = useDirectDebitEnabled();
  const mandates = useMandates(enabled);
  const sign = useSignMandate();
  const cancel = useCancelMandate();
  if (!enabled) return null;
  return (
    <section
      aria-labelledby="account-direct-debit-title"
      className="flex min-w-0 flex-col gap-4 border-t border-border pt-6"
    >
      <h2 id="account-direct-debit-title" className="text-heading font-bold text-foreground">
        <FormattedMessage id="payments.directDebit.title" />
      </h2>
      <p className="max-w-prose">
        <FormattedMessage id="payments.directDebit.intro" />
      </p>
      {mandates.isPending ? (
        <Loading label={intl.formatMessage({ id: 'payments.directDebit.mandates.loading' })} />
      ) : null}
      {mandates.isError ? (
        <div className="flex flex-col items-start gap-3">
          <p role="alert">
            <FormattedMessage id="payments.directDebit.mandates.errorLoading" />
          </p>
          <Button type="button" variant="secondary" onClick={() => void mandates.refetch()}>
            <FormattedMessage id="account.retry" />
          </Button>
        </div>
      ) : null}
      {mandates.data ? (
        <MandatesList
          mandates={mandates.data}
          onDownload={downloadMandateDocument}
          onCancel={(mandate) => cancel.mutateAsync(mandate.id)}
        />
      ) : null}
      <MandateForm onSubmit={(values) => sign.mutateAsync(values)} />
    </section>
  );
}
