import { Alert } from '@portal/design-system/components/alert.tsx';
import { DiscountModal } from '@portal/design-system/components/discount-modal.tsx';
import { PayBar } from '@portal/design-system/components/pay-bar.tsx';
import { TotalBar } from '@portal/design-system/components/total-bar.tsx';
import { useState } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import { useLocale } from '../../../i18n/i18n-provider';
import { detailMessage } from '../../../lib/api/client';
import { ApiError, generatePayment } from '../api/dashboard-api';
import { partName } from '../../payments/part-names';
import {
  centsToEuros,
  discountAvailable,
  displayedAmount,
  hasMixedPersons,
  payButtonState,
  paymentRequest,
  payMethods,
  reductionApplies,
  rowId,
  type PayBlockReason,
  type PayMethod,
  type PublicConfig,
  type UserActivity,
} from '../rules';
import { submitPaymentForm } from '../submit-payment-form';
import { publicAsset } from '../../../config/public-asset';

export const REDUCTION_DOCUMENT = publicAsset('assets/bonificacion.pdf');

const REASON_MESSAGE: Record<PayBlockReason, string> = {
  select_activities: 'dashboard.pay.reason.selectActivities',
  global_deadline_expired: 'dashboard.pay.reason.deadlineExpired',
  payments_disabled: 'dashboard.pay.reason.paymentsDisabled',
  one_person_only: 'dashboard.pay.reason.onePersonOnly',
};

interface PaySectionProps {
  selection: readonly UserActivity[];
  /** The lines that can be ticked now (parts still open keep paying open after the deadline). */
  selectable?: readonly UserActivity[];
  config: PublicConfig | null;
  useDiscount: boolean;
  onUseDiscountChange: (on: boolean) => void;
}

/**
 * Under the pending table: the one-person message, the total of the selection, the pay bar (with
 * the reduction checkbox and its declaration popup) and the outcome of asking for the payment.
 */
export function PaySection({
  selection,
  selectable = selection,
  config,
  useDiscount,
  onUseDiscountChange,
}: PaySectionProps) {
  const intl = useIntl();
  const { locale } = useLocale();
  const [modalOpen, setModalOpen] = useState(false);
  const [paying, setPaying] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [opened, setOpened] = useState(false);
  const [payMethod, setPayMethod] = useState<PayMethod>('card');
  const methods = payMethods(config);
  const chosen = methods.includes(payMethod) ? payMethod : 'card';

  const state = payButtonState(selection, config, useDiscount, selectable);
  const reduction = reductionApplies(useDiscount, config);
  // with parts in the selection, the bar lists what it pays: each line, its part and amount
  const lines = selection.some((line) => line.part)
    ? selection.map((line) => ({
        id: rowId(line),
        label: line.name,
        ...(line.part ? { detail: partName(intl, line.part) } : {}),
        amount: displayedAmount(line, reduction),
      }))
    : [];
  const percent = intl.formatNumber(config?.global_discount ?? 0, {
    style: 'percent',
    maximumFractionDigits: 1,
  });

  const pay = async () => {
    const body = paymentRequest(selection, useDiscount, config, chosen);
    if (state.disabled || !body) return;
    setPaying(true);
    setError(null);
    setOpened(false);
    try {
      const redirect = await generatePayment(body);
      submitPaymentForm(redirect.action, redirect.fields as unknown as Record<string, string>);
      setOpened(true);
    } catch (cause) {
      const fallback = intl.formatMessage({ id: 'dashboard.pay.error' });
      setError(detailMessage(cause instanceof ApiError ? cause.body : undefined, fallback));
    } finally {
      setPaying(false);
    }
  };

  return (
    <div className="flex flex-col gap-4">
      {hasMixedPersons(selection) ? (
        <Alert variant="error">
          <FormattedMessage id="dashboard.pay.mixedPersons" />
        </Alert>
      ) : null}
      {selection.length > 0 ? (
        <TotalBar
          label={intl.formatMessage({ id: 'dashboard.pay.total' })}
          amount={centsToEuros(state.amountCents)}
          locale={locale}
        />
      ) : null}
      <PayBar
        locale={locale}
        amount={centsToEuros(state.amountCents)}
        amountLabel={intl.formatMessage({ id: 'dashboard.pay.amountLabel' })}
        payLabel={intl.formatMessage({
          id: chosen === 'bizum' ? 'dashboard.pay.buttonBizum' : 'dashboard.pay.button',
        })}
        methods={methods.map((value) => ({
          value,
          label: intl.formatMessage({ id: `dashboard.pay.method.${value}` }),
        }))}
        method={chosen}
        onMethodChange={(value) => setPayMethod(value as PayMethod)}
        methodLegend={intl.formatMessage({ id: 'dashboard.pay.method.legend' })}
        lines={lines}
        linesLabel={intl.formatMessage({ id: 'dashboard.pay.lines' })}
        onPay={() => void pay()}
        disabled={state.disabled}
        disabledReason={
          state.reason ? <FormattedMessage id={REASON_MESSAGE[state.reason]} /> : undefined
        }
        loading={paying}
        discountAvailable={discountAvailable(config)}
        discountLabel={intl.formatMessage({ id: 'dashboard.pay.discountLabel' }, { percent })}
        discountHint={<FormattedMessage id="dashboard.pay.discountHint" />}
        discountChecked={reduction}
        onDiscountChange={(checked) => {
          if (checked) setModalOpen(true);
          else onUseDiscountChange(false);
        }}
      />
      {error ? <Alert variant="error">{error}</Alert> : null}
      {opened ? (
        <Alert variant="success">
          <FormattedMessage id="dashboard.pay.opened" />
        </Alert>
      ) : null}
      <DiscountModal
        open={modalOpen}
        title={<FormattedMessage id="dashboard.discount.title" values={{ percent }} />}
        declaration={
          <>
            <p>
              <FormattedMessage id="dashboard.discount.declaration" />
            </p>
            <p>
              <FormattedMessage id="dashboard.discount.documentation" />
            </p>
          </>
        }
        documentHref={REDUCTION_DOCUMENT}
        documentLabel={intl.formatMessage({ id: 'dashboard.discount.document' })}
        acceptLabel={intl.formatMessage({ id: 'dashboard.discount.accept' })}
        cancelLabel={intl.formatMessage({ id: 'dashboard.discount.cancel' })}
        onAccept={() => {
          onUseDiscountChange(true);
          setModalOpen(false);
        }}
        onCancel={() => {
          onUseDiscountChange(false);
          setModalOpen(false);
        }}
      />
    </div>
  );
}
