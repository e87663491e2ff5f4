import { Alert } from '@portal/design-system/components/alert.tsx';
import { Button } from '@portal/design-system/components/button.tsx';
import { TextField } from '@portal/design-system/components/text-field.tsx';
import { useState, type FormEvent } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import { FormErrorSummary } from '../../../lib/forms/form-error-summary';
import type { FieldErrors } from '../../../lib/forms/field-errors';
import type { MandateCreate, Outcome, Mandate } from '../api/direct-debit-api';
import { ibanRefusal, mandateFormErrors, MANDATE_FIELDS, type MandateField } from '../rules';

const EMPTY: MandateCreate = { iban: '', holder_name: '', holder_dni: '' };
const fieldId = (field: MandateField) => `mandate-${field.replace('_', '-')}`;
const FIELD_IDS = Object.fromEntries(MANDATE_FIELDS.map((f) => [f, fieldId(f)])) as Record<
  MandateField,
  string
>;

/**
 * Sign a SEPA mandate: the account (IBAN), its holder's name and DNI. An IBAN the server refuses
 * (its check digits, its length, a country outside SEPA) is said on the IBAN field in its words.
 */
export function MandateForm({
  onSubmit,
  onSigned,
}: {
  onSubmit: (values: MandateCreate) => Promise<Outcome<Mandate>>;
  onSigned?: (mandate: Mandate) => void;
}) {
  const intl = useIntl();
  const t = (id: string) => intl.formatMessage({ id });
  const [values, setValues] = useState<MandateCreate>(EMPTY);
  const [errors, setErrors] = useState<FieldErrors<MandateField>>({});
  const [serverErrors, setServerErrors] = useState<Partial<Record<MandateField, string>>>({});
  const [problem, setProblem] = useState<string | null>(null);
  const [attempt, setAttempt] = useState(0);
  const [busy, setBusy] = useState(false);
  const [signed, setSigned] = useState<Mandate | null>(null);

  async function submit(event: FormEvent) {
    event.preventDefault();
    if (busy) return;
    const found = mandateFormErrors(values);
    setErrors(found);
    setServerErrors({});
    setProblem(null);
    setSigned(null);
    setAttempt((n) => n + 1);
    if (Object.keys(found).length > 0) return;
    setBusy(true);
    const answer = await onSubmit(values);
    setBusy(false);
    if (answer.ok) {
      setValues(EMPTY);
      setSigned(answer.data);
      onSigned?.(answer.data);
      return;
    }
    const message = answer.message ?? t('payments.directDebit.form.failed');
    if (ibanRefusal(answer)) setServerErrors({ iban: message });
    else setProblem(message);
    setAttempt((n) => n + 1);
  }

  const field = (name: MandateField, autoComplete: string) => (
    <TextField
      id={fieldId(name)}
      label={t(`payments.directDebit.form.${name}`)}
      hint={name === 'iban' ? t('payments.directDebit.form.iban.hint') : undefined}
      autoComplete={autoComplete}
      spellCheck={false}
      value={values[name]}
      onChange={(event) => setValues((v) => ({ ...v, [name]: event.target.value }))}
      error={errors[name] ? t(errors[name]) : serverErrors[name]}
      errorPrefix={t('account.errorPrefix')}
    />
  );

  return (
    <form
      noValidate
      onSubmit={(event) => void submit(event)}
      aria-labelledby="mandate-form-title"
      className="flex max-w-md flex-col gap-4"
    >
      <h3 id="mandate-form-title" className="text-lead font-bold text-foreground">
        <FormattedMessage id="payments.directDebit.form.title" />
      </h3>
      <p className="max-w-prose">
        <FormattedMessage id="payments.directDebit.form.text" />
      </p>
      <FormErrorSummary
        errors={errors}
        fieldMessages={serverErrors}
        fieldIds={FIELD_IDS}
        problem={problem}
        attempt={attempt}
      />
      {field('iban', 'off')}
      {field('holder_name', 'name')}
      {field('holder_dni', 'off')}
      {signed ? (
        <Alert variant="success">
          <FormattedMessage
            id="payments.directDebit.form.signed"
            values={{ reference: signed.reference }}
          />
        </Alert>
      ) : null}
      <div>
        <Button type="submit" loading={busy}>
          <FormattedMessage id="payments.directDebit.form.submit" />
        </Button>
      </div>
    </form>
  );
}
