import { Alert } from '@portal/design-system/components/alert.tsx';
import { Button } from '@portal/design-system/components/button.tsx';
import { CheckboxField } from '@portal/design-system/components/checkbox.tsx';
import {
  Dialog,
  DialogCloseIcon,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogTitle,
} from '@portal/design-system/components/dialog.tsx';
import {
  describedBy,
  Field,
  FieldError,
  fieldIds,
  inputClasses,
} from '@portal/design-system/components/field.tsx';
import { SelectField } from '@portal/design-system/components/select-field.tsx';
import { cn } from '@portal/design-system/lib/cn.ts';
import { useId, useRef, useState, type FormEvent } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import { detailMessage } from '../../../lib/api/client';
import { FormErrorSummary } from '../../../lib/forms/form-error-summary';
import {
  requestCircumstance,
  requestHouseholdCircumstance,
  type Circumstance,
  type CircumstanceRequestCreated,
} from '../api/circumstances-api';
import {
  checkDocument,
  checkReductionForm,
  DOCUMENT_ACCEPT,
  isHousehold,
  type ReductionField,
} from '../reductions';
import type { ManagedPerson } from '../rules';

export interface ReductionRequested {
  person: ManagedPerson;
  circumstance: Circumstance;
  created: CircumstanceRequestCreated;
}

interface RequestReductionDialogProps {
  open: boolean;
  /** The people the account manages (a choice is offered when `personId` is null). */
  persons: readonly ManagedPerson[];
  personId: number | null;
  circumstances: readonly Circumstance[];
  onCancel: () => void;
  onDone: (requested: ReductionRequested) => void;
}

/** What a refusal without its own words says, by status (0: no answer at all). */
function fallbackFor(status: number): string {
  if (status === 413) return 'persons.reduction.error.documentTooLarge';
  if (status === 429) return 'persons.reduction.error.tooMany';
  if (status === 0) return 'persons.reduction.error.network';
  return 'persons.reduction.error.failed';
}

/**
 * "Solicitar una reducción": the person (when not given), the circumstance with the proof it
 * needs, then the document (PDF, JPEG or PNG, at most 5 MB, checked here and again by the server)
 * or, where the resident's word is enough, the declaration to accept.
 */
export function RequestReductionDialog(props: RequestReductionDialogProps) {
  const intl = useIntl();
  return (
    <Dialog open={props.open} onOpenChange={(open) => (open ? undefined : props.onCancel())}>
      {props.open ? (
        <DialogContent>
          <DialogTitle>
            <FormattedMessage id="persons.reduction.title" />
          </DialogTitle>
          <DialogCloseIcon label={intl.formatMessage({ id: 'persons.reduction.close' })} />
          <RequestReductionForm {...props} />
        </DialogContent>
      ) : null}
    </Dialog>
  );
}

function RequestReductionForm({
  persons,
  personId: givenPersonId,
  circumstances,
  onCancel,
  onDone,
}: RequestReductionDialogProps) {
  const intl = useIntl();
  const t = (id: string, values?: Record<string, string | number>) =>
    intl.formatMessage({ id }, values);
  const id = useId();
  const ids = {
    person: `${id}-person`,
    circumstance: `${id}-circumstance`,
    document: `${id}-document`,
    declaration: `${id}-declaration`,
    people: `${id}-people`,
  };
  const onlyPerson = persons.length === 1 ? (persons[0]?.person_activity_id ?? null) : null;
  const [personId, setPersonId] = useState<number | null>(givenPersonId ?? onlyPerson);
  const [circumstanceId, setCircumstanceId] = useState<number | null>(null);
  // a household title: the people it covers (the one the dialog was opened for, to start with)
  const [people, setPeople] = useState<number[]>(
    givenPersonId !== null ? [givenPersonId] : onlyPerson !== null ? [onlyPerson] : [],
  );
  const [accepted, setAccepted] = useState(false);
  const [errors, setErrors] = useState<Partial<Record<ReductionField, string>>>({});
  const [serverError, setServerError] = useState<string | null>(null);
  const [attempt, setAttempt] = useState(0);
  const [busy, setBusy] = useState(false);
  const fileRef = useRef<HTMLInputElement>(null);

  const person = persons.find((candidate) => candidate.person_activity_id === personId) ?? null;
  const circumstance = circumstances.find((candidate) => candidate.id === circumstanceId) ?? null;
  const errorPrefix = t('persons.error.prefix');
  const error = (field: ReductionField) => (errors[field] ? t(errors[field]) : undefined);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (busy) return;
    setServerError(null);
    const file = fileRef.current?.files?.[0] ?? null;
    const found = checkReductionForm({
      personId,
      circumstance,
      declarationAccepted: accepted,
      people,
    });
    if (circumstance?.review === 'staff') {
      const documentError = await checkDocument(file);
      if (documentError) found.document = documentError;
    }
    setErrors(found);
    setAttempt((value) => value + 1);
    const household = isHousehold(circumstance);
    const covered = persons.filter((one) => people.includes(one.person_activity_id));
    if (Object.keys(found).length > 0 || !circumstance) return;
    if (!household && !person) return;
    setBusy(true);
    const document = circumstance.review === 'staff' ? file : null;
    const answer = household
      ? await requestHouseholdCircumstance(
          covered.map((one) => one.person_activity_id),
          circumstance.id,
          document,
        )
      : await requestCircumstance(person!.person_activity_id, circumstance.id, document);
    setBusy(false);
    if (answer.ok) {
      // a household title names everyone it was asked for
      const named = household
        ? { ...covered[0]!, full_name: covered.map((one) => one.full_name).join(', ') }
        : person!;
      onDone({ person: named, circumstance, created: answer.data });
      return;
    }
    setServerError(detailMessage(answer.error, t(fallbackFor(answer.status))));
  };

  const household = isHousehold(circumstance) && persons.length > 1;
  const fieldOrder: Partial<Record<ReductionField, string>> = {
    ...(givenPersonId === null && onlyPerson === null && !household ? { person: ids.person } : {}),
    circumstance: ids.circumstance,
    ...(household ? { people: ids.people } : {}),
    ...(circumstance?.review === 'staff' ? { document: ids.document } : {}),
    ...(circumstance?.review === 'declaration' ? { declaration: ids.declaration } : {}),
  };

  return (
    <form noValidate onSubmit={(event) => void submit(event)} className="flex flex-col gap-5">
      <DialogDescription>
        <FormattedMessage id="persons.reduction.intro" />
      </DialogDescription>
      <FormErrorSummary errors={errors} fieldIds={fieldOrder} attempt={attempt} />
      {serverError ? <Alert variant="error">{serverError}</Alert> : null}

      {household ? null : 'person' in fieldOrder ? (
        <SelectField
          id={ids.person}
          label={<FormattedMessage id="persons.reduction.person.label" />}
          errorPrefix={errorPrefix}
          error={error('person')}
          placeholder={t('persons.reduction.person.placeholder')}
          value={personId === null ? '' : String(personId)}
          onChange={(event) =>
            setPersonId(event.target.value === '' ? null : Number(event.target.value))
          }
          options={persons.map((candidate) => ({
            value: String(candidate.person_activity_id),
            label: candidate.full_name,
          }))}
        />
      ) : (
        <p>
          <FormattedMessage
            id="persons.reduction.person.given"
            values={{ name: person?.full_name ?? '' }}
          />
        </p>
      )}

      <SelectField
        id={ids.circumstance}
        label={<FormattedMessage id="persons.reduction.circumstance.label" />}
        errorPrefix={errorPrefix}
        error={error('circumstance')}
        placeholder={t('persons.reduction.circumstance.placeholder')}
        value={circumstanceId === null ? '' : String(circumstanceId)}
        onChange={(event) => {
          setCircumstanceId(event.target.value === '' ? null : Number(event.target.value));
          setAccepted(false);
        }}
        options={circumstances.map((candidate) => ({
          value: String(candidate.id),
          label: candidate.name,
        }))}
      />

      {circumstance ? (
        <div className="flex flex-col gap-1 rounded-panel border border-border-subtle bg-surface p-3">
          <p>
            <FormattedMessage
              id="persons.reduction.proof"
              values={{
                proof: circumstance.proof,
                strong: (chunks) => <strong>{chunks}</strong>,
              }}
            />
          </p>
          <p>
            {circumstance.validity_months === null ? (
              <FormattedMessage id="persons.reduction.validity.untilDate" />
            ) : (
              <FormattedMessage
                id="persons.reduction.validity.months"
                values={{ months: circumstance.validity_months }}
              />
            )}
          </p>
        </div>
      ) : null}

      {household ? (
        <HouseholdPeople
          id={ids.people}
          persons={persons}
          chosen={people}
          onChange={setPeople}
          error={error('people')}
          errorPrefix={errorPrefix}
        />
      ) : null}

      {circumstance?.review === 'staff' ? (
        <Field
          id={ids.document}
          label={<FormattedMessage id="persons.reduction.document.label" />}
          hint={<FormattedMessage id="persons.reduction.document.hint" />}
          error={error('document')}
          errorPrefix={errorPrefix}
        >
          <input
            ref={fileRef}
            id={ids.document}
            type="file"
            name="document"
            accept={DOCUMENT_ACCEPT}
            aria-invalid={errors.document ? true : undefined}
            aria-describedby={describedBy(
              fieldIds(ids.document).hint,
              errors.document && fieldIds(ids.document).error,
            )}
            className={cn(
              inputClasses(),
              'h-auto cursor-pointer file:mr-3 file:cursor-pointer file:rounded-control file:border-0 file:bg-surface file:px-3 file:py-1 file:font-semibold',
            )}
          />
        </Field>
      ) : null}

      {circumstance?.review === 'declaration' ? (
        <div
          className={cn(
            'flex flex-col gap-2',
            errors.declaration ? 'border-l-4 border-error pl-3' : undefined,
          )}
        >
          <p id={`${ids.declaration}-text`}>
            <FormattedMessage
              id="persons.reduction.declaration.text"
              values={{ name: person?.full_name ?? '', circumstance: circumstance.name }}
            />
          </p>
          {errors.declaration ? (
            <FieldError id={fieldIds(ids.declaration).error} prefix={errorPrefix}>
              {error('declaration')}
            </FieldError>
          ) : null}
          <CheckboxField
            id={ids.declaration}
            label={<FormattedMessage id="persons.reduction.declaration.accept" />}
            checked={accepted}
            onCheckedChange={(checked) => setAccepted(checked === true)}
            aria-invalid={errors.declaration ? true : undefined}
            aria-describedby={describedBy(
              `${ids.declaration}-text`,
              errors.declaration && fieldIds(ids.declaration).error,
            )}
          />
        </div>
      ) : null}

      <DialogFooter>
        <Button type="button" variant="secondary" onClick={onCancel}>
          <FormattedMessage id="persons.reduction.cancel" />
        </Button>
        <Button type="submit" loading={busy}>
          <FormattedMessage id="persons.reduction.submit" />
        </Button>
      </DialogFooter>
    </form>
  );
}

/**
 * The people a household title covers: a checkbox per person the account manages, in a group
 * named by its legend (one request, one document, one review for all of them).
 */
function HouseholdPeople({
  id,
  persons,
  chosen,
  onChange,
  error,
  errorPrefix,
}: {
  id: string;
  persons: readonly ManagedPerson[];
  chosen: readonly number[];
  onChange: (people: number[]) => void;
  error: string | undefined;
  errorPrefix: string;
}) {
  const toggle = (personId: number, on: boolean) =>
    onChange(
      persons
        .map((one) => one.person_activity_id)
        .filter((other) => (other === personId ? on : chosen.includes(other))),
    );
  return (
    <fieldset
      id={id}
      tabIndex={-1}
      aria-describedby={describedBy(`${id}-hint`, error && fieldIds(id).error)}
      className={cn(
        'flex flex-col gap-2 rounded-panel border p-3',
        error ? 'border-l-4 border-error' : 'border-border-subtle',
      )}
    >
      <legend className="px-1 font-semibold">
        <FormattedMessage id="persons.reduction.people.legend" />
      </legend>
      <p id={`${id}-hint`} className="text-small">
        <FormattedMessage id="persons.reduction.people.hint" />
      </p>
      {error ? (
        <FieldError id={fieldIds(id).error} prefix={errorPrefix}>
          {error}
        </FieldError>
      ) : null}
      {persons.map((one) => (
        <CheckboxField
          key={one.person_activity_id}
          id={`${id}-${one.person_activity_id}`}
          label={one.full_name}
          checked={chosen.includes(one.person_activity_id)}
          onCheckedChange={(checked) => toggle(one.person_activity_id, checked === true)}
          aria-invalid={error ? true : undefined}
        />
      ))}
    </fieldset>
  );
}
