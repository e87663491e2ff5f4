import { describe, expect, it } from 'vitest';
import { createLogger } from '../src/logger.js';

describe('logger', () => {
  it('writes JSON lines with the level by name and redacts personal data, tokens and codes', () => {
    const lines: string[] = [];
    const logger = createLogger('info', { write: (line: string) => void lines.push(line) });
    logger.info('sms stored in outbox', {
      to: '612345678',
      body: 'Tu código es 482913',
      user: 7,
      account: { dni: '12345678Z', phone: '622334455', email: 'a@example.es' },
      authorization: 'Bearer eyJhbGciOi',
    });
    logger.debug('not written at info');
    expect(lines).toHaveLength(1);
    const line = JSON.parse(lines[0]!) as Record<string, unknown>;
    expect(line).toMatchObject({ level: 'info', msg: 'sms stored in outbox', user: 7 });
    expect(typeof line.time).toBe('string');
    for (const secret of ['612345678', '482913', '12345678Z', '622334455', 'a@example.es', 'eyJ']) {
      expect(lines[0]).not.toContain(secret);
    }
    expect(line.to).toBe('[redacted]');
    expect((line.account as Record<string, unknown>).dni).toBe('[redacted]');
  });
});
