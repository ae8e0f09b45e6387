import { asc, eq, type SQL, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { authors, categories, courses, lessons, priceTypes, sections } from '../../db/schema';

/** A course's listing fields with its author's public ones (SPEC §3 "from listings"). */
export const courseWithAuthorColumns = {
  id: courses.id,
  title: courses.title,
  description: courses.description,
  imageKey: courses.imageKey,
  priceCents: courses.priceCents,
  priceTypeId: courses.priceTypeId,
  categoryId: courses.categoryId,
  authorId: courses.authorId,
  certificate: courses.certificate,
  orgId: courses.orgId,
  published: courses.published,
  firstName: authors.firstName,
  lastName: authors.lastName,
  bio: authors.bio,
  photoKey: authors.photoKey,
};

/** Courses with their author's public fields, in one query whatever the list's length. */
export async function listCoursesWithAuthors(db: Db, where: SQL | undefined) {
  return db
    .select(courseWithAuthorColumns)
    .from(courses)
    .innerJoin(authors, eq(authors.id, courses.authorId))
    .where(where)
    .orderBy(asc(courses.id));
}

export type CourseWithAuthorRow = Awaited<ReturnType<typeof listCoursesWithAuthors>>[number];

export const publishedCourses = () => eq(courses.published, true);
export const coursesOfOrg = (orgId: number) => eq(courses.orgId, orgId);

export type CourseRow = typeof courses.$inferSelect;

export async function findCourse(db: Db, id: number): Promise<CourseRow | undefined> {
  const [row] = await db.select().from(courses).where(eq(courses.id, id));
  return row;
}

export async function insertCourse(db: Db, values: typeof courses.$inferInsert) {
  const [row] = await db.insert(courses).values(values).returning({ id: courses.id });
  if (!row) throw new Error('insert courses returned no row');
  return row.id;
}

export async function updateCourse(db: Db, id: number, values: Partial<typeof courses.$inferInsert>) {
  await db
    .update(courses)
    .set({ ...values, updatedAt: new Date() })
    .where(eq(courses.id, id));
}

/** One course with its author, category and price type names, and its section and lesson counts. */
export async function findCourseDetail(db: Db, id: number, publishedOnly: boolean) {
  const sectionFilter = publishedOnly ? sql`and s.published` : sql``;
  const lessonFilter = publishedOnly ? sql`and l.published` : sql``;
  const [row] = await db
    .select({
      course: courses,
      firstName: authors.firstName,
      lastName: authors.lastName,
      bio: authors.bio,
      photoKey: authors.photoKey,
      categoryName: categories.name,
      priceTypeName: priceTypes.name,
      sectionsCount: sql<number>`(select count(*)::int from ${sections} s where s.course_id = ${courses.id} ${sectionFilter})`,
      lessonsCount: sql<number>`(select count(*)::int from ${lessons} l join ${sections} s on s.id = l.section_id
        where s.course_id = ${courses.id} ${sectionFilter} ${lessonFilter})`,
    })
    .from(courses)
    .innerJoin(authors, eq(authors.id, courses.authorId))
    .innerJoin(categories, eq(categories.id, courses.categoryId))
    .innerJoin(priceTypes, eq(priceTypes.id, courses.priceTypeId))
    .where(eq(courses.id, id));
  return row;
}

export async function listPriceTypes(db: Db) {
  return db.select().from(priceTypes).orderBy(asc(priceTypes.id));
}

export async function findPriceType(db: Db, id: number) {
  const [row] = await db.select().from(priceTypes).where(eq(priceTypes.id, id));
  return row;
}
