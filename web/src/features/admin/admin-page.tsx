import { startTransition, useCallback, useEffect, useState, type ReactNode } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import { Alert } from '@portal/design-system/components/alert.tsx';
import { textLinkClassName } from '@portal/design-system/components/text-link.tsx';
import { usePageTitle } from '../../lib/page-title';
import { ActivitiesSection } from './activities/activities-section';
import { AuditSection } from './audit/audit-section';
import { PageErrorsContext } from './components/page-errors';
import { CircumstancesSection } from './circumstances/circumstances-section';
import { ConfigSection } from './config/config-section';
import { EnrolmentsSection } from './enrolments/enrolments-section';
import { FeeRulesSection } from './fee-rules/fee-rules-section';
import { PaymentsSection } from './payments/payments-section';
import { RemittancesSection } from './remittances/remittances-section';
import { RemindersSection } from './reminders/reminders-section';
import { RequestsSection } from './requests/requests-section';
import { SeasonSection } from './season/season-section';
import { SummarySection } from './summary/summary-section';
import { MfaSection } from './mfa/mfa-section';
import { getMfaStatus } from './api/mfa';
import { useResource } from './api/use-resource';
import { UploadSection } from './upload/upload-section';
import { UsersSection } from './users/users-section';
import { Loading } from '@portal/design-system/components/spinner.tsx';
import { ServerState } from '../../lib/server-state';

const CONTENTS = [
  ['admin-summary', 'admin.summary.title'],
  ['admin-upload', 'admin.upload.title'],
  ['admin-users', 'admin.users.title'],
  ['admin-activities', 'admin.activities.title'],
  ['admin-season', 'admin.season.title'],
  ['admin-enrolments', 'admin.enrolments.title'],
  ['admin-circumstance-requests', 'admin.requests.title'],
  ['admin-circumstances', 'admin.circumstances.title'],
  ['admin-fee-rules', 'admin.feeRules.title'],
  ['admin-config', 'admin.config.title'],
  ['admin-payments', 'admin.payments.title'],
  ['admin-remittances', 'admin.remittances.title'],
  ['admin-reminders', 'admin.reminders.title'],
  ['admin-mfa', 'admin.mfa.title'],
  ['admin-audit', 'admin.audit.title'],
] as const;

/**
 * /admin: the administration panel, the spec's five stacked sections plus the payments list for
 * reconciliation and the fees as the council's ordinance writes them (the review of
 * circumstance requests, the circumstances, the fee rules). When one section changes data another shows (an upload adds people and
 * activities, a new activity appears in the enrolment form...), a version number tells the other
 * sections to reload.
 */
export function AdminPage() {
  return (
    <ServerState>
      <SecondFactorGate>
        <MountInSlices>
          <AdminPanel />
        </MountInSlices>
      </SecondFactorGate>
    </ServerState>
  );
}

function PanelLoading() {
  const intl = useIntl();
  return <Loading label={intl.formatMessage({ id: 'app.loading' })} />;
}

/**
 * The panel's sections are hundreds of elements: mounted in a transition, React builds them
 * in slices of a few milliseconds, so a phone's main thread stays free for taps meanwhile (the
 * update that reveals them, a query's answer, would otherwise render them in one long task).
 */
function MountInSlices({ children }: { children: ReactNode }) {
  const [show, setShow] = useState(false);
  useEffect(() => startTransition(() => setShow(true)), []);
  return show ? children : <PanelLoading />;
}

/**
 * With MFA_FOR_ADMINS=required, an administrator without a second factor sees only how to set one
 * up (the server refuses everything else); the panel opens once it is on.
 */
function SecondFactorGate({ children }: { children: React.ReactNode }) {
  const mfa = useResource(['mfa'], getMfaStatus);
  usePageTitle('admin.title');
  if (!mfa.data) {
    return mfa.status === 'error' ? children : <PanelLoading />;
  }
  if (!mfa.data.required || mfa.data.enabled) return children;
  return (
    <div className="mx-auto flex w-full max-w-3xl flex-col gap-6">
      <h1 className="text-title font-bold text-foreground">
        <FormattedMessage id="admin.title" />
      </h1>
      <Alert variant="info">
        <FormattedMessage id="admin.mfa.requiredNotice" />
      </Alert>
      <MfaSection onEnabled={mfa.reload} />
    </div>
  );
}

function AdminPanel() {
  const [withErrors, setWithErrors] = useState<ReadonlySet<string>>(() => new Set());
  const report = useCallback((key: string, hasErrors: boolean) => {
    setWithErrors((current) => {
      if (current.has(key) === hasErrors) return current;
      const next = new Set(current);
      if (hasErrors) next.add(key);
      else next.delete(key);
      return next;
    });
  }, []);
  usePageTitle('admin.title', withErrors.size > 0);

  const [activitiesVersion, setActivitiesVersion] = useState(0);
  const [enrolmentsVersion, setEnrolmentsVersion] = useState(0);
  const activitiesChanged = useCallback(() => {
    setActivitiesVersion((n) => n + 1);
    // enrolments show activity names
    setEnrolmentsVersion((n) => n + 1);
  }, []);
  const enrolmentsChanged = useCallback(() => setEnrolmentsVersion((n) => n + 1), []);
  const [circumstancesVersion, setCircumstancesVersion] = useState(0);
  const circumstancesChanged = useCallback(() => setCircumstancesVersion((n) => n + 1), []);
  const [configVersion, setConfigVersion] = useState(0);
  const configChanged = useCallback(() => setConfigVersion((n) => n + 1), []);

  return (
    <PageErrorsContext value={report}>
      <div className="mx-auto flex w-full max-w-6xl min-w-0 flex-col gap-10">
        <div className="flex flex-col gap-4">
          <h1 className="text-title font-bold text-foreground">
            <FormattedMessage id="admin.title" />
          </h1>
          <nav aria-labelledby="admin-contents-title">
            <h2 id="admin-contents-title" className="text-body font-semibold">
              <FormattedMessage id="admin.contents" />
            </h2>
            <ul className="mt-2 flex flex-col gap-1">
              {CONTENTS.map(([id, titleId]) => (
                <li key={id}>
                  <a href={`#${id}`} className={textLinkClassName}>
                    <FormattedMessage id={titleId} />
                  </a>
                </li>
              ))}
            </ul>
          </nav>
        </div>
        <SummarySection version={enrolmentsVersion} />
        <UploadSection onImported={activitiesChanged} />
        <UsersSection version={enrolmentsVersion} />
        <ActivitiesSection version={activitiesVersion} onChanged={activitiesChanged} />
        <SeasonSection version={activitiesVersion} />
        <EnrolmentsSection
          enrolmentsVersion={enrolmentsVersion}
          activitiesVersion={activitiesVersion}
          circumstancesVersion={circumstancesVersion}
          onChanged={enrolmentsChanged}
          onCircumstanceRecorded={circumstancesChanged}
        />
        <RequestsSection version={circumstancesVersion} onChanged={circumstancesChanged} />
        <CircumstancesSection version={circumstancesVersion} onChanged={circumstancesChanged} />
        <FeeRulesSection version={circumstancesVersion} activitiesVersion={activitiesVersion} />
        <ConfigSection onSaved={configChanged} />
        <PaymentsSection />
        <RemittancesSection />
        <RemindersSection version={configVersion} />
        <MfaSection />
        <AuditSection />
      </div>
    </PageErrorsContext>
  );
}
