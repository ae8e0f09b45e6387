import { type CataloguePrice, type CatalogueSort, likePattern } from '@skillwise/contracts';
import { and, asc, desc, eq, gt, or, type SQL, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { containsText, pageOfQuery } from '../../db/paging';
import { prepared } from '../../db/prepared';
import { countedLesson } from '../../db/queries/completion';
import { courseWithAuthorColumns } from '../../db/queries/courses';
import {
  authors,
  categories,
  courseReviews,
  courses,
  enrolments,
  lessons,
  organisations,
  priceTypes,
  sections,
} from '../../db/schema';
import { publicFileUrlSql } from '../../lib/file-urls';
import type { ListQuery } from '../../lib/paging';

export { courseWithAuthorColumns, findPriceType } from '../../db/queries/courses';

/** Which courses a list shows: the published ones (the catalogue) or one organisation's. */
/** The catalogue, or one school's courses (an instructor's: those given to them, docs/decisions/039). */
export type CourseScope = { published: true } | { orgId: number; instructorId?: number | undefined };

/** The catalogue's filters and order (README "Additions"); none: every published course in id order. */
export type CatalogueFilter = {
  category?: string;
  price?: CataloguePrice;
  sort?: CatalogueSort;
  /** One school's courses: its site's catalogue (docs/decisions/040). */
  orgId?: number;
};

// Spelled with the table's name: a one-table query (the count) writes its columns unqualified, which a
// subquery would read as its own table's.
const courseId = sql`${courses}.id`;
const courseUpdatedAt = sql`${courses}.updated_at`;

/**
 * The catalogue's search: the title, the description, the author's name ("first last") and the category's
 * name, each a case-insensitive substring. The authors and categories that match are found once each (a
 * hashed subplan), not once per course: on the scale data set a search of 10,000 courses took 54 ms so,
 * 187 ms with a correlated EXISTS per course (docs/BENCHMARKS.md).
 */
function catalogueSearch(search: string | undefined): SQL | undefined {
  if (search === undefined) return undefined;
  const pattern = likePattern(search);
  return or(
    containsText(search, courses.title, courses.description),
    sql`${courses}.author_id in (select a.id from ${authors} a
      where (a.first_name || ' ' || a.last_name) ilike ${pattern} escape '\\')`,
    sql`${courses}.category_id in (select c.id from ${categories} c where c.name ilike ${pattern} escape '\\')`,
  );
}

/** Categories are each organisation's own: the filter takes every category of that name, in any case. */
const inCategory = (name: string | undefined) =>
  name === undefined
    ? undefined
    : sql`${courses}.category_id in (select c.id from ${categories} c where lower(c.name) = lower(${name}))`;

const atPrice = (price: CataloguePrice | undefined) =>
  price === undefined ? undefined : price === 'free' ? eq(courses.priceCents, 0) : gt(courses.priceCents, 0);

const inScope = (scope: CourseScope, search: string | undefined, filter: CatalogueFilter) =>
  'orgId' in scope
    ? and(
        eq(courses.orgId, scope.orgId),
        scope.instructorId === undefined
          ? undefined
          : sql`${courseId} in (select ci.course_id from course_instructors ci where ci.user_id = ${scope.instructorId})`,
        containsText(search, courses.title),
      )
    : and(
        eq(courses.published, true),
        filter.orgId === undefined ? undefined : eq(courses.orgId, filter.orgId),
        catalogueSearch(search),
        inCategory(filter.category),
        atPrice(filter.price),
      );

/** The average of a course's visible reviews (course_reviews_course_visible_idx), null without one. */
const averageRating = sql`(select avg(r.rating) from ${courseReviews} r where r.course_id = ${courses.id} and not r.hidden)`;
const ratingCount = sql`(select count(*) from ${courseReviews} r where r.course_id = ${courses.id} and not r.hidden)`;

/** Each order breaks its ties on the id, so pages neither overlap nor skip. */
function catalogueOrder(sort: CatalogueSort | undefined): SQL[] {
  switch (sort) {
    case 'newest':
      return [desc(courses.createdAt), desc(courses.id)];
    case 'price_asc':
      return [asc(courses.priceCents), asc(courses.id)];
    case 'price_desc':
      return [desc(courses.priceCents), desc(courses.id)];
    case 'rating':
      return [sql`${averageRating} desc nulls last`, sql`${ratingCount} desc`, asc(courses.id)];
    default:
      return [asc(courses.id)];
  }
}

/**
 * Courses with their author's public fields, in one query whatever the list's length; the indexes
 * courses(published, id) and courses(org_id, id) give a page in id order without sorting the list, and
 * courses_published_created_idx and courses_published_price_idx the catalogue's newest and price orders.
 */
export async function listCoursesWithAuthors(
  db: Db,
  scope: CourseScope,
  list: ListQuery,
  filter: CatalogueFilter = {},
) {
  const where = inScope(scope, list.search, filter);
  const query = db
    .select(courseWithAuthorColumns)
    .from(courses)
    .innerJoin(authors, eq(authors.id, courses.authorId))
    .where(where)
    .orderBy(...catalogueOrder('orgId' in scope ? undefined : filter.sort))
    .$dynamic();
  // Every course has its author (a required foreign key), so the count needs no join.
  return pageOfQuery(query, list.window, () => db.$count(courses, where));
}

/**
 * The category names the catalogue's courses are filed under, each once whatever its case or
 * organisation (the most common spelling, the first in order on a tie), with its published courses.
 */
export async function listCatalogueCategories(db: Db) {
  const key = sql`lower(${categories.name})`;
  const rows = await db
    .select({
      name: sql<string>`mode() within group (order by ${categories.name})`,
      courses: sql<number>`count(*)::int`,
    })
    .from(courses)
    .innerJoin(categories, eq(categories.id, courses.categoryId))
    .where(eq(courses.published, true))
    .groupBy(key)
    .orderBy(key);
  return rows.map((row) => ({ name: row.name, courses: Number(row.courses) }));
}

export type CourseWithAuthorRow = Awaited<ReturnType<typeof listCoursesWithAuthors>>['rows'][number];

export type CourseRow = typeof courses.$inferSelect;

export async function findCourse(db: Db, id: number): Promise<CourseRow | undefined> {
  const [row] = await db.select().from(courses).where(eq(courses.id, id));
  return row;
}

/** Whether the category is one of this organisation's (what a course may be filed under). */
export async function isOrgCategory(db: Db, orgId: number, id: number): Promise<boolean> {
  return (await db.$count(categories, and(eq(categories.id, id), eq(categories.orgId, orgId)))) > 0;
}

/** Whether the author is one of this organisation's (who a course may show). */
export async function isOrgAuthor(db: Db, orgId: number, id: number): Promise<boolean> {
  return (await db.$count(authors, and(eq(authors.id, id), eq(authors.orgId, orgId)))) > 0;
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

/**
 * A course's figures (CourseFiguresRow) as columns of a query over courses: the detail's one statement and
 * a list's one query count them the same way.
 */
const figureColumns = {
  students: sql<number>`(select count(*)::int from ${enrolments} e where e.course_id = ${courseId})`,
  publishedLessons: sql<number>`(select count(*)::int from ${sections} s
    join ${lessons} l on l.section_id = s.id where s.course_id = ${courseId} and ${countedLesson})`,
  seconds: sql<number>`(select coalesce(round(sum(l.duration_seconds)), 0)::int from ${sections} s
    join ${lessons} l on l.section_id = s.id where s.course_id = ${courseId} and ${countedLesson})`,
  lastUpdated: sql<Date | string>`greatest(${courseUpdatedAt}, (select greatest(max(s.updated_at),
    max(l.updated_at)) from ${sections} s left join ${lessons} l on l.section_id = s.id
    where s.course_id = ${courseId}))`,
};

/**
 * Every published course's id with the latest change of it, its sections or its lessons (what its public
 * page shows), in id order: the sitemap's course pages. At most `limit` of them.
 */
export async function listPublishedCoursePages(db: Db, limit: number) {
  const rows = await db
    .select({ id: courses.id, lastUpdated: figureColumns.lastUpdated })
    .from(courses)
    .where(eq(courses.published, true))
    .orderBy(asc(courses.id))
    .limit(limit);
  return rows.map((row) => ({ id: row.id, lastUpdated: new Date(row.lastUpdated) }));
}

const toFigures = (row: {
  students: number;
  publishedLessons: number;
  seconds: number;
  lastUpdated: Date | string;
}): CourseFiguresRow => ({
  students: Number(row.students),
  lessons: Number(row.publishedLessons),
  seconds: Number(row.seconds),
  lastUpdated: new Date(row.lastUpdated),
});

/**
 * One course's detail as the API answers it (CourseDetail), written as JSON by the database: the list
 * item's fields as courses.service.ts toCourseListItem writes them (prices in dollars, image URLs, the
 * figures as findCourseFigures counts them), then its author, category and price type names, its section
 * count (all of them for its staff, the published ones for everyone else), its lesson count (all of them
 * for its staff; everyone else is shown the published lessons, which the figures count), its school's
 * refund window and its order rule. Beside the text, the course's school and state, which the access
 * module decides a visitor on. One prepared statement per variant: a visitor's whole course detail, with
 * nothing mapped, parsed or serialized again in this process (docs/decisions/053).
 */
const courseDetailQuery = (publishedOnly: boolean) =>
  prepared((db) => {
    const sectionFilter = publishedOnly ? sql`and s.published` : sql``;
    const lessonsCount = publishedOnly
      ? sql`f.lessons`
      : sql`(select count(*)::int from ${lessons} l join ${sections} s on s.id = l.section_id
          where s.course_id = ${courseId})`;
    const detail = sql`select
        ${courseId} as "course_Id",
        ${courses}.title as course_title,
        ${courses}.description as course_description,
        ${publicFileUrlSql(sql`${courses}.image_key`)} as course_image,
        trim_scale(${courses}.price_cents::numeric / 100) as price,
        ${courses}.price_type_id as "price_type_Id",
        ${courses}.category_id as "category_Id",
        ${courses}.author_id as author_id,
        ${courses}.certificate as certificate,
        ${courses}.org_id as "org_Id",
        ${courses}.published as published,
        a.first_name as first_name,
        a.last_name as last_name,
        a.bio as bio,
        ${publicFileUrlSql(sql`a.photo_key`)} as "profile_picturePath",
        ${figureColumns.students} as students_count,
        f.lessons as published_lessons_count,
        ${figureColumns.seconds} as duration_seconds,
        to_char(${figureColumns.lastUpdated} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') as last_updated,
        g.name as category_name,
        p.name as price_type_name,
        (select count(*)::int from ${sections} s where s.course_id = ${courseId} ${sectionFilter}) as sections_count,
        ${lessonsCount} as lessons_count,
        o.refund_window_days as refund_window_days,
        ${courses}.lessons_in_order as lessons_in_order
      from ${courses}
      join ${authors} a on a.id = ${courses}.author_id
      join ${categories} g on g.id = ${courses}.category_id
      join ${priceTypes} p on p.id = ${courses}.price_type_id
      join ${organisations} o on o.id = ${courses}.org_id
      cross join lateral (select ${figureColumns.publishedLessons} as lessons) f
      where ${courseId} = ${sql.placeholder('id')}`;
    return db
      .select({
        json: sql<string>`row_to_json(d)::text`,
        orgId: sql<number>`d."org_Id"`,
        published: sql<boolean>`d.published`,
      })
      .from(sql`(${detail}) d`)
      .prepare(publishedOnly ? 'course_detail_public' : 'course_detail_staff');
  });
const publicCourseDetail = courseDetailQuery(true);
const staffCourseDetail = courseDetailQuery(false);

/** The course's detail as JSON text, with its school and state; undefined for no such course. */
export async function findCourseDetail(db: Db, id: number, publishedOnly: boolean) {
  const [row] = await (publishedOnly ? publicCourseDetail : staffCourseDetail)(db).execute({ id });
  return row;
}

export async function listPriceTypes(db: Db) {
  return db.select().from(priceTypes).orderBy(asc(priceTypes.id));
}

/** A course's real figures, as students see it (DESIGN decision 11). */
export type CourseFiguresRow = {
  /** Students enrolled. */
  students: number;
  /** Published lessons in published sections. */
  lessons: number;
  /** Whole seconds of those lessons whose duration is known (video and audio). */
  seconds: number;
  /** The latest change of the course, any of its sections or any of its lessons. */
  lastUpdated: Date;
};

/**
 * The figures of every course in `ids`, in one query whatever their number: each is counted from the
 * course's own index entries (enrolments_course_user_idx, sections_course_id_idx, lessons_section_id_idx),
 * which on the scale data set reads a page's dozen in under a millisecond and all 10,000 courses in 6-9 ms.
 */
export async function findCourseFigures(db: Db, ids: number[]): Promise<Map<number, CourseFiguresRow>> {
  if (ids.length === 0) return new Map();
  const rows = await db
    .select({ id: courses.id, ...figureColumns })
    .from(courses)
    // One text parameter whatever the number of ids.
    .where(sql`${courses.id} = any(string_to_array(${ids.join(',')}, ',')::int[])`);
  return new Map(rows.map(({ id, ...row }) => [id, toFigures(row)]));
}
