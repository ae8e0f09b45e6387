import { createHmac, type KeyObject, timingSafeEqual } from 'node:crypto';

export type LessonGrant = { lessonId: number; fileKey: string; viewerId: number; expires: number };

/**
 * What a signature binds: a lesson's file, an image of a quiz lesson's question (a quiz lesson has no
 * file, and its images are many), or a video lesson's captions file in one language (the file's key names
 * it), each named by its own prefix so one can never pass for another.
 */
type Purpose = 'lesson' | 'quiz-image' | 'caption';

const payload = (purpose: Purpose, g: LessonGrant) =>
  `${purpose}:${g.lessonId}:${g.fileKey}:${g.viewerId}:${g.expires}`;
/**
 * Signatures made lately, per key and by what they bind. URLs are made per whole hour (lib/media-urls.ts),
 * so a student's curriculum asks for the same thirty signatures on every visit within the hour, and the
 * media route checks each again when it is used: each is worked out once. A signature depends on nothing
 * but the key and the text it binds, so a kept one is the one that would be made again. Bounded: the
 * oldest goes first.
 */
const SIGNATURES_KEPT = 20_000;
const signaturesByKey = new WeakMap<KeyObject, Map<string, string>>();

function sign(key: KeyObject, purpose: Purpose, g: LessonGrant): string {
  let kept = signaturesByKey.get(key);
  if (!kept) {
    kept = new Map();
    signaturesByKey.set(key, kept);
  }
  const text = payload(purpose, g);
  let signature = kept.get(text);
  if (signature === undefined) {
    signature = createHmac('sha256', key).update(text).digest('base64url');
    if (kept.size >= SIGNATURES_KEPT) kept.delete(kept.keys().next().value as string);
    kept.set(text, signature);
  }
  return signature;
}

/** The signed query: two whole numbers and a base64url signature, none of which needs escaping. */
const query = (key: KeyObject, purpose: Purpose, grant: LessonGrant) =>
  `viewer=${grant.viewerId}&expires=${grant.expires}&signature=${sign(key, purpose, grant)}`;

/**
 * The query of a lesson file's signed URL: the same grant serves the file, its streaming copies' playlists
 * and files, and its poster (docs/decisions/041), each checked again on use.
 */
export const lessonGrantQuery = (key: KeyObject, grant: LessonGrant) => query(key, 'lesson', grant);

/**
 * A URL to a lesson's file that binds the lesson, its current file, the viewer (0 for a visitor) and an
 * expiry, so it works in a <video> or <iframe> without headers (DESIGN security model).
 */
/** `key` is the app's media-URL key (lib/keys.ts). */
export function signLessonUrl(key: KeyObject, grant: LessonGrant): string {
  return `/api/media/lessons/${grant.lessonId}?${lessonGrantQuery(key, grant)}`;
}

/**
 * A URL to an image of a quiz lesson's question (docs/decisions/035): the lesson, the image's key, the
 * viewer and an expiry, so it works in an <img> without headers; access is checked again on use.
 */
export function signQuestionImageUrl(key: KeyObject, grant: LessonGrant): string {
  return `/api/media/quiz-images/${grant.lessonId}/${encodeURIComponent(grant.fileKey)}?${query(key, 'quiz-image', grant)}`;
}

/**
 * A URL to a video lesson's captions in one language (docs/decisions/042): the lesson, the captions file's
 * key, the viewer and an expiry, so it works in a <track> without headers; access is checked again on use,
 * and a replaced file's URL no longer matches.
 */
export function signCaptionUrl(key: KeyObject, grant: LessonGrant & { language: string }): string {
  return `/api/media/lessons/${grant.lessonId}/captions/${encodeURIComponent(grant.language)}?${query(key, 'caption', grant)}`;
}

function verify(key: KeyObject, purpose: Purpose, grant: LessonGrant, signature: string, now: number) {
  if (grant.expires * 1000 <= now) return false;
  const expected = Buffer.from(sign(key, purpose, grant));
  const given = Buffer.from(signature);
  return expected.length === given.length && timingSafeEqual(expected, given);
}

/** True when `signature` was made by `signLessonUrl` for exactly this grant and it has not expired. */
export function verifyLessonSignature(
  key: KeyObject,
  grant: LessonGrant,
  signature: string,
  now = Date.now(),
): boolean {
  return verify(key, 'lesson', grant, signature, now);
}

/** True when `signature` was made by `signQuestionImageUrl` for exactly this grant and it has not expired. */
export function verifyQuestionImageSignature(
  key: KeyObject,
  grant: LessonGrant,
  signature: string,
  now = Date.now(),
): boolean {
  return verify(key, 'quiz-image', grant, signature, now);
}

/** True when `signature` was made by `signCaptionUrl` for exactly this grant and it has not expired. */
export function verifyCaptionSignature(
  key: KeyObject,
  grant: LessonGrant,
  signature: string,
  now = Date.now(),
): boolean {
  return verify(key, 'caption', grant, signature, now);
}
