import { Alert } from '@portal/design-system/components/alert.tsx';
import { Button } from '@portal/design-system/components/button.tsx';
import { DateInput } from '@portal/design-system/components/date-input.tsx';
import { TextField } from '@portal/design-system/components/text-field.tsx';
import { useRef, useState } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import { detailMessage } from '../../../lib/api/client';
import { madridToday } from '../../../lib/madrid-time';
import { addPerson, errorCode, type PersonByName } from '../api/season-api';
import { ageOn, DNI_REQUIRED_FROM_AGE } from '../rules';
import { ShareManagedPerson } from './share-managed-person';

type Field = 'firstName' | 'lastName' | 'birthDate' | 'dni';
const EMPTY: Record<Field, string> = { firstName: '', lastName: '', birthDate: '', dni: '' };

/**
 * "Add a person I look after": someone on no record yet (a child, most often). The DNI is asked
 * from 14 years of age; a DNI already on record is told to go through the SMS link instead, and a
 * person another account manages (the other parent's child) is offered to be shared with it.
 */
export function AddPersonForm({ onAdded }: { onAdded: () => void }) {
  const intl = useIntl();
  const t = (id: string, values?: Record<string, string | number>) =>
    intl.formatMessage({ id }, values);
  const [values, setValues] = useState(EMPTY);
  const [errors, setErrors] = useState<Partial<Record<Field, string>>>({});
  const [notice, setNotice] = useState<{ variant: 'success' | 'error'; text: string } | null>(null);
  const [sending, setSending] = useState(false);
  /** Another account manages the person just added: the link by a code is offered. */
  const [shared, setShared] = useState<{ person: PersonByName; message: string } | null>(null);
  const headingRef = useRef<HTMLHeadingElement>(null);

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
    setShared(null);
    const person: PersonByName = {
      first_name: values.firstName.trim(),
      last_name: values.lastName.trim(),
      birth_date: values.birthDate,
    };
    const answer = await addPerson({ ...person, dni: values.dni.trim() || null });
    setSending(false);
    if (!answer.ok) {
      const text = detailMessage(answer.error, t('season.person.error'));
      if (errorCode(answer.error) === 'person_managed_elsewhere') {
        setNotice(null);
        setShared({ person, message: text });
      } else {
        setNotice({ variant: 'error', text });
      }
      return;
    }
    done(t('season.person.added', { name: answer.data.full_name }));
  }

  /** Added or shared: said above the emptied form, and the people and applications read again. */
  function done(text: string) {
    setNotice({ variant: 'success', text });
    setValues(EMPTY);
    setErrors({});
    onAdded();
  }

  /** The offer to share ends (linked or cancelled): the reader goes back to the form's top. */
  function closeShared() {
    setShared(null);
    headingRef.current?.focus();
  }

  return (
    <div className="flex flex-col gap-4 rounded-md border border-border-subtle p-4">
      <form
        onSubmit={submit}
        noValidate
        aria-labelledby="new-person-heading"
        className="flex flex-col gap-4"
      >
        <h3 ref={headingRef} id="new-person-heading" tabIndex={-1} className="font-bold focus-ring">
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
      {shared ? (
        <ShareManagedPerson
          person={shared.person}
          message={shared.message}
          onLinked={(name) => {
            done(t('season.share.done', { name }));
            closeShared();
          }}
          onCancel={closeShared}
        />
      ) : null}
    </div>
  );
}
