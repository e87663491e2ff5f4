import { Alert } from '@portal/design-system/components/alert.tsx';
import { Button } from '@portal/design-system/components/button.tsx';
import { ConfirmDialog } from '@portal/design-system/components/confirm-dialog.tsx';
import { DataTable, type DataTableColumn } from '@portal/design-system/components/data-table.tsx';
import { SelectField } from '@portal/design-system/components/select-field.tsx';
import { textLinkClassName } from '@portal/design-system/components/text-link.tsx';
import { useState } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import { Link } from 'react-router';
import { useLocale } from '../../../i18n/i18n-provider';
import { detailMessage } from '../../../lib/api/client';
import { formatMadridDateTime } from '../../../lib/madrid-time';
import type { components } from '../../../lib/api/schema.gen';
import { applyForPlace, withdrawApplication, type Application } from '../api/season-api';
import { useCatalogue, useMyApplications, useSeasonChanged } from '../api/use-season';
import { birthYearsRule, eligibility, openForApplications, statusMessageId } from '../rules';
import { AddPersonForm } from './add-person-form';

type ManagedPerson = components['schemas']['ManagedPerson'];
type Notice = { variant: 'success' | 'error' | 'info'; text: string };

/**
 * The dashboard's "Solicitudes": apply for a place for a person one manages (saying at once who
 * may apply), one's applications with their status, waitlist position and the last moment to pay
 * an offered place (paid from the pending list above), withdrawing with a confirmation, and
 * adding a person one looks after who is on no record yet.
 */
export function ApplicationsSection({ persons }: { persons: readonly ManagedPerson[] }) {
  const intl = useIntl();
  const t = (id: string, values?: Record<string, string | number>) =>
    intl.formatMessage({ id }, values);
  const { locale } = useLocale();
  const catalogue = useCatalogue();
  const applications = useMyApplications();
  const changed = useSeasonChanged();
  const open = openForApplications(catalogue.data ?? []);
  const [personId, setPersonId] = useState('');
  const [activityId, setActivityId] = useState('');
  const [notice, setNotice] = useState<Notice | null>(null);
  const [sending, setSending] = useState(false);
  const [toWithdraw, setToWithdraw] = useState<Application | null>(null);
  const [withdrawing, setWithdrawing] = useState(false);

  const person = persons.find((p) => String(p.person_activity_id) === personId);
  const activity = open.find((a) => String(a.id) === activityId);
  const fit = person && activity ? eligibility(activity, person.birth_date) : null;
  const rule = activity ? birthYearsRule(activity) : null;

  async function submit(event: React.FormEvent) {
    event.preventDefault();
    if (!person || !activity || sending) {
      setNotice({ variant: 'error', text: t('season.apply.choose') });
      return;
    }
    setSending(true);
    const answer = await applyForPlace(person.person_activity_id, activity.id);
    setSending(false);
    if (!answer.ok) {
      setNotice({ variant: 'error', text: detailMessage(answer.error, t('season.apply.error')) });
      return;
    }
    const made = answer.data;
    setNotice({
      variant: 'success',
      text: t(`season.apply.done.${made.status}`, {
        code: made.code,
        position: made.waitlist_position ?? 0,
        until: made.offer_expires_at ? formatMadridDateTime(made.offer_expires_at, locale) : '',
      }),
    });
    changed();
  }

  async function confirmWithdraw() {
    if (!toWithdraw) return;
    setWithdrawing(true);
    const answer = await withdrawApplication(toWithdraw.id);
    setWithdrawing(false);
    setNotice(
      answer.ok
        ? {
            variant: 'success',
            text: t('season.withdraw.done', { activity: toWithdraw.activity_name }),
          }
        : { variant: 'error', text: detailMessage(answer.error, t('season.withdraw.error')) },
    );
    setToWithdraw(null);
    changed();
  }

  const columns: DataTableColumn<Application>[] = [
    {
      id: 'activity',
      header: t('season.list.activity'),
      cell: (a) => a.activity_name,
      rowHeader: true,
    },
    { id: 'person', header: t('season.list.person'), cell: (a) => a.person_name },
    {
      id: 'code',
      header: t('season.list.code'),
      cell: (a) => <span className="font-mono">{a.code}</span>,
    },
    {
      id: 'status',
      header: t('season.list.status'),
      cell: (a) => (
        <span className="flex flex-col">
          <span>
            <FormattedMessage id={statusMessageId(a.status)} />
          </span>
          {a.status === 'waitlisted' && a.waitlist_position !== null ? (
            <span>
              <FormattedMessage
                id="season.list.position"
                values={{ position: a.waitlist_position }}
              />
            </span>
          ) : null}
          {a.status === 'offered' && a.offer_expires_at ? (
            <span>
              <FormattedMessage
                id="season.list.payBefore"
                values={{ until: formatMadridDateTime(a.offer_expires_at, locale) }}
              />
            </span>
          ) : null}
        </span>
      ),
    },
    {
      id: 'actions',
      header: t('season.list.actions'),
      cell: (a) =>
        ['applied', 'offered', 'waitlisted'].includes(a.status) ? (
          <Button
            type="button"
            variant="secondary"
            size="sm"
            onClick={() => setToWithdraw(a)}
            aria-label={t('season.withdraw.label', {
              activity: a.activity_name,
              person: a.person_name,
            })}
          >
            <FormattedMessage id="season.withdraw.button" />
          </Button>
        ) : null,
    },
  ];

  return (
    <section
      id="solicitudes"
      aria-labelledby="applications-heading"
      className="flex min-w-0 flex-col gap-4"
    >
      <h2 id="applications-heading" className="text-heading font-bold">
        <FormattedMessage id="season.applications.heading" />
      </h2>
      <p>
        <FormattedMessage id="season.applications.intro" />{' '}
        <Link to="/actividades" className={textLinkClassName}>
          <FormattedMessage id="season.applications.catalogueLink" />
        </Link>
      </p>
      <div aria-live="polite">
        {notice ? <Alert variant={notice.variant}>{notice.text}</Alert> : null}
      </div>

      <form
        onSubmit={submit}
        noValidate
        className="flex flex-col gap-4 rounded-md border border-border-subtle p-4"
      >
        <h3 className="font-bold">
          <FormattedMessage id="season.apply.heading" />
        </h3>
        {open.length === 0 && !catalogue.isPending ? (
          <p>
            <FormattedMessage id="season.apply.nothingOpen" />
          </p>
        ) : (
          <>
            <SelectField
              id="apply-person"
              label={t('season.apply.person')}
              errorPrefix={t('dashboard.errorPrefix')}
              containerClassName="max-w-md"
              value={personId}
              onChange={(event) => setPersonId(event.target.value)}
              placeholder={t('season.apply.choosePerson')}
              options={persons.map((p) => ({
                value: String(p.person_activity_id),
                label: p.full_name,
              }))}
            />
            <SelectField
              id="apply-activity"
              label={t('season.apply.activity')}
              errorPrefix={t('dashboard.errorPrefix')}
              containerClassName="max-w-md"
              value={activityId}
              onChange={(event) => setActivityId(event.target.value)}
              placeholder={t('season.apply.chooseActivity')}
              options={open.map((a) => ({ value: String(a.id), label: a.name }))}
            />
            {rule ? (
              <p id="apply-rule">
                <FormattedMessage id={rule.id} values={rule.values} />
              </p>
            ) : null}
            {fit && fit !== 'eligible' ? (
              <Alert variant="info">
                <FormattedMessage id={`season.apply.${fit}`} />
              </Alert>
            ) : null}
            {activity?.status === 'full' ? (
              <p>
                <FormattedMessage id="season.apply.fullWaitlist" />
              </p>
            ) : null}
            <div>
              <Button type="submit" loading={sending}>
                <FormattedMessage id="season.apply.submit" />
              </Button>
            </div>
          </>
        )}
      </form>

      {applications.isError ? (
        <Alert variant="error">
          <FormattedMessage id="season.list.error" />
        </Alert>
      ) : (
        <DataTable
          caption={t('season.list.caption')}
          columns={columns}
          rows={applications.data ?? []}
          getRowId={(a) => String(a.id)}
          emptyMessage={t('season.list.empty')}
        />
      )}

      <AddPersonForm onAdded={changed} />

      <ConfirmDialog
        open={toWithdraw !== null}
        title={t('season.withdraw.title', {
          activity: toWithdraw?.activity_name ?? '',
          person: toWithdraw?.person_name ?? '',
        })}
        description={t(
          toWithdraw?.status === 'offered'
            ? 'season.withdraw.offered'
            : 'season.withdraw.description',
        )}
        confirmLabel={t('season.withdraw.confirm')}
        cancelLabel={t('season.withdraw.cancel')}
        onConfirm={() => void confirmWithdraw()}
        onCancel={() => setToWithdraw(null)}
        loading={withdrawing}
      />
    </section>
  );
}
