import { createHmac, type KeyObject, randomBytes, timingSafeEqual } from 'node:crypto';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { Caller } from '../../lib/rate-limit';

/**
 * OWASP's device cookie (decision 002): a successful login leaves this browser a token signed for the
 * account, and a later try at that account that shows it is not counted against the account-wide limit,
 * so a burst of wrong tries from elsewhere cannot lock the owner out. It proves only that this browser
 * once logged in; it opens nothing by itself.
 */
export const DEVICE_COOKIE = 'skillwise_device';
export const DEVICE_TOKEN_TTL_DAYS = 90;
/** Sent only to the account calls that are rate limited per account. */
const COOKIE_PATH = '/api/users';

const sign = (key: KeyObject, account: string, id: string, expires: string) =>
  createHmac('sha256', key).update(`device\n${account}\n${id}\n${expires}`).digest('base64url');

/**
 * `<id>.<expiry in Unix seconds>.<signature>` for the account (its lower-case e-mail), signed with the
 * app's device-token key (lib/keys.ts).
 */
export function issueDeviceToken(key: KeyObject, account: string, now = Date.now()): string {
  const id = randomBytes(12).toString('base64url');
  const expires = String(Math.floor(now / 1000) + DEVICE_TOKEN_TTL_DAYS * 86_400);
  return `${id}.${expires}.${sign(key, account, id, expires)}`;
}

/** The token's id if it was issued for this account and has not expired; undefined for anything else. */
export function deviceIdFor(
  key: KeyObject,
  account: string,
  token: string | undefined,
  now = Date.now(),
): string | undefined {
  const [id, expires, signature, extra] = (token ?? '').split('.');
  if (!id || !expires || !signature || extra !== undefined || !/^\d{1,12}$/.test(expires)) return undefined;
  if (Number(expires) * 1000 <= now) return undefined;
  const expected = Buffer.from(sign(key, account, id, expires));
  const given = Buffer.from(signature);
  if (given.length !== expected.length || !timingSafeEqual(given, expected)) return undefined;
  return id;
}

/** The client of an account call: its address, and the device token its browser sent if any. */
export type Client = { ip: string; deviceToken?: string | undefined };

/** The client as the rate limits see it: a device token counts only if signed for this account. */
export const callerOf = (key: KeyObject, client: Client, account: string): Caller => ({
  ip: client.ip,
  device: deviceIdFor(key, account, client.deviceToken),
});

/** The device token this browser sent, if any. */
export function readDeviceCookie(request: FastifyRequest): string | undefined {
  for (const pair of (request.headers.cookie ?? '').split(';')) {
    const at = pair.indexOf('=');
    if (at > 0 && pair.slice(0, at).trim() === DEVICE_COOKIE) return pair.slice(at + 1).trim();
  }
  return undefined;
}

/** Leaves the token in the browser: never readable by scripts, never sent by another site. */
export function setDeviceCookie(reply: FastifyReply, token: string, secure: boolean): void {
  const attributes = [
    `${DEVICE_COOKIE}=${token}`,
    `Path=${COOKIE_PATH}`,
    `Max-Age=${DEVICE_TOKEN_TTL_DAYS * 86_400}`,
    'HttpOnly',
    'SameSite=Strict',
    ...(secure ? ['Secure'] : []),
  ];
  void reply.header('set-cookie', attributes.join('; '));
}
