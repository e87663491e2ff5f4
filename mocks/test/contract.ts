import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { parse } from 'yaml';

export const contractPath = fileURLToPath(new URL('../../openapi.yaml', import.meta.url));

export interface Operation {
  operationId: string;
  security?: unknown[];
  parameters?: { $ref?: string; name?: string; in?: string; example?: unknown }[];
  responses: Record<string, unknown>;
}

export const contract = parse(readFileSync(contractPath, 'utf8')) as {
  paths: Record<string, Record<string, Operation>>;
  components: {
    schemas: Record<string, unknown>;
    responses: Record<string, Response>;
    requestBodies: Record<string, unknown>;
  };
};

export function operations(): { method: string; path: string; op: Operation }[] {
  return Object.entries(contract.paths).flatMap(([path, item]) =>
    Object.entries(item).map(([method, op]) => ({ method: method.toUpperCase(), path, op })),
  );
}

interface MediaType {
  schema?: unknown;
  examples?: Record<string, { value: unknown }>;
}
interface Response {
  $ref?: string;
  content?: Record<string, MediaType>;
}

/** A response as written, or the shared one its $ref names. */
export function resolveResponse(response: unknown): Response {
  const { $ref } = response as Response;
  if (!$ref) return response as Response;
  const components = (
    contract as unknown as { components: { responses: Record<string, Response> } }
  ).components;
  return components.responses[$ref.split('/').pop() ?? ''] ?? (response as Response);
}

/** Every named example of every JSON answer: the call, status, name, value and its schema. */
export function namedJsonExamples() {
  return operations().flatMap(({ method, path, op }) =>
    Object.entries(op.responses).flatMap(([status, response]) => {
      const media = resolveResponse(response).content?.['application/json'];
      return Object.entries(media?.examples ?? {}).map(([name, example]) => ({
        method,
        path,
        status: Number(status),
        name,
        value: example.value,
        schema: media?.schema,
      }));
    }),
  );
}
