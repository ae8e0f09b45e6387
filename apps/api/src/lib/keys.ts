import { createSecretKey, hkdfSync, type KeyObject } from 'node:crypto';

/**
 * APP_SECRET is a root key only (DESIGN "Keys"): nothing is signed with it directly. Each purpose gets a
 * key of its own, derived with HKDF-SHA256 (RFC 5869), so a key that leaks for one purpose (a log line,
 * a bug) forges nothing for another, and none of them can be turned back into the root.
 *
 * The keys are KeyObjects: printing or serialising one shows its size, never its bytes. No key is ever
 * sent to the database or written to a log: whatever needs a signature is signed in this process.
 */
export const KEY_PURPOSES = [
  /** lib/signed-url.ts: the server's own lesson-file URLs. */
  'mediaUrls',
  /** lib/crypto.ts hashCode: verification and reset codes as stored. */
  'codes',
  /** modules/users/device-token.ts: the browser's device cookie (decision 002). */
  'deviceTokens',
  /** lib/unsubscribe.ts: the links that turn notification e-mails off. */
  'unsubscribeLinks',
] as const;

export type KeyPurpose = (typeof KEY_PURPOSES)[number];
export type AppKeys = Readonly<Record<KeyPurpose, KeyObject>>;

/** The salt binds the derivation to this product; each key's `info` names its purpose and version. */
const SALT = 'skillwise/app-keys';
const KEY_BYTES = 32;

/** One key per purpose, derived from the root secret (APP_SECRET or DATA_DIR's generated one). */
export function deriveAppKeys(rootSecret: string): AppKeys {
  const derive = (purpose: KeyPurpose) =>
    createSecretKey(Buffer.from(hkdfSync('sha256', rootSecret, SALT, `${purpose}/v1`, KEY_BYTES)));
  return Object.freeze(
    Object.fromEntries(KEY_PURPOSES.map((purpose) => [purpose, derive(purpose)])) as Record<
      KeyPurpose,
      KeyObject
    >,
  );
}
