import { Alert } from '@portal/design-system/components/alert.tsx';
import { Button } from '@portal/design-system/components/button.tsx';
import { ConfirmDialog } from '@portal/design-system/components/confirm-dialog.tsx';
import { DataTable, type DataTableColumn } from '@portal/design-system/components/data-table.tsx';
import { formatDate } from '@portal/design-system/lib/format.ts';
import { useState } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import { useLocale } from '../../../i18n/i18n-provider';
import type { Mandate, Outcome } from '../api/direct-debit-api';

/**
 * The account's mandates: reference, account (masked), holder, state, signed date, the signed
 * PDF and, for one in force, "Cancel" behind a confirmation.
 */
export function MandatesList({
  mandates,
  onDownload,
  onCancel,
}: {
  mandates: readonly Mandate[];
  onDownload: (mandate: Mandate) => Promise<boolean>;
  onCancel: (mandate: Mandate) => Promise<Outcome<unknown>>;
}) {
  const intl = useIntl();
  const { locale } = useLocale();
  const t = (id: string, values?: Record<string, string>) => intl.formatMessage({ id }, values);
  const [cancelling, setCancelling] = useState<Mandate | null>(null);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [downloadFailed, setDownloadFailed] = useState(false);

  async function confirmCancel() {
    if (!cancelling || busy) return;
    setBusy(true);
    setError(null);
    const answer = await onCancel(cancelling);
    setBusy(false);
    if (answer.ok) setCancelling(null);
    else setError(answer.message ?? t('payments.directDebit.mandates.cancelFailed'));
  }

  async function download(mandate: Mandate) {
    setDownloadFailed(false);
    setDownloadFailed(!(await onDownload(mandate)));
  }

  const columns: DataTableColumn<Mandate>[] = [
    {
      id: 'reference',
      header: t('payments.directDebit.mandates.reference'),
      cell: (m) => m.reference,
      rowHeader: true,
    },
    {
      id: 'iban',
      header: t('payments.directDebit.mandates.iban'),
      cell: (m) => (
        <>
          <span className="whitespace-nowrap">{m.iban_masked}</span>
          {m.iban_erased_at && (
            <span className="block text-sm">
              {t('payments.directDebit.mandates.ibanErased', {
                date: formatDate(m.iban_erased_at, locale),
              })}
            </span>
          )}
        </>
      ),
    },
    { id: 'holder', header: t('payments.directDebit.mandates.holder'), cell: (m) => m.holder_name },
    {
      id: 'status',
      header: t('payments.directDebit.mandates.status'),
      cell: (m) => t(`payments.directDebit.mandate.status.${m.status}`),
    },
    {
      id: 'signed',
      header: t('payments.directDebit.mandates.signed'),
      cell: (m) => formatDate(m.signed_at, locale),
      className: 'whitespace-nowrap',
    },
    {
      id: 'actions',
      header: t('payments.directDebit.mandates.actions'),
      cell: (m) => (
        <span className="flex flex-wrap gap-2">
          <Button
            type="button"
            variant="secondary"
            size="sm"
            onClick={() => void download(m)}
            aria-label={t('payments.directDebit.mandates.downloadOne', { reference: m.reference })}
          >
            <FormattedMessage id="payments.directDebit.mandates.download" />
          </Button>
          {m.status === 'active' ? (
            <Button
              type="button"
              variant="danger"
              size="sm"
              onClick={() => {
                setError(null);
                setCancelling(m);
              }}
              aria-label={t('payments.directDebit.mandates.cancelOne', {
                reference: m.reference,
              })}
            >
              <FormattedMessage id="payments.directDebit.mandates.cancel" />
            </Button>
          ) : null}
        </span>
      ),
    },
  ];

  return (
    <div className="flex min-w-0 flex-col gap-3">
      <DataTable
        caption={t('payments.directDebit.mandates.caption')}
        columns={columns}
        rows={mandates}
        getRowId={(m) => String(m.id)}
        emptyMessage={t('payments.directDebit.mandates.empty')}
      />
      {downloadFailed ? (
        <Alert variant="error">
          <FormattedMessage id="payments.directDebit.mandates.downloadFailed" />
        </Alert>
      ) : null}
      <ConfirmDialog
        open={cancelling !== null}
        title={t('payments.directDebit.mandates.confirmTitle')}
        description={
          cancelling
            ? t('payments.directDebit.mandates.confirmText', { reference: cancelling.reference })
            : undefined
        }
        confirmLabel={t('payments.directDebit.mandates.confirm')}
        cancelLabel={t('payments.directDebit.mandates.keep')}
        variant="danger"
        loading={busy}
        onConfirm={() => void confirmCancel()}
        onCancel={() => setCancelling(null)}
      >
        {error ? (
          <Alert variant="error" role="alert">
            {error}
          </Alert>
        ) : null}
      </ConfirmDialog>
    </div>
  );
}
