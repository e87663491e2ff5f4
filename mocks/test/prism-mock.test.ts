import { spawn, type ChildProcess } from 'node:child_process';
import { createServer } from 'node:net';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import * as schemas from '../../bff/src/generated/zod.gen.ts';
import { contract, contractPath, namedJsonExamples, operations, type Operation } from './contract';

const prismBin = fileURLToPath(new URL('../../node_modules/.bin/prism', import.meta.url));

async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      server.close(() =>
        typeof address === 'object' && address
          ? resolve(address.port)
          : reject(new Error('no port')),
      );
    });
  });
}

describe('the Prism mock (npm run mock)', () => {
  let prism: ChildProcess;
  let base: string;

  beforeAll(async () => {
    const port = await freePort();
    base = `http://127.0.0.1:${port}`;
    prism = spawn(prismBin, ['mock', contractPath, '-p', String(port), '-h', '127.0.0.1'], {
      stdio: 'ignore',
    });
    for (let i = 0; i < 200; i++) {
      try {
        await fetch(`${base}/health`);
        return;
      } catch {
        await new Promise((r) => setTimeout(r, 100));
      }
    }
    throw new Error('prism did not start');
  });
  afterAll(() => {
    prism?.kill();
  });

  const gets = operations().filter(({ method }) => method === 'GET');

  /** A path parameter's own example where the contract gives one (a receipt code), else 1. */
  const concretePath = (path: string, op: Operation) =>
    path.replace(/\{([^}]+)\}/g, (_whole, name: string) => {
      const example = op.parameters?.find((p) => p.name === name)?.example;
      return typeof example === 'string' || typeof example === 'number' ? String(example) : '1';
    });

  it.each(gets.map(({ path, op }) => [path, op.operationId, concretePath(path, op)] as const))(
    'answers GET %s with the contract example',
    async (path, operationId, concrete) => {
      const url = base + concrete;
      const res = await fetch(url, { headers: { Authorization: 'Bearer mock-token' } });
      expect(res.status).toBe(200);
      const type = res.headers.get('content-type') ?? '';
      const schemaName =
        `z${operationId[0]?.toUpperCase()}${operationId.slice(1)}Response` as keyof typeof schemas;
      if (type.includes('application/json')) {
        const body: unknown = await res.json();
        const schema = schemas[schemaName] as { parse(value: unknown): unknown } | undefined;
        expect(schema, schemaName).toBeDefined();
        expect(() => schema?.parse(body)).not.toThrow();
      } else if (path.endsWith('.css')) {
        expect(type).toContain('text/css');
      } else if (path.endsWith('/receipt') || path.endsWith('/document')) {
        expect(type).toContain('application/pdf');
      } else if (path.endsWith('/remittances/{id}/file')) {
        // the bank's remittance: an ISO 20022 pain.008.001.08 document
        expect(type).toContain('application/xml');
        expect(await res.text()).toContain('urn:iso:std:iso:20022:tech:xsd:pain.008.001.08');
      } else if (path.endsWith('/remittances/{id}/sandbox-answer')) {
        // the test bank's answer: an ISO 20022 camt.054 notification of returns
        expect(type).toContain('application/xml');
        expect(await res.text()).toContain('urn:iso:std:iso:20022:tech:xsd:camt.054');
      } else {
        expect(type).toContain('spreadsheetml');
      }
    },
  );

  /** QA's switch: `Prefer: code=<status>, example=<name>` answers exactly that example. */
  it.each(
    namedJsonExamples().map((e) => [`${e.method} ${e.path} ${e.status} ${e.name}`, e] as const),
  )('answers %s when asked for it', async (_label, example) => {
    const op = operationOf(example);
    const res = await fetch(base + concretePath(example.path, op), {
      method: example.method,
      headers: {
        Authorization: 'Bearer mock-token',
        Prefer: `code=${example.status}, example=${example.name}`,
        ...(requestBodyOf(op).type ? { 'Content-Type': requestBodyOf(op).type } : {}),
      },
      // a valid request, or Prism answers its own 422
      ...requestBodyOf(op),
    });
    expect(res.status).toBe(example.status);
    expect(await res.json()).toEqual(example.value);
  });

  /**
   * `npm run dev:mock` without a `?mock=` switch: the dashboard asks for the people, then for each
   * one's activities, and Prism answers every person with the same default example. The default
   * answers are one family's: each person's activities are that person's, no row comes twice
   * (React's duplicate keys), and the payments are of those people.
   */
  it('answers the dashboard by default with one coherent family', async () => {
    const get = async <T>(path: string): Promise<T> => {
      const res = await fetch(base + path, { headers: { Authorization: 'Bearer mock-token' } });
      expect(res.status, path).toBe(200);
      return (await res.json()) as T;
    };
    type Person = { person_activity_id: number; dni: string };
    const persons = await get<Person[]>('/user/persons/');
    expect(persons.length).toBeGreaterThan(0);
    const rowKeys: string[] = [];
    for (const person of persons) {
      const rows = await get<(Person & { id: number })[]>(
        `/user/activities/${person.person_activity_id}`,
      );
      for (const row of rows) {
        expect(
          { person_activity_id: row.person_activity_id, dni: row.dni },
          `activity ${row.id} answered for person ${person.person_activity_id}`,
        ).toEqual({ person_activity_id: person.person_activity_id, dni: person.dni });
        rowKeys.push(`${row.person_activity_id}-${row.id}`);
      }
    }
    expect(rowKeys.length).toBeGreaterThan(0);
    expect(new Set(rowKeys).size, rowKeys.join(', ')).toBe(rowKeys.length);
    const payments = await get<{ person_activity_id: number }[]>('/user/payments/');
    const ids = persons.map((person) => person.person_activity_id);
    for (const payment of payments) expect(ids).toContain(payment.person_activity_id);
  });
});

/** The request body the contract gives as an example, encoded as its content type says. */
function requestBodyOf(op: Operation): {
  body?: string | URLSearchParams | FormData;
  type?: string;
} {
  type Schema = { properties?: Record<string, { format?: string; $ref?: string }> };
  type Body = {
    $ref?: string;
    content?: Record<
      string,
      { example?: unknown; examples?: Record<string, { value: unknown }>; schema?: Schema }
    >;
  };
  let requestBody = (op as { requestBody?: Body }).requestBody;
  if (requestBody?.$ref) {
    const shared = contract.components.requestBodies as Record<string, Body>;
    requestBody = shared[requestBody.$ref.split('/').pop() ?? ''];
  }
  const [type, media] = Object.entries(requestBody?.content ?? {})[0] ?? [];
  if (!type) return {};
  // the one example, or the first of the named ones
  const example = media?.example ?? Object.values(media?.examples ?? {})[0]?.value;
  if (type === 'multipart/form-data') {
    // every field the form's schema names: a file, a date or a number in a string
    const form = new FormData();
    for (const [name, field] of Object.entries(media?.schema?.properties ?? {})) {
      if (field.format === 'binary') form.append(name, new Blob(['%PDF-1.4']), 'documento.pdf');
      else if (field.$ref?.endsWith('/CivilDate')) form.append(name, '2027-11-27');
      else form.append(name, '1');
    }
    return { body: form };
  }
  if (type === 'application/x-www-form-urlencoded') {
    return { body: new URLSearchParams(example as Record<string, string>) };
  }
  const body = type.includes('json') ? JSON.stringify(example ?? {}) : String(example);
  return { body, type };
}

function operationOf(example: { method: string; path: string }): Operation {
  const found = operations().find(
    (entry) => entry.method === example.method && entry.path === example.path,
  );
  if (!found) throw new Error(`no ${example.method} ${example.path}`);
  return found.op;
}
