import { useState, type Ref } from 'react';
import { FormattedMessage } from 'react-intl';
import { Button } from '@portal/design-system/components/button.tsx';
import { ConfirmDialog } from '@portal/design-system/components/confirm-dialog.tsx';
import { DateInput } from '@portal/design-system/components/date-input.tsx';
import { SelectField } from '@portal/design-system/components/select-field.tsx';
import { formatDate } from '@portal/design-system/lib/format.ts';
import { useLocale } from '../../../i18n/i18n-provider';
import { FormErrorSummary } from '../../../lib/forms/form-error-summary';
import { formatMadridDateTime } from '../../../lib/madrid-time';
import {
  approveRequest,
  refuseRequest,
  REFUSAL_REASONS,
  withdrawApproval,
  type CircumstanceRequest,
  type RefusalReasonCode,
} from '../api/circumstances';
import type { ApiResult } from '../api/result';
import { SubHeading } from '../components/admin-section';
import {
  fieldError,
  hasErrors,
  noErrors,
  summaryProps,
  type FormErrorState,
} from '../components/form-error-state';
import { serverMsg, useFormatMsg, useT, type Notice } from '../components/messages';
import { useReportErrors } from '../components/page-errors';
import { serverFieldErrors } from '../components/server-errors';
import { TextArea } from '@portal/design-system/components/text-area.tsx';
import { DocumentViewer } from './document-viewer';
import { HouseholdPeople } from './household-people';
import { checkApproval, checkRefusal, REASON_MAX, type RefusalField } from './rules';

/** What a decision tells the section: the request as it stands now, or the refusal to show. */
export type Decided = (outcome: { request: CircumstanceRequest | null; notice: Notice }) => void;

/**
 * The request staff chose: who asked for what and when, the document beside it, and what can be
 * done with it now: approve until a date or refuse with a reason (pending), withdraw (approved).
 */
export function RequestReview({
  request,
  headingRef,
  onDecided,
}: {
  request: CircumstanceRequest;
  headingRef: Ref<HTMLHeadingElement>;
  onDecided: Decided;
}) {
  const t = useT();
  const { locale } = useLocale();
  return (
    <div className="flex flex-col gap-4">
      <SubHeading id="circumstance-request-title" ref={headingRef}>
        {t('admin.requests.reviewTitle', {
          person: request.person_name,
          circumstance: request.circumstance_name,
        })}
      </SubHeading>
      {/* the document beside the request on a wide screen; the decisions under the details */}
      <div className="grid gap-6 lg:grid-cols-2">
        <dl className="grid grid-cols-[auto_minmax(0,1fr)] content-start gap-x-4 gap-y-1 wrap-anywhere">
          {(
            [
              ['admin.requests.person', request.person_name],
              ['admin.requests.dni', request.dni ?? t('admin.enrolments.noDni')],
              ['admin.requests.circumstance', request.circumstance_name],
              ['admin.requests.sent', formatMadridDateTime(request.created_at, locale)],
              ['admin.requests.source', t(`admin.requests.source.${request.source}`)],
              ['admin.requests.status', statusText(request, t, locale)],
            ] as const
          ).map(([id, value]) => (
            <div key={id} className="contents">
              <dt className="font-semibold">
                <FormattedMessage id={id} />
              </dt>
              <dd>{value}</dd>
            </div>
          ))}
        </dl>
        <div className="flex min-w-0 flex-col gap-3 lg:col-start-2 lg:row-span-2 lg:row-start-1">
          <h4 className="font-bold">
            <FormattedMessage id="admin.requests.document" />
          </h4>
          <DocumentViewer request={request} />
        </div>
        <div className="flex min-w-0 flex-col gap-6 lg:col-start-1">
          {request.people ? <HouseholdPeople request={request} onDecided={onDecided} /> : null}
          {request.status === 'pending' ? (
            <>
              <ApproveForm key={`approve-${request.id}`} request={request} onDecided={onDecided} />
              <RefuseForm key={`refuse-${request.id}`} request={request} onDecided={onDecided} />
            </>
          ) : null}
          {request.status === 'approved' ? (
            <WithdrawAction request={request} onDecided={onDecided} />
          ) : null}
        </div>
      </div>
    </div>
  );
}

/** "Pending", "Approved until 27/11/2027", "Refused: the document cannot be read"… */
export function statusText(
  request: CircumstanceRequest,
  t: ReturnType<typeof useT>,
  locale: 'es' | 'en' | 'gl',
): string {
  if ((request.status === 'approved' || request.status === 'expired') && request.valid_until) {
    return t(`admin.requests.statusUntil.${request.status}`, {
      date: formatDate(request.valid_until, locale),
    });
  }
  if (request.status === 'refused' && request.reason) {
    return t('admin.requests.statusRefusedBecause', { reason: request.reason });
  }
  return t(`admin.requests.status.${request.status}`);
}

/** A decision's answer: the request after it, or the server's refusal (409, 422…) as a notice. */
function decided(
  answer: ApiResult<CircumstanceRequest>,
  onDecided: Decided,
  done: Notice['message'],
  fallbackId: string,
) {
  if (answer.ok) onDecided({ request: answer.data, notice: { variant: 'success', message: done } });
  else
    onDecided({
      request: null,
      notice: { variant: 'error', message: serverMsg(answer.error, fallbackId) },
    });
}

function ApproveForm({ request, onDecided }: { request: CircumstanceRequest; onDecided: Decided }) {
  const t = useT();
  const format = useFormatMsg();
  const { locale } = useLocale();
  const [validUntil, setValidUntil] = useState(request.suggested_valid_until ?? '');
  const [errors, setErrors] = useState<FormErrorState<'validUntil'>>(noErrors);
  const [busy, setBusy] = useState(false);
  useReportErrors('request-approve', hasErrors(errors));
  const fieldId = 'request-approve-validUntil';

  async function submit(event: React.FormEvent) {
    event.preventDefault();
    if (busy) return;
    const check = checkApproval(validUntil);
    if (!check.ok) {
      setErrors((e) => ({ fields: check.errors, summary: null, attempt: e.attempt + 1 }));
      return;
    }
    setErrors((e) => ({ ...noErrors(), attempt: e.attempt }));
    setBusy(true);
    const answer = await approveRequest(request.id, check.payload);
    setBusy(false);
    if (!answer.ok && answer.status === 422) {
      const details = serverFieldErrors<'validUntil'>(answer.error, (loc) =>
        loc[0] === 'valid_until' ? 'validUntil' : null,
      );
      if (details) {
        setErrors((e) => ({ fields: {}, details, summary: null, attempt: e.attempt + 1 }));
        return;
      }
    }
    decided(
      answer,
      onDecided,
      {
        id: 'admin.requests.approved',
        values: {
          person: request.person_name,
          circumstance: request.circumstance_name,
          date: formatDate(check.payload, locale),
        },
      },
      'admin.requests.errorDeciding',
    );
  }

  return (
    <form noValidate onSubmit={submit}>
      <fieldset className="flex flex-col gap-4 rounded-md border border-border-subtle p-4">
        <legend className="px-1 font-bold">
          <FormattedMessage id="admin.requests.approveTitle" />
        </legend>
        <FormErrorSummary {...summaryProps(errors, ['validUntil'], () => fieldId, format)} />
        <DateInput
          id={fieldId}
          label={t('admin.requests.validUntil')}
          hint={t(
            request.suggested_valid_until
              ? 'admin.requests.validUntilSuggested'
              : 'admin.requests.validUntilFromDocument',
          )}
          value={validUntil}
          onChange={(event) => setValidUntil(event.target.value)}
          error={fieldError(errors, 'validUntil', format)}
          errorPrefix={t('admin.common.errorPrefix')}
          required
        />
        <div>
          <Button type="submit" loading={busy}>
            <FormattedMessage id="admin.requests.approve" />
          </Button>
        </div>
      </fieldset>
    </form>
  );
}

const REFUSAL_ORDER: readonly RefusalField[] = ['reasonCode', 'reason'];
const refusalFieldId = (field: RefusalField) => `request-refuse-${field}`;

function RefuseForm({ request, onDecided }: { request: CircumstanceRequest; onDecided: Decided }) {
  const t = useT();
  const format = useFormatMsg();
  const [reasonCode, setReasonCode] = useState<RefusalReasonCode | ''>('');
  const [reason, setReason] = useState('');
  const [errors, setErrors] = useState<FormErrorState<RefusalField>>(noErrors);
  const [busy, setBusy] = useState(false);
  useReportErrors('request-refuse', hasErrors(errors));

  async function submit(event: React.FormEvent) {
    event.preventDefault();
    if (busy) return;
    const check = checkRefusal({ reasonCode, reason });
    if (!check.ok) {
      setErrors((e) => ({ fields: check.errors, summary: null, attempt: e.attempt + 1 }));
      return;
    }
    setErrors((e) => ({ ...noErrors(), attempt: e.attempt }));
    setBusy(true);
    const answer = await refuseRequest(request.id, check.payload);
    setBusy(false);
    if (!answer.ok && answer.status === 422) {
      const details = serverFieldErrors<RefusalField>(answer.error, (loc) =>
        loc[0] === 'reason_code' ? 'reasonCode' : loc[0] === 'reason' ? 'reason' : null,
      );
      if (details) {
        setErrors((e) => ({ fields: {}, details, summary: null, attempt: e.attempt + 1 }));
        return;
      }
    }
    decided(
      answer,
      onDecided,
      {
        id: 'admin.requests.refused',
        values: { person: request.person_name, circumstance: request.circumstance_name },
      },
      'admin.requests.errorDeciding',
    );
  }

  return (
    <form noValidate onSubmit={submit}>
      <fieldset className="flex flex-col gap-4 rounded-md border border-border-subtle p-4">
        <legend className="px-1 font-bold">
          <FormattedMessage id="admin.requests.refuseTitle" />
        </legend>
        <p className="text-small text-muted-foreground">
          <FormattedMessage id="admin.requests.refuseIntro" />
        </p>
        <FormErrorSummary {...summaryProps(errors, REFUSAL_ORDER, refusalFieldId, format)} />
        <SelectField
          id={refusalFieldId('reasonCode')}
          label={t('admin.requests.reasonCode')}
          placeholder={t('admin.requests.reasonCodeNone')}
          options={REFUSAL_REASONS.map((code) => ({
            value: code,
            label: t(`admin.requests.reason.${code}`),
          }))}
          value={reasonCode}
          onChange={(event) => setReasonCode(event.target.value as RefusalReasonCode | '')}
          error={fieldError(errors, 'reasonCode', format)}
          errorPrefix={t('admin.common.errorPrefix')}
        />
        <TextArea
          id={refusalFieldId('reason')}
          label={t('admin.requests.reasonText')}
          hint={t('admin.requests.reasonTextHint')}
          optionalText={t('admin.common.optional')}
          value={reason}
          onChange={(event) => setReason(event.target.value)}
          error={fieldError(errors, 'reason', format)}
          errorPrefix={t('admin.common.errorPrefix')}
          maxLength={REASON_MAX}
        />
        <div>
          <Button type="submit" variant="danger" loading={busy}>
            <FormattedMessage id="admin.requests.refuse" />
          </Button>
        </div>
      </fieldset>
    </form>
  );
}

function WithdrawAction({
  request,
  onDecided,
}: {
  request: CircumstanceRequest;
  onDecided: Decided;
}) {
  const t = useT();
  const [open, setOpen] = useState(false);
  const [busy, setBusy] = useState(false);
  const values = { person: request.person_name, circumstance: request.circumstance_name };

  async function confirm() {
    if (busy) return;
    setBusy(true);
    const answer = await withdrawApproval(request.id);
    setBusy(false);
    setOpen(false);
    decided(
      answer,
      onDecided,
      { id: 'admin.requests.withdrawn', values },
      'admin.requests.errorDeciding',
    );
  }

  return (
    <div>
      <Button type="button" variant="danger" onClick={() => setOpen(true)}>
        <FormattedMessage id="admin.requests.withdraw" />
      </Button>
      <ConfirmDialog
        open={open}
        title={t('admin.requests.withdrawTitle', values)}
        description={t('admin.requests.withdrawText')}
        confirmLabel={t('admin.requests.withdraw')}
        cancelLabel={t('admin.common.cancel')}
        loading={busy}
        onConfirm={() => void confirm()}
        onCancel={() => setOpen(false)}
      />
    </div>
  );
}
