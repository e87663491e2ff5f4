import { api } from '../../../lib/api/client';
import type { components } from '../../../lib/api/schema.gen';

export type CatalogueActivity = components['schemas']['CatalogueActivity'];
export type Application = components['schemas']['Application'];
export type JointApplication = components['schemas']['JointApplication'];
export type Draw = components['schemas']['Draw'];
export type NewPerson = components['schemas']['NewPerson'];
export type PersonByName = components['schemas']['PersonByName'];
export type ApplicationStatus = components['schemas']['ApplicationStatus'];
export type CatalogueQuote = components['schemas']['CatalogueQuote'];

/** The outcome of a call: ok, or the server's error body (undefined when the network failed). */
export type Outcome<T> = { ok: true; data: T } | { ok: false; status: number; error: unknown };

async function outcome<T>(
  call: Promise<{ data?: T; error?: unknown; response: Response }>,
): Promise<Outcome<T>> {
  try {
    const result = await call;
    if (result.response.ok) return { ok: true, data: result.data as T };
    return { ok: false, status: result.response.status, error: result.error };
  } catch {
    return { ok: false, status: 0, error: undefined };
  }
}

/** Throws on failure: what a query function needs. */
async function orThrow<T>(call: Promise<Outcome<T>>): Promise<T> {
  const answer = await call;
  if (!answer.ok) throw Object.assign(new Error(`answered ${answer.status}`), answer);
  return answer.data;
}

export const getCatalogue = () => orThrow(outcome(api.GET('/catalogue')));

export const getDraw = (activityId: number) =>
  orThrow(
    outcome(api.GET('/draws/{activity_id}', { params: { path: { activity_id: activityId } } })),
  );

export const listApplications = () => orThrow(outcome(api.GET('/user/applications')));

/** With fee rules: what each person the account manages would pay for each activity. */
export const listQuotes = () => orThrow(outcome(api.GET('/user/quotes')));

/** One person, or 2–4 together: a joint application with one code. */
export const applyForPlace = (personActivityIds: readonly number[], activityId: number) =>
  outcome(
    api.POST('/user/applications', {
      body:
        personActivityIds.length === 1
          ? { person_activity_id: personActivityIds[0] as number, activity_id: activityId }
          : { person_activity_ids: [...personActivityIds], activity_id: activityId },
    }),
  );

/** `joint`: every person of the joint application this one belongs to. */
export const withdrawApplication = (id: number, scope: 'person' | 'joint' = 'person') =>
  outcome(
    api.DELETE('/user/applications/{id}', {
      params: { path: { id }, ...(scope === 'joint' ? { query: { scope } } : {}) },
    }),
  );

export const addPerson = (body: NewPerson) => outcome(api.POST('/user/persons/', { body }));

/** The code of a refusal (`person_managed_elsewhere`…), if the server sent one. */
export const errorCode = (error: unknown): string | undefined => {
  const code = (error as { code?: unknown } | undefined)?.code;
  return typeof code === 'string' ? code : undefined;
};

/** After `person_managed_elsewhere`: a code goes to the mobile on that person's record. */
export const requestAssociationByName = (body: PersonByName) =>
  outcome(api.POST('/user/persons/request-association-by-name', { body }));

/** Links the person found by name and birth date with the code the other account passed on. */
export const verifyAssociationByName = (body: PersonByName, otpCode: string) =>
  outcome(
    api.POST('/user/persons/verify-association-by-name', {
      body: { ...body, otp_code: otpCode },
    }),
  );
