import { readClaims } from './session';

/**
 * The device tokens the server hands out at login, one per DNI that has signed in on this
 * browser: sent back with the next login of that DNI, they let its owner in even while
 * strangers are guessing the password elsewhere (the server checks this device on its own budget).
 */
const DEVICE_TOKENS_KEY = 'device-tokens';

const keyOf = (dni: string) => dni.trim().toUpperCase();

function readAll(): Record<string, string> {
  try {
    const parsed: unknown = JSON.parse(localStorage.getItem(DEVICE_TOKENS_KEY) ?? '{}');
    return parsed && typeof parsed === 'object' ? (parsed as Record<string, string>) : {};
  } catch {
    return {};
  }
}

export function deviceTokenFor(dni: string): string | undefined {
  const token = readAll()[keyOf(dni)];
  return typeof token === 'string' ? token : undefined;
}

/** Keeps the device token a login answered, under the DNI its access token names. */
export function rememberDeviceToken(answer: { access_token: string; device_token?: string }) {
  const dni = readClaims(answer.access_token)?.dni;
  if (!answer.device_token || !dni) return;
  localStorage.setItem(
    DEVICE_TOKENS_KEY,
    JSON.stringify({ ...readAll(), [keyOf(dni)]: answer.device_token }),
  );
}
