import { textLinkClassName } from '@portal/design-system/components/text-link.tsx';
import { FormattedMessage } from 'react-intl';
import { Link } from 'react-router';
import { useMe } from '../api/use-me';
import { ReminderSetting } from './reminder-setting';

/** The reminder setting as the dashboard shows it, with the way to the rest of the account. */
export function RemindersPanel() {
  const me = useMe();
  return (
    <section aria-labelledby="dashboard-reminders-title" className="flex flex-col gap-3">
      <h2 id="dashboard-reminders-title" className="text-heading font-bold text-foreground">
        <FormattedMessage id="account.reminders.title" />
      </h2>
      {me.status === 'ready' ? <ReminderSetting me={me.data} onSaved={me.replace} /> : null}
      {me.status === 'error' ? (
        <p>
          <FormattedMessage id="account.errorLoading" />
        </p>
      ) : null}
      <p>
        <Link to="/mi-cuenta" className={textLinkClassName}>
          <FormattedMessage id="account.dashboardLink" />
        </Link>
      </p>
    </section>
  );
}
