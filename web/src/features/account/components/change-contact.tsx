import { Alert } from '@portal/design-system/components/alert.tsx';
import { Button } from '@portal/design-system/components/button.tsx';
import { OtpInput } from '@portal/design-system/components/otp-input.tsx';
import { PasswordField } from '@portal/design-system/components/password-field.tsx';
import { TextField } from '@portal/design-system/components/text-field.tsx';
import { useEffect, useId, useRef, useState, type FormEvent } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import {
  CODE_DIGITS,
  isCode,
  isEmail,
  isPhoneDigits,
  PHONE_PREFIX,
} from '../../auth/signup-validation';
import {
  requestContactChange,
  verifyContactChange,
  type Contact,
  type Me,
} from '../api/account-api';

/** The texts of each kind of contact (literal ids, so the catalogue check sees every one). */
const TEXTS = {
  email: {
    open: 'account.contact.changeEmail',
    field: 'account.contact.newEmail',
    hint: 'account.contact.emailHint',
    required: 'account.contact.emailRequired',
    invalid: 'account.contact.emailInvalid',
    sent: 'account.contact.codeSentEmail',
    done: 'account.contact.emailChanged',
  },
  phone: {
    open: 'account.contact.changePhone',
    field: 'account.contact.newPhone',
    hint: 'account.contact.phoneHint',
    required: 'account.contact.phoneRequired',
    invalid: 'account.contact.phoneInvalid',
    sent: 'account.contact.codeSentPhone',
    done: 'account.contact.phoneChanged',
  },
} as const;

type Step = 'closed' | 'details' | 'code';

/**
 * "Change my mobile" / "Change my e-mail": the new value and the password, then the code the
 * server sent there. The server decides (password, limits, mobile or not); this form only catches
 * what is plainly missing and shows the server's words otherwise.
 */
export function ChangeContact({
  contact,
  onChanged,
}: {
  contact: Contact;
  onChanged: (me: Me) => void;
}) {
  const intl = useIntl();
  const t = (id: string, values?: Record<string, string>) => intl.formatMessage({ id }, values);
  const texts = TEXTS[contact];
  const id = useId();
  const [step, setStep] = useState<Step>('closed');
  const [value, setValue] = useState('');
  const [password, setPassword] = useState('');
  const [code, setCode] = useState('');
  const [errors, setErrors] = useState<{ value?: string; password?: string; code?: string }>({});
  const [failure, setFailure] = useState<string | null>(null);
  const [done, setDone] = useState(false);
  const [busy, setBusy] = useState(false);
  const openButton = useRef<HTMLButtonElement>(null);
  /** Set when a step closes, so the button that opened it gets the focus back once it shows. */
  const returnFocus = useRef(false);
  useEffect(() => {
    if (step === 'closed' && returnFocus.current) {
      returnFocus.current = false;
      openButton.current?.focus();
    }
  }, [step]);

  const sentTo = () => (contact === 'phone' ? `${PHONE_PREFIX}${value.trim()}` : value.trim());

  function close() {
    setStep('closed');
    setValue('');
    setPassword('');
    setCode('');
    setErrors({});
    setFailure(null);
    returnFocus.current = true;
  }

  async function send(event: FormEvent) {
    event.preventDefault();
    if (busy) return;
    const trimmed = value.trim();
    const found: typeof errors = {};
    if (trimmed === '') found.value = t(texts.required);
    else if (contact === 'phone' ? !isPhoneDigits(trimmed) : !isEmail(trimmed))
      found.value = t(texts.invalid);
    if (password === '') found.password = t('account.contact.passwordRequired');
    setErrors(found);
    setFailure(null);
    if (Object.keys(found).length > 0) return;
    setBusy(true);
    const result = await requestContactChange(contact, sentTo(), password);
    setBusy(false);
    if (!result.ok) {
      setFailure(result.message ?? t('account.contact.failed'));
      return;
    }
    setPassword('');
    setCode('');
    setStep('code');
  }

  async function confirm(event: FormEvent) {
    event.preventDefault();
    if (busy) return;
    const trimmed = code.trim();
    if (!isCode(trimmed)) {
      setErrors({ code: t('account.contact.codeRequired') });
      return;
    }
    setErrors({});
    setFailure(null);
    setBusy(true);
    const result = await verifyContactChange(contact, sentTo(), trimmed);
    setBusy(false);
    if (!result.ok) {
      setFailure(result.message ?? t('account.contact.failed'));
      return;
    }
    onChanged(result.data);
    setDone(true);
    close();
  }

  /** The server's refusal, if any, then the step's submit button and "Cancel". */
  const footer = (submitId: 'account.contact.send' | 'account.contact.confirm') => (
    <>
      {failure ? <Alert variant="error">{failure}</Alert> : null}
      <div className="flex flex-wrap gap-3">
        <Button type="submit" loading={busy}>
          <FormattedMessage id={submitId} />
        </Button>
        <Button type="button" variant="secondary" onClick={close}>
          <FormattedMessage id="account.contact.cancel" />
        </Button>
      </div>
    </>
  );

  if (step === 'closed')
    return (
      <div className="flex flex-col items-start gap-3">
        {done ? (
          <Alert variant="success">
            <FormattedMessage id={texts.done} />
          </Alert>
        ) : null}
        <Button
          ref={openButton}
          type="button"
          variant="secondary"
          onClick={() => {
            setDone(false);
            setStep('details');
          }}
        >
          <FormattedMessage id={texts.open} />
        </Button>
      </div>
    );

  if (step === 'details')
    return (
      <form
        noValidate
        onSubmit={(event) => void send(event)}
        className="flex max-w-md flex-col gap-4"
      >
        <TextField
          id={`${id}-value`}
          label={t(texts.field)}
          hint={t(texts.hint)}
          type={contact === 'email' ? 'email' : 'tel'}
          inputMode={contact === 'email' ? 'email' : 'numeric'}
          autoComplete={contact === 'email' ? 'email' : 'tel-national'}
          value={value}
          onChange={(event) => setValue(event.target.value)}
          error={errors.value}
          errorPrefix={t('account.errorPrefix')}
        />
        <PasswordField
          id={`${id}-password`}
          label={t('account.contact.password')}
          autoComplete="current-password"
          value={password}
          onChange={(event) => setPassword(event.target.value)}
          error={errors.password}
          errorPrefix={t('account.errorPrefix')}
          showLabel={t('account.delete.showPassword')}
          hideLabel={t('account.delete.hidePassword')}
        />
        {footer('account.contact.send')}
      </form>
    );

  return (
    <form
      noValidate
      onSubmit={(event) => void confirm(event)}
      className="flex max-w-md flex-col gap-4"
    >
      <p role="status">{t(texts.sent, { value: value.trim() })}</p>
      <OtpInput
        id={`${id}-code`}
        name="code"
        length={CODE_DIGITS}
        label={t('account.contact.code')}
        value={code}
        onValueChange={setCode}
        error={errors.code}
        errorPrefix={t('account.errorPrefix')}
      />
      {footer('account.contact.confirm')}
    </form>
  );
}
