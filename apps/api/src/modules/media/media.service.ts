import { ROLE } from '@skillwise/contracts';
import type { Db } from '../../db/client';
import { notFound } from '../../lib/errors';
import { verifyLessonSignature } from '../../lib/signed-url';
import { isFileKey } from '../../lib/storage';
import { findLesson } from '../curriculum/curriculum.repository';
import { isEnrolled } from '../enrolments/enrolments.repository';
import { findUserById } from '../users/users.repository';
import { isPublicImage } from './media.repository';

export type MediaGrant = { viewer: number; expires: number; signature: string };

/** Decides which stored files may be streamed to whom (DESIGN security model). */
export class MediaService {
  constructor(private readonly deps: { db: Db; secret: string }) {}

  /** A course cover or author photo, by its generated key. */
  async publicImage(key: string): Promise<string> {
    if (!isFileKey(key) || !(await isPublicImage(this.deps.db, key))) throw notFound('File');
    return key;
  }

  /**
   * A lesson's file for a signed URL: the signature must match this lesson, its current file, the viewer
   * and the expiry; and the viewer must still be allowed now (staff, enrolled student, or anyone for a
   * preview lesson of a published course). Any failure is the same 404.
   */
  async lessonFile(lessonId: number, grant: MediaGrant) {
    const { db, secret } = this.deps;
    const row = await findLesson(db, lessonId);
    const fileKey = row?.lesson.fileKey;
    if (!row || !fileKey) throw notFound('File');
    if (
      !verifyLessonSignature(
        secret,
        { lessonId, fileKey, viewerId: grant.viewer, expires: grant.expires },
        grant.signature,
      )
    ) {
      throw notFound('File');
    }
    const visible = row.coursePublished && row.sectionPublished && row.lesson.published;
    let allowed = false;
    if (grant.viewer === 0) {
      allowed = visible && row.lesson.preview;
    } else {
      const viewer = await findUserById(db, grant.viewer);
      if (viewer?.roleId === ROLE.PUBLISHER && viewer.orgId === row.orgId) allowed = true;
      else if (viewer && visible)
        allowed = row.lesson.preview || (await isEnrolled(db, viewer.id, row.courseId));
    }
    if (!allowed) throw notFound('File');
    return { key: fileKey, mime: row.lesson.fileMime ?? 'application/octet-stream', lessonId };
  }
}
