import { createHmac, type KeyObject, timingSafeEqual } from 'node:crypto';
import { DEFAULT_LOCALE, type Locale, UNSUBSCRIBE_TOKEN_PATTERN } from '@skillwise/contracts';
import { t } from './i18n';

/**
 * Unsubscribe links: a token `<user id>.<HMAC-SHA256(key, "unsubscribe:<user id>")>` in base64url turns
 * a user's notification e-mails off without a login. It never expires (an old e-mail's link still works)
 * and names nothing but the account it was made for. The key is the app's unsubscribe-link key
 * (lib/keys.ts); the mail queue signs each link as it sends the message (lib/mail-queue.ts), so no key
 * reaches the database.
 */
const message = (userId: number) => `unsubscribe:${userId}`;

const signature = (key: KeyObject | string, userId: number) =>
  createHmac('sha256', key).update(message(userId)).digest('base64url');

export function signUnsubscribeToken(key: KeyObject, userId: number): string {
  return `${userId}.${signature(key, userId)}`;
}

/**
 * The user id a token was made for, or undefined when it was made with neither key. Links mailed before
 * keys were derived per purpose were signed with the root secret itself (`legacyRoot`): they keep working
 * (docs/decisions/012), checked here in the process like the others.
 */
export function verifyUnsubscribeToken(
  key: KeyObject,
  token: string,
  legacyRoot?: string,
): number | undefined {
  if (!UNSUBSCRIBE_TOKEN_PATTERN.test(token)) return undefined;
  const [id = '', given = ''] = token.split('.');
  const userId = Number(id);
  if (!Number.isSafeInteger(userId) || userId <= 0 || userId > 2_147_483_647) return undefined;
  const matches = (signer: KeyObject | string) => {
    const expected = Buffer.from(signature(signer, userId));
    const actual = Buffer.from(given);
    return expected.length === actual.length && timingSafeEqual(expected, actual);
  };
  return matches(key) || (legacyRoot !== undefined && matches(legacyRoot)) ? userId : undefined;
}

/** The web app's unsubscribe page for a token. */
export const unsubscribePageUrl = (publicUrl: string, token: string) =>
  `${publicUrl}/unsubscribe?token=${token}`;

/** The last line of every notification e-mail, in English: the link that turns them off. */
export const UNSUBSCRIBE_LINE = 'Turn these e-mails off (no sign-in needed): ';

/** The unsubscribe line a notification e-mail ends with, for the account it goes to, in its language. */
export const unsubscribeLine = (publicUrl: string, token: string, locale: Locale = DEFAULT_LOCALE) =>
  t(locale, 'mail.unsubscribe', { url: unsubscribePageUrl(publicUrl, token) });

/**
 * The List-Unsubscribe headers (RFC 2369, one-click RFC 8058) of a message that ends with the unsubscribe
 * line: mail programs then offer their own Unsubscribe button, which posts to the API.
 */
export const listUnsubscribeHeaders = (publicUrl: string, token: string): Record<string, string> => ({
  'List-Unsubscribe': `<${publicUrl}/api/notifications/Unsubscribe?token=${token}>`,
  'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click',
});
