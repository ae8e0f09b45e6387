import { createHmac, type KeyObject, timingSafeEqual } from 'node:crypto';

export type LessonGrant = { lessonId: number; fileKey: string; viewerId: number; expires: number };

const payload = (g: LessonGrant) => `lesson:${g.lessonId}:${g.fileKey}:${g.viewerId}:${g.expires}`;
const sign = (key: KeyObject, g: LessonGrant) =>
  createHmac('sha256', key).update(payload(g)).digest('base64url');

/**
 * A URL to a lesson's file that binds the lesson, its current file, the viewer (0 for a visitor) and an
 * expiry, so it works in a <video> or <iframe> without headers (DESIGN security model).
 */
/** `key` is the app's media-URL key (lib/keys.ts). */
export function signLessonUrl(key: KeyObject, grant: LessonGrant): string {
  const query = new URLSearchParams({
    viewer: String(grant.viewerId),
    expires: String(grant.expires),
    signature: sign(key, grant),
  });
  return `/api/media/lessons/${grant.lessonId}?${query}`;
}

/** True when `signature` was made by `signLessonUrl` for exactly this grant and it has not expired. */
export function verifyLessonSignature(
  key: KeyObject,
  grant: LessonGrant,
  signature: string,
  now = Date.now(),
): boolean {
  if (grant.expires * 1000 <= now) return false;
  const expected = Buffer.from(sign(key, grant));
  const given = Buffer.from(signature);
  return expected.length === given.length && timingSafeEqual(expected, given);
}
