import Ajv2020 from 'ajv/dist/2020.js';
import addFormats from 'ajv-formats';
import { describe, expect, it } from 'vitest';
import { contract, namedJsonExamples } from './contract';

/**
 * Every named example (what `Prefer: example=<name>` returns from Prism, and what the screen
 * stories show) is valid against the schema of its response, so neither QA nor a designer ever
 * sees an answer the real server could not send.
 */
const ajv = new Ajv2020({ strict: false, allErrors: true });
addFormats(ajv);
// the contract's schemas under one id, so `#/components/schemas/X` resolves from any example
ajv.addSchema({ $id: 'contract', components: contract.components });
const inContract = (schema: unknown): unknown =>
  JSON.parse(JSON.stringify(schema).replace(/"#\/components\//g, '"contract#/components/'));

const examples = namedJsonExamples();

describe('named examples', () => {
  it('cover the error answers of the spec section 8', () => {
    const names = new Set(examples.map((example) => example.name));
    for (const name of [
      'invalid_credentials',
      'invalid_code',
      'deadline_expired',
      'payments_disabled',
      'invalid_rows',
      'too_many_requests',
      'server_busy',
      'maintenance',
      'account_exists',
      'activity_exists',
      'enrolment_exists',
      'has_paid_items',
      'cannot_delete_self',
      'validation_error',
    ]) {
      expect(names, name).toContain(name);
    }
  });

  it.each(examples.map((e) => [`${e.method} ${e.path} ${e.status} ${e.name}`, e] as const))(
    '%s matches its schema',
    (_label, example) => {
      expect(example.schema).toBeDefined();
      const validate = ajv.compile(inContract(example.schema) as object);
      expect(validate(example.value), ajv.errorsText(validate.errors)).toBe(true);
    },
  );
});
