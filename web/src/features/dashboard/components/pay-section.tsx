import { Alert } from '@portal/design-system/components/alert.tsx';
import { Button } from '@portal/design-system/components/button.tsx';
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
  selectedPersonIds,
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
};

interface PaySectionProps {
  selection: readonly UserActivity[];
  /** The lines that can be ticked now (parts still open keep paying open after the deadline). */
  selectable?: readonly UserActivity[];
  config: PublicConfig | null;
  useDiscount: boolean;
  onUseDiscountChange: (on: boolean) => void;
  /**
   * "Pay for the whole family": the lines of several people payable now, and what selects them
   * all (absent, or no lines: nothing to offer).
   */
  family?: { lines: readonly UserActivity[]; onSelect: () => void };
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
  family,
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
      <FamilyOffer selection={selection} family={family} />
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

/**
 * The family's payment: a button selecting every payable line of every person, and once the
 * selection spans several people, what paying it does (one payment, one receipt naming each).
 */
function FamilyOffer({
  selection,
  family,
}: {
  selection: readonly UserActivity[];
  family: PaySectionProps['family'];
}) {
  const chosen = new Set(selection.map(rowId));
  const offered = family && family.lines.some((line) => !chosen.has(rowId(line)));
  const people = selectedPersonIds(selection).length;
  return (
    <>
      {offered ? (
        <div className="flex flex-wrap items-center gap-3">
          <Button variant="secondary" onClick={family.onSelect} aria-describedby="family-pay-hint">
            <FormattedMessage id="dashboard.pay.family" />
          </Button>
          <p id="family-pay-hint" className="text-small">
            <FormattedMessage
              id="dashboard.pay.familyHint"
              values={{ people: selectedPersonIds(family.lines).length }}
            />
          </p>
        </div>
      ) : null}
      {hasMixedPersons(selection) ? (
        <Alert variant="info" data-slot="family-payment">
          <FormattedMessage id="dashboard.pay.familySelected" values={{ people }} />
        </Alert>
      ) : null}
    </>
  );
}
