import type * as z from 'zod';
import { multilineFields } from '../generated/operations.gen.js';
import { isMixedScriptName } from '../lib/identity-fold.js';
import { hasInvisibleCharacters } from '../lib/invisible-characters.js';
import { invalid, type ValidationIssue } from '../services/errors.js';

type Where = 'body' | 'query' | 'path' | 'header';

/** A request header the contract constrains, and the error code a malformed value answers. */
const HEADER_CODES: Record<string, string> = { 'Idempotency-Key': 'idempotency_key_invalid' };

/** An amount past what staff may enter (lib/money.ts MAX_STAFF_EUROS); route mappings keep it. */
export const AMOUNT_TOO_HIGH = 'amount_too_high';

/**
 * Validates input against a schema generated from openapi.yaml. On failure: 422 with one item per
 * problem, each with a message key the error middleware translates. Nothing reaches a service
 * unvalidated. Every text of a body is also checked for invisible characters, and a person's
 * name fields for mixed scripts, here, once for every call (the Excel import checks its cells
 * with the same rules).
 */
export function validate<S extends z.ZodType>(
  schema: S,
  input: unknown,
  where: Where = 'body',
): z.output<S> {
  const prepared = where === 'query' || where === 'path' ? coerceNumbers(schema, input) : input;
  const hidden = where === 'body' ? invisibleCharacters(input, ['body']) : [];
  const result = schema.safeParse(prepared);
  if (result.success && hidden.length === 0) return result.data;
  if (result.success) throw invalid(hidden);
  // again with the inputs in the issues (to tell a missing field from a wrong one): reportInput
  // turns off zod's compiled fast path, so valid input never pays for it
  const failed = schema.safeParse(prepared, { reportInput: true });
  const issues = failed.success ? result.error.issues : failed.error.issues;
  // a field with invisible characters says that, rather than that its format is wrong
  const told = new Set(hidden.map((issue) => JSON.stringify(issue.loc)));
  const rest = issues
    .map((issue) => toIssue(issue, where))
    .filter((issue) => !told.has(JSON.stringify(issue.loc)))
    // a header is one value with one code, however many of its rules it breaks
    .filter(
      (issue, i, all) =>
        where !== 'header' ||
        all.findIndex((o) => JSON.stringify(o.loc) === JSON.stringify(issue.loc)) === i,
    );
  throw invalid([...hidden, ...rest]);
}

/**
 * A person's name fields: a name in one script is welcome whatever the script ("Алексей"); one
 * mixing look-alike letters of several (UTS #39 mixed-script detection, lib/identity-fold.ts) is
 * refused, 422 `mixed_script_name` (docs/security.md, *One identity key*).
 */
const PERSON_NAME_FIELDS = new Set(['first_name', 'last_name']);

/**
 * Each text of a body with a control or invisible character, or a person's name mixing scripts (lib/invisible-characters.ts), at
 * any depth. Passwords are not checked: never stored nor shown, only hashed, and a resident's
 * password manager may choose anything. Fields the contract marks `x-multiline` keep line breaks.
 */
function invisibleCharacters(value: unknown, loc: (string | number)[]): ValidationIssue[] {
  if (typeof value === 'string') {
    const field = [...loc].reverse().find((p): p is string => typeof p === 'string') ?? '';
    if (field.includes('password')) return [];
    if (hasInvisibleCharacters(value, { multiline: multilineFields.has(field) }))
      return [{ loc, msg: 'invisible_characters', type: 'invisible_characters' }];
    return PERSON_NAME_FIELDS.has(field) && isMixedScriptName(value)
      ? [{ loc, msg: 'mixed_script_name', type: 'mixed_script_name' }]
      : [];
  }
  if (Array.isArray(value))
    return value.flatMap((item, index) => invisibleCharacters(item, [...loc, index]));
  if (value && typeof value === 'object')
    return Object.entries(value).flatMap(([key, item]) => invisibleCharacters(item, [...loc, key]));
  return [];
}

function toIssue(issue: z.core.$ZodIssue, where: Where): ValidationIssue {
  const path = issue.path.filter((p): p is string | number => typeof p !== 'symbol');
  const field = [...path].reverse().find((p): p is string => typeof p === 'string') ?? '';
  const headerCode = where === 'header' ? HEADER_CODES[field] : undefined;
  if (headerCode) return { loc: [where, ...path], msg: headerCode, type: headerCode };
  const missing =
    issue.code === 'invalid_type' && (issue as { input?: unknown }).input === undefined;
  const parts = missing ? undefined : feePartsIssue(path, issue);
  if (parts) return { loc: [where, ...path], ...parts };
  // a circumstance's ages (CircumstanceWrite), said as the service says them
  if (!missing && path.length === 1 && (field === 'min_age' || field === 'max_age'))
    return { loc: [where, ...path], msg: `circumstance_${field}`, type: `circumstance_${field}` };
  // an amount staff typed past the contract's bound (StaffEuros, an activity's price)
  if (issue.code === 'too_big' && field === 'price')
    return { loc: [where, ...path], msg: AMOUNT_TOO_HIGH, type: AMOUNT_TOO_HIGH };
  return {
    loc: [where, ...path],
    msg: missing ? 'field_required' : messageFor(field, issue),
    type: missing ? 'missing' : issue.code,
  };
}

/** A fee's parts (ActivityWrite.parts) the contract refuses, said as the service says them. */
function feePartsIssue(
  path: (string | number)[],
  issue: z.core.$ZodIssue,
): Omit<ValidationIssue, 'loc'> | undefined {
  if (path[0] !== 'parts') return undefined;
  if (path.length === 1 && issue.code === 'too_big')
    return {
      msg: 'parts_too_many',
      type: 'parts_too_many',
      params: { max: Number((issue as { maximum?: unknown }).maximum) },
    };
  if (path[2] === 'percent' && typeof path[1] === 'number')
    return { msg: 'parts_percent', type: 'parts_percent', params: { number: path[1] + 1 } };
  return undefined;
}

function messageFor(field: string, issue: z.core.$ZodIssue): string {
  if (field === 'dni' || field === 'username') return 'invalid_dni';
  // where an SMS goes (registration, association) the contract's pattern admits mobiles only
  if (field === 'phone')
    return MOBILE_ONLY.test(patternOf(issue)) ? 'invalid_mobile' : 'invalid_phone';
  if (field === 'email') return 'invalid_email';
  if (field === 'otp_code' || field === 'recovery_code') return 'invalid_code_format';
  if (field.includes('password'))
    return issue.code === 'too_big' ? 'password_too_long' : 'password_too_short';
  if (field.endsWith('_date') || formatOf(issue) === 'date') return 'invalid_date';
  if (issue.code === 'invalid_type' && (issue as { expected?: string }).expected === 'number')
    return 'invalid_number';
  return 'field_invalid';
}

const MOBILE_ONLY = /7\[1-9\]/;
const patternOf = (issue: z.core.$ZodIssue) =>
  String((issue as { pattern?: unknown }).pattern ?? '');
const formatOf = (issue: z.core.$ZodIssue) => String((issue as { format?: unknown }).format ?? '');

/** Query and path values arrive as text: turn digits into numbers where the schema wants a number. */
function coerceNumbers(schema: z.ZodType, input: unknown): unknown {
  if (!input || typeof input !== 'object') return input;
  const shape = (schema as unknown as { shape?: Record<string, z.ZodType> }).shape;
  if (!shape) return input;
  const out: Record<string, unknown> = { ...(input as Record<string, unknown>) };
  for (const [key, value] of Object.entries(out)) {
    const field = shape[key];
    if (typeof value === 'string' && field && wantsNumber(field) && /^-?\d+(\.\d+)?$/.test(value)) {
      out[key] = Number(value);
    }
  }
  return out;
}

export function wantsNumber(schema: z.ZodType): boolean {
  let def = (schema as unknown as { _zod: { def: { type: string; innerType?: z.ZodType } } })._zod
    .def;
  while (
    (def.type === 'optional' || def.type === 'default' || def.type === 'nullable') &&
    def.innerType
  ) {
    def = (def.innerType as unknown as { _zod: { def: { type: string; innerType?: z.ZodType } } })
      ._zod.def;
  }
  return def.type === 'number' || def.type === 'int';
}
