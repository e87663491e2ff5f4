import type Koa from 'koa';
import { describe, expect, it } from 'vitest';
import { STATUS_OF } from '../src/http/errors.js';
import { DomainError } from '../src/services/errors.js';
import { loopbackOnly } from '../src/http/loopback-only.js';
import { addressKey, isLoopback } from '../src/lib/client-address.js';

describe('client addresses', () => {
  it('groups an IPv6 address by its /64 and keeps IPv4 as it is', () => {
    expect(addressKey('203.0.113.5')).toBe('203.0.113.5');
    expect(addressKey('::ffff:203.0.113.5')).toBe('203.0.113.5');
    expect(addressKey('2001:db8:1:2:3:4:5:6')).toBe('2001:db8:1:2::/64');
    expect(addressKey('2001:db8:1:2::9')).toBe(addressKey('2001:0db8:0001:0002:ffff::1'));
    expect(addressKey('2001:db8:1:3::9')).not.toBe(addressKey('2001:db8:1:2::9'));
    expect(addressKey('::1')).toBe('0:0:0:0::/64');
    expect(addressKey(null)).toBeNull();
  });

  it('tells loopback callers from the others', () => {
    for (const ip of ['127.0.0.1', '127.8.9.10', '::1', '::ffff:127.0.0.1'])
      expect(isLoopback(ip)).toBe(true);
    for (const ip of ['192.0.2.7', '::ffff:192.0.2.7', '2001:db8::1', '', undefined])
      expect(isLoopback(ip)).toBe(false);
  });

  /** The middleware in front of /api/dev/* and the sandbox bank, with a socket from elsewhere. */
  const call = async (env: string, remoteAddress: string) => {
    const ctx = { req: { socket: { remoteAddress } } } as unknown as Koa.Context;
    let reached = false;
    try {
      await loopbackOnly(env)(ctx, async () => {
        reached = true;
      });
    } catch (err) {
      if (err instanceof DomainError) return STATUS_OF[err.kind];
      throw err;
    }
    return reached ? 200 : 0;
  };

  it('development helpers answer a caller on this machine only, whatever X-Forwarded-For says', async () => {
    expect(await call('development', '127.0.0.1')).toBe(200);
    expect(await call('development', '::1')).toBe(200);
    expect(await call('development', '192.0.2.7')).toBe(404);
    expect(await call('test', '10.1.2.3')).toBe(404);
    expect(await call('development', '::ffff:198.51.100.4')).toBe(404);
  });
});
