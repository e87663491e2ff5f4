import { useEffect, useState } from 'react';
import { FormattedMessage } from 'react-intl';
import { Button } from '@portal/design-system/components/button.tsx';
import { CheckboxField } from '@portal/design-system/components/checkbox.tsx';
import { DateInput } from '@portal/design-system/components/date-input.tsx';
import { PercentInput } from '@portal/design-system/components/percent-input.tsx';
import { SelectField } from '@portal/design-system/components/select-field.tsx';
import { Loading } from '@portal/design-system/components/spinner.tsx';
import { TextField } from '@portal/design-system/components/text-field.tsx';
import { FieldError } from '@portal/design-system/components/field.tsx';
import { AdminSection } from '../components/admin-section';
import { FormErrorSummary } from '../../../lib/forms/form-error-summary';
import {
  fieldError,
  hasErrors,
  noErrors,
  summaryProps,
  type FormErrorState,
} from '../components/form-error-state';
import { LoadError } from '../components/load-error';
import { serverMsg, useFormatMsg, useT, type Notice } from '../components/messages';
import { NoticeArea } from '../components/notice-area';
import { useReportErrors } from '../components/page-errors';
import { serverFieldErrors } from '../components/server-errors';
import { useLocale } from '../../../i18n/i18n-provider';
import { getConfig, saveConfig, type AdminConfig } from '../api/config';
import { readPublicConfig } from '../../../lib/public-config';
import { useResource } from '../api/use-resource';
import {
  checkConfigForm,
  configFieldOf,
  configToForm,
  type ConfigField,
  type ConfigFormValues,
  type JointFit,
  type ReminderChannel,
  JOINT_FITS,
} from './rules';

const CHANNELS: readonly ReminderChannel[] = ['sms', 'email', 'both'];

const ORDER: readonly ConfigField[] = [
  'discount',
  'deadline',
  'reminderDays',
  'directDebitEnabled',
  'noticeDays',
  'returnFee',
];
const fieldId = (field: ConfigField) => `config-${field}`;

/**
 * 5. Global configuration: maintenance, payments (and whether Bizum is offered), global discount (%) and deadline, and the
 * payment reminders (on/off, days before the deadline, channel), and the rule for places a group of
 * siblings applying together does not fit, and direct debit (the switch, disabled with its reason
 * while the council file has no creditor data; the days of pre-notification; the return fee).
 */
export function ConfigSection({ onSaved }: { onSaved?: () => void }) {
  const t = useT();
  const config = useResource(['config'], getConfig);

  return (
    <AdminSection id="admin-config" titleId="admin.config.title">
      {config.status === 'error' && !config.data ? (
        <LoadError messageId="admin.config.errorLoading" onRetry={config.reload} />
      ) : null}
      {config.status === 'loading' && !config.data ? (
        <Loading label={t('admin.common.loading')} />
      ) : null}
      {config.data ? (
        <ConfigForm key={config.data.id} initial={config.data} onSaved={onSaved} />
      ) : null}
    </AdminSection>
  );
}

/**
 * Whether fee rules are in place (`fee_mode` rules), read from the public settings: the global
 * discount then applies to nothing, so its field is disabled with the reason.
 */
function useFeeRules(): boolean {
  const [rules, setRules] = useState(false);
  useEffect(() => {
    let live = true;
    readPublicConfig()
      .then((config) => {
        if (live) setRules(config.fee_mode === 'rules');
      })
      .catch(() => {});
    return () => {
      live = false;
    };
  }, []);
  return rules;
}

function ConfigForm({ initial, onSaved }: { initial: AdminConfig; onSaved?: () => void }) {
  const t = useT();
  const { locale } = useLocale();
  const feeRules = useFeeRules();
  const format = useFormatMsg();
  const [values, setValues] = useState<ConfigFormValues>(() => configToForm(initial, locale));
  // without the council file's creditor data the server refuses the switch: say so beforehand
  const directDebitAvailable = initial.direct_debit_available;
  const [errors, setErrors] = useState<FormErrorState<ConfigField>>(noErrors);
  const [notice, setNotice] = useState<Notice | null>(null);
  const [saving, setSaving] = useState(false);
  useReportErrors('config', hasErrors(errors));
  const switchError = fieldError(errors, 'directDebitEnabled', format);

  async function submit(event: React.FormEvent) {
    event.preventDefault();
    if (saving) return;
    setNotice(null);
    const check = checkConfigForm(values);
    if (!check.ok) {
      setErrors((e) => ({ fields: check.errors, summary: null, attempt: e.attempt + 1 }));
      return;
    }
    setErrors((e) => ({ ...noErrors(), attempt: e.attempt }));
    setSaving(true);
    const answer = await saveConfig(check.payload);
    setSaving(false);
    if (answer.ok) {
      setValues(configToForm(answer.data, locale));
      setNotice({ variant: 'success', message: { id: 'admin.config.saved' } });
      onSaved?.();
      return;
    }
    const details = answer.status === 422 ? serverFieldErrors(answer.error, configFieldOf) : null;
    if (details) setErrors((e) => ({ fields: {}, details, summary: null, attempt: e.attempt + 1 }));
    else
      setNotice({ variant: 'error', message: serverMsg(answer.error, 'admin.config.errorSaving') });
  }

  return (
    <form noValidate onSubmit={submit} className="flex max-w-xl flex-col gap-5">
      <FormErrorSummary {...summaryProps(errors, ORDER, fieldId, format)} />
      <NoticeArea notice={notice} />
      <CheckboxField
        id="config-maintenance"
        label={t('admin.config.maintenanceMode')}
        hint={t('admin.config.maintenanceHint')}
        checked={values.maintenanceMode}
        onCheckedChange={(checked) =>
          setValues((v) => ({ ...v, maintenanceMode: checked === true }))
        }
      />
      <CheckboxField
        id="config-payments"
        label={t('admin.config.paymentsEnabled')}
        hint={t('admin.config.paymentsHint')}
        checked={values.paymentsEnabled}
        onCheckedChange={(checked) =>
          setValues((v) => ({ ...v, paymentsEnabled: checked === true }))
        }
      />
      <CheckboxField
        id="config-bizum"
        label={t('admin.config.bizumEnabled')}
        hint={t('admin.config.bizumHint')}
        checked={values.bizumEnabled}
        onCheckedChange={(checked) => setValues((v) => ({ ...v, bizumEnabled: checked === true }))}
      />
      <PercentInput
        id={fieldId('discount')}
        label={t('admin.config.discount')}
        hint={t(feeRules ? 'admin.config.discountRules' : 'admin.config.discountHint')}
        disabled={feeRules}
        value={values.discount}
        onChange={(event) => {
          const text = event.target.value;
          setValues((v) => ({ ...v, discount: text }));
        }}
        error={errors.fields.discount ? t(errors.fields.discount) : undefined}
        errorPrefix={t('admin.common.errorPrefix')}
      />
      <DateInput
        id={fieldId('deadline')}
        label={t('admin.config.deadline')}
        hint={t('admin.config.deadlineHint')}
        optionalText={t('admin.common.optional')}
        value={values.deadline}
        onChange={(event) => {
          const text = event.target.value;
          setValues((v) => ({ ...v, deadline: text }));
        }}
        errorPrefix={t('admin.common.errorPrefix')}
      />
      <fieldset className="flex flex-col gap-4 rounded-md border border-border p-4">
        <legend className="px-1 text-body font-semibold">
          <FormattedMessage id="admin.config.reminders" />
        </legend>
        <CheckboxField
          id="config-reminders"
          label={t('admin.config.remindersEnabled')}
          hint={t('admin.config.remindersHint')}
          checked={values.remindersEnabled}
          onCheckedChange={(checked) =>
            setValues((v) => ({ ...v, remindersEnabled: checked === true }))
          }
        />
        <TextField
          id={fieldId('reminderDays')}
          label={t('admin.config.reminderDays')}
          hint={t('admin.config.reminderDaysHint')}
          inputMode="numeric"
          autoComplete="off"
          value={values.reminderDays}
          onChange={(event) => {
            const text = event.target.value;
            setValues((v) => ({ ...v, reminderDays: text }));
          }}
          error={errors.fields.reminderDays ? t(errors.fields.reminderDays) : undefined}
          errorPrefix={t('admin.common.errorPrefix')}
        />
        <SelectField
          id="config-reminder-channel"
          label={t('admin.config.reminderChannel')}
          hint={t('admin.config.reminderChannelHint')}
          value={values.reminderChannel}
          options={CHANNELS.map((channel) => ({
            value: channel,
            label: t(`admin.config.channel.${channel}`),
          }))}
          onChange={(event) => {
            const channel = event.target.value as ReminderChannel;
            setValues((v) => ({ ...v, reminderChannel: channel }));
          }}
          errorPrefix={t('admin.common.errorPrefix')}
        />
      </fieldset>
      <fieldset className="flex min-w-0 flex-col gap-4 rounded-md border border-border p-4">
        <legend className="px-1 text-body font-semibold">
          <FormattedMessage id="admin.config.directDebit" />
        </legend>
        <div className="flex flex-col gap-1">
          <CheckboxField
            id={fieldId('directDebitEnabled')}
            label={t('admin.config.directDebitEnabled')}
            hint={
              directDebitAvailable
                ? t('admin.config.directDebitHint')
                : `${t('admin.config.directDebitHint')} ${t('admin.config.directDebitUnavailable')}`
            }
            // switched on before the creditor data went: it can still be switched off
            disabled={!directDebitAvailable && !values.directDebitEnabled}
            checked={values.directDebitEnabled}
            aria-invalid={switchError ? true : undefined}
            aria-describedby={switchError ? `${fieldId('directDebitEnabled')}-error` : undefined}
            onCheckedChange={(checked) =>
              setValues((v) => ({ ...v, directDebitEnabled: checked === true }))
            }
          />
          {switchError ? (
            <FieldError
              id={`${fieldId('directDebitEnabled')}-error`}
              prefix={t('admin.common.errorPrefix')}
              className="ml-9"
            >
              {switchError}
            </FieldError>
          ) : null}
        </div>
        <TextField
          id={fieldId('noticeDays')}
          label={t('admin.config.noticeDays')}
          hint={t('admin.config.noticeDaysHint')}
          inputMode="numeric"
          autoComplete="off"
          className="max-w-24"
          value={values.noticeDays}
          onChange={(event) => {
            const text = event.target.value;
            setValues((v) => ({ ...v, noticeDays: text }));
          }}
          error={fieldError(errors, 'noticeDays', format)}
          errorPrefix={t('admin.common.errorPrefix')}
        />
        <TextField
          id={fieldId('returnFee')}
          label={t('admin.config.returnFee')}
          hint={t('admin.config.returnFeeHint')}
          inputMode="decimal"
          autoComplete="off"
          className="max-w-40"
          value={values.returnFee}
          onChange={(event) => {
            const text = event.target.value;
            setValues((v) => ({ ...v, returnFee: text }));
          }}
          error={fieldError(errors, 'returnFee', format)}
          errorPrefix={t('admin.common.errorPrefix')}
        />
      </fieldset>
      <fieldset className="flex min-w-0 flex-col gap-4 rounded-md border border-border p-4">
        <legend className="px-1 text-body font-semibold">
          <FormattedMessage id="admin.config.jointApplications" />
        </legend>
        <SelectField
          id="config-joint-fit"
          label={t('admin.config.jointFit')}
          hint={t('admin.config.jointFitHint')}
          value={values.jointFit}
          options={JOINT_FITS.map((rule) => ({
            value: rule,
            label: t(`admin.config.jointFitOption.${rule}`),
          }))}
          onChange={(event) => {
            const rule = event.target.value as JointFit;
            setValues((v) => ({ ...v, jointFit: rule }));
          }}
          errorPrefix={t('admin.common.errorPrefix')}
        />
      </fieldset>
      <div>
        <Button type="submit" loading={saving}>
          <FormattedMessage id="admin.config.save" />
        </Button>
      </div>
    </form>
  );
}
