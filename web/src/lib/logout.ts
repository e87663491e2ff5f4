import { callApi, SKIP_AUTH_REDIRECT } from './api/call-rules';
import { clearToken, getToken } from './session';

/**
 * Logs out: asks the server to end this token (POST /user/logout, so a copy of it stops working
 * too) and forgets it here at once, whatever the server answers or if it cannot be reached
 * (offline). The call carries the token itself, since it is gone from storage by the time the
 * request leaves, and `keepalive` lets it finish when the tab closes right after.
 */
export function logOut(): void {
  const token = getToken();
  clearToken();
  if (!token) return;
  void callApi('POST', '/user/logout', {
    headers: { Authorization: `Bearer ${token}`, [SKIP_AUTH_REDIRECT]: '1' },
    keepalive: true,
  }).catch(() => {
    // offline or refused: the token is forgotten here anyway and expires on its own
  });
}
