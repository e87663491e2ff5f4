export interface MailAttachment {
  filename: string;
  content: Buffer;
  contentType: string;
}

export interface MailMessage {
  to: string;
  subject: string;
  text: string;
  attachments?: MailAttachment[];
  /** The name the message comes from (the council's), with the configured address. */
  senderName?: string;
}

export interface MailSender {
  send(message: MailMessage): Promise<void>;
}
