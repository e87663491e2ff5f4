import nodemailer from 'nodemailer';
import type { Logger } from '../../logger.js';
import type { MailSender } from './mail-sender.js';

export interface SmtpOptions {
  host: string;
  port: number;
  secure: boolean;
  user: string | null;
  pass: string | null;
  from: string;
}

/** E-mail through an SMTP relay with nodemailer. STARTTLS is used whenever the server offers it. */
export function createSmtpMail(options: SmtpOptions, logger: Logger): MailSender {
  const transport = nodemailer.createTransport({
    host: options.host,
    port: options.port,
    secure: options.secure,
    auth: options.user ? { user: options.user, pass: options.pass ?? '' } : undefined,
    connectionTimeout: 10_000,
    greetingTimeout: 10_000,
    socketTimeout: 20_000,
  });
  const address = /<([^>]+)>/.exec(options.from)?.[1] ?? options.from;
  return {
    async send(message) {
      await transport.sendMail({
        from: message.senderName ? { name: message.senderName, address } : options.from,
        to: message.to,
        subject: message.subject,
        text: message.text,
        attachments: message.attachments,
      });
      logger.info('e-mail sent', { provider: 'smtp', subject: message.subject });
    },
  };
}
