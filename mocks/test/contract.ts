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
};

export function operations(): { method: string; path: string; op: Operation }[] {
  return Object.entries(contract.paths).flatMap(([path, item]) =>
    Object.entries(item).map(([method, op]) => ({ method: method.toUpperCase(), path, op })),
  );
}
