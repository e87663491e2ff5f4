import { Button } from '@portal/design-system/components/button.tsx';
import { formatDate, formatEuros } from '@portal/design-system/lib/format.ts';
import { FormattedMessage, useIntl } from 'react-intl';
import { useLocale } from '../../../i18n/i18n-provider';
import { partName } from '../../payments/part-names';
import type { DirectDebit, DirectDebitLine } from '../api/direct-debit-api';
import { canUndomicile } from '../rules';

function LineName({ line }: { line: DirectDebitLine }) {
  const intl = useIntl();
  if (line.kind === 'return_fee') {
    return <FormattedMessage id="payments.directDebit.line.returnFee" />;
  }
  return line.part ? (
    <>{partName(intl, { number: line.part.number, of: line.part.of })}</>
  ) : (
    <FormattedMessage id="payments.directDebit.line.whole" />
  );
}

/**
 * A domiciled fee: "Domiciliado", the mandate, and each line's collection date, amount and state
 * (a return with the bank's reason); "Take off" while no part is with the bank.
 */
export function DomiciledFee({
  debit,
  busy,
  error,
  onUndomicile,
}: {
  debit: DirectDebit;
  busy: boolean;
  error: string | null;
  onUndomicile: () => void;
}) {
  const intl = useIntl();
  const { locale } = useLocale();
  const headingId = `direct-debit-${debit.id}`;
  return (
    <li
      aria-labelledby={headingId}
      className="flex flex-col gap-2 rounded-control border border-border p-4"
    >
      <h4 id={headingId} className="font-bold">
        {debit.activity_name} · {debit.person_name}
      </h4>
      <p>
        <span data-slot="domiciled" className="font-semibold">
          <FormattedMessage id="payments.directDebit.domiciled" />
        </span>{' '}
        <FormattedMessage
          id="payments.directDebit.onMandate"
          values={{ reference: debit.mandate_reference }}
        />
      </p>
      <ul className="flex flex-col gap-1">
        {debit.lines.map((line, index) => (
          <li key={index} data-slot="direct-debit-line" className="text-body">
            <LineName line={line} /> · {formatEuros(line.amount, locale)} ·{' '}
            {line.direct_debit.collection_date ? (
              <FormattedMessage
                id="payments.directDebit.collectionDate"
                values={{ date: formatDate(line.direct_debit.collection_date, locale) }}
              />
            ) : (
              <FormattedMessage id="payments.directDebit.nextRemittance" />
            )}{' '}
            ·{' '}
            <span className="font-semibold">
              {line.direct_debit.return_reason ? (
                <FormattedMessage
                  id="payments.directDebit.status.returnedWith"
                  values={{ reason: line.direct_debit.return_reason.text }}
                />
              ) : (
                <FormattedMessage id={`payments.directDebit.status.${line.direct_debit.status}`} />
              )}
            </span>
          </li>
        ))}
      </ul>
      {canUndomicile(debit) ? (
        <div>
          <Button
            type="button"
            variant="secondary"
            size="sm"
            loading={busy}
            onClick={onUndomicile}
            aria-label={intl.formatMessage(
              { id: 'payments.directDebit.undomicileOne' },
              { activity: debit.activity_name, person: debit.person_name },
            )}
          >
            <FormattedMessage id="payments.directDebit.undomicile" />
          </Button>
        </div>
      ) : (
        <p className="text-small">
          <FormattedMessage id="payments.directDebit.withTheBank" />
        </p>
      )}
      {error ? (
        <p role="alert" className="font-semibold text-error-text">
          {error}
        </p>
      ) : null}
    </li>
  );
}
