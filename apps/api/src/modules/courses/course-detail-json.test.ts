import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { authorCourse } from '../../../test/authoring';
import { createPublisher, type TestUser } from '../../../test/factories';
import { call, createTestContext, type TestContext } from '../../../test/helpers';
import { authors, categories, courses, lessons, organisations, priceTypes, sections } from '../../db/schema';
import { findCourseFigures } from './courses.repository';
import { toCourseListItem } from './courses.service';

/**
 * The database writes a course's detail as JSON (docs/decisions/053). These tests hold it to the bytes
 * this process would write for the same rows: the catalogue's list item (courses.service.ts
 * toCourseListItem, with the figures as findCourseFigures reads them) and the detail's own fields, through
 * JSON.stringify, for titles, keys, prices and times that each side could write differently.
 */
describe('a course detail written by the database', () => {
  let ctx: TestContext;
  let publisher: TestUser;
  let courseId: number;

  beforeAll(async () => {
    ctx = await createTestContext({ PUBLIC_CACHE_SECONDS: '0' });
    publisher = await createPublisher(ctx);
    courseId = (await authorCourse(ctx, publisher.token)).course.course_Id;
    const { db } = ctx.database;
    await db.update(courses).set({ published: true }).where(eq(courses.id, courseId));
    // A published section with a published, a draft and a timed lesson; a draft section with one lesson.
    const [shown, hidden] = await db
      .insert(sections)
      .values([
        { courseId, name: 'Shown', published: true },
        { courseId, name: 'Hidden', published: false },
      ])
      .returning();
    if (!shown || !hidden) throw new Error('no sections');
    await db.insert(lessons).values([
      { sectionId: shown.id, title: 'a', contentType: 'text', published: true },
      { sectionId: shown.id, title: 'b', contentType: 'video', published: true, durationSeconds: 61.5 },
      { sectionId: shown.id, title: 'c', contentType: 'text', published: false },
      { sectionId: hidden.id, title: 'd', contentType: 'audio', published: true, durationSeconds: 30 },
    ]);
  });
  afterAll(async () => ctx?.close());

  /** The answer as this process writes it, from rows read here. */
  async function expected(staff: boolean) {
    const { db } = ctx.database;
    const [course] = await db.select().from(courses).where(eq(courses.id, courseId));
    if (!course) throw new Error('no course');
    const [author] = await db.select().from(authors).where(eq(authors.id, course.authorId));
    const [category] = await db.select().from(categories).where(eq(categories.id, course.categoryId));
    const [priceType] = await db.select().from(priceTypes).where(eq(priceTypes.id, course.priceTypeId));
    const [org] = await db.select().from(organisations).where(eq(organisations.id, course.orgId));
    if (!author || !category || !priceType || !org) throw new Error('missing rows');
    const figures = (await findCourseFigures(db, [courseId])).get(courseId);
    if (!figures) throw new Error('no figures');
    const sectionRows = await db.select().from(sections).where(eq(sections.courseId, courseId));
    const lessonRows = await db
      .select()
      .from(lessons)
      .innerJoin(sections, eq(sections.id, lessons.sectionId));
    const ofCourse = lessonRows.filter((row) => row.sections.courseId === courseId);
    return {
      ...toCourseListItem(
        {
          ...course,
          firstName: author.firstName,
          lastName: author.lastName,
          bio: author.bio,
          photoKey: author.photoKey,
        },
        figures,
      ),
      category_name: category.name,
      price_type_name: priceType.name,
      sections_count: staff ? sectionRows.length : sectionRows.filter((s) => s.published).length,
      lessons_count: staff ? ofCourse.length : figures.lessons,
      refund_window_days: org.refundWindowDays,
      lessons_in_order: course.lessonsInOrder,
    };
  }

  const detail = (token?: string) =>
    call(ctx.app, { method: 'GET', url: `/api/courses/details/${courseId}`, ...(token ? { token } : {}) });

  const cases: Array<[string, Partial<typeof courses.$inferInsert>, Partial<typeof authors.$inferInsert>]> = [
    ['as created', {}, {}],
    [
      'text JSON escapes',
      {
        title: 'Quotes " and \\ backslash, tab\there, new\nline, \r, \b, \f, \u0001 and \u001f',
        description: 'Émilie’s café 🍰 — عربى, separators \u2028 \u2029, delete \u007f, <tag> & /slash/',
      },
      { firstName: 'Zoë', lastName: 'O"Brien\\', bio: '' },
    ],
    [
      'keys with any character',
      { imageKey: 'covers/été & 50% off?.png' },
      { photoKey: "photos/a+b=c #1 (x)*~!'.jpg" },
    ],
    ['keys of the server', { imageKey: 'images/2026/3f2a-9c_b.d-e.png' }, { photoKey: 'a/b/c.webp' }],
    ['no keys', { imageKey: null }, { photoKey: '' }],
    ['a price of nothing', { priceCents: 0 }, {}],
    ['a price in cents', { priceCents: 1 }, {}],
    ['a round price', { priceCents: 2000 }, {}],
    ['a price with cents', { priceCents: 1999 }, {}],
    ['a large price', { priceCents: 123_456_789 }, {}],
    ['lessons in order', { lessonsInOrder: true, certificate: false }, {}],
    ['a change at the last millisecond of a second', { updatedAt: new Date('2031-05-06T07:08:09.999Z') }, {}],
  ];

  test.each(cases)(
    '%s: the same bytes for a visitor, the same answer for its staff',
    async (_, course, author) => {
      const { db } = ctx.database;
      if (Object.keys(course).length > 0)
        await db.update(courses).set(course).where(eq(courses.id, courseId));
      const [row] = await db.select().from(courses).where(eq(courses.id, courseId));
      if (Object.keys(author).length > 0 && row)
        await db.update(authors).set(author).where(eq(authors.id, row.authorId));

      const visitor = await detail();
      expect(visitor.statusCode).toBe(200);
      expect(visitor.body).toBe(JSON.stringify(await expected(false)));
      const staff = await detail(publisher.token);
      expect(staff.statusCode).toBe(200);
      expect(staff.json()).toEqual(await expected(true));
    },
  );

  test('a change below the millisecond is written as the millisecond it falls in', async () => {
    const { db } = ctx.database;
    for (const micros of ['000001', '000999', '123456', '999999', '570000']) {
      await db.execute(
        `update courses set updated_at = '2030-01-02 03:04:05.${micros}+00' where id = ${Number(courseId)}`,
      );
      const last = (await detail()).json().last_updated;
      expect(last).toBe(`2030-01-02T03:04:05.${micros.slice(0, 3)}Z`);
      expect(last).toBe((await expected(false)).last_updated);
    }
  });

  test('an unpublished course is no visitor’s: 404, as before', async () => {
    const { db } = ctx.database;
    await db.update(courses).set({ published: false }).where(eq(courses.id, courseId));
    const res = await detail();
    expect(res.statusCode).toBe(404);
    expect((await detail(publisher.token)).statusCode).toBe(200);
    await db.update(courses).set({ published: true }).where(eq(courses.id, courseId));
  });
});
