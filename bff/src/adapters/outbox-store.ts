/**
 * Where the development stand-ins for SMS and e-mail keep what they would have sent: the outbox
 * table, given by the composition root (an adapter stays a leaf: it does not import data/).
 */
export interface OutboxStore {
  add(
    channel: 'sms' | 'email',
    recipient: string,
    subject: string | null,
    body: string,
    attachments?: string[],
    sender?: string,
  ): Promise<void>;
}
