import type { KeyObject } from 'node:crypto';
import type { Db } from '../../db/client';
import { findCaption } from '../../db/queries/captions';
import { acceptableImageKeys } from '../../db/queries/files';
import { notFound } from '../../lib/errors';
import { imageTypeOf } from '../../lib/media-urls';
import {
  verifyCaptionSignature,
  verifyLessonSignature,
  verifyQuestionImageSignature,
} from '../../lib/signed-url';
import { isFileKey } from '../../lib/storage';
import { isStaffOfLesson, requireLessonFile } from '../access/access';

import { isPublicImage, isQuestionImageOf } from './media.repository';

export type MediaGrant = { viewer: number; expires: number; signature: string };

export type LessonFile = { key: string; mime: string; lessonId: number };

/**
 * How long a signed URL's granted access is remembered: a player seeking through a video sends a burst of
 * Range requests with the same URL, and only the first asks the database. A change made through this
 * instance that may take access away forgets them all at once (media.routes.ts); a change made through
 * another instance (unpublished, enrolment removed, file replaced) reaches an already issued URL here
 * within this time.
 */
export const MEDIA_GRANT_CACHE_MS = 10_000;
const MEDIA_GRANT_CACHE_SIZE = 10_000;

/** Decides which stored files may be streamed to whom (DESIGN security model). */
export class MediaService {
  /** Granted signed URLs, by their exact query, with when the grant is to be checked again. */
  private readonly granted = new Map<string, { file: LessonFile; until: number }>();

  constructor(private readonly deps: { db: Db; mediaUrlKey: KeyObject; now?: () => number }) {}

  /** A course cover or author photo, by its generated key. */
  async publicImage(key: string): Promise<string> {
    if (!isFileKey(key) || !(await isPublicImage(this.deps.db, key))) throw notFound('File');
    return key;
  }

  /**
   * A lesson's file for a signed URL: the signature must match this lesson, its current file, the viewer
   * and the expiry; and the viewer must still be allowed now (staff, enrolled student, or anyone for a
   * preview lesson of a published course), all read in one query. Any failure is the same 404.
   */
  /** Forgets every remembered grant: something changed that may take access away. */
  forgetGrants(): void {
    this.granted.clear();
  }

  async lessonFile(lessonId: number, grant: MediaGrant): Promise<LessonFile> {
    const now = this.deps.now?.() ?? Date.now();
    const cacheKey = `${lessonId}:${grant.viewer}:${grant.expires}:${grant.signature}`;
    const cached = this.granted.get(cacheKey);
    if (cached && cached.until > now && grant.expires * 1000 > now) return cached.file;
    const file = await this.checkLessonFile(lessonId, grant);
    if (this.granted.size >= MEDIA_GRANT_CACHE_SIZE) {
      // The oldest grant goes first (a Map keeps insertion order).
      const oldest = this.granted.keys().next().value;
      if (oldest !== undefined) this.granted.delete(oldest);
    }
    this.granted.delete(cacheKey);
    this.granted.set(cacheKey, { file, until: now + MEDIA_GRANT_CACHE_MS });
    return file;
  }

  private async checkLessonFile(lessonId: number, grant: MediaGrant): Promise<LessonFile> {
    const { db, mediaUrlKey } = this.deps;
    // Who may have it is the access module's (lesson.file.read), in one prepared query.
    const { lesson } = await requireLessonFile(db, lessonId, grant.viewer);
    const fileKey = lesson.fileKey;
    if (!fileKey) throw notFound('File');
    if (
      !verifyLessonSignature(
        mediaUrlKey,
        { lessonId, fileKey, viewerId: grant.viewer, expires: grant.expires },
        grant.signature,
      )
    ) {
      throw notFound('File');
    }
    return { key: fileKey, mime: lesson.fileMime ?? 'application/octet-stream', lessonId };
  }

  /**
   * An image of a quiz lesson's question for a signed URL (docs/decisions/035): the signature must match
   * the lesson, the image, the viewer and the expiry; the viewer must still be allowed to read the lesson
   * now (the access module's lesson.file.read, as for a lesson's file); and the image must still be one of
   * the quiz's questions' or kept by an attempt at it (or, for the school's staff, uploaded for the quiz
   * and not saved yet). Any failure is the same 404.
   */
  async questionImage(
    lessonId: number,
    key: string,
    grant: MediaGrant,
  ): Promise<{ key: string; mime: string }> {
    const { db, mediaUrlKey } = this.deps;
    const mime = imageTypeOf(key);
    if (!isFileKey(key) || mime === undefined) throw notFound('File');
    const signed = verifyQuestionImageSignature(
      mediaUrlKey,
      { lessonId, fileKey: key, viewerId: grant.viewer, expires: grant.expires },
      grant.signature,
      this.deps.now?.() ?? Date.now(),
    );
    if (!signed) throw notFound('File');
    const facts = await requireLessonFile(db, lessonId, grant.viewer);
    const shown =
      (await isQuestionImageOf(db, lessonId, key)) ||
      // Uploaded for the quiz and not saved into it yet: its staff see what they chose.
      (isStaffOfLesson(grant.viewer, facts) &&
        (await acceptableImageKeys(db, facts.orgId, lessonId, [key])).has(key));
    if (!shown) throw notFound('File');
    return { key, mime };
  }

  /**
   * A video lesson's captions file in `language` for a signed URL (docs/decisions/042): the signature must
   * match the lesson, that language's current file, the viewer and the expiry; and the viewer must still
   * be allowed the lesson's file now (lesson.file.read, as for the lesson's own file). Any failure is the
   * same 404.
   */
  async caption(lessonId: number, language: string, grant: MediaGrant): Promise<{ key: string }> {
    const { db, mediaUrlKey } = this.deps;
    const caption = await findCaption(db, lessonId, language);
    const signed =
      caption !== undefined &&
      verifyCaptionSignature(
        mediaUrlKey,
        { lessonId, fileKey: caption.fileKey, viewerId: grant.viewer, expires: grant.expires },
        grant.signature,
        this.deps.now?.() ?? Date.now(),
      );
    if (!caption || !signed) throw notFound('File');
    await requireLessonFile(db, lessonId, grant.viewer);
    return { key: caption.fileKey };
  }
}
