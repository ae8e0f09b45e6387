import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';

/**
 * The outbox the journeys' server writes its e-mails to (no SMTP_URL): one .eml file per message. The
 * waits are generous: a busy machine makes a message late, never missing; they only stop a journey
 * whose message never comes.
 */
const outboxDir = (dataDir = process.env.E2E_DATA_DIR) => path.join(dataDir ?? '', 'outbox');
const WAIT_MS = 120_000;

export type Mail = { file: string; to: string; subject: string; date: number; text: string; html: string };

const bytes = (text: string) =>
  Buffer.from(
    text.replace(/=([0-9A-F]{2})/g, (_m, hex: string) => String.fromCharCode(Number.parseInt(hex, 16))),
    'latin1',
  ).toString('utf8');

/** A head (folded lines joined) and the body after it. */
const split = (raw: string) => {
  const at = raw.search(/\r?\n\r?\n/);
  return {
    head: raw.slice(0, at).replace(/\r?\n[ \t]+/g, ' '),
    body: raw.slice(at).replace(/^\r?\n\r?\n/, ''),
  };
};

/** A part's body decoded: quoted-printable may break a line softly ("=" at its end). */
const decode = (head: string, body: string) => {
  if (/^Content-Transfer-Encoding: base64/im.test(head)) return Buffer.from(body, 'base64').toString('utf8');
  return /^Content-Transfer-Encoding: quoted-printable/im.test(head)
    ? bytes(body.replace(/=\r?\n/g, ''))
    : body;
};

/**
 * A message as people read it: the subject's encoded words decoded, and its plain-text and HTML parts
 * (every message is multipart/alternative) each decoded.
 */
export function readMail(file: string, raw: string): Mail {
  const { head, body } = split(raw);
  const subject = (head.match(/^Subject: (.*)$/m)?.[1] ?? '')
    .replace(/\?=\s+=\?/g, '?==?')
    .replace(/=\?UTF-8\?Q\?([^?]*)\?=/gi, (_m, text: string) => bytes(text.replace(/_/g, ' ')));
  const boundary = /boundary="?([^";]+)"?/i.exec(head)?.[1];
  const parts = boundary
    ? body
        .split(`--${boundary}`)
        .slice(1)
        .filter((part) => !part.startsWith('--'))
        .map((part) => split(part.replace(/^\r?\n/, '')))
    : [{ head, body }];
  const partOf = (type: RegExp) => {
    const part = parts.find((p) => type.test(p.head.match(/^Content-Type: (.*)$/im)?.[1] ?? 'text/plain'));
    return part ? decode(part.head, part.body) : '';
  };
  return {
    file,
    to: head.match(/^To: (.*)$/m)?.[1]?.trim() ?? '',
    subject,
    date: Date.parse(head.match(/^Date: (.+)$/m)?.[1] ?? ''),
    text: partOf(/^text\/plain/i),
    html: partOf(/^text\/html/i),
  };
}

/** Waits for the newest message to `to` that `matches`, in the outbox's order. */
export async function waitForMessage(
  to: string,
  matches: (mail: Mail) => boolean,
  what: string,
  dataDir?: string,
): Promise<Mail> {
  const deadline = Date.now() + WAIT_MS;
  const dir = outboxDir(dataDir);
  while (Date.now() < deadline) {
    const files = (await readdir(dir).catch(() => [] as string[])).filter((f) => f.endsWith('.eml'));
    const mails = await Promise.all(
      files.map(async (f) => readMail(f, await readFile(path.join(dir, f), 'utf8'))),
    );
    const found = mails
      .filter((mail) => mail.to === to && matches(mail))
      .sort((a, b) => a.file.localeCompare(b.file))
      .at(-1);
    if (found) return found;
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  throw new Error(`no ${what} mailed to ${to}`);
}

/** Waits for a message to `to` whose subject is `subject`. */
export const waitForMail = (to: string, subject: string) =>
  waitForMessage(to, (mail) => mail.subject === subject, `message "${subject}"`);

/** Waits for the newest message to `email` written after `since` that holds a code, and answers the code. */
export async function waitForCode(email: string, since: number, dataDir?: string): Promise<string> {
  const codeOf = (mail: Mail) => mail.text.match(/is: (\d{6})/)?.[1];
  const mail = await waitForMessage(
    email,
    (m) => m.date >= since - 1000 && codeOf(m) !== undefined,
    'verification code',
    dataDir,
  );
  return codeOf(mail) ?? '';
}

export const uniqueEmail = (prefix: string) =>
  `${prefix}.${Date.now().toString(36)}${Math.random().toString(36).slice(2, 7)}@example.com`;
