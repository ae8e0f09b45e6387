import { randomBytes } from 'node:crypto';
import { mkdir, rename, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { DEFAULT_LOCALE, type Locale, textDirection } from '@skillwise/contracts';
import nodemailer from 'nodemailer';
import { escapeHtml } from './html';
import { t } from './i18n';

export type MailMessage = {
  to: string;
  subject: string;
  text: string;
  /** The HTML part; without one it is made from `text` (renderMailHtml), so every message has both. */
  html?: string;
  /** Extra header lines (List-Unsubscribe on notification e-mails). */
  headers?: Record<string, string>;
  /**
   * The school (organisation name) the message is about, if any: the sender is named for it and the
   * HTML part carries its name as its brand (organisations store no logo or colour).
   */
  school?: string | null | undefined;
  /** The language it is written in (docs/decisions/047): the HTML part's `lang`, `dir` and signature. English when none. */
  language?: Locale | null | undefined;
};

/** The product's name, when MAIL_FROM gives the sender none. */
const PRODUCT = 'Skillwise';

/** MAIL_FROM's display name and address: `Skillwise <no-reply@example.com>` or a bare address. */
const mailboxOf = (mailFrom: string): { name: string; address: string } => {
  const match = /^(.*)<\s*([^\s<>]+)\s*>$/.exec(mailFrom.trim());
  if (!match) return { name: '', address: mailFrom.trim() };
  return { name: (match[1] ?? '').trim().replace(/^"(.*)"$/, '$1'), address: match[2] ?? '' };
};

/**
 * Who a message is from: MAIL_FROM, named "<school> via <MAIL_FROM's name>" when it concerns a school
 * (docs/decisions/021). The address stays MAIL_FROM's, the one the installation may send as. The name
 * goes to nodemailer as a field, which quotes and encodes it: a school called `<b>&"` stays its name.
 */
export const senderOf = (mailFrom: string, school?: string | null): { name: string; address: string } => {
  const { name, address } = mailboxOf(mailFrom);
  const product = name || PRODUCT;
  return { name: school ? `${school} via ${product}` : product, address };
};

const URL_PATTERN = /https?:\/\/[^\s"'<>]+/g;

/** One line of the text as HTML: escaped, its addresses made links. */
const lineHtml = (line: string): string => {
  let html = '';
  let last = 0;
  for (const match of line.matchAll(URL_PATTERN)) {
    const url = match[0].replace(/[.,;:!?)]+$/, '');
    const start = match.index ?? 0;
    html += escapeHtml(line.slice(last, start));
    html += `<a href="${escapeHtml(url)}" style="color:#4338ca">${escapeHtml(url)}</a>`;
    last = start + url.length;
  }
  return html + escapeHtml(line.slice(last));
};

/** Paragraphs (blank lines between) of lines. */
const paragraphsHtml = (text: string, style: string): string =>
  text
    .trim()
    .split(/\n{2,}/)
    .map((paragraph) => `<p style="${style}">${paragraph.split('\n').map(lineHtml).join('<br>')}</p>`)
    .join('\n');

/**
 * The HTML part of a message, made from its plain text so the two always say the same: a header with the
 * brand (the school's name, or the product's), the text's paragraphs with their links, and what follows
 * the signature separator ("-- ", the notification footer and its unsubscribe link) in small print.
 * Everything from the text or the school's name is escaped.
 */
export const renderMailHtml = (
  message: Pick<MailMessage, 'subject' | 'text' | 'school' | 'language'>,
  /** A school's message written with formatting (docs/decisions/036): its sanitized HTML, shown in place of the text's body. */
  bodyHtml?: string,
): string => {
  const [body = '', ...rest] = message.text.replace(/\r\n/g, '\n').split(/\n-- \n/);
  const footer = rest.join('\n');
  const brand = escapeHtml(message.school || PRODUCT);
  const language = message.language ?? DEFAULT_LOCALE;
  const signature = message.school
    ? t(language, 'mail.sentFor', { school: brand, product: PRODUCT })
    : PRODUCT;
  const font = "font-family:-apple-system,'Segoe UI',Roboto,Helvetica,Arial,sans-serif";
  const dir = textDirection(language);
  return `<!doctype html>
<html lang="${language}" dir="${dir}">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>${escapeHtml(message.subject)}</title>
</head>
<body dir="${dir}" style="margin:0;padding:0;background:#f1f5f9;${font};color:#1e293b">
<table role="presentation" width="100%" cellpadding="0" cellspacing="0" style="background:#f1f5f9;padding:24px 12px">
<tr><td align="center">
<table role="presentation" dir="${dir}" width="100%" cellpadding="0" cellspacing="0" style="max-width:560px;background:#ffffff;border:1px solid #e2e8f0;border-radius:12px">
<tr><td style="background:#4f46e5;color:#ffffff;padding:20px 28px;border-radius:12px 12px 0 0;font-size:20px;font-weight:700;${font}">${brand}</td></tr>
<tr><td style="padding:24px 28px 8px;font-size:15px;line-height:1.6;${font}">
${bodyHtml ?? paragraphsHtml(body, 'margin:0 0 16px')}
</td></tr>
<tr><td style="padding:16px 28px 20px;border-top:1px solid #e2e8f0;font-size:12px;line-height:1.5;color:#475569;${font}">
${footer ? `${paragraphsHtml(footer, 'margin:0 0 8px')}\n` : ''}<p style="margin:0">${signature}</p>
</td></tr>
</table>
</td></tr>
</table>
</body>
</html>
`;
};

/** What nodemailer sends for a message: the sender, and both parts (multipart/alternative). */
const composeMail = (message: MailMessage, mailFrom: string) => {
  const { school, html, language: _language, ...rest } = message;
  return { ...rest, from: senderOf(mailFrom, school), html: html ?? renderMailHtml(message) };
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
      await transport.sendMail(composeMail(message, from));
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
      const info = await transport.sendMail(composeMail(message, from));
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
