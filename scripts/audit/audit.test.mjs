import assert from 'node:assert/strict';
import { test } from 'node:test';
import { judge } from './audit.mjs';

// the shape npm 11's `npm audit --json` reports
const report = (vias) => ({
  auditReportVersion: 2,
  vulnerabilities: {
    'some-lib': { name: 'some-lib', severity: 'high', via: vias, range: '<2.0.1' },
  },
  metadata: { vulnerabilities: { high: 1 } },
});
const high = {
  source: 1100001,
  name: 'some-lib',
  title: 'Prototype pollution',
  url: 'https://github.com/advisories/GHSA-aaaa-bbbb-cccc',
  severity: 'high',
  range: '<2.0.1',
};

test('a high advisory fails', () => {
  const result = judge(report([high]), { advisories: [] }, '2026-11-26');
  assert.equal(result.status, 'fail');
  assert.match(result.lines[0], /high: some-lib .*GHSA-aaaa-bbbb-cccc/);
});

test('a moderate one, or one reported through another package, does not', () => {
  assert.equal(
    judge(report([{ ...high, severity: 'moderate' }]), { advisories: [] }, '2026-11-26').status,
    'ok',
  );
  assert.equal(judge(report(['other-lib']), { advisories: [] }, '2026-11-26').status, 'ok');
});

test('an allowed advisory passes, with its reason and date shown', () => {
  const allowlist = {
    advisories: [
      {
        advisory: 'GHSA-aaaa-bbbb-cccc',
        reason: 'only the CLI, never imported',
        date: '2026-11-20',
      },
    ],
  };
  const result = judge(report([high]), allowlist, '2026-11-26');
  assert.equal(result.status, 'ok');
  assert.match(result.lines[0], /allowed: .*only the CLI, never imported, 2026-11-20/);
});

test('an allowance over a year old, or without a reason, fails', () => {
  const old = {
    advisories: [{ advisory: 'GHSA-aaaa-bbbb-cccc', reason: 'x', date: '2025-10-01' }],
  };
  assert.equal(judge(report([high]), old, '2026-11-26').status, 'fail');
  const bare = { advisories: [{ advisory: 'GHSA-aaaa-bbbb-cccc', date: '2026-11-01' }] };
  assert.equal(judge(report([high]), bare, '2026-11-26').status, 'fail');
});

test('an unreachable advisory service is said, not taken for a clean bill', () => {
  const result = judge({ message: '405 Method Not Allowed' }, { advisories: [] }, '2026-11-26');
  assert.equal(result.status, 'unavailable');
  assert.match(result.lines[0], /405 Method Not Allowed/);
});
