/**
 * Every event the server writes to the audit log has its text in es, en and gl: the events are
 * read from the server's code (bff/src), where each is an `action` (or a refused re-authentication's
 * `refusedAction`), or the action of `recordAdminWrite`. An action built from a value (a payment's
 * new state) stands for each value it can take; a new kind of built action fails here until it
 * is listed.
 */
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { parse } from 'yaml';
import { expect, it } from 'vitest';

const repo = resolve(import.meta.dirname, '../../../../..');
const enums = (
  parse(readFileSync(join(repo, 'openapi.yaml'), 'utf8')) as {
    components: { schemas: Record<string, { enum?: string[] }> };
  }
).components.schemas;

/** What each action built from a value stands for. */
const BUILT: Record<string, string[]> = {
  '`payment.${to}`': enums.AdminPaymentStatus!.enum!.map((status) => `payment.${status}`),
  '`application.${to}`': enums.ApplicationStatus!.enum!.map((status) => `application.${status}`),
  '`${contact}_change_requested`': ['email_change_requested', 'phone_change_requested'],
  '`${contact}_change_refused`': ['email_change_refused', 'phone_change_refused'],
  "confirmedOnly ? 'email_confirmed' : `${contact}_changed`": [
    'email_confirmed',
    'email_changed',
    'phone_changed',
  ],
  '`payment.refund_${outcome}`': [
    'payment.refund_succeeded',
    'payment.refund_refused',
    'payment.refund_unconfirmed',
  ],
};

function serverFiles(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) return name === 'generated' ? [] : serverFiles(path);
    return name.endsWith('.ts') ? [path] : [];
  });
}

/** The events the server's code audits, and the built ones it does not know. */
function auditedEvents(): { events: Set<string>; unknown: string[] } {
  const events = new Set<string>();
  const unknown: string[] = [];
  for (const file of serverFiles(join(repo, 'bff/src'))) {
    const source = readFileSync(file, 'utf8');
    if (!/audit/i.test(source)) continue;
    const expressions = [
      ...[...source.matchAll(/^\s+(?:action|refusedAction): ([^\n]+?),?$/gm)].map((m) => m[1]!),
      ...[...source.matchAll(/recordAdminWrite\(\s*[\w.]+,\s*[\w.]+,\s*('[^']+')/g)].map(
        (m) => m[1]!,
      ),
    ];
    for (const expression of expressions) {
      if (BUILT[expression]) BUILT[expression].forEach((event) => events.add(event));
      else if (expression.includes('`')) unknown.push(`${file}: ${expression}`);
      else for (const [, literal] of expression.matchAll(/'([a-z_.]+)'/g)) events.add(literal!);
    }
  }
  return { events, unknown };
}

it('gives every event the server audits a text in es, en and gl', () => {
  const { events, unknown } = auditedEvents();
  expect(unknown, 'actions built from a value this test does not list').toEqual([]);
  expect(events).toContain('payment.paid');
  expect(events).toContain('login_throttled');
  expect(events.size).toBeGreaterThan(60);
  for (const lang of ['es', 'en', 'gl']) {
    const messages = JSON.parse(
      readFileSync(join(repo, `web/src/i18n/messages/${lang}/admin.json`), 'utf8'),
    ) as Record<string, string>;
    const missing = [...events].filter((event) => !messages[`admin.audit.event.${event}`]);
    expect(missing, `events with no text in ${lang}`).toEqual([]);
  }
});
