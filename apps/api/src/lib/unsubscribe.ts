import { createHash, createHmac, timingSafeEqual } from 'node:crypto';
import { UNSUBSCRIBE_TOKEN_PATTERN } from '@skillwise/contracts';

/**
 * Unsubscribe links: a token `<user id>.<HMAC-SHA256(app secret, "unsubscribe:<user id>")>` in base64url
 * turns a user's notification e-mails off without a login. It never expires (an old e-mail's link still
 * works) and names nothing but the account it was made for.
 */
const message = (userId: number) => `unsubscribe:${userId}`;

export function signUnsubscribeToken(secret: string, userId: number): string {
  return `${userId}.${createHmac('sha256', secret).update(message(userId)).digest('base64url')}`;
}

/** The user id a token was made for, or undefined when it was not made with this secret. */
export function verifyUnsubscribeToken(secret: string, token: string): number | undefined {
  if (!UNSUBSCRIBE_TOKEN_PATTERN.test(token)) return undefined;
  const [id = '', signature = ''] = token.split('.');
  const userId = Number(id);
  if (!Number.isSafeInteger(userId) || userId <= 0 || userId > 2_147_483_647) return undefined;
  const expected = Buffer.from(signUnsubscribeToken(secret, userId).split('.')[1] ?? '');
  const given = Buffer.from(signature);
  return expected.length === given.length && timingSafeEqual(expected, given) ? userId : undefined;
}

/**
 * The HMAC's inner and outer keys (RFC 2104: the key, padded to the 64-byte block, XOR 0x36 and 0x5c),
 * hex-encoded. With them the database computes the same token as `signUnsubscribeToken` with its own
 * sha256(), so the e-mails to 10,000 students are written by one statement; the secret itself is never
 * sent to it.
 */
export function unsubscribeKeyPads(secret: string): { inner: string; outer: string } {
  let key = Buffer.from(secret, 'utf8');
  if (key.length > 64) key = createHash('sha256').update(key).digest();
  const block = Buffer.alloc(64);
  key.copy(block);
  const xor = (pad: number) => Buffer.from(block.map((byte) => byte ^ pad)).toString('hex');
  return { inner: xor(0x36), outer: xor(0x5c) };
}

/** The web app's unsubscribe page for a token. */
export const unsubscribePageUrl = (publicUrl: string, token: string) =>
  `${publicUrl}/unsubscribe?token=${token}`;

/** The last line of every notification e-mail: the link that turns them off. */
export const UNSUBSCRIBE_LINE = 'Turn these e-mails off (no sign-in needed): ';

/**
 * The List-Unsubscribe headers (RFC 2369, one-click RFC 8058) of a message whose last line is the
 * unsubscribe line with one of this installation's links: mail programs then offer their own
 * Unsubscribe button, which posts to the API. Any other message (a receipt) gets none.
 */
export function listUnsubscribeHeaders(text: string, publicUrl: string): Record<string, string> | undefined {
  const last = text.slice(text.lastIndexOf('\n') + 1).trimEnd();
  const prefix = `${UNSUBSCRIBE_LINE}${unsubscribePageUrl(publicUrl, '')}`;
  if (!last.startsWith(prefix)) return undefined;
  const token = last.slice(prefix.length);
  if (!UNSUBSCRIBE_TOKEN_PATTERN.test(token)) return undefined;
  return {
    'List-Unsubscribe': `<${publicUrl}/api/notifications/Unsubscribe?token=${token}>`,
    'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click',
  };
}
