import { Button } from '@portal/design-system/components/button.tsx';
import { ConfirmDialog } from '@portal/design-system/components/confirm-dialog.tsx';
import { DataTable, type DataTableColumn } from '@portal/design-system/components/data-table.tsx';
import { formatDate } from '@portal/design-system/lib/format.ts';
import { useEffect, useRef, useState } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import { useLocale } from '../../../i18n/i18n-provider';
import {
  listLikelyDuplicates,
  markPersonsDifferent,
  mergePersons,
  type DuplicatePair,
} from '../api/season';
import { useResource } from '../api/use-resource';
import { SubHeading } from '../components/admin-section';
import { LoadError } from '../components/load-error';
import { serverMsg, useT, type Notice } from '../components/messages';
import { NoticeArea } from '../components/notice-area';
import { mergePlan } from './rules';

type Applicant = DuplicatePair['persons'][number];

/**
 * "Posibles duplicados" of one activity, for staff to check before its draw (which waits for
 * them): each pair of applicants who are likely one person (why, and what tells them apart);
 * merging the second into the first, or marking the two "different people", each after a
 * confirmation that says what happens. `version` changes when anything changed the activity's
 * applications; `onMerged` tells the section to read its lists again.
 */
export function LikelyDuplicates({
  activityId,
  version,
  onMerged,
}: {
  activityId: number;
  version: string;
  onMerged: () => void;
}) {
  const t = useT();
  const intl = useIntl();
  const { locale } = useLocale();
  const pairs = useResource(['duplicates', activityId, version], () =>
    listLikelyDuplicates(activityId),
  );
  const [toMerge, setToMerge] = useState<DuplicatePair | null>(null);
  const [toMark, setToMark] = useState<DuplicatePair | null>(null);
  const [busy, setBusy] = useState(false);
  const [notice, setNotice] = useState<Notice | null>(null);
  const headingRef = useRef<HTMLHeadingElement>(null);
  const focusWhenReloaded = useRef(false);

  // The merged pair (and its button) is gone once the list is read again: focus its heading.
  useEffect(() => {
    if (focusWhenReloaded.current && pairs.status === 'ready') {
      focusWhenReloaded.current = false;
      headingRef.current?.focus();
    }
  }, [pairs.status, pairs.data]);

  async function merge() {
    if (!toMerge || busy) return;
    const { keep, merge: other } = mergePlan(toMerge);
    setBusy(true);
    const answer = await mergePersons(keep.person_activity_id, other.person_activity_id);
    setBusy(false);
    setToMerge(null);
    if (!answer.ok) {
      setNotice({ variant: 'error', message: serverMsg(answer.error, 'admin.season.mergeError') });
      return;
    }
    const { person, withdrawn, paid_twice } = answer.data;
    setNotice({
      variant: 'success',
      message: {
        id: 'admin.season.merged',
        values: {
          name: person.full_name,
          count: withdrawn.length,
          codes: intl.formatList(withdrawn, { type: 'conjunction' }),
        },
      },
      warnings: paid_twice.map((activity) => t('admin.season.paidTwice', { activity })),
    });
    focusWhenReloaded.current = true;
    onMerged();
  }

  async function markDifferent() {
    if (!toMark || busy) return;
    const [first, second] = toMark.persons as [Applicant, Applicant];
    setBusy(true);
    const answer = await markPersonsDifferent(first.person_activity_id, second.person_activity_id);
    setBusy(false);
    setToMark(null);
    if (!answer.ok) {
      setNotice({
        variant: 'error',
        message: serverMsg(answer.error, 'admin.season.differentError'),
      });
      return;
    }
    setNotice({
      variant: 'success',
      message: { id: 'admin.season.differentDone', values: pairValues(toMark) },
    });
    focusWhenReloaded.current = true;
    onMerged();
  }

  const pairValues = (pair: DuplicatePair) => {
    const [first, second] = pair.persons as [Applicant, Applicant];
    return {
      first: first.full_name,
      firstCode: first.application.code,
      second: second.full_name,
      secondCode: second.application.code,
    };
  };

  const columns = (pair: DuplicatePair): DataTableColumn<Applicant>[] => [
    { id: 'name', header: t('admin.season.person'), cell: (p) => p.full_name, rowHeader: true },
    { id: 'dni', header: t('admin.season.dni'), cell: (p) => p.dni ?? t('admin.enrolments.noDni') },
    {
      id: 'birth',
      header: t('admin.season.birthDate'),
      cell: (p) => (p.birth_date ? formatDate(p.birth_date, locale) : ''),
    },
    {
      id: 'code',
      header: t('admin.season.code'),
      cell: (p) => <span className="font-mono">{p.application.code}</span>,
    },
    {
      id: 'status',
      header: t('admin.season.status'),
      cell: (p) => t(`admin.season.applicationStatus.${p.application.status}`),
    },
    {
      id: 'accounts',
      header: t('admin.season.accounts'),
      cell: (p) => p.accounts,
      align: 'end',
    },
    {
      id: 'merge',
      header: t('admin.season.onMerge'),
      cell: (p) =>
        t(p === mergePlan(pair).keep ? 'admin.season.onMerge.keep' : 'admin.season.onMerge.merge'),
    },
  ];

  const planValues = (pair: DuplicatePair) => {
    const { keep, merge: other, withdrawnCode } = mergePlan(pair);
    return {
      keep: keep.full_name,
      keepCode: keep.application.code,
      merge: other.full_name,
      mergeCode: other.application.code,
      withdrawn: withdrawnCode,
    };
  };

  return (
    <div className="flex flex-col gap-4">
      <SubHeading ref={headingRef}>
        <FormattedMessage id="admin.season.duplicates" />
      </SubHeading>
      <p className="max-w-prose">
        <FormattedMessage id="admin.season.duplicatesIntro" />
      </p>
      <NoticeArea notice={notice} />
      {pairs.status === 'error' ? (
        <LoadError messageId="admin.season.duplicatesError" onRetry={pairs.reload} />
      ) : pairs.data?.length === 0 ? (
        <p>
          <FormattedMessage id="admin.season.duplicatesNone" />
        </p>
      ) : (
        <ul className="flex flex-col gap-6">
          {(pairs.data ?? []).map((pair) => (
            <li
              key={pair.persons.map((p) => p.application.id).join('-')}
              className="flex flex-col items-start gap-2"
            >
              <DataTable
                caption={t('admin.season.pairCaption', {
                  reason: t(`admin.season.reason.${pair.reason}`),
                  first: mergePlan(pair).keep.full_name,
                  second: mergePlan(pair).merge.full_name,
                })}
                columns={columns(pair)}
                rows={pair.persons}
                getRowId={(p) => String(p.application.id)}
                emptyMessage=""
              />
              <div className="flex flex-wrap gap-2">
                <Button
                  type="button"
                  variant="secondary"
                  size="sm"
                  aria-label={t('admin.season.mergeLabel', planValues(pair))}
                  onClick={() => {
                    setNotice(null);
                    setToMerge(pair);
                  }}
                >
                  <FormattedMessage id="admin.season.merge" />
                </Button>
                <Button
                  type="button"
                  variant="secondary"
                  size="sm"
                  aria-label={t('admin.season.differentLabel', pairValues(pair))}
                  onClick={() => {
                    setNotice(null);
                    setToMark(pair);
                  }}
                >
                  <FormattedMessage id="admin.season.different" />
                </Button>
              </div>
            </li>
          ))}
        </ul>
      )}
      <ConfirmDialog
        open={toMerge !== null}
        title={toMerge ? t('admin.season.mergeTitle', planValues(toMerge)) : ''}
        description={toMerge ? t('admin.season.mergeDescription', planValues(toMerge)) : ''}
        confirmLabel={t('admin.season.mergeConfirm')}
        cancelLabel={t('admin.common.cancel')}
        onConfirm={() => void merge()}
        onCancel={() => setToMerge(null)}
        loading={busy}
      />
      <ConfirmDialog
        open={toMark !== null}
        title={toMark ? t('admin.season.differentTitle', pairValues(toMark)) : ''}
        description={toMark ? t('admin.season.differentDescription', pairValues(toMark)) : ''}
        confirmLabel={t('admin.season.differentConfirm')}
        cancelLabel={t('admin.common.cancel')}
        onConfirm={() => void markDifferent()}
        onCancel={() => setToMark(null)}
        loading={busy}
      />
    </div>
  );
}
