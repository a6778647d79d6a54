/**
 * Delivery of snapshots (docs/email-snapshots.md): over SMTP with nodemailer when SMTP_URL is set; otherwise each message
 * is written as an .eml file to DATA_DIR/outbox. Both paths build the same MIME message with nodemailer, so
 * an outbox file is exactly what SMTP would have carried.
 */
import path from 'node:path';
import nodemailer from 'nodemailer';
import type { Config } from '../../config.ts';
import { makePrivateDir, writePrivateFile } from '../../lib/private-files.ts';

export interface OutgoingEmail {
  to: string;
  subject: string;
  html: string;
  text: string;
  /** A stable id per snapshot, so a receiving system can recognise a repeat. */
  messageId: string;
  /** The outbox file's name, unique per snapshot (a rerun overwrites rather than adds). */
  fileName: string;
  headers: Record<string, string>;
}

export interface Mailer {
  kind: 'smtp' | 'outbox';
  send(email: OutgoingEmail): Promise<{ deliveredTo: string }>;
  close(): void;
}

/** The message as nodemailer takes it, with the retailer's sender and reply-to. */
export function messageOf(config: Config, email: OutgoingEmail) {
  return {
    from: { name: config.mail.fromName, address: config.mail.from },
    replyTo: config.mail.replyTo,
    to: email.to,
    subject: email.subject,
    text: email.text,
    html: email.html,
    messageId: email.messageId,
    headers: email.headers,
  };
}

/** SMTP refused this recipient for good (5xx): retrying cannot help, so the email is not retried. */
export const isPermanentRejection = (error: unknown) => {
  const code = (error as { responseCode?: unknown } | null)?.responseCode;
  return typeof code === 'number' && code >= 500 && code < 600;
};

export function createMailer(config: Config): Mailer {
  if (config.mail.smtpUrl) {
    const transport = nodemailer.createTransport(config.mail.smtpUrl);
    return {
      kind: 'smtp',
      send: async (email) => {
        await transport.sendMail(messageOf(config, email));
        return { deliveredTo: 'smtp' };
      },
      close: () => transport.close(),
    };
  }
  const transport = nodemailer.createTransport({ streamTransport: true, buffer: true, newline: 'windows' });
  return {
    kind: 'outbox',
    send: async (email) => {
      const info = await transport.sendMail(messageOf(config, email));
      makePrivateDir(config.mail.outboxDir);
      const file = path.join(config.mail.outboxDir, email.fileName);
      // Written whole then renamed, so a reader (or a crash) never sees half a message; 0600, as all of DATA_DIR.
      await writePrivateFile(file, info.message as Buffer);
      return { deliveredTo: file };
    },
    close: () => transport.close(),
  };
}
