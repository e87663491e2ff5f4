import { api } from '../../../lib/api/client';
import { rememberDeviceToken } from '../../../lib/device-tokens';
import type { components } from '../../../lib/api/schema.gen';
import { outcome, type Outcome } from './auth-api';

type Schemas = components['schemas'];

// registration and recovery: only their screens load these
export function register(body: Schemas['RegisterRequest']): Promise<Outcome<Schemas['CodeSent']>> {
  return outcome(api.POST('/user/register', { body }));
}

export function resendRegistrationCode(dni: string): Promise<Outcome<Schemas['CodeSent']>> {
  return outcome(api.POST('/user/register/resend', { body: { dni: dni.trim() } }));
}

/** The new account's session, and its device token kept as a login's is (lib/device-tokens.ts). */
export async function verifyRegistration(
  body: Schemas['OtpVerifyRequest'],
): Promise<Outcome<Schemas['RegistrationToken']>> {
  const answer = await outcome(api.POST('/user/verify', { body }));
  if (answer.ok) rememberDeviceToken(answer.data);
  return answer;
}

export function requestRecovery(email: string): Promise<Outcome<Schemas['Message']>> {
  return outcome(api.POST('/user/password-recovery', { body: { email } }));
}

export function verifyRecovery(
  body: Schemas['RecoveryVerifyRequest'],
): Promise<Outcome<Schemas['Message']>> {
  return outcome(api.POST('/user/password-recovery/verify', { body }));
}
