import { api } from '../../../lib/api/client';
import { toResult, type Schemas } from './result';

export type MfaStatus = Schemas['MfaStatus'];
export type MfaSetup = Schemas['MfaSetup'];

export function getMfaStatus() {
  return toResult(api.GET('/admin/mfa'));
}

export function startMfaSetup(password: string) {
  return toResult(api.POST('/admin/mfa/setup', { body: { password } }));
}

export function confirmMfa(code: string) {
  return toResult(api.POST('/admin/mfa/confirm', { body: { code } }));
}

export function resetUserMfa(id: number) {
  return toResult(api.DELETE('/admin/users/{id}/mfa', { params: { path: { id } } }));
}
