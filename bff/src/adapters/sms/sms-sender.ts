/** Sends a text message to a Spanish mobile (9 digits, no prefix). */
export interface SmsSender {
  send(to: string, body: string): Promise<void>;
}
