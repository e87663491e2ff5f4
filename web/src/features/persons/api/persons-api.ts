import { api } from '../../../lib/api/client';
import type { components } from '../../../lib/api/schema.gen';

type AssociationRequest = components['schemas']['AssociationRequest'];
type OtpVerifyRequest = components['schemas']['OtpVerifyRequest'];

/** The outcome of a call: ok, or the server's error body (undefined when the network failed). */
export type Outcome<T> = { ok: true; data: T } | { ok: false; error: unknown };

async function outcome<T>(
  call: Promise<{ data?: T; error?: unknown; response: Response }>,
): Promise<Outcome<T | undefined>> {
  try {
    const result = await call;
    if (result.response.ok) return { ok: true, data: result.data };
    return { ok: false, error: result.error };
  } catch {
    return { ok: false, error: undefined };
  }
}

/** POST /user/persons/request-association: a code goes to the phone on record. */
export function requestAssociation(body: AssociationRequest) {
  return outcome(api.POST('/user/persons/request-association', { body }));
}

/** POST /user/persons/verify-association: links the person with the SMS code. */
export function verifyAssociation(body: OtpVerifyRequest) {
  return outcome(api.POST('/user/persons/verify-association', { body }));
}

/** DELETE /user/persons/{id}: stop managing a person (the enrolment is kept). */
export function removePerson(id: number) {
  return outcome(api.DELETE('/user/persons/{id}', { params: { path: { id } } }));
}
