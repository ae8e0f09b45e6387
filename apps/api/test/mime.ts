/** A message as a mail program reads it: its headers (folded lines joined) and its decoded text and HTML parts. */
export type ParsedMail = {
  headers: Record<string, string>;
  contentType: string;
  text: string | undefined;
  html: string | undefined;
};

const splitHead = (raw: string) => {
  const at = raw.search(/\r?\n\r?\n/);
  const head = (at === -1 ? raw : raw.slice(0, at)).replace(/\r?\n[ \t]+/g, ' ');
  const body = at === -1 ? '' : raw.slice(at).replace(/^\r?\n\r?\n/, '');
  const headers: Record<string, string> = {};
  for (const line of head.split(/\r?\n/)) {
    const colon = line.indexOf(':');
    if (colon > 0) headers[line.slice(0, colon).toLowerCase()] = line.slice(colon + 1).trim();
  }
  return { headers, body };
};

const decode = (body: string, encoding: string | undefined): string => {
  if (/base64/i.test(encoding ?? '')) return Buffer.from(body.replace(/\s+/g, ''), 'base64').toString('utf8');
  if (/quoted-printable/i.test(encoding ?? '')) {
    const bytes = body
      .replace(/=\r?\n/g, '')
      .replace(/=([0-9A-F]{2})/gi, (_m, hex: string) => String.fromCharCode(Number.parseInt(hex, 16)));
    return Buffer.from(bytes, 'latin1').toString('utf8');
  }
  return body;
};

/** Parses an RFC 822 message of one part or of multipart/alternative parts (what nodemailer writes). */
export function parseMail(raw: string): ParsedMail {
  const { headers, body } = splitHead(raw);
  const contentType = headers['content-type'] ?? 'text/plain';
  const result: ParsedMail = { headers, contentType, text: undefined, html: undefined };
  const boundary = /boundary="?([^";]+)"?/i.exec(contentType)?.[1];
  const parts = boundary
    ? body
        .split(`--${boundary}`)
        .slice(1)
        .filter((part) => !part.startsWith('--'))
        .map((part) => splitHead(part.replace(/^\r?\n/, '')))
    : [{ headers, body }];
  for (const part of parts) {
    const type = part.headers['content-type'] ?? 'text/plain';
    // Lines end as people read them (SMTP carries CRLF).
    const content = decode(
      part.body.replace(/\r?\n$/, ''),
      part.headers['content-transfer-encoding'],
    ).replace(/\r\n/g, '\n');
    if (/^text\/plain/i.test(type)) result.text = content;
    if (/^text\/html/i.test(type)) result.html = content;
  }
  return result;
}

/** A header's encoded words (RFC 2047, as nodemailer writes a name outside ASCII or with specials) decoded. */
export const decodeWords = (value: string): string =>
  value
    .replace(/\?=\s+=\?/g, '?==?')
    .replace(/=\?UTF-8\?Q\?([^?]*)\?=/gi, (_m, text: string) =>
      decode(text.replace(/_/g, ' '), 'quoted-printable'),
    )
    .replace(/=\?UTF-8\?B\?([^?]*)\?=/gi, (_m, text: string) => decode(text, 'base64'));
