import { DataTable, type DataTableColumn } from '@portal/design-system/components/data-table.tsx';
import { formatDate, formatEuros } from '@portal/design-system/lib/format.ts';
import type { ReactNode } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import { useLocale } from '../../../i18n/i18n-provider';
import { FeeBreakdownList } from '../../payments/components/fee-breakdown';
import { partName } from '../../payments/part-names';
import {
  displayedAmount,
  isDifferenceLine,
  rowId,
  type LineLock,
  type SentToBank,
  type UserActivity,
} from '../rules';

/**
 * Why a line cannot be ticked, under its name (payment closed is said in the pay bar): a part's
 * day, or any line sent to the bank in a remittance.
 */
const PART_LOCK_MESSAGE: Partial<Record<LineLock, string>> = {
  part_deadline_passed: 'dashboard.part.overdue',
  earlier_part_overdue: 'dashboard.part.afterOverdue',
  earlier_part_with_bank: 'dashboard.part.afterSentToBank',
};
const SENT_TO_BANK_MESSAGE = 'dashboard.line.sentToBank';

/** The id of a line's "cannot be paid online" text, which describes its checkbox. */
const partLockId = (row: UserActivity) => `part-lock-${rowId(row)}`;

/** A line that cannot be ticked says why under its name. */
const partLockMessage = (row: UserActivity, lock: LineLock | null) =>
  lock === 'in_remittance'
    ? SENT_TO_BANK_MESSAGE
    : row.part && lock
      ? PART_LOCK_MESSAGE[lock]
      : undefined;

/** Why the line cannot be ticked, under its name, or nothing. */
function LockReason({
  row,
  lock,
  sentOn,
}: {
  row: UserActivity;
  lock: LineLock | null;
  sentOn: string | undefined;
}) {
  const { locale } = useLocale();
  const message = partLockMessage(row, lock);
  if (!message) return null;
  return (
    <span id={partLockId(row)} data-slot="part-lock" className="text-small font-semibold">
      <FormattedMessage
        id={message}
        values={sentOn ? { date: formatDate(sentOn, locale) } : undefined}
      />
    </span>
  );
}

/**
 * The activity's name and, for a part of a fee in parts, which part and its last day ("1.º plazo
 * de 2 · hasta el 15/10/2026"; a paid part just which part), and why it cannot be paid online.
 */
function ActivityName({
  row,
  lock = null,
  sentOn,
}: {
  row: UserActivity;
  lock?: LineLock | null;
  /** The day the bank collects it, when it was sent in a remittance. */
  sentOn?: string;
}) {
  const intl = useIntl();
  const { locale } = useLocale();
  // the registration fee in this line's amount, never reduced, said on its own line
  const registration = row.registration_fee ? (
    <span data-slot="registration-fee" className="text-small text-muted-foreground">
      <FormattedMessage
        id="dashboard.registrationFee"
        values={{ amount: formatEuros(row.registration_fee, locale) }}
      />
    </span>
  ) : null;
  const reason = <LockReason row={row} lock={lock} sentOn={sentOn} />;
  // a family difference: which fee's discount, and why it is no longer earned
  if (isDifferenceLine(row))
    return (
      <span className="flex flex-col gap-1">
        <span>
          <FormattedMessage
            id="dashboard.familyDifference.pendingLine"
            values={{ activity: row.name }}
          />
        </span>
        <span data-slot="family-difference" className="text-small text-muted-foreground">
          {row.family_difference!.reason}
        </span>
        {reason}
      </span>
    );
  if (!row.part)
    return registration || lock === 'in_remittance' ? (
      <span className="flex flex-col gap-1">
        <span>{row.name}</span>
        {registration}
        {reason}
      </span>
    ) : (
      <>{row.name}</>
    );
  const part = partName(intl, row.part);
  return (
    <span className="flex flex-col gap-1">
      <span>{row.name}</span>
      {registration}
      <span data-slot="part" className="text-small text-muted-foreground">
        {row.is_paid ? (
          part
        ) : (
          <FormattedMessage
            id="dashboard.part.line"
            values={{ part, date: formatDate(row.part.due_date, locale) }}
          />
        )}
      </span>
      {reason}
      {row.is_paid && row.refund_due ? (
        <span data-slot="refund-due" className="text-small font-semibold">
          <FormattedMessage
            id="dashboard.refundDue"
            values={{ amount: formatEuros(row.refund_due, locale) }}
          />
        </span>
      ) : null}
    </span>
  );
}

/** The columns both tables show: DNI, activity (the row's header) and an amount, right-aligned. */
function activityColumns(
  t: (id: string) => string,
  amountHeader: string,
  amount: (row: UserActivity) => string,
  name: (row: UserActivity) => ReactNode = (row) => <ActivityName row={row} />,
): DataTableColumn<UserActivity>[] {
  // text headers: the narrow layout shows them beside each value
  return [
    {
      id: 'dni',
      header: t('dashboard.table.dni'),
      cell: (row) => row.dni ?? t('dashboard.noDni'),
    },
    {
      id: 'activity',
      header: t('dashboard.table.activity'),
      cell: name,
      rowHeader: true,
      className: 'min-w-40',
    },
    {
      id: 'amount',
      header: amountHeader,
      cell: amount,
      align: 'end',
      className: 'whitespace-nowrap',
    },
  ];
}

/** The breakdown's column, before the amount it explains (the server's breakdown). */
function withBreakdown(columns: DataTableColumn<UserActivity>[], t: (id: string) => string) {
  columns.splice(columns.length - 1, 0, {
    id: 'breakdown',
    header: t('dashboard.table.breakdown'),
    cell: (row) => (row.breakdown ? <FeeBreakdownList breakdown={row.breakdown} /> : null),
    className: 'min-w-56',
  });
}

interface PendingTableProps {
  rows: readonly UserActivity[];
  selectedIds: ReadonlySet<string>;
  onSelectedChange: (row: UserActivity, selected: boolean) => void;
  /**
   * Why a line cannot be ticked (payment closed, a part's last day passed), or null: its checkbox
   * is disabled then.
   */
  lockOf: (row: UserActivity) => LineLock | null;
  /** Lines sent to the bank in a remittance (by row id), with the day the bank collects them. */
  sentToBank?: SentToBank;
  /** The reduction applies: show `amount_with_discount`. */
  reduction: boolean;
  /** Fee rules in place: a column tells how each amount comes about (the server's breakdown). */
  breakdown?: boolean;
}

/** Pending payments: DNI, checkbox, activity, pending amount (the server's figure). */
export function PendingTable({
  rows,
  selectedIds,
  onSelectedChange,
  lockOf,
  sentToBank,
  reduction,
  breakdown = false,
}: PendingTableProps) {
  const intl = useIntl();
  const { locale } = useLocale();
  const t = (id: string) => intl.formatMessage({ id });
  const columns = activityColumns(
    t,
    t('dashboard.table.pendingAmount'),
    (row) => formatEuros(displayedAmount(row, reduction), locale),
    (row) => <ActivityName row={row} lock={lockOf(row)} sentOn={sentToBank?.get(rowId(row))} />,
  );
  if (breakdown) withBreakdown(columns, t);
  return (
    <DataTable
      caption={<FormattedMessage id="dashboard.pending.caption" />}
      captionHidden
      columns={columns}
      rows={rows}
      getRowId={rowId}
      emptyMessage={<FormattedMessage id="dashboard.pending.empty" />}
      selection={{
        selectedIds,
        onSelectedChange: (_id, selected, row) => onSelectedChange(row, selected),
        getRowLabel: (row) =>
          isDifferenceLine(row)
            ? intl.formatMessage(
                { id: 'dashboard.table.selectDifference' },
                { activity: row.name, dni: row.dni ?? t('dashboard.noDni') },
              )
            : row.part
              ? intl.formatMessage(
                  { id: 'dashboard.table.selectPart' },
                  {
                    activity: row.name,
                    part: partName(intl, row.part),
                    dni: row.dni ?? t('dashboard.noDni'),
                  },
                )
              : intl.formatMessage(
                  { id: 'dashboard.table.selectRow' },
                  { activity: row.name, dni: row.dni ?? t('dashboard.noDni') },
                ),
        header: t('dashboard.table.select'),
        isRowDisabled: (row) => lockOf(row) !== null,
        getRowDescribedBy: (row) =>
          partLockMessage(row, lockOf(row)) ? partLockId(row) : undefined,
        position: 1,
      }}
    />
  );
}

/**
 * Completed payments: DNI, activity, amount (what was paid, as the receipt says) and, with fee
 * rules, how it came about as it was charged.
 */
export function CompletedTable({
  rows,
  breakdown = false,
}: {
  rows: readonly UserActivity[];
  breakdown?: boolean;
}) {
  const intl = useIntl();
  const { locale } = useLocale();
  const t = (id: string) => intl.formatMessage({ id });
  const columns = activityColumns(t, t('dashboard.table.amount'), (row) =>
    formatEuros(row.amount, locale),
  );
  if (breakdown) withBreakdown(columns, t);
  return (
    <DataTable
      caption={<FormattedMessage id="dashboard.completed.caption" />}
      captionHidden
      columns={columns}
      rows={rows}
      getRowId={rowId}
      emptyMessage={<FormattedMessage id="dashboard.completed.empty" />}
    />
  );
}
