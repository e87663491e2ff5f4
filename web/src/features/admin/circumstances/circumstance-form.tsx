import { TextField } from '@portal/design-system/components/text-field.tsx';
import { CrudForm, type CrudFormControls } from '../components/crud-form';
import { fieldError } from '../components/form-error-state';
import { useFormatMsg, useT } from '../components/messages';
import { RadioGroup } from '../components/radio-group';
import { TextArea } from '@portal/design-system/components/text-area.tsx';
import {
  LANGUAGES,
  NAME_MAX,
  PROOF_MAX,
  type CircumstanceField,
  type CircumstanceFormValues,
} from './rules';

const ORDER: readonly CircumstanceField[] = [
  ...LANGUAGES.flatMap((lang) => [`name.${lang}`, `proof.${lang}`] as const),
  'validity',
  'months',
  'review',
  'minAge',
  'maxAge',
  'scope',
];
export const circumstanceFieldId = (field: CircumstanceField) =>
  `circumstance-${field.replace('.', '-')}`;

/**
 * A circumstance's create/edit form: its name and the proof it needs in each language (one
 * fieldset per language, the fields marked with their language for screen readers and spelling),
 * how long an approval lasts, who checks it, and for whom it is asked (never a household's by age).
 */
export function CircumstanceForm({
  editing,
  values,
  onChange,
  ...form
}: CrudFormControls<CircumstanceField> & {
  editing: boolean;
  values: CircumstanceFormValues;
  onChange: (update: (values: CircumstanceFormValues) => CircumstanceFormValues) => void;
}) {
  const t = useT();
  const format = useFormatMsg();
  const errorPrefix = t('admin.common.errorPrefix');
  const error = (field: CircumstanceField) => fieldError(form.errors, field, format);
  const setText = (kind: 'name' | 'proof', lang: (typeof LANGUAGES)[number], text: string) =>
    onChange((v) => ({ ...v, [kind]: { ...v[kind], [lang]: text } }));
  const byAge = values.review === 'age';
  const ageField = (field: 'minAge' | 'maxAge') => (
    <TextField
      id={circumstanceFieldId(field)}
      label={t(`admin.circumstances.${field}`)}
      hint={t(
        field === 'minAge'
          ? byAge
            ? 'admin.circumstances.minAgeHintRequired'
            : 'admin.circumstances.minAgeHint'
          : 'admin.circumstances.maxAgeHint',
      )}
      value={values[field]}
      onChange={(event) => {
        const text = event.target.value;
        onChange((v) => ({ ...v, [field]: text }));
      }}
      error={error(field)}
      errorPrefix={errorPrefix}
      inputMode="numeric"
      autoComplete="off"
      width="short"
    />
  );

  return (
    <CrudForm
      {...form}
      order={ORDER}
      fieldId={circumstanceFieldId}
      editing={editing}
      createId="admin.circumstances.create"
      saveChangesId="admin.circumstances.saveChanges"
    >
      {LANGUAGES.map((lang) => (
        <fieldset
          key={lang}
          className="flex flex-col gap-4 rounded-md border border-border-subtle p-4"
        >
          <legend className="px-1 font-semibold">
            {t(`admin.circumstances.language.${lang}`)}
          </legend>
          <TextField
            id={circumstanceFieldId(`name.${lang}`)}
            lang={lang}
            label={t('admin.circumstances.name')}
            value={values.name[lang]}
            onChange={(event) => setText('name', lang, event.target.value)}
            error={error(`name.${lang}`)}
            errorPrefix={errorPrefix}
            maxLength={NAME_MAX}
            autoComplete="off"
          />
          {byAge ? null : (
            <TextArea
              id={circumstanceFieldId(`proof.${lang}`)}
              lang={lang}
              label={t('admin.circumstances.proof')}
              hint={t('admin.circumstances.proofHint')}
              value={values.proof[lang]}
              onChange={(event) => setText('proof', lang, event.target.value)}
              error={error(`proof.${lang}`)}
              errorPrefix={errorPrefix}
              maxLength={PROOF_MAX}
            />
          )}
        </fieldset>
      ))}
      {byAge ? null : (
        <RadioGroup
          id={circumstanceFieldId('validity')}
          name="circumstance-validity"
          legend={t('admin.circumstances.validity')}
          value={values.validity}
          onChange={(validity) => onChange((v) => ({ ...v, validity }))}
          errorPrefix={errorPrefix}
          options={[
            {
              value: 'months',
              label: t('admin.circumstances.validity.months'),
              more: (
                <TextField
                  id={circumstanceFieldId('months')}
                  label={t('admin.circumstances.months')}
                  hint={t('admin.circumstances.monthsHint')}
                  value={values.months}
                  onChange={(event) => {
                    const text = event.target.value;
                    onChange((v) => ({ ...v, months: text }));
                  }}
                  error={error('months')}
                  errorPrefix={errorPrefix}
                  inputMode="numeric"
                  autoComplete="off"
                  width="short"
                />
              ),
            },
            {
              value: 'date',
              label: t('admin.circumstances.validity.date'),
              hint: t('admin.circumstances.validity.dateHint'),
            },
          ]}
        />
      )}
      <RadioGroup
        id={circumstanceFieldId('review')}
        name="circumstance-review"
        legend={t('admin.circumstances.review')}
        value={values.review}
        onChange={(review) => onChange((v) => ({ ...v, review }))}
        error={error('review')}
        errorPrefix={errorPrefix}
        options={[
          {
            value: 'staff',
            label: t('admin.circumstances.review.staff'),
            hint: t('admin.circumstances.review.staffHint'),
          },
          {
            value: 'declaration',
            label: t('admin.circumstances.review.declaration'),
            hint: t('admin.circumstances.review.declarationHint'),
          },
          {
            value: 'age',
            label: t('admin.circumstances.review.age'),
            hint: t('admin.circumstances.review.ageHint'),
          },
        ]}
      />
      {values.review === 'staff' ? null : (
        <fieldset className="flex flex-col gap-4 rounded-md border border-border-subtle p-4">
          <legend className="px-1 font-semibold">{t('admin.circumstances.ages')}</legend>
          {ageField('minAge')}
          {ageField('maxAge')}
        </fieldset>
      )}
      {/* an age applies by itself to each person: nobody asks for it, for a household least of all */}
      {byAge ? null : (
        <RadioGroup
          id={circumstanceFieldId('scope')}
          name="circumstance-scope"
          legend={t('admin.circumstances.scope')}
          value={values.scope}
          onChange={(scope) => onChange((v) => ({ ...v, scope }))}
          error={error('scope')}
          errorPrefix={errorPrefix}
          options={[
            {
              value: 'person',
              label: t('admin.circumstances.scope.person'),
              hint: t('admin.circumstances.scope.personHint'),
            },
            {
              value: 'household',
              label: t('admin.circumstances.scope.household'),
              hint: t('admin.circumstances.scope.householdHint'),
            },
          ]}
        />
      )}
    </CrudForm>
  );
}
