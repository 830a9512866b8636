// Outgoing mail: through nodemailer when KARYA_SMTP_URL is set; otherwise into the mail_outbox table
// and the server log, so a password reset works on a fresh machine with no mail server.
import nodemailer from 'nodemailer';
import type { Logger } from 'pino';
import type { MailMessage, SystemRepository } from './store/ports.js';

export type { MailMessage } from './store/ports.js';

export interface Mailer {
  readonly transport: 'smtp' | 'outbox';
  send(message: MailMessage): Promise<void>;
}

export function createMailer(input: { smtpUrl?: string; from: string; outbox: Pick<SystemRepository, 'writeToOutbox'>; logger: Logger }): Mailer {
  if (input.smtpUrl) {
    const transporter = nodemailer.createTransport(input.smtpUrl);
    return {
      transport: 'smtp',
      async send(message) {
        await transporter.sendMail({ from: input.from, to: message.to, subject: message.subject, text: message.text });
      },
    };
  }
  return {
    transport: 'outbox',
    async send(message) {
      await input.outbox.writeToOutbox(message);
      input.logger.info({ mail: message }, 'no SMTP configured (KARYA_SMTP_URL): mail written to the mail_outbox table');
    },
  };
}
