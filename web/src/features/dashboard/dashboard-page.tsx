import { SelectField } from '@portal/design-system/components/select-field.tsx';
import { Loading } from '@portal/design-system/components/spinner.tsx';
import {
  Tabs,
  TabsContent,
  TabsList,
  TabsTrigger,
} from '@portal/design-system/components/tabs.tsx';
import { useMemo, useState, type ReactNode } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import { usePageTitle } from '../../lib/page-title';
import { MyReceipts } from '../payments/components/my-receipts';
import { PersonReductions } from '../persons/components/person-reductions';
import { useDashboardData } from './api/use-dashboard-data';
import { CompletedTable, PendingTable } from './components/activity-tables';
import { DeadlineNotice } from './components/deadline-notice';
import { FamilyDifferences } from './components/family-differences';
import { LoadError } from './components/load-error';
import { NobodyLinked } from './components/nobody-linked';
import { PaySection } from './components/pay-section';
import {
  completedActivities,
  familyLines,
  feeRulesInPlace,
  filterByPerson,
  hasParts,
  lineLock,
  pendingActivities,
  pendingFees,
  personLabel,
  pruneSelection,
  reductionApplies,
  rowId,
  selectableLines,
  selectedActivities,
  toggleLine,
  type ManagedPerson,
  type PersonFilter,
  type SentToBank,
  type UserActivity,
} from './rules';

/** What the dashboard gives the managed-people section (composed by the router). */
export interface PeopleSectionContext {
  persons: ManagedPerson[];
  loading: boolean;
  /** GET /user/persons/ failed (the list is empty). */
  loadError: boolean;
  /** The add-person form shows errors: "Error:" goes in front of the page title. */
  onFormErrorsChange: (hasErrors: boolean) => void;
  /** Times the resident took up the invitation to link a person: open the form each time. */
  addRequests: number;
}

export interface DashboardPageProps {
  peopleSection?: (context: PeopleSectionContext) => ReactNode;
  /** The season's applications for the people managed (composed by the router). */
  applicationsSection?: (persons: ManagedPerson[]) => ReactNode;
  /** The account's own settings shown on the dashboard (payment reminders). */
  settingsSection?: ReactNode;
  /** Paying pending fees by direct debit (composed by the router), under the pay bar. */
  directDebitSection?: (pending: UserActivity[]) => ReactNode;
  /** Lines of domiciled fees sent to the bank, with their collection day: not paid by card. */
  sentToBank?: SentToBank;
}

const NOTHING_SENT: SentToBank = new Map();

/** /dashboard: the linked people's pending and completed payments, and paying for them. */
export function DashboardPage({
  peopleSection,
  applicationsSection,
  settingsSection,
  directDebitSection,
  sentToBank = NOTHING_SENT,
}: DashboardPageProps) {
  const intl = useIntl();
  const [formErrors, setFormErrors] = useState(false);
  usePageTitle('dashboard.title', formErrors);

  const data = useDashboardData();
  const { config } = data;
  const [filter, setFilter] = useState<PersonFilter>('all');
  const [selectedIds, setSelectedIds] = useState<ReadonlySet<string>>(new Set());
  const [useDiscount, setUseDiscount] = useState(false);
  const [addRequests, setAddRequests] = useState(0);
  // three states an empty table would blur: could not load, nobody linked yet, nothing pending
  const failed = data.personsError || data.activitiesError;
  const nobodyLinked = !data.loading && !failed && data.persons.length === 0;

  // A person removed meanwhile: back to "All".
  const activeFilter: PersonFilter = data.persons.some(
    (person) => String(person.person_activity_id) === filter,
  )
    ? filter
    : 'all';
  const rules = feeRulesInPlace(config);
  const pending = useMemo(() => pendingActivities(data.activities), [data.activities]);
  const pendingRows = useMemo(() => filterByPerson(pending, activeFilter), [pending, activeFilter]);
  // a line that cannot be ticked now: payment closed, a part whose day has passed, or sent to
  // the bank in a remittance
  const lockOf = (row: UserActivity) => lineLock(row, config, pending, sentToBank);
  const selectable = selectableLines(pendingRows, config, sentToBank);
  const completedRows = useMemo(
    () => filterByPerson(completedActivities(data.activities), activeFilter),
    [data.activities, activeFilter],
  );
  // Only rows shown (and selectable) count: hidden or stale ids are ignored.
  const selection = selectedActivities(selectable, selectedIds);

  const changeFilter = (value: string) => {
    const next = (value === 'all' ? 'all' : value) as PersonFilter;
    setFilter(next);
    setSelectedIds((previous) => pruneSelection(previous, filterByPerson(pending, next)));
  };

  // parts go in order: ticking one ticks the earlier ones, unticking one the later ones
  const toggle = (row: UserActivity, selected: boolean) => {
    setSelectedIds((previous) => toggleLine(previous, row, selected, selectable));
  };

  // "pay for the whole family": every payable line of every person, shown together
  const family = familyLines(selectableLines(pending, config, sentToBank));
  const selectFamily = () => {
    setFilter('all');
    setSelectedIds(new Set(family.map(rowId)));
  };

  const people: PeopleSectionContext = {
    persons: data.persons,
    loading: data.loading,
    loadError: data.personsError,
    onFormErrorsChange: setFormErrors,
    addRequests,
  };

  return (
    <div className="mx-auto flex w-full max-w-5xl min-w-0 flex-col gap-8">
      <h1 className="text-title font-bold">
        <FormattedMessage id="dashboard.title" />
      </h1>

      <section aria-labelledby="payments-heading" className="flex min-w-0 flex-col gap-4">
        <h2 id="payments-heading" className="text-heading font-bold">
          <FormattedMessage id="dashboard.payments.heading" />
        </h2>
        {data.personsError ? (
          <LoadError messageId="dashboard.error.loadingAssociations" onRetry={data.reload} />
        ) : null}
        {data.activitiesError ? (
          <LoadError messageId="dashboard.error.loadingActivities" onRetry={data.reload} />
        ) : null}

        <DeadlineNotice
          config={config}
          partsOpen={selectableLines(pending, config).some((line) => !!line.part)}
        />

        <SelectField
          label={<FormattedMessage id="dashboard.person.label" />}
          errorPrefix={intl.formatMessage({ id: 'dashboard.errorPrefix' })}
          containerClassName="max-w-md"
          value={activeFilter}
          onChange={(event) => changeFilter(event.target.value)}
          options={[
            { value: 'all', label: intl.formatMessage({ id: 'dashboard.person.all' }) },
            ...data.persons.map((person) => ({
              value: String(person.person_activity_id),
              label: personLabel(person, intl.formatMessage({ id: 'dashboard.noDni' })),
            })),
          ]}
        />

        <Tabs defaultValue="pendientes" className="min-w-0">
          <TabsList aria-label={intl.formatMessage({ id: 'dashboard.tabs.label' })}>
            <TabsTrigger value="pendientes">
              <FormattedMessage id="dashboard.tabs.pending" />
            </TabsTrigger>
            <TabsTrigger value="realizados">
              <FormattedMessage id="dashboard.tabs.completed" />
            </TabsTrigger>
          </TabsList>
          <TabsContent value="pendientes" className="flex min-w-0 flex-col gap-4">
            {/* the table takes the spinner's place, so nothing above or beside it moves */}
            {data.loading ? (
              <Loading label={intl.formatMessage({ id: 'dashboard.loading' })} />
            ) : nobodyLinked ? (
              <NobodyLinked onLink={() => setAddRequests((n) => n + 1)} />
            ) : failed && pendingRows.length === 0 ? null : (
              <>
                <FamilyDifferences rows={completedRows} />
                {hasParts(pendingRows) ? (
                  <p data-slot="parts-hint" className="text-body">
                    <FormattedMessage id="dashboard.parts.hint" />
                  </p>
                ) : null}
                <PendingTable
                  rows={pendingRows}
                  selectedIds={new Set(selection.map(rowId))}
                  onSelectedChange={toggle}
                  lockOf={lockOf}
                  sentToBank={sentToBank}
                  reduction={reductionApplies(useDiscount, config)}
                  breakdown={rules}
                />
              </>
            )}
            {pendingRows.length > 0 ? (
              <PaySection
                selection={selection}
                selectable={selectable}
                config={config}
                useDiscount={useDiscount}
                onUseDiscountChange={setUseDiscount}
                family={{ lines: family, onSelect: selectFamily }}
              />
            ) : null}
            {directDebitSection && !data.loading && !nobodyLinked
              ? directDebitSection(pendingFees(pendingRows))
              : null}
            {rules && !data.loading && !nobodyLinked ? (
              <PersonReductions
                persons={data.persons.filter(
                  (person) =>
                    activeFilter === 'all' || String(person.person_activity_id) === activeFilter,
                )}
              />
            ) : null}
          </TabsContent>
          <TabsContent value="realizados" className="flex min-w-0 flex-col gap-6">
            {nobodyLinked || (failed && completedRows.length === 0) ? null : (
              <CompletedTable rows={completedRows} breakdown={rules} />
            )}
            <MyReceipts />
          </TabsContent>
        </Tabs>
      </section>

      {applicationsSection ? applicationsSection(data.persons) : null}
      {peopleSection ? peopleSection(people) : null}
      {settingsSection ?? null}
    </div>
  );
}
