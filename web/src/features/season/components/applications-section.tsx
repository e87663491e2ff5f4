import { Alert } from '@portal/design-system/components/alert.tsx';
import { Button } from '@portal/design-system/components/button.tsx';
import { CheckboxField } from '@portal/design-system/components/checkbox.tsx';
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
import { withdrawApplication, type Application } from '../api/season-api';
import { useApplyForPlace } from '../api/use-apply';
import { useCatalogue, useMyApplications, useSeasonChanged } from '../api/use-season';
import { birthYearsRule, eligibility, openForApplications, statusMessageId } from '../rules';
import { AddPersonForm } from './add-person-form';
import { ApplyWaiting } from './apply-waiting';
import { MyClaims } from './my-claims';

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
  // one press at a time, retried by itself while the server is busy (same idempotency key)
  const applying = useApplyForPlace();
  const sending = applying.progress.phase !== 'idle';
  const [toWithdraw, setToWithdraw] = useState<Application | null>(null);
  // siblings together: the others applied for in the same joint application (one code)
  const [together, setTogether] = useState<string[]>([]);
  const [withdrawScope, setWithdrawScope] = useState<'person' | 'joint'>('person');
  const [withdrawing, setWithdrawing] = useState(false);

  const person = persons.find((p) => String(p.person_activity_id) === personId);
  const activity = open.find((a) => String(a.id) === activityId);
  const fit = person && activity ? eligibility(activity, person.birth_date) : null;
  const rule = activity ? birthYearsRule(activity) : null;

  async function submit(event: React.FormEvent) {
    event.preventDefault();
    if (sending) return;
    if (!person || !activity) {
      setNotice({ variant: 'error', text: t('season.apply.choose') });
      return;
    }
    const others = together.filter((id) => id !== personId).map(Number);
    if (others.length > 3) {
      setNotice({ variant: 'error', text: t('season.joint.tooMany') });
      return;
    }
    setNotice(null);
    const result = await applying.apply([person.person_activity_id, ...others], activity.id);
    if (!result) return;
    if (result.kind !== 'done') {
      // an attempt the network lost may have been registered: the list is read again
      setNotice({
        variant: result.kind === 'cancelled' ? 'info' : 'error',
        text: t(result.kind === 'cancelled' ? 'season.apply.cancelled' : 'season.apply.gaveUp'),
      });
      changed();
      return;
    }
    const answer = result.value;
    if (!answer.ok) {
      setNotice({ variant: 'error', text: detailMessage(answer.error, t('season.apply.error')) });
      return;
    }
    if ('applications' in answer.data) {
      const joint = answer.data;
      const first = joint.applications[0];
      setNotice({
        variant: 'success',
        text: t(`season.joint.done.${first?.status ?? 'applied'}`, {
          code: joint.code,
          names: joint.applications.map((a) => a.person_name).join(', '),
          position: first?.waitlist_position ?? 0,
          until: first?.offer_expires_at
            ? formatMadridDateTime(first.offer_expires_at, locale)
            : '',
        }),
      });
      setTogether([]);
      changed();
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
    const answer = await withdrawApplication(toWithdraw.id, withdrawScope);
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
      cell: (a) => (
        <span className="flex flex-col">
          <span className="font-mono">{a.code}</span>
          {a.joint_code ? (
            <span>
              <FormattedMessage id="season.joint.badge" />
            </span>
          ) : null}
        </span>
      ),
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
          {a.status === 'offered' && a.payment_check_until ? (
            <span>
              <FormattedMessage
                id="season.list.paymentChecking"
                values={{ until: formatMadridDateTime(a.payment_check_until, locale) }}
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
          <span className="flex flex-wrap gap-2">
            <Button
              type="button"
              variant="secondary"
              size="sm"
              onClick={() => {
                setWithdrawScope('person');
                setToWithdraw(a);
              }}
              aria-label={t('season.withdraw.label', {
                activity: a.activity_name,
                person: a.person_name,
              })}
            >
              <FormattedMessage id="season.withdraw.button" />
            </Button>
            {a.joint_code ? (
              <Button
                type="button"
                variant="secondary"
                size="sm"
                onClick={() => {
                  setWithdrawScope('joint');
                  setToWithdraw(a);
                }}
                aria-label={t('season.joint.withdrawLabel', {
                  activity: a.activity_name,
                  code: a.code,
                })}
              >
                <FormattedMessage id="season.joint.withdrawButton" />
              </Button>
            ) : null}
          </span>
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
            {persons.length > 1 ? (
              <fieldset className="flex flex-col gap-2">
                <legend className="font-bold">
                  <FormattedMessage id="season.joint.legend" />
                </legend>
                <p id="apply-together-hint">
                  <FormattedMessage id="season.joint.hint" />
                </p>
                {persons
                  .filter((p) => String(p.person_activity_id) !== personId)
                  .map((p) => {
                    const value = String(p.person_activity_id);
                    return (
                      <CheckboxField
                        key={value}
                        id={`apply-together-${value}`}
                        label={p.full_name}
                        aria-describedby="apply-together-hint"
                        checked={together.includes(value)}
                        onCheckedChange={(checked) =>
                          setTogether((now) =>
                            checked === true ? [...now, value] : now.filter((id) => id !== value),
                          )
                        }
                      />
                    );
                  })}
              </fieldset>
            ) : null}
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
            <ApplyWaiting progress={applying.progress} onCancel={applying.cancel} />
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

      <MyClaims />

      <AddPersonForm onAdded={changed} />

      <ConfirmDialog
        open={toWithdraw !== null}
        title={
          withdrawScope === 'joint'
            ? t('season.joint.withdrawTitle', {
                activity: toWithdraw?.activity_name ?? '',
                code: toWithdraw?.code ?? '',
              })
            : t('season.withdraw.title', {
                activity: toWithdraw?.activity_name ?? '',
                person: toWithdraw?.person_name ?? '',
              })
        }
        description={t(
          withdrawScope === 'joint'
            ? 'season.joint.withdrawDescription'
            : toWithdraw?.joint_code
              ? 'season.joint.withdrawOne'
              : toWithdraw?.status === 'offered'
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
