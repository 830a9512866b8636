// Outgoing mail: through nodemailer when KARYA_SMTP_URL is set; otherwise into the mail_outbox table
// and the server log, so a password reset works on a fresh machine with no mail server.
import nodemailer from 'nodemailer';
import type { Logger } from 'pino';
import type { MailMessage, SystemRepository } from '../store/ports.js';

export type { MailMessage } from '../store/ports.js';

export interface Mailer {
  readonly transport: 'smtp' | 'outbox';
  send(message: MailMessage): Promise<void>;
}

/**
 * Whether mail written to the outbox also goes to the log whole (its links, a reset token among them):
 * only on a development machine (a loopback KARYA_PUBLIC_URL, NODE_ENV not production). Anywhere else a
 * log line is read by more people than the mailbox, so it names the recipient and subject only.
 */
export function logsMailBodies(publicUrl: string, env: NodeJS.ProcessEnv = process.env): boolean {
  if (env.NODE_ENV === 'production') return false;
  try {
    return ['localhost', '127.0.0.1', '[::1]'].includes(new URL(publicUrl).hostname);
  } catch {
    return false;
  }
}

export function createMailer(input: {
  smtpUrl?: string;
  from: string;
  outbox: Pick<SystemRepository, 'writeToOutbox'>;
  logger: Logger;
  logsBodies?: boolean;
}): Mailer {
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
      if (input.logsBodies)
        input.logger.info(
          { mail: message },
          'no SMTP configured (KARYA_SMTP_URL): mail written to the mail_outbox table',
        );
      else
        input.logger.info(
          { mail: { to: message.to, subject: message.subject } },
          'no SMTP configured (KARYA_SMTP_URL): mail written to the ' +
            'mail_outbox table (its text is not logged here: read it there)',
        );
    },
  };
}
