import { FormattedMessage } from 'react-intl';

export function DashboardPage() {
  return (
    <h1 className="text-2xl font-bold">
      <FormattedMessage id="dashboard.title" />
    </h1>
  );
}
