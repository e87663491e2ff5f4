import { isIPv4, isIPv6 } from 'node:net';

/** The eight 16-bit groups of an IPv6 address, or null when it is not one. */
function ipv6Groups(address: string): number[] | null {
  const [head = '', tail, extra] = address.split('::');
  if (extra !== undefined) return null;
  const part = (text: string) => (text === '' ? [] : text.split(':'));
  const left = part(head);
  const right = tail === undefined ? [] : part(tail);
  const groups = [...left, ...Array(8 - left.length - right.length).fill('0'), ...right];
  return groups.length === 8 ? groups.map((group) => parseInt(group, 16)) : null;
}

/**
 * The key per-address throttling rules count under. An IPv4 address is itself (an IPv4-mapped
 * IPv6 address too); an IPv6 address stands for its /64, the block a single home or phone is
 * given, so one client cannot escape a limit by walking through the addresses of its own block.
 */
export function addressKey(ip: string | null): string | null {
  if (!ip) return null;
  const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/i.exec(ip);
  if (mapped?.[1]) return mapped[1];
  if (isIPv4(ip)) return ip;
  const bare = ip.replace(/%.*$/, '');
  const groups = isIPv6(bare) && !bare.includes('.') ? ipv6Groups(bare) : null;
  if (!groups) return ip;
  return `${groups
    .slice(0, 4)
    .map((group) => group.toString(16))
    .join(':')}::/64`;
}

/** Whether the socket's peer is this machine (127.0.0.0/8 or ::1, as IPv4 or IPv6). */
export function isLoopback(ip: string | undefined | null): boolean {
  if (!ip) return false;
  const v4 = /^(?:::ffff:)?(\d+\.\d+\.\d+\.\d+)$/i.exec(ip)?.[1];
  if (v4) return v4.startsWith('127.');
  return ip === '::1';
}
