import { beforeEach, describe, expect, it } from 'vitest';
import { deviceTokenFor, rememberDeviceToken } from './device-tokens';

const tokenFor = (dni: string) =>
  `e30.${btoa(JSON.stringify({ sub: '1', dni, exp: 4102444800 })).replace(/=+$/, '')}.sig`;

describe('device tokens', () => {
  beforeEach(() => localStorage.clear());

  it('keeps one per DNI, found however the DNI is typed', () => {
    rememberDeviceToken({ access_token: tokenFor('12345678Z'), device_token: 'd1.a' });
    rememberDeviceToken({ access_token: tokenFor('X1234567L'), device_token: 'd1.b' });
    expect(deviceTokenFor(' 12345678z ')).toBe('d1.a');
    expect(deviceTokenFor('X1234567L')).toBe('d1.b');
    expect(deviceTokenFor('00000000T')).toBeUndefined();
    rememberDeviceToken({ access_token: tokenFor('12345678Z'), device_token: 'd1.c' });
    expect(deviceTokenFor('12345678Z')).toBe('d1.c');
  });

  it('ignores an answer without one, and a broken store', () => {
    rememberDeviceToken({ access_token: tokenFor('12345678Z') });
    expect(deviceTokenFor('12345678Z')).toBeUndefined();
    localStorage.setItem('device-tokens', '{not json');
    expect(deviceTokenFor('12345678Z')).toBeUndefined();
  });
});
