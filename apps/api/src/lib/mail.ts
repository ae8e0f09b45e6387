import { randomBytes } from 'node:crypto';
import { mkdir, rename, writeFile } from 'node:fs/promises';
import path from 'node:path';
import nodemailer from 'nodemailer';

export type MailMessage = {
  to: string;
  subject: string;
  text: string;
  html?: string;
  /** Extra header lines (List-Unsubscribe on notification e-mails). */
  headers?: Record<string, string>;
};

/** Sends mail: through SMTP when SMTP_URL is set, else into an outbox folder under DATA_DIR. */
export interface Mailer {
  readonly kind: 'smtp' | 'outbox';
  send(message: MailMessage): Promise<void>;
  /** Checks that mail can be sent (SMTP: connects and greets); rejects with the reason when not. */
  verify?(): Promise<void>;
  close(): void;
}

export function createSmtpMailer(url: string, from: string): Mailer {
  // A server that never answers must not hold a sign-up for minutes (nodemailer waits up to 10 by
  // default): give up after seconds, and the caller answers that the code could not be sent. Query
  // parameters in SMTP_URL (?connectionTimeout=...) still win.
  const transport = nodemailer.createTransport({
    url,
    connectionTimeout: 10_000,
    greetingTimeout: 10_000,
    socketTimeout: 20_000,
  });
  return {
    kind: 'smtp',
    async send(message) {
      await transport.sendMail({ from, ...message });
    },
    async verify() {
      await transport.verify();
    },
    close: () => transport.close(),
  };
}

/** Writes each message as an RFC 822 .eml file, readable by any mail client, under `dir`. */
export function createOutboxMailer(dir: string, from: string): Mailer {
  const transport = nodemailer.createTransport({ streamTransport: true, buffer: true, newline: 'unix' });
  return {
    kind: 'outbox',
    async send(message) {
      const info = await transport.sendMail({ from, ...message });
      await mkdir(dir, { recursive: true });
      const name = `${new Date().toISOString().replace(/[:.]/g, '-')}-${randomBytes(4).toString('hex')}.eml`;
      const tmp = path.join(dir, `.${name}.tmp`);
      // Written then renamed, so a reader never sees half a message.
      await writeFile(tmp, info.message as Buffer, { mode: 0o600 });
      await rename(tmp, path.join(dir, name));
    },
    close: () => transport.close(),
  };
}
