import { ROLE } from '@skillwise/contracts';
import { eq, sql } from 'drizzle-orm';
import { type Db, rowsOf } from '../../db/client';
import { prepared } from '../../db/prepared';
import { authors, courses, enrolments, lessons, sections, users } from '../../db/schema';
import { isFileKey } from '../../lib/storage';

/** True when the key names a course cover or an author photo: the only files served publicly. */
export async function isPublicImage(db: Db, key: string): Promise<boolean> {
  const result = await db.execute(sql`
    select 1 from ${courses} where ${courses.imageKey} = ${key}
    union all
    select 1 from ${authors} where ${authors.photoKey} = ${key}
    limit 1`);
  return rowsOf(result).length > 0;
}

/**
 * Which of `keys` a row still names: a lesson's file, a course's cover or an author's photo (every
 * column that holds a stored file's key). The file sweeper keeps these and removes the rest.
 */
export async function findReferencedKeys(db: Db, keys: string[]): Promise<Set<string>> {
  const valid = keys.filter(isFileKey);
  if (valid.length === 0) return new Set();
  // One text parameter whatever the batch size: generated keys never contain a comma.
  const list = sql`string_to_array(${valid.join(',')}, ',')`;
  const result = await db.execute(sql`
    select ${lessons.fileKey} as key from ${lessons} where ${lessons.fileKey} = any(${list})
    union
    select ${courses.imageKey} from ${courses} where ${courses.imageKey} = any(${list})
    union
    select ${authors.photoKey} from ${authors} where ${authors.photoKey} = any(${list})`);
  return new Set(rowsOf<{ key: string }>(result).map((row) => row.key));
}

const viewer = sql.placeholder('viewerId');

/**
 * Everything the media check needs about a lesson and a viewer, in one prepared query: the lesson's
 * current file, whether the lesson is visible (it, its section and its course published), whether it is a
 * preview, and whether the viewer (0 for a visitor) exists, is the course organisation's publisher, or
 * is enrolled in the course.
 */
const lessonAccessQuery = prepared((db) =>
  db
    .select({
      fileKey: lessons.fileKey,
      fileMime: lessons.fileMime,
      preview: lessons.preview,
      visible: sql<boolean>`(${lessons.published} and ${sections.published} and ${courses.published})`,
      viewerKnown: sql<boolean>`exists (select 1 from ${users} where ${users.id} = ${viewer})`,
      staff: sql<boolean>`exists (select 1 from ${users} where ${users.id} = ${viewer}
        and ${users.roleId} = ${sql.raw(String(ROLE.PUBLISHER))} and ${users.orgId} = ${courses.orgId})`,
      enrolled: sql<boolean>`exists (select 1 from ${enrolments}
        where ${enrolments.userId} = ${viewer} and ${enrolments.courseId} = ${courses.id})`,
    })
    .from(lessons)
    .innerJoin(sections, eq(sections.id, lessons.sectionId))
    .innerJoin(courses, eq(courses.id, sections.courseId))
    .where(eq(lessons.id, sql.placeholder('lessonId')))
    .prepare('media_lesson_access'),
);

export async function findLessonAccess(db: Db, lessonId: number, viewerId: number) {
  const [row] = await lessonAccessQuery(db).execute({ lessonId, viewerId });
  return row;
}
