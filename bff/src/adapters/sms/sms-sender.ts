/**
 * Sends a text message to a Spanish mobile (9 digits, no prefix). `purpose` ('code', 'reminder')
 * is for counting only; `sender` is an alphanumeric sender name (the council's) where the message
 * should not come from the provider's number.
 */
export interface SmsSender {
  send(to: string, body: string, purpose?: string, sender?: string): Promise<void>;
}
