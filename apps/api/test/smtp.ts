import type { AddressInfo } from 'node:net';
import { SMTPServer } from 'smtp-server';

export type ReceivedMail = { to: string[]; raw: string };

/** A real SMTP server on a free local port that keeps what it receives, and can be told to refuse. */
export type TestSmtpServer = {
  url: string;
  received: ReceivedMail[];
  /** While true, every recipient is refused (550), so sending fails as with a broken mail server. */
  refuse: boolean;
  /** The messages to `to`, as received (the body decoded from quoted-printable soft breaks). */
  to(address: string): string[];
  close(): Promise<void>;
};

/**
 * A message as text: header lines unfolded, and the body's quoted-printable soft breaks joined and =XX
 * bytes decoded (UTF-8).
 */
export const readableMessage = (raw: string): string => {
  const split = raw.search(/\r?\n\r?\n/);
  const head = split < 0 ? raw : raw.slice(0, split);
  const body = split < 0 ? '' : raw.slice(split);
  const decoded = Buffer.from(
    body
      .replace(/=\r?\n/g, '')
      .replace(/=([0-9A-F]{2})/g, (_match, hex: string) => String.fromCharCode(Number.parseInt(hex, 16))),
    'latin1',
  ).toString('utf8');
  // Encoded words (RFC 2047) of headers such as a subject with quotes: =?UTF-8?Q?...?= and =?UTF-8?B?...?=.
  const headers = head
    .replace(/\r?\n[ \t]+/g, ' ')
    // Whitespace between two encoded words is not part of the text.
    .replace(/\?=\s+=\?/g, '?==?')
    .replace(/=\?UTF-8\?([QB])\?([^?]*)\?=/gi, (_match, kind: string, text: string) =>
      kind.toUpperCase() === 'B'
        ? Buffer.from(text, 'base64').toString('utf8')
        : Buffer.from(
            text
              .replace(/_/g, ' ')
              .replace(/=([0-9A-F]{2})/g, (_m, hex: string) => String.fromCharCode(Number.parseInt(hex, 16))),
            'latin1',
          ).toString('utf8'),
    );
  return `${headers}${decoded}`;
};

export async function startSmtpServer(): Promise<TestSmtpServer> {
  const received: ReceivedMail[] = [];
  const state: TestSmtpServer = {
    url: '',
    received,
    refuse: false,
    to: (address) =>
      received.filter((mail) => mail.to.includes(address)).map((mail) => readableMessage(mail.raw)),
    close: async () => {
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    logger: false,
    onRcptTo(_address, _session, callback) {
      if (state.refuse) {
        const error = new Error('Mailbox unavailable') as Error & { responseCode: number };
        error.responseCode = 550;
        callback(error);
        return;
      }
      callback();
    },
    onData(stream, session, callback) {
      let raw = '';
      stream.setEncoding('utf8');
      stream.on('data', (chunk: string) => {
        raw += chunk;
      });
      stream.on('end', () => {
        received.push({ to: session.envelope.rcptTo.map((r) => r.address), raw });
        callback();
      });
    },
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  state.url = `smtp://127.0.0.1:${(server.server.address() as AddressInfo).port}`;
  return state;
}
