import { type OutboxRepository, timeOrderedId } from '@pricehunt/storage';
import nodemailer from 'nodemailer';
import type { Logger } from './logger';

export interface MailMessage {
  to: string;
  subject: string;
  text: string;
  /** An HTML version of `text` (mail readers show it instead); the text stays for those that do not. */
  html?: string;
}

/** Delivers transactional emails (password reset…). */
export interface Mailer {
  readonly kind: 'smtp' | 'outbox';
  send(message: MailMessage): Promise<void>;
}

/** Sends through an SMTP server (SMTP_URL, e.g. smtp://user:pass@host:587). */
export function createSmtpMailer(options: { url: string; from: string }): Mailer {
  const transport = nodemailer.createTransport(options.url);
  return {
    kind: 'smtp',
    async send(message) {
      await transport.sendMail({ from: options.from, to: message.to, subject: message.subject, text: message.text, ...(message.html ? { html: message.html } : {}) });
    },
  };
}

/**
 * Writes emails to the `outbox_emails` table. Outside production the log prints them (the reset link
 * included) so a developer can follow it; in production it only notes that an email waits in the outbox.
 */
export function createOutboxMailer(options: { outbox: OutboxRepository; log: Logger; printToLog: boolean }): Mailer {
  return {
    kind: 'outbox',
    async send(message) {
      // Time-ordered: the outbox reads newest first by (created_at, id) on either engine.
      const id = timeOrderedId();
      await options.outbox.add({ id, ...message, createdAt: Date.now() });
      if (options.printToLog) {
        options.log.info({ outboxEmailId: id, to: message.to, subject: message.subject }, `email written to the outbox:\n${message.text}`);
      } else {
        options.log.warn({ outboxEmailId: id }, 'email written to the outbox because SMTP_URL is not set');
      }
    },
  };
}

export function createMailer(options: { smtpUrl?: string; from: string; outbox: OutboxRepository; log: Logger; production: boolean }): Mailer {
  return options.smtpUrl
    ? createSmtpMailer({ url: options.smtpUrl, from: options.from })
    : createOutboxMailer({ outbox: options.outbox, log: options.log, printToLog: !options.production });
}
