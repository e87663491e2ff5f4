import { DataTable, type DataTableColumn } from '@portal/design-system/components/data-table.tsx';
import { formatEuros } from '@portal/design-system/lib/format.ts';
import { FormattedMessage, useIntl } from 'react-intl';
import { useLocale } from '../../../i18n/i18n-provider';
import { FeeBreakdownList } from '../../payments/components/fee-breakdown';
import { displayedAmount, rowId, type UserActivity } from '../rules';

/** The columns both tables show: DNI, activity (the row's header) and an amount, right-aligned. */
function activityColumns(
  t: (id: string) => string,
  amountHeader: string,
  amount: (row: UserActivity) => string,
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
      cell: (row) => row.name,
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
  onSelectedChange: (rowId: string, selected: boolean) => void;
  /** Payment closed (deadline passed or payments disabled): checkboxes disabled. */
  locked: boolean;
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
  locked,
  reduction,
  breakdown = false,
}: PendingTableProps) {
  const intl = useIntl();
  const { locale } = useLocale();
  const t = (id: string) => intl.formatMessage({ id });
  const columns = activityColumns(t, t('dashboard.table.pendingAmount'), (row) =>
    formatEuros(displayedAmount(row, reduction), locale),
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
        onSelectedChange: (id, selected) => onSelectedChange(id, selected),
        getRowLabel: (row) =>
          intl.formatMessage(
            { id: 'dashboard.table.selectRow' },
            { activity: row.name, dni: row.dni ?? t('dashboard.noDni') },
          ),
        header: t('dashboard.table.select'),
        isRowDisabled: () => locked,
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
