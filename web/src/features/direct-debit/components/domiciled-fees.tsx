import { Button } from '@portal/design-system/components/button.tsx';
import { SelectField } from '@portal/design-system/components/select-field.tsx';
import { formatEuros } from '@portal/design-system/lib/format.ts';
import { textLinkClassName } from '@portal/design-system/components/text-link.tsx';
import { useMemo, useState } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import { Link } from 'react-router';
import { useLocale } from '../../../i18n/i18n-provider';
import {
  useDirectDebitEnabled,
  useDirectDebits,
  useDomicileFee,
  useMandates,
  useUndomicileFee,
} from '../api/use-direct-debit';
import type { Mandate } from '../api/direct-debit-api';
import { domiciledByFee, undomiciledFees, type PendingLine, type UndomiciledFee } from '../rules';
import { DomiciledFee } from './domiciled-fee';

/**
 * The dashboard's "Direct debit" part: each domiciled fee with its collections, and "Domiciliar"
 * for a pending fee not on a mandate yet (card or Bizum stay on offer above for any line not in a
 * remittance). Shown while the council takes direct debits, or while a fee is on a mandate.
 */
export function DomiciledFees({ pending }: { pending: readonly PendingLine[] }) {
  const enabled = useDirectDebitEnabled();
  const debits = useDirectDebits();
  const mandates = useMandates(enabled);
  const domicile = useDomicileFee();
  const undomicile = useUndomicileFee();
  const [busyKey, setBusyKey] = useState<string | null>(null);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const intl = useIntl();

  const domiciled = useMemo(() => domiciledByFee(debits.data ?? []), [debits.data]);
  const offer = useMemo(() => undomiciledFees(pending, domiciled), [pending, domiciled]);
  const active = (mandates.data ?? []).filter((m) => m.status === 'active');
  if (!enabled && domiciled.size === 0) return null;

  async function run(key: string, call: () => Promise<{ ok: boolean; message?: string | null }>) {
    if (busyKey) return;
    setBusyKey(key);
    setErrors(({ [key]: _dropped, ...rest }) => rest);
    const answer = await call();
    setBusyKey(null);
    if (!answer.ok) {
      setErrors((e) => ({
        ...e,
        [key]: answer.message || intl.formatMessage({ id: 'payments.directDebit.failed' }),
      }));
    }
  }

  return (
    <section aria-labelledby="dashboard-direct-debit" className="flex min-w-0 flex-col gap-3">
      <h3 id="dashboard-direct-debit" className="text-lead font-bold">
        <FormattedMessage id="payments.directDebit.title" />
      </h3>
      {debits.isError ? (
        <p role="alert">
          <FormattedMessage id="payments.directDebit.errorLoading" />
        </p>
      ) : null}
      {domiciled.size > 0 ? (
        <ul className="flex flex-col gap-3">
          {[...domiciled.values()].map((debit) => (
            <DomiciledFee
              key={debit.id}
              debit={debit}
              busy={busyKey === `off-${debit.id}`}
              error={errors[`off-${debit.id}`] ?? null}
              onUndomicile={() =>
                void run(`off-${debit.id}`, () => undomicile.mutateAsync(debit.id))
              }
            />
          ))}
        </ul>
      ) : null}
      {enabled && offer.length > 0 ? (
        active.length === 0 ? (
          mandates.data ? (
            <p>
              <FormattedMessage
                id="payments.directDebit.signFirst"
                values={{
                  link: (chunks) => (
                    <Link to="/mi-cuenta" className={textLinkClassName}>
                      {chunks}
                    </Link>
                  ),
                }}
              />
            </p>
          ) : null
        ) : (
          <ul className="flex flex-col gap-3">
            {offer.map((fee) => (
              <OfferFee
                key={fee.key}
                fee={fee}
                mandates={active}
                busy={busyKey === fee.key}
                error={errors[fee.key] ?? null}
                onDomicile={(mandateId) =>
                  void run(fee.key, () =>
                    domicile.mutateAsync({
                      mandate_id: mandateId,
                      person_activity_id: fee.personActivityId,
                      activity_id: fee.activityId,
                    }),
                  )
                }
              />
            ))}
          </ul>
        )
      ) : null}
    </section>
  );
}

/** A pending fee not on a mandate: its amount, which mandate (when there are several), "Domiciliar". */
function OfferFee({
  fee,
  mandates,
  busy,
  error,
  onDomicile,
}: {
  fee: UndomiciledFee;
  mandates: readonly Mandate[];
  busy: boolean;
  error: string | null;
  onDomicile: (mandateId: number) => void;
}) {
  const intl = useIntl();
  const { locale } = useLocale();
  const [mandateId, setMandateId] = useState(mandates[0]!.id);
  const chosen = mandates.some((m) => m.id === mandateId) ? mandateId : mandates[0]!.id;
  const selectId = `domicile-mandate-${fee.key}`;
  return (
    <li className="flex flex-col gap-2 rounded-control border border-border p-4">
      <p className="font-bold">
        {fee.name}
        {fee.dni ? ` · ${fee.dni}` : ''} · {formatEuros(fee.amount, locale)}
      </p>
      {mandates.length > 1 ? (
        <SelectField
          id={selectId}
          label={<FormattedMessage id="payments.directDebit.chooseMandate" />}
          errorPrefix={intl.formatMessage({ id: 'account.errorPrefix' })}
          containerClassName="max-w-md"
          value={String(chosen)}
          onChange={(event) => setMandateId(Number(event.target.value))}
          options={mandates.map((m) => ({
            value: String(m.id),
            label: `${m.reference} · ${m.iban_masked}`,
          }))}
        />
      ) : null}
      <div>
        <Button
          type="button"
          size="sm"
          loading={busy}
          onClick={() => onDomicile(chosen)}
          aria-label={intl.formatMessage(
            { id: 'payments.directDebit.domicileOne' },
            { activity: fee.name, dni: fee.dni ?? '' },
          )}
        >
          <FormattedMessage id="payments.directDebit.domicile" />
        </Button>
      </div>
      {error ? (
        <p role="alert" className="font-semibold text-error-text">
          {error}
        </p>
      ) : null}
    </li>
  );
}
