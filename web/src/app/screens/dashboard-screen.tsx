import { RemindersPanel } from '../../features/account/components/reminders-panel';
import { DomiciledFees } from '../../features/direct-debit/components/domiciled-fees';
import { useSentToBank } from '../../features/direct-debit/api/use-direct-debit';
import { DashboardPage } from '../../features/dashboard/dashboard-page';
import { ManagedPeople } from '../../features/persons/components/managed-people';
import { ApplicationsSection } from '../../features/season/components/applications-section';
import { ServerState } from '../../lib/server-state';

/**
 * /dashboard: the dashboard, the season's applications, the managed-people section and the
 * reminder setting are separate
 * features composed here, over one server-state cache for the page (in a chunk of its own, so
 * /login carries none of it).
 */
export function DashboardScreen() {
  return (
    <ServerState>
      <Dashboard />
    </ServerState>
  );
}

/** The dashboard with its sections; lines sent to the bank are not paid by card as well. */
function Dashboard() {
  const sentToBank = useSentToBank();
  return (
    <DashboardPage
      peopleSection={(people) => <ManagedPeople {...people} />}
      applicationsSection={(persons) => <ApplicationsSection persons={persons} />}
      settingsSection={<RemindersPanel />}
      directDebitSection={(pending) => <DomiciledFees pending={pending} />}
      sentToBank={sentToBank}
    />
  );
}
