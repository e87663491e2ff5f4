import { Alert } from '@portal/design-system/components/alert.tsx';
import { Button } from '@portal/design-system/components/button.tsx';
import { DateInput } from '@portal/design-system/components/date-input.tsx';
import { TextField } from '@portal/design-system/components/text-field.tsx';
import { useState } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import { detailMessage } from '../../../lib/api/client';
import { madridToday } from '../../../lib/madrid-time';
import { addPerson } from '../api/season-api';
import { ageOn, DNI_REQUIRED_FROM_AGE } from '../rules';

type Field = 'firstName' | 'lastName' | 'birthDate' | 'dni';
const EMPTY: Record<Field, string> = { firstName: '', lastName: '', birthDate: '', dni: '' };

/**
 * "Add a person I look after": someone on no record yet (a child, most often). The DNI is asked
 * from 14 years of age; a DNI already on record is told to go through the SMS link instead.
 */
export function AddPersonForm({ onAdded }: { onAdded: () => void }) {
  const intl = useIntl();
  const t = (id: string, values?: Record<string, string | number>) =>
    intl.formatMessage({ id }, values);
  const [values, setValues] = useState(EMPTY);
  const [errors, setErrors] = useState<Partial<Record<Field, string>>>({});
  const [notice, setNotice] = useState<{ variant: 'success' | 'error'; text: string } | null>(null);
  const [sending, setSending] = useState(false);

  const field = (name: Field) => ({
    id: `new-person-${name}`,
    value: values[name],
    onChange: (event: React.ChangeEvent<HTMLInputElement>) =>
      setValues((v) => ({ ...v, [name]: event.target.value })),
    error: errors[name],
    errorPrefix: t('dashboard.errorPrefix'),
  });

  async function submit(event: React.FormEvent) {
    event.preventDefault();
    const found: Partial<Record<Field, string>> = {};
    if (!values.firstName.trim()) found.firstName = t('season.person.required');
    if (!values.lastName.trim()) found.lastName = t('season.person.required');
    if (!/^\d{4}-\d{2}-\d{2}$/.test(values.birthDate))
      found.birthDate = t('season.person.birthDate.invalid');
    const today = madridToday();
    if (
      !found.birthDate &&
      !values.dni.trim() &&
      ageOn(values.birthDate, today) >= DNI_REQUIRED_FROM_AGE
    )
      found.dni = t('season.person.dni.required');
    setErrors(found);
    if (Object.keys(found).length > 0 || sending) return;
    setSending(true);
    const answer = await addPerson({
      first_name: values.firstName.trim(),
      last_name: values.lastName.trim(),
      birth_date: values.birthDate,
      dni: values.dni.trim() || null,
    });
    setSending(false);
    if (!answer.ok) {
      setNotice({ variant: 'error', text: detailMessage(answer.error, t('season.person.error')) });
      return;
    }
    setNotice({
      variant: 'success',
      text: t('season.person.added', { name: answer.data.full_name }),
    });
    setValues(EMPTY);
    onAdded();
  }

  return (
    <form
      onSubmit={submit}
      noValidate
      aria-labelledby="new-person-heading"
      className="flex flex-col gap-4 rounded-md border border-border-subtle p-4"
    >
      <h3 id="new-person-heading" className="font-bold">
        <FormattedMessage id="season.person.heading" />
      </h3>
      <p>
        <FormattedMessage id="season.person.intro" />
      </p>
      <div aria-live="polite">
        {notice ? <Alert variant={notice.variant}>{notice.text}</Alert> : null}
      </div>
      <TextField
        {...field('firstName')}
        label={t('season.person.firstName')}
        autoComplete="off"
        maxLength={80}
      />
      <TextField
        {...field('lastName')}
        label={t('season.person.lastName')}
        autoComplete="off"
        maxLength={120}
      />
      <DateInput {...field('birthDate')} label={t('season.person.birthDate')} />
      <TextField
        {...field('dni')}
        label={t('season.person.dni')}
        hint={t('season.person.dni.hint')}
        autoComplete="off"
        className="max-w-48"
      />
      <div>
        <Button type="submit" variant="secondary" loading={sending}>
          <FormattedMessage id="season.person.submit" />
        </Button>
      </div>
    </form>
  );
}
