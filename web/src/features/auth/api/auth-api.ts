import { callApi, SKIP_AUTH_REDIRECT } from '../../../lib/api/call-rules';
import { deviceTokenFor, rememberDeviceToken } from '../../../lib/device-tokens';
import type { components } from '../../../lib/api/schema.gen';

type Schemas = components['schemas'];

/** A call's outcome: the data, or the HTTP status (null when the network failed) and error body. */
export type Outcome<T> =
  { ok: true; data: T } | { ok: false; status: number | null; error: unknown };

/** Keeps the device token of a successful login (see lib/device-tokens.ts). */
async function remembering<T>(result: Promise<Outcome<T>>): Promise<Outcome<T>> {
  const answer = await result;
  if (
    answer.ok &&
    answer.data &&
    typeof answer.data === 'object' &&
    'access_token' in answer.data
  ) {
    rememberDeviceToken(answer.data as unknown as Schemas['Token']);
  }
  return answer;
}

export async function outcome<T>(
  call: Promise<{ data?: T; error?: unknown; response: Response }>,
): Promise<Outcome<T>> {
  try {
    const { data, error, response } = await call;
    if (response.ok && data !== undefined) return { ok: true, data };
    return { ok: false, status: response.status, error };
  } catch {
    return { ok: false, status: null, error: undefined };
  }
}

/**
 * POST /user/login, form-encoded; its 401 is an answer to show, so no automatic redirect. An
 * administrator with a second factor gets `{mfa_required, mfa_token}` instead of a token.
 */
export function login(
  username: string,
  password: string,
): Promise<Outcome<Schemas['Token'] | Schemas['MfaChallenge']>> {
  const deviceToken = deviceTokenFor(username);
  return remembering(
    outcome(
      // the first screen's call: not through the typed client (lib/api/call-rules.ts)
      callApi<Schemas['Token'] | Schemas['MfaChallenge']>('POST', '/user/login', {
        body: new URLSearchParams({
          username,
          password,
          ...(deviceToken ? { device_token: deviceToken } : {}),
        }).toString(),
        headers: {
          'Content-Type': 'application/x-www-form-urlencoded',
          [SKIP_AUTH_REDIRECT]: '1',
        },
      }),
    ),
  );
}

/** POST /user/login/mfa: the second step, with the app's code or a recovery code. */
export function loginMfa(mfaToken: string, code: string): Promise<Outcome<Schemas['Token']>> {
  return remembering(
    outcome(
      callApi<Schemas['Token']>('POST', '/user/login/mfa', {
        body: JSON.stringify({ mfa_token: mfaToken, code }),
        headers: { [SKIP_AUTH_REDIRECT]: '1' },
      }),
    ),
  );
}
