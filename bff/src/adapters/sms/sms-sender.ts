/**
 * Sends a text message to a Spanish mobile (9 digits, no prefix). `purpose` ('code', 'reminder')
 * is for counting only.
 */
export interface SmsSender {
  send(to: string, body: string, purpose?: string): Promise<void>;
}
