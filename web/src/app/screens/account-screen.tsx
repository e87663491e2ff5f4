import { AccountPage } from '../../features/account/account-page';
import { ServerState } from '../../lib/server-state';

/** /mi-cuenta, over its own server-state cache. */
export function AccountScreen() {
  return (
    <ServerState>
      <AccountPage />
    </ServerState>
  );
}
