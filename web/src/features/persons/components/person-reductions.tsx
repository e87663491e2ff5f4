import { Alert } from '@portal/design-system/components/alert.tsx';
import { Button } from '@portal/design-system/components/button.tsx';
import { formatDate } from '@portal/design-system/lib/format.ts';
import { useEffect, useRef, useState } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import { useLocale } from '../../../i18n/i18n-provider';
import {
  useCircumstances,
  useMyCircumstanceRequests,
  useReductionRequested,
} from '../api/use-circumstances';
import { hasApprovedReduction, latestRequestsOf, requestable } from '../reductions';
import type { ManagedPerson } from '../rules';
import { RequestReductionDialog, type ReductionRequested } from './request-reduction-dialog';
import { useStatusText } from './reduction-status';

/**
 * The dashboard's reductions with fee rules in place (where the simple mode has its checkbox):
 * beside each person, the state of what was asked for them, and "Solicitar una reducción" for a
 * person without an approval in force.
 */
export function PersonReductions({ persons }: { persons: readonly ManagedPerson[] }) {
  const intl = useIntl();
  const { locale } = useLocale();
  const statusText = useStatusText();
  const requests = useMyCircumstanceRequests();
  const circumstances = useCircumstances();
  const requested = useReductionRequested();
  const [asking, setAsking] = useState<number | null>(null);
  const [done, setDone] = useState<ReductionRequested | null>(null);
  const doneRef = useRef<HTMLDivElement>(null);

  // the button that opened the dialog may be gone (an approval at once): focus the outcome
  useEffect(() => {
    if (done) doneRef.current?.focus();
  }, [done]);

  const list = requests.data ?? [];
  const offered = requestable(circumstances.data ?? []);
  // nothing to ask for and nothing asked: rules without circumstances (age tariffs only)
  if (offered.length === 0 && list.length === 0) return null;

  return (
    <section aria-labelledby="reductions-heading" className="flex min-w-0 flex-col gap-3">
      <h3 id="reductions-heading" className="text-lead font-bold">
        <FormattedMessage id="persons.reduction.heading" />
      </h3>
      <p className="max-w-prose">
        <FormattedMessage id="persons.reduction.panelIntro" />
      </p>
      {done ? (
        <div ref={doneRef} tabIndex={-1} className="focus-ring">
          <Alert variant="success">
            {done.created.status === 'approved' && done.created.valid_until ? (
              <FormattedMessage
                id="persons.reduction.done.approved"
                values={{
                  circumstance: done.circumstance.name,
                  name: done.person.full_name,
                  date: formatDate(done.created.valid_until, locale),
                }}
              />
            ) : (
              <FormattedMessage
                id="persons.reduction.done.pending"
                values={{ circumstance: done.circumstance.name, name: done.person.full_name }}
              />
            )}
          </Alert>
        </div>
      ) : null}
      {requests.isError ? (
        <Alert variant="error">
          <FormattedMessage id="persons.reduction.loadError" />
        </Alert>
      ) : null}
      <ul className="flex flex-col">
        {persons.map((person) => {
          const latest = latestRequestsOf(person.person_activity_id, list);
          const canAsk =
            offered.length > 0 && !hasApprovedReduction(person.person_activity_id, list);
          return (
            <li
              key={person.person_activity_id}
              className="flex flex-wrap items-start justify-between gap-3 border-b border-border-subtle py-3 last:border-b-0"
            >
              <div className="flex min-w-0 flex-col gap-1">
                <p className="font-semibold">{person.full_name}</p>
                {latest.length === 0 ? (
                  <p>
                    <FormattedMessage
                      id={
                        requests.isPending
                          ? 'persons.reduction.loading'
                          : 'persons.reduction.noneAsked'
                      }
                    />
                  </p>
                ) : (
                  <ul
                    className="flex flex-col gap-0.5"
                    aria-label={intl.formatMessage(
                      { id: 'persons.reduction.listLabel' },
                      { name: person.full_name },
                    )}
                  >
                    {latest.map((request) => (
                      <li key={request.id}>
                        <FormattedMessage
                          id="persons.reduction.line"
                          values={{
                            circumstance: request.circumstance_name,
                            status: statusText(request),
                          }}
                        />
                      </li>
                    ))}
                  </ul>
                )}
              </div>
              {canAsk ? (
                <Button
                  type="button"
                  variant="secondary"
                  size="sm"
                  aria-label={intl.formatMessage(
                    { id: 'persons.reduction.askFor' },
                    { name: person.full_name },
                  )}
                  onClick={() => {
                    setDone(null);
                    setAsking(person.person_activity_id);
                  }}
                >
                  <FormattedMessage id="persons.reduction.ask" />
                </Button>
              ) : null}
            </li>
          );
        })}
      </ul>
      <RequestReductionDialog
        open={asking !== null}
        persons={persons}
        personId={asking}
        circumstances={offered}
        onCancel={() => setAsking(null)}
        onDone={(outcome) => {
          setAsking(null);
          setDone(outcome);
          requested();
        }}
      />
    </section>
  );
}
