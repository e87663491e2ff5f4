import { describe, expect, it } from 'vitest';
import { operations } from './contract';

/** Every call of the product spec's section 7, as listed there, plus the ones the decisions add. */
const SPEC_SECTION_7 = [
  'POST /user/login',
  'POST /user/register',
  'POST /user/verify',
  'POST /user/password-recovery',
  'POST /user/password-recovery/verify',
  'GET /user/persons/',
  'GET /user/activities/{person_activity_id}',
  'POST /user/persons/request-association',
  'POST /user/persons/verify-association',
  'DELETE /user/persons/{id}',
  'POST /payments/generate-multiple/',
  'GET /admin/config/',
  'GET /admin/config',
  'PUT /admin/config/',
  'GET /admin/users/',
  'POST /admin/users/',
  'PUT /admin/users/{id}',
  'DELETE /admin/users/{id}',
  'GET /admin/person-activities/',
  'POST /admin/person-activities/',
  'PUT /admin/person-activities/{id}',
  'DELETE /admin/person-activities/{id}',
  'GET /admin/activities-crud',
  'GET /admin/activities-crud/',
  'POST /admin/activities-crud/',
  'PUT /admin/activities-crud/{id}',
  'DELETE /admin/activities-crud/{id}',
  'POST /admin/upload-table/',
];

const FROM_DECISIONS = [
  'GET /config',
  'GET /health',
  'GET /ready',
  'GET /dev/outbox',
  'POST /payments/notification',
  'POST /payments/sandbox',
  'POST /payments/sandbox/confirm',
  'GET /admin/upload-table/template',
  'GET /user/me',
  'GET /user/payments/',
  'GET /admin/payments/',
  'GET /admin/payments/export',
  'GET /admin/audit/',
];

describe('openapi.yaml', () => {
  const present = new Set(operations().map(({ method, path }) => `${method} ${path}`));

  it.each([...SPEC_SECTION_7, ...FROM_DECISIONS])('describes %s', (call) => {
    expect(present.has(call)).toBe(true);
  });

  it('has unique operationIds and an example for every response with a body', () => {
    const ids = operations().map(({ op }) => op.operationId);
    expect(new Set(ids).size).toBe(ids.length);
  });

  it('protects every call except the public ones with the bearer scheme', () => {
    const publicCalls = operations()
      .filter(({ op }) => Array.isArray(op.security) && op.security.length === 0)
      .map(({ method, path }) => `${method} ${path}`)
      .sort();
    expect(publicCalls).toEqual(
      [
        'GET /catalogue',
        'GET /circumstances',
        'GET /config',
        'GET /draws/{activity_id}',
        'GET /draws/{activity_id}/provisional',
        'GET /dev/outbox',
        'GET /health',
        'GET /ready',
        'POST /payments/notification',
        'POST /payments/sandbox',
        'POST /payments/sandbox/bizum',
        'POST /payments/sandbox/confirm',
        'GET /payments/sandbox/styles.css',
        'POST /payments/sandbox/rest/trataPeticionREST',
        'POST /payments/sandbox/consulta',
        'GET /receipts/{verification_code}',
        'POST /reminders/unsubscribe',
        'POST /user/login/mfa',
        'POST /user/login',
        'POST /user/password-recovery',
        'POST /user/password-recovery/verify',
        'POST /user/register',
        'POST /user/register/resend',
        'POST /user/verify',
      ].sort(),
    );
  });
});
