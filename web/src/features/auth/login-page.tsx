import { FormattedMessage } from 'react-intl';

export function LoginPage() {
  return (
    <h1 className="text-2xl font-bold">
      <FormattedMessage id="login.title" />
    </h1>
  );
}
