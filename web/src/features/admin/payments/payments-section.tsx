import { useCallback, useState } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import { Alert } from '@portal/design-system/components/alert.tsx';
import { Button } from '@portal/design-system/components/button.tsx';
import { DataTable, type DataTableColumn } from '@portal/design-system/components/data-table.tsx';
import { SelectField } from '@portal/design-system/components/select-field.tsx';
import { formatEuros, intlLocale, TIME_ZONE } from '@portal/design-system/lib/format.ts';
import { useLocale } from '../../../i18n/i18n-provider';
import { AdminPagination } from '../components/admin-pagination';
import { AdminSection } from '../components/admin-section';
import { ListStatus } from '../components/list-status';
import { useT } from '../components/messages';
import { saveBlob } from '../../../lib/download';
import {
  checkPayment,
  downloadPaymentReceipt,
  exportPayments,
  listPayments,
  PAYMENT_FILTERS,
  type AdminPayment,
  type PaymentFilterStatus,
} from '../api/payments';
import { RefundDueAction, refundDueItems } from './refund-due-action';
import { useResource } from '../api/use-resource';
import { NoticeArea } from '../components/notice-area';
import { serverMsg, type Notice } from '../components/messages';
import { RefundAction } from './refund-action';
import { RefundHistory } from './refund-history';
import { canRefund } from './refund-rules';
import { breakdownText, discountsText } from './fee-breakdown';
import { paidPartsName } from '../../payments/part-names';
import { ADMIN_PART_IDS } from './part-ids';

/** 6. Payments for reconciliation with the bank: status filter, pages, .xlsx export. */
export function PaymentsSection() {
  const t = useT();
  const intl = useIntl();
  const { locale } = useLocale();
  const percentOf = (percent: number) =>
    intl.formatNumber(percent / 100, { style: 'percent', maximumFractionDigits: 1 });
  const [status, setStatus] = useState<PaymentFilterStatus | ''>('');
  const [page, setPage] = useState(1);
  const [exporting, setExporting] = useState(false);
  const [exportFailed, setExportFailed] = useState(false);
  const load = useCallback(
    () => listPayments({ page, ...(status ? { status } : {}) }),
    [page, status],
  );
  const payments = useResource(['payments', page, status], load);
  const [notice, setNotice] = useState<Notice | null>(null);
  const [busy, setBusy] = useState<number | null>(null);

  async function check(payment: AdminPayment) {
    if (busy !== null) return;
    setBusy(payment.id);
    setNotice(null);
    const answer = await checkPayment(payment.id);
    setBusy(null);
    if (answer.ok) {
      setNotice({
        variant: 'success',
        message: {
          id: 'admin.payments.check.done',
          values: {
            order: payment.order,
            status: t(`admin.payments.status.${answer.data.status}`),
          },
        },
      });
      payments.reload();
    } else {
      setNotice({
        variant: 'error',
        message: serverMsg(answer.error, 'admin.payments.check.failed'),
      });
    }
  }

  async function receipt(payment: AdminPayment) {
    if (busy !== null) return;
    setBusy(payment.id);
    setNotice(null);
    const ok = await downloadPaymentReceipt(payment, locale);
    setBusy(null);
    if (!ok) setNotice({ variant: 'error', message: { id: 'admin.payments.receipt.failed' } });
  }

  const when = new Intl.DateTimeFormat(intlLocale(locale), {
    day: '2-digit',
    month: '2-digit',
    year: 'numeric',
    hour: '2-digit',
    minute: '2-digit',
    timeZone: TIME_ZONE,
  });

  async function download() {
    if (exporting) return;
    setExporting(true);
    setExportFailed(false);
    const answer = await exportPayments(status ? { status } : {});
    setExporting(false);
    if (answer.ok && answer.data) {
      saveBlob(answer.data as Blob, t('admin.payments.exportFileName'));
    } else {
      setExportFailed(true);
    }
  }

  const columns: DataTableColumn<AdminPayment>[] = [
    {
      id: 'date',
      header: t('admin.payments.date'),
      cell: (p) => when.format(new Date(p.created_at)),
      className: 'whitespace-nowrap',
    },
    { id: 'order', header: t('admin.payments.order'), cell: (p) => p.order, rowHeader: true },
    { id: 'person', header: t('admin.payments.person'), cell: (p) => p.full_name },
    {
      id: 'dni',
      header: t('admin.payments.dni'),
      cell: (p) => p.dni ?? t('admin.enrolments.noDni'),
    },
    {
      id: 'items',
      header: t('admin.payments.items'),
      cell: (p) => (
        <ul className="flex flex-col gap-1">
          {p.items.map((item) => {
            const why = breakdownText(item.breakdown, t, locale, percentOf);
            return (
              <li key={`${item.person_activity_id ?? ''}-${item.activity_id}`}>
                {item.name}
                {item.family_difference ? (
                  <span className="block text-small">
                    {t('admin.payments.familyDifference', {
                      member: item.family_difference.member_name,
                    })}
                  </span>
                ) : null}
                {item.parts ? (
                  <span className="block text-small">
                    {paidPartsName(intl, item.parts, ADMIN_PART_IDS)}
                  </span>
                ) : null}
                {why ? <span className="block text-small text-muted-foreground">{why}</span> : null}
                {!item.breakdown && item.registration_fee ? (
                  <span className="block text-small text-muted-foreground">
                    {t('admin.payments.breakdown.registration', {
                      amount: formatEuros(item.registration_fee, locale),
                    })}
                  </span>
                ) : null}
                {item.refund_due ? (
                  <span className="block text-small font-semibold text-error-text">
                    {t('admin.payments.refundDue.owed', {
                      amount: formatEuros(item.refund_due, locale),
                    })}
                  </span>
                ) : null}
              </li>
            );
          })}
        </ul>
      ),
      className: 'min-w-56',
    },
    {
      id: 'amount',
      header: t('admin.payments.amount'),
      cell: (p) => formatEuros(p.amount, locale),
      align: 'end',
      className: 'whitespace-nowrap',
    },
    {
      id: 'method',
      header: t('admin.payments.method'),
      cell: (p) => t(`admin.payments.method.${p.pay_method}`),
    },
    {
      id: 'discount',
      header: t('admin.payments.discount'),
      cell: (p) => discountsText(p, t, percentOf),
    },
    {
      id: 'status',
      header: t('admin.payments.status'),
      cell: (p) => (
        <span className={p.status === 'duplicate' ? 'font-semibold text-error-text' : undefined}>
          {t(`admin.payments.status.${p.status}`)}
        </span>
      ),
    },
    {
      id: 'actions',
      header: t('admin.payments.actions'),
      cell: (p) => (
        <div className="flex flex-col items-start gap-2">
          <div className="flex flex-wrap gap-2">
            {canRefund(p) ? (
              <RefundAction
                payment={p}
                onRefunded={(after) => {
                  setNotice({
                    variant: 'success',
                    message: {
                      id: 'admin.payments.refund.done',
                      values: {
                        order: after.order,
                        amount: formatEuros(after.refunded_amount, locale),
                      },
                    },
                  });
                  payments.reload();
                }}
              />
            ) : null}
            {refundDueItems(p).map((item) => (
              <RefundDueAction
                key={`${item.person_activity_id ?? ''}:${item.activity_id}`}
                payment={p}
                item={item}
                onRefunded={(after) => {
                  setNotice({
                    variant: 'success',
                    message: {
                      id: 'admin.payments.refund.done',
                      values: {
                        order: after.order,
                        amount: formatEuros(after.refunded_amount, locale),
                      },
                    },
                  });
                  payments.reload();
                }}
              />
            ))}
            {p.status === 'pending' ? (
              <Button
                type="button"
                size="sm"
                variant="secondary"
                aria-label={t('admin.payments.check.buttonFor', { order: p.order })}
                loading={busy === p.id}
                onClick={() => void check(p)}
              >
                {t('admin.payments.check.button')}
              </Button>
            ) : null}
            {p.receipt_available ? (
              <Button
                type="button"
                size="sm"
                variant="secondary"
                aria-label={t('admin.payments.receipt.buttonFor', { order: p.order })}
                loading={busy === p.id}
                onClick={() => void receipt(p)}
              >
                {t('admin.payments.receipt.button')}
              </Button>
            ) : null}
          </div>
          {p.refunds.length > 0 ? <RefundHistory payment={p} /> : null}
        </div>
      ),
    },
  ];

  const data = payments.data;
  const pageCount = data ? Math.max(1, Math.ceil(data.total / data.page_size)) : 1;

  return (
    <AdminSection id="admin-payments" titleId="admin.payments.title" introId="admin.payments.intro">
      <div className="flex flex-wrap items-end gap-4">
        <SelectField
          id="payments-status"
          label={t('admin.payments.statusFilter')}
          errorPrefix={t('admin.common.errorPrefix')}
          placeholder={t('admin.payments.allStatuses')}
          options={PAYMENT_FILTERS.map((s) => ({
            value: s,
            label: t(`admin.payments.status.${s}`),
          }))}
          value={status}
          onChange={(event) => {
            setStatus(event.target.value as PaymentFilterStatus | '');
            setPage(1);
          }}
        />
        <Button type="button" variant="secondary" onClick={download} loading={exporting}>
          <FormattedMessage id="admin.payments.export" />
        </Button>
      </div>
      <NoticeArea notice={notice} />
      {exportFailed ? (
        <Alert variant="error">
          <FormattedMessage id="admin.payments.exportFailed" />
        </Alert>
      ) : null}
      <ListStatus list={payments} errorId="admin.payments.errorLoading" />
      {data ? (
        <>
          <DataTable
            caption={t('admin.payments.tableCaption')}
            columns={columns}
            rows={data.items}
            getRowId={(p) => String(p.id)}
            emptyMessage={t('admin.payments.empty')}
            aria-busy={payments.status === 'loading' || undefined}
          />
          <AdminPagination
            page={data.page}
            pageCount={pageCount}
            total={data.total}
            label={t('admin.payments.pagination')}
            onPageChange={setPage}
          />
        </>
      ) : null}
    </AdminSection>
  );
}
