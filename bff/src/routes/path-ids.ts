import type * as z from 'zod';
import { operations } from '../generated/operations.gen.js';
import * as schemas from '../generated/zod.gen.js';
import { wantsNumber } from '../http/validate.js';
import { ID_MAX } from '../lib/ids.js';
import { notFound } from '../services/errors.js';

export { ID_MAX };

interface Template {
  method: string;
  pattern: RegExp;
  /** Each parameter's name, in the order of the pattern's groups, and whether it is a number. */
  params: { name: string; number: boolean }[];
}

/**
 * Ids in paths, checked in one place for every route before it runs: a number past what the
 * database holds names nothing, so the call answers 404 `not_found` on either engine (PostgreSQL
 * would refuse the number with an error, SQLite find nothing), before any body is read or
 * checked. The contract says which path parameters are numbers (its generated path schemas).
 */
export function pathIdsGuard(prefix: string): (method: string, path: string) => void {
  const templates = templatesOf(prefix);
  return (method, path) => {
    const asked = method === 'HEAD' ? 'GET' : method;
    for (const template of templates) {
      if (template.method !== asked) continue;
      const match = template.pattern.exec(path);
      if (!match) continue;
      template.params.forEach(({ number }, index) => {
        const text = match[index + 1] ?? '';
        if (number && /^\d+$/.test(text) && Number(text) > ID_MAX) throw notFound();
      });
    }
  };
}

function templatesOf(prefix: string): Template[] {
  const all = schemas as unknown as Record<string, z.ZodType | undefined>;
  return Object.entries(operations).flatMap(([key, operationId]) => {
    const [method = '', path = ''] = key.split(' ');
    if (!path.includes('{')) return [];
    const names = [...path.matchAll(/\{(\w+)\}/g)].map((m) => m[1]!);
    const schema = all[`z${operationId[0]!.toUpperCase()}${operationId.slice(1)}Path`];
    const shape = (schema as unknown as { shape?: Record<string, z.ZodType> } | undefined)?.shape;
    const params = names.map((name) => ({
      name,
      number: shape?.[name] ? wantsNumber(shape[name]) : false,
    }));
    if (!params.some((p) => p.number)) return [];
    const source = `${prefix}${path}`
      .split(/\{\w+\}/)
      .map((part) => part.replace(/[.*+?^$()|[\]\\]/g, '\\$&'))
      .join('([^/]+)');
    return [{ method, pattern: new RegExp(`^${source}$`, 'i'), params }];
  });
}
