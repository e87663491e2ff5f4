/**
 * A one-off success message carried in the navigation state, shown by the layout above the next
 * page (e.g. "Registration verified successfully. Welcome!" on /dashboard). It holds a message id.
 */
export interface FlashState {
  flash: string;
}

export function flashState(messageId: string): FlashState {
  return { flash: messageId };
}

export function flashFrom(state: unknown): string | null {
  const flash = (state as Partial<FlashState> | null)?.flash;
  return typeof flash === 'string' && flash !== '' ? flash : null;
}
