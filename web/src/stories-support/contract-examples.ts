import { parse } from 'yaml';
import contractText from '../../../openapi.yaml?raw';

/**
 * The examples of openapi.yaml, the only data the screen stories and their tests show: a story
 * names the example each call answers with (e.g. `invalid_credentials` for the login), so no
 * story can show a state the contract does not describe, and a changed example shows at once.
 */

interface Example {
  summary?: string;
  value: unknown;
}
interface MediaType {
  example?: unknown;
  examples?: Record<string, Example>;
}
interface Response {
  $ref?: string;
  headers?: Record<string, { example?: unknown }>;
  content?: Record<string, MediaType>;
}
interface Operation {
  operationId: string;
  responses: Record<string, Response>;
}
interface Contract {
  paths: Record<string, Record<string, Operation>>;
  components: { responses: Record<string, Response> };
}

const contract = parse(contractText) as Contract;

/** What the mock answers: status, body (JSON value or example text) and headers. */
export interface ExampleAnswer {
  status: number;
  contentType: string | null;
  body: unknown;
  headers: Record<string, string>;
}

export interface NamedExample {
  /** "METHOD /path/{param}" as the contract writes it. */
  call: string;
  status: number;
  name: string;
  summary: string;
  value: unknown;
}

const resolve = (response: Response): Response =>
  response.$ref
    ? (contract.components.responses[response.$ref.split('/').pop() ?? ''] ?? response)
    : response;

const calls = Object.entries(contract.paths).flatMap(([path, item]) =>
  Object.entries(item).map(([method, operation]) => ({
    call: `${method.toUpperCase()} ${path}`,
    method: method.toUpperCase(),
    pattern: new RegExp(`^${path.replace(/\{[^}]+\}/g, '([^/]+)')}$`),
    params: [...path.matchAll(/\{([^}]+)\}/g)].map((match) => match[1] ?? ''),
    operation,
  })),
);

/** The contract's call for a request (path without the /api base), with its path parameters. */
export function findCall(method: string, path: string) {
  for (const entry of calls) {
    if (entry.method !== method) continue;
    const match = entry.pattern.exec(path);
    if (!match) continue;
    const params = Object.fromEntries(entry.params.map((name, i) => [name, match[i + 1] ?? '']));
    return { call: entry.call, operation: entry.operation, params };
  }
  return null;
}

function answerOf(status: string, response: Response, name: string | null): ExampleAnswer | null {
  const resolved = resolve(response);
  const [contentType, media] = Object.entries(resolved.content ?? {})[0] ?? [null, undefined];
  let body: unknown = null;
  if (media) {
    if (name !== null) {
      const named = media.examples?.[name];
      if (!named) return null;
      body = named.value;
    } else {
      body = media.examples ? Object.values(media.examples)[0]?.value : media.example;
    }
  } else if (name !== null) {
    return null;
  }
  const headers: Record<string, string> = {};
  for (const [header, spec] of Object.entries(resolved.headers ?? {})) {
    if (spec.example !== undefined) headers[header] = String(spec.example);
    else if (header === 'X-Total-Count' && Array.isArray(body))
      headers[header] = String(body.length);
  }
  return { status: Number(status), contentType, body, headers };
}

/**
 * The answer of a call: the named example (looked up in every response of the call), or without
 * a name the first example of its first success response. Throws for a name the call lacks, so
 * a story cannot ask for a state the contract does not have.
 */
export function exampleAnswer(call: string, name?: string): ExampleAnswer {
  const entry = calls.find((candidate) => candidate.call === call);
  if (!entry) throw new Error(`openapi.yaml has no call ${call}`);
  const responses = Object.entries(entry.operation.responses);
  if (name === undefined) {
    const success = responses.find(([status]) => status.startsWith('2'));
    const answer = success && answerOf(success[0], success[1], null);
    if (answer) return answer;
  } else {
    for (const [status, response] of responses) {
      const answer = answerOf(status, response, name);
      if (answer) return answer;
    }
  }
  throw new Error(`openapi.yaml has no example ${name ?? '(default)'} for ${call}`);
}

/** Every named example of every call (for the tests and the QA table). */
export function namedExamples(): NamedExample[] {
  return calls.flatMap(({ call, operation }) =>
    Object.entries(operation.responses).flatMap(([status, response]) =>
      Object.values(resolve(response).content ?? {}).flatMap((media) =>
        Object.entries(media.examples ?? {}).map(([name, example]) => ({
          call,
          status: Number(status),
          name,
          summary: example.summary ?? '',
          value: example.value,
        })),
      ),
    ),
  );
}
