import { and, asc, eq, getTableColumns, inArray, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { prepared } from '../../db/prepared';
import { assignedTo } from '../../db/queries/team';
import { courses, enrolments, lessonProgress, lessons, sections } from '../../db/schema';
import type { LessonReleaseFacts } from '../access/access';

/** Every column but the row's creation and change times, which no curriculum answer shows. */
type Shown<T> = Omit<T, 'createdAt' | 'updatedAt'>;
export type SectionRow = Shown<typeof sections.$inferSelect>;
export type LessonRow = Shown<typeof lessons.$inferSelect>;

const shownColumns = <T extends { createdAt: unknown; updatedAt: unknown }>({
  createdAt: _created,
  updatedAt: _updated,
  ...shown
}: T) => shown;
const sectionColumns = shownColumns(getTableColumns(sections));
const lessonColumns = shownColumns(getTableColumns(lessons));

/** A section's schedule columns (docs/decisions/032). */
export type SectionReleaseValues = Partial<
  Pick<typeof sections.$inferInsert, 'releaseMode' | 'releaseAt' | 'releaseDays'>
>;

/**
 * A course's sections, each with its lessons, in order, as one prepared query (built once, then executed
 * with the course id): the curriculum is read on every course view, so its SQL is not rebuilt per request,
 * and it costs one round trip. A section without lessons comes as one row with no lesson.
 */
const curriculumQuery = (publishedOnly: boolean) =>
  prepared((db) => {
    const courseId = sql.placeholder('courseId');
    // Only the columns the answers use: a course's rows are mapped column by column, timestamps parsed.
    return db
      .select({ section: sectionColumns, lesson: lessonColumns })
      .from(sections)
      .leftJoin(
        lessons,
        publishedOnly
          ? and(eq(lessons.sectionId, sections.id), eq(lessons.published, true))
          : eq(lessons.sectionId, sections.id),
      )
      .where(
        publishedOnly
          ? and(eq(sections.courseId, courseId), eq(sections.published, true))
          : eq(sections.courseId, courseId),
      )
      .orderBy(asc(sections.orderNumber), asc(sections.id), asc(lessons.orderNumber), asc(lessons.id))
      .prepare(publishedOnly ? 'curriculum_public' : 'curriculum_all');
  });
const publishedCurriculum = curriculumQuery(true);
const wholeCurriculum = curriculumQuery(false);

/**
 * A course's sections in order, and their lessons, section by section, each section's in order: one query
 * whatever the size of the course.
 */
export async function listCurriculum(db: Db, courseId: number, publishedOnly: boolean) {
  const rows = await (publishedOnly ? publishedCurriculum : wholeCurriculum)(db).execute({ courseId });
  const sectionRows: SectionRow[] = [];
  const lessonRows: LessonRow[] = [];
  for (const { section, lesson } of rows) {
    if (sectionRows[sectionRows.length - 1]?.id !== section.id) sectionRows.push(section);
    if (lesson) lessonRows.push(lesson);
  }
  return { sections: sectionRows, lessons: lessonRows };
}

/**
 * What a student's curriculum shows, in one prepared query (the curriculum is read on every visit to a
 * course): the course's facts the `course.learn` rule decides on, its published sections in order with
 * their published lessons, and each lesson's release facts for the student with its progress, as
 * `findCourseReleaseFacts` reads them. A course that does not exist has no row; a course with no
 * published section has one, without a section.
 */
const studentCurriculumQuery = prepared((db) => {
  const viewerId = sql.placeholder('viewerId');
  return db
    .select({
      course: {
        orgId: courses.orgId,
        published: courses.published,
        enrolled: sql<boolean>`${enrolments.id} is not null`,
        assigned: assignedTo(sql`${courses.id}`),
        lessonsInOrder: courses.lessonsInOrder,
        enrolledAt: enrolments.createdAt,
        releaseStartAt: enrolments.releaseStartAt,
        releaseAll: sql<boolean>`coalesce(${enrolments.releaseAll}, false)`,
      },
      section: sectionColumns,
      lesson: lessonColumns,
      started: sql<boolean>`coalesce(${lessonProgress.started}, false)`,
      completed: sql<boolean>`coalesce(${lessonProgress.completed}, false)`,
    })
    .from(courses)
    .leftJoin(enrolments, and(eq(enrolments.userId, viewerId), eq(enrolments.courseId, courses.id)))
    .leftJoin(sections, and(eq(sections.courseId, courses.id), eq(sections.published, true)))
    .leftJoin(lessons, and(eq(lessons.sectionId, sections.id), eq(lessons.published, true)))
    .leftJoin(
      lessonProgress,
      and(eq(lessonProgress.lessonId, lessons.id), eq(lessonProgress.userId, viewerId)),
    )
    .where(eq(courses.id, sql.placeholder('courseId')))
    .orderBy(asc(sections.orderNumber), asc(sections.id), asc(lessons.orderNumber), asc(lessons.id))
    .prepare('curriculum_student');
});

/**
 * A student's curriculum of a course: the course's facts for the access check (undefined when there is
 * no such course), its published sections and lessons as `listCurriculum` reads them, and the lessons'
 * release facts in course order for `releasesOf`.
 */
export async function readStudentCurriculum(db: Db, viewerId: number, courseId: number) {
  const rows = await studentCurriculumQuery(db).execute({ viewerId, courseId });
  const sectionRows: SectionRow[] = [];
  const lessonRows: LessonRow[] = [];
  const releaseFacts: LessonReleaseFacts[] = [];
  for (const { course, section, lesson, started, completed } of rows) {
    if (section && sectionRows[sectionRows.length - 1]?.id !== section.id) sectionRows.push(section);
    if (!section || !lesson) continue;
    lessonRows.push(lesson);
    releaseFacts.push({
      lessonId: lesson.id,
      preview: lesson.preview,
      release: { mode: section.releaseMode, at: section.releaseAt, days: section.releaseDays },
      lessonsInOrder: course.lessonsInOrder,
      enrolledAt: course.enrolledAt,
      releaseStartAt: course.releaseStartAt,
      releaseAll: course.releaseAll,
      started,
      completed,
    });
  }
  return { course: rows[0]?.course, sections: sectionRows, lessons: lessonRows, releaseFacts };
}

/** Which of these lessons a student has started. */
export async function startedLessonIds(db: Db, userId: number, lessonIds: number[]): Promise<Set<number>> {
  if (lessonIds.length === 0) return new Set();
  const rows = await db
    .select({ lessonId: lessonProgress.lessonId })
    .from(lessonProgress)
    .where(
      and(
        eq(lessonProgress.userId, userId),
        inArray(lessonProgress.lessonId, lessonIds),
        eq(lessonProgress.started, true),
      ),
    );
  return new Set(rows.map((r) => r.lessonId));
}

/** The lesson naming a stored file, with its organisation: how a finished upload finds the lesson it made. */
export async function findLessonByFileKey(db: Db, fileKey: string) {
  const [row] = await db
    .select({ lesson: lessons, orgId: courses.orgId })
    .from(lessons)
    .innerJoin(sections, eq(sections.id, lessons.sectionId))
    .innerJoin(courses, eq(courses.id, sections.courseId))
    .where(eq(lessons.fileKey, fileKey))
    .limit(1);
  return row;
}

/** Advisory locks taken on a stored file's key are in this space of their own. */
const FILE_KEY_LOCKS = 1_006;

/** Serialises the writers of one file's lesson until the transaction ends (every instance, one database). */
export async function lockFileKey(db: Db, fileKey: string) {
  await db.execute(sql`select pg_advisory_xact_lock(${FILE_KEY_LOCKS}, hashtext(${fileKey}))`);
}

export async function insertSection(
  db: Db,
  values: { courseId: number; name: string; description: string; published: boolean } & SectionReleaseValues,
) {
  // SPEC §4: a new section's order number is one more than the current count (here: the highest).
  const [row] = await db
    .insert(sections)
    .values({
      ...values,
      orderNumber: sql`(select coalesce(max(${sections.orderNumber}), 0) + 1 from ${sections} where ${sections.courseId} = ${values.courseId})`,
    })
    .returning();
  if (!row) throw new Error('insert sections returned no row');
  return row;
}

export async function updateSection(db: Db, id: number, values: Partial<typeof sections.$inferInsert>) {
  await db
    .update(sections)
    .set({ ...values, updatedAt: new Date() })
    .where(eq(sections.id, id));
}

/** Deletes a section and (by cascade) its lessons, whose triggers queue their files for deletion. */
export async function deleteSection(db: Db, id: number) {
  await db.delete(sections).where(eq(sections.id, id));
}

export async function insertLesson(db: Db, values: Omit<typeof lessons.$inferInsert, 'orderNumber'>) {
  const [row] = await db
    .insert(lessons)
    .values({
      ...values,
      orderNumber: sql`(select coalesce(max(${lessons.orderNumber}), 0) + 1 from ${lessons} where ${lessons.sectionId} = ${values.sectionId})`,
    })
    .returning();
  if (!row) throw new Error('insert lessons returned no row');
  return row;
}

export async function updateLesson(db: Db, id: number, values: Partial<typeof lessons.$inferInsert>) {
  const [row] = await db
    .update(lessons)
    .set({ ...values, updatedAt: new Date() })
    .where(eq(lessons.id, id))
    .returning();
  return row;
}

export async function deleteLesson(db: Db, id: number) {
  await db.delete(lessons).where(eq(lessons.id, id));
}

export async function listSectionLessonIds(db: Db, sectionId: number): Promise<number[]> {
  const rows = await db.select({ id: lessons.id }).from(lessons).where(eq(lessons.sectionId, sectionId));
  return rows.map((r) => r.id);
}

/** Writes the order numbers 1..n in the given order, in one statement. */
export async function saveLessonOrder(db: Db, sectionId: number, orderedIds: number[]) {
  const cases = sql.join(
    orderedIds.map((id, index) => sql`when ${id}::int then ${index + 1}::int`),
    sql` `,
  );
  await db
    .update(lessons)
    .set({ orderNumber: sql`case ${lessons.id} ${cases} end`, updatedAt: new Date() })
    .where(and(eq(lessons.sectionId, sectionId), inArray(lessons.id, orderedIds)));
}
