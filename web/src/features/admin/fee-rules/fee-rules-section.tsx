import { useState } from 'react';
import { FormattedMessage } from 'react-intl';
import { Button } from '@portal/design-system/components/button.tsx';
import { Loading } from '@portal/design-system/components/spinner.tsx';
import { SelectField } from '@portal/design-system/components/select-field.tsx';
import { TextField } from '@portal/design-system/components/text-field.tsx';
import { useLocale } from '../../../i18n/i18n-provider';
import { FormErrorSummary } from '../../../lib/forms/form-error-summary';
import { listCircumstances, type AdminCircumstance } from '../api/circumstances';
import { getFeeRules, saveFeeRules, type FeeRules } from '../api/fee-rules';
import { useFirstActivities } from '../api/use-first-activities';
import { useResource } from '../api/use-resource';
import { AdminSection } from '../components/admin-section';
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
import { RadioGroup } from '../components/radio-group';
import { serverFieldErrors } from '../components/server-errors';
import {
  checkFeeRules,
  familyRow,
  feeRulesFieldOf,
  feeRulesToForm,
  reductionRow,
  type FamilyRow,
  type FeeRulesField,
  type FeeRulesFormValues,
  type ReductionRow,
  GROUP_PREFIX,
  whereToRow,
  whereValue,
} from './rules';

const fieldId = (field: FeeRulesField) => `fee-${field.replaceAll('.', '-')}`;
const orderOf = (v: FeeRulesFormValues): FeeRulesField[] => [
  ...v.reductions.flatMap((_, i) =>
    (['circumstance', 'activity', 'percent', 'price'] as const).map(
      (part) => `reduction.${i}.${part}` as const,
    ),
  ),
  ...v.family.flatMap((_, i) =>
    (['feeGroup', 'fromMember', 'percent'] as const).map((part) => `family.${i}.${part}` as const),
  ),
];

/**
 * The council's fee rules: what each circumstance takes off (a percent or a fixed price,
 * everywhere or in one activity), the family discounts from the Nth member of a family in the
 * same fee group, and whether they stack, with the order they apply in said in words.
 */
export function FeeRulesSection({
  version,
  activitiesVersion,
}: {
  /** Changes when the circumstances changed elsewhere in the panel. */
  version: number;
  activitiesVersion: number;
}) {
  const t = useT();
  const rules = useResource(['fee-rules', version], getFeeRules);
  const circumstances = useResource(['circumstances', version], listCircumstances);
  const failed = rules.status === 'error' || circumstances.status === 'error';
  const ready = rules.data !== undefined && circumstances.data !== undefined;
  return (
    <AdminSection
      id="admin-fee-rules"
      titleId="admin.feeRules.title"
      introId="admin.feeRules.intro"
    >
      {failed && !ready ? (
        <LoadError
          messageId="admin.feeRules.errorLoading"
          onRetry={() => {
            rules.reload();
            circumstances.reload();
          }}
        />
      ) : null}
      {!failed && !ready ? <Loading label={t('admin.common.loading')} /> : null}
      {rules.data && circumstances.data ? (
        <FeeRulesForm
          // the rules as the server has them now (a circumstance removed takes its reductions)
          key={JSON.stringify(rules.data)}
          initial={rules.data}
          circumstances={circumstances.data}
          activitiesVersion={activitiesVersion}
        />
      ) : null}
    </AdminSection>
  );
}

function FeeRulesForm({
  initial,
  circumstances,
  activitiesVersion,
}: {
  initial: FeeRules;
  circumstances: readonly AdminCircumstance[];
  activitiesVersion: number;
}) {
  const t = useT();
  const format = useFormatMsg();
  const { locale } = useLocale();
  const [values, setValues] = useState<FeeRulesFormValues>(() => feeRulesToForm(initial, locale));
  const [errors, setErrors] = useState<FormErrorState<FeeRulesField>>(noErrors);
  const [notice, setNotice] = useState<Notice | null>(null);
  const [saving, setSaving] = useState(false);
  useReportErrors('fee-rules', hasErrors(errors));
  const activities = useFirstActivities(activitiesVersion);
  const errorPrefix = t('admin.common.errorPrefix');
  const error = (field: FeeRulesField) => fieldError(errors, field, format);

  const activityOptions = [
    ...activities.rows.map((a) => ({ value: String(a.id), label: a.name })),
    // a rule of an activity beyond the first ones listed keeps its choice
    ...values.reductions
      .filter((r) => r.activityId && !activities.rows.some((a) => String(a.id) === r.activityId))
      .map((r) => ({
        value: r.activityId,
        label: t('admin.feeRules.activityNumber', { id: r.activityId }),
      })),
  ].filter((option, i, all) => all.findIndex((o) => o.value === option.value) === i);

  // the fee groups the catalogue's activities have, and those the rules name
  const groups = [
    ...activities.rows.flatMap((a) => (a.fee_group ? [a.fee_group] : [])),
    ...values.reductions.map((r) => r.feeGroup),
    ...values.family.map((r) => r.feeGroup),
  ]
    .filter((group, i, all) => group !== '' && all.indexOf(group) === i)
    .sort((a, b) => a.localeCompare(b, locale));
  const groupOptions = groups.map((group) => ({
    value: `${GROUP_PREFIX}${group}`,
    label: t('admin.feeRules.feeGroupOption', { group }),
  }));
  const familyGroupOptions = groups.map((group) => ({ value: group, label: group }));

  const circumstanceOptions = [
    ...circumstances.map((c) => ({ value: String(c.id), label: c.name[locale] })),
    // a rule whose circumstance the list does not have (yet) keeps its choice
    ...values.reductions
      .filter(
        (r) => r.circumstanceId && !circumstances.some((c) => String(c.id) === r.circumstanceId),
      )
      .map((r) => ({
        value: r.circumstanceId,
        label: t('admin.feeRules.circumstanceNumber', { id: r.circumstanceId }),
      })),
  ].filter((option, i, all) => all.findIndex((o) => o.value === option.value) === i);

  const setReduction = (index: number, change: Partial<ReductionRow>) =>
    setValues((v) => ({
      ...v,
      reductions: v.reductions.map((row, i) => (i === index ? { ...row, ...change } : row)),
    }));
  const setFamily = (index: number, change: Partial<FamilyRow>) =>
    setValues((v) => ({
      ...v,
      family: v.family.map((row, i) => (i === index ? { ...row, ...change } : row)),
    }));

  async function submit(event: React.FormEvent) {
    event.preventDefault();
    if (saving) return;
    setNotice(null);
    const check = checkFeeRules(values);
    if (!check.ok) {
      setErrors((e) => ({
        fields: check.errors,
        ...(check.details ? { details: check.details } : {}),
        summary: null,
        attempt: e.attempt + 1,
      }));
      return;
    }
    setErrors((e) => ({ ...noErrors(), attempt: e.attempt }));
    setSaving(true);
    const answer = await saveFeeRules(check.payload);
    setSaving(false);
    if (answer.ok) {
      setValues(feeRulesToForm(answer.data, locale));
      setNotice({ variant: 'success', message: { id: 'admin.feeRules.saved' } });
      return;
    }
    const details = answer.status === 422 ? serverFieldErrors(answer.error, feeRulesFieldOf) : null;
    if (details) setErrors((e) => ({ fields: {}, details, summary: null, attempt: e.attempt + 1 }));
    else
      setNotice({
        variant: 'error',
        message: serverMsg(answer.error, 'admin.feeRules.errorSaving'),
      });
  }

  return (
    <form noValidate onSubmit={submit} className="flex max-w-3xl flex-col gap-6">
      <FormErrorSummary {...summaryProps(errors, orderOf(values), fieldId, format)} />
      <NoticeArea notice={notice} />

      <fieldset className="flex flex-col gap-4 rounded-md border border-border p-4">
        <legend className="px-1 text-body font-semibold">
          <FormattedMessage id="admin.feeRules.reductions" />
        </legend>
        <p className="text-small text-muted-foreground">
          <FormattedMessage
            id={
              circumstances.length === 0
                ? 'admin.feeRules.noCircumstances'
                : 'admin.feeRules.reductionsHint'
            }
          />
        </p>
        {values.reductions.map((row, i) => (
          <fieldset
            key={row.key}
            className="flex flex-col gap-4 rounded-md border border-border-subtle p-3"
          >
            <legend className="px-1 font-semibold">
              {t('admin.feeRules.reduction', { row: i + 1 })}
            </legend>
            <SelectField
              id={fieldId(`reduction.${i}.circumstance`)}
              label={t('admin.feeRules.circumstance')}
              placeholder={t('admin.circumstances.import.choose')}
              options={circumstanceOptions}
              value={row.circumstanceId}
              onChange={(event) => setReduction(i, { circumstanceId: event.target.value })}
              error={error(`reduction.${i}.circumstance`)}
              errorPrefix={errorPrefix}
            />
            <SelectField
              id={fieldId(`reduction.${i}.activity`)}
              label={t('admin.feeRules.where')}
              hint={t('admin.feeRules.whereHint')}
              placeholder={t('admin.feeRules.everywhere')}
              options={[...groupOptions, ...activityOptions]}
              value={whereValue(row)}
              onChange={(event) => setReduction(i, whereToRow(event.target.value))}
              error={error(`reduction.${i}.activity`)}
              errorPrefix={errorPrefix}
            />
            <RadioGroup
              id={fieldId(`reduction.${i}.kind` as FeeRulesField)}
              name={`fee-reduction-${row.key}-kind`}
              legend={t('admin.feeRules.kind')}
              value={row.kind}
              onChange={(kind) => setReduction(i, { kind })}
              errorPrefix={errorPrefix}
              options={[
                {
                  value: 'percent',
                  label: t('admin.feeRules.kind.percent'),
                  more: (
                    <TextField
                      id={fieldId(`reduction.${i}.percent`)}
                      label={t('admin.feeRules.percent')}
                      hint={t('admin.feeRules.percentHint')}
                      value={row.percent}
                      onChange={(event) => setReduction(i, { percent: event.target.value })}
                      error={error(`reduction.${i}.percent`)}
                      errorPrefix={errorPrefix}
                      inputMode="decimal"
                      autoComplete="off"
                      width="short"
                    />
                  ),
                },
                {
                  value: 'price',
                  label: t('admin.feeRules.kind.price'),
                  more: (
                    <TextField
                      id={fieldId(`reduction.${i}.price`)}
                      label={t('admin.activities.priceLabel')}
                      hint={t('admin.feeRules.priceHint')}
                      value={row.price}
                      onChange={(event) => setReduction(i, { price: event.target.value })}
                      error={error(`reduction.${i}.price`)}
                      errorPrefix={errorPrefix}
                      inputMode="decimal"
                      autoComplete="off"
                      width="short"
                    />
                  ),
                },
              ]}
            />
            <div>
              <Button
                type="button"
                size="sm"
                variant="secondary"
                onClick={() =>
                  setValues((v) => ({ ...v, reductions: v.reductions.filter((_, j) => j !== i) }))
                }
              >
                {t('admin.feeRules.removeReduction', { row: i + 1 })}
              </Button>
            </div>
          </fieldset>
        ))}
        {circumstances.length > 0 ? (
          <div>
            <Button
              type="button"
              variant="secondary"
              onClick={() =>
                setValues((v) => ({ ...v, reductions: [...v.reductions, reductionRow()] }))
              }
            >
              <FormattedMessage id="admin.feeRules.addReduction" />
            </Button>
          </div>
        ) : null}
      </fieldset>

      <fieldset className="flex flex-col gap-4 rounded-md border border-border p-4">
        <legend className="px-1 text-body font-semibold">
          <FormattedMessage id="admin.feeRules.family" />
        </legend>
        <p className="text-small text-muted-foreground">
          <FormattedMessage id="admin.feeRules.familyHint" />
        </p>
        {values.family.map((row, i) => (
          <fieldset
            key={row.key}
            className="flex flex-col gap-3 rounded-md border border-border-subtle p-3"
          >
            <legend className="px-1 font-semibold">
              {t('admin.feeRules.familyRule', { row: i + 1 })}
            </legend>
            <SelectField
              id={fieldId(`family.${i}.feeGroup`)}
              label={t('admin.feeRules.familyGroup')}
              hint={t('admin.feeRules.familyGroupHint')}
              placeholder={t('admin.feeRules.everyGroup')}
              options={familyGroupOptions}
              value={row.feeGroup}
              onChange={(event) => setFamily(i, { feeGroup: event.target.value })}
              error={error(`family.${i}.feeGroup`)}
              errorPrefix={errorPrefix}
            />
            <div className="flex flex-wrap items-start gap-4">
              <TextField
                id={fieldId(`family.${i}.fromMember`)}
                label={t('admin.feeRules.fromMember')}
                hint={t('admin.feeRules.fromMemberHint')}
                value={row.fromMember}
                onChange={(event) => setFamily(i, { fromMember: event.target.value })}
                error={error(`family.${i}.fromMember`)}
                errorPrefix={errorPrefix}
                inputMode="numeric"
                autoComplete="off"
                width="short"
              />
              <TextField
                id={fieldId(`family.${i}.percent`)}
                label={t('admin.feeRules.percent')}
                hint={t('admin.feeRules.percentHint')}
                value={row.percent}
                onChange={(event) => setFamily(i, { percent: event.target.value })}
                error={error(`family.${i}.percent`)}
                errorPrefix={errorPrefix}
                inputMode="decimal"
                autoComplete="off"
                width="short"
              />
            </div>
            <div>
              <Button
                type="button"
                size="sm"
                variant="secondary"
                onClick={() =>
                  setValues((v) => ({ ...v, family: v.family.filter((_, j) => j !== i) }))
                }
              >
                {t('admin.feeRules.removeFamily', { row: i + 1 })}
              </Button>
            </div>
          </fieldset>
        ))}
        <div>
          <Button
            type="button"
            variant="secondary"
            onClick={() => setValues((v) => ({ ...v, family: [...v.family, familyRow()] }))}
          >
            <FormattedMessage id="admin.feeRules.addFamily" />
          </Button>
        </div>
      </fieldset>

      <RadioGroup
        id="fee-cumulative"
        name="fee-cumulative"
        legend={t('admin.feeRules.cumulative')}
        value={values.cumulative ? 'yes' : 'no'}
        onChange={(choice) => setValues((v) => ({ ...v, cumulative: choice === 'yes' }))}
        errorPrefix={errorPrefix}
        className="rounded-md border border-border p-4"
        options={[
          {
            value: 'no',
            label: t('admin.feeRules.cumulative.no'),
            hint: t('admin.feeRules.cumulative.noHint'),
          },
          {
            value: 'yes',
            label: t('admin.feeRules.cumulative.yes'),
            hint: t('admin.feeRules.cumulative.yesHint'),
          },
        ]}
      />
      <p id="fee-rules-order" className="max-w-prose">
        <FormattedMessage
          id={values.cumulative ? 'admin.feeRules.order.yes' : 'admin.feeRules.order.no'}
        />
      </p>
      <div>
        <Button type="submit" loading={saving}>
          <FormattedMessage id="admin.feeRules.save" />
        </Button>
      </div>
    </form>
  );
}
