import { courseDetailSchema, ROLE, sectionSchema } from '@skillwise/contracts';
import { and, eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { createCourse, createPublisher, createStudent, type TestUser } from '../../../test/factories';
import { call, createTestContext, TEST_KEYS, type TestContext } from '../../../test/helpers';
import { courses, enrolments, lessons, notifications, sections } from '../../db/schema';
import type { Actor } from '../../plugins/auth';
import { CurriculumService } from '../curriculum/curriculum.service';
import type { NotificationService } from '../notifications/notifications.service';
import { PlanLimits } from '../organisations/plan-limits';
import { CourseService } from './courses.service';

/**
 * Publishing a course with all its sections and lessons, or a section with all its lessons, in one call
 * and one transaction (courses/publishUnpublishCourse `withSectionsAndLessons`, courseSections/
 * publishUnpublishSection `withLessons`; docs/decisions/017).
 */
let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestContext();
});
afterAll(async () => ctx.close());

const db = () => ctx.database.db;
const put = (url: string, token: string | undefined, body: unknown) =>
  call(ctx.app, { method: 'PUT', url, body, ...(token ? { token } : {}) });
const publishCourse = (token: string | undefined, body: unknown) =>
  put('/api/courses/publishUnpublishCourse', token, body);
const publishSection = (token: string | undefined, body: unknown) =>
  put('/api/courseSections/publishUnpublishSection', token, body);

/**
 * A draft course of the publisher's organisation: three sections of two lessons each, all drafts but the
 * second section (published, its lessons drafts): nothing a student could see.
 */
async function draftCourse(publisher: TestUser, options: { published?: boolean } = {}) {
  const course = await createCourse(ctx, publisher.orgId ?? 0, { published: options.published ?? false });
  const sectionIds: number[] = [];
  const lessonIds: number[] = [];
  for (const orderNumber of [1, 2, 3]) {
    const [section] = await db()
      .insert(sections)
      .values({ courseId: course.id, name: `Part ${orderNumber}`, orderNumber, published: orderNumber === 2 })
      .returning();
    if (!section) throw new Error('no section');
    sectionIds.push(section.id);
    const made = await db()
      .insert(lessons)
      .values(
        [1, 2].map((n) => ({
          sectionId: section.id,
          title: `Lesson ${n}`,
          contentType: 'pdf',
          orderNumber: n,
        })),
      )
      .returning();
    lessonIds.push(...made.map((l) => l.id));
  }
  return { courseId: course.id, sectionIds, lessonIds };
}

/** What is published of the course now: the course, and its published sections and lessons. */
async function publishedOf(course: { courseId: number; sectionIds: number[]; lessonIds: number[] }) {
  const [row] = await db().select().from(courses).where(eq(courses.id, course.courseId));
  const s = await db()
    .select({ id: sections.id })
    .from(sections)
    .where(and(inArray(sections.id, course.sectionIds), eq(sections.published, true)));
  const l = await db()
    .select({ id: lessons.id })
    .from(lessons)
    .where(and(inArray(lessons.id, course.lessonIds), eq(lessons.published, true)));
  return { course: row?.published, sections: s.length, lessons: l.length };
}

const publisherActor = (publisher: TestUser): Actor & { orgId: number } => ({
  sessionId: 0,
  userId: publisher.userId,
  email: publisher.email,
  fullName: 'Pat Publisher',
  role: ROLE.PUBLISHER,
  orgId: publisher.orgId ?? 0,
  team: 'owner',
  verified: true,
});

/** Notifications that fail: the last step of publishing, so everything before it must be undone. */
const failingNotifications = {
  lessonsPublished: async () => {
    throw new Error('notifications are down');
  },
} as unknown as NotificationService;

describe('courses/publishUnpublishCourse with withSectionsAndLessons', () => {
  test('publishes the course, every section and every lesson; enrolled students hear of each lesson once', async () => {
    const publisher = await createPublisher(ctx);
    const course = await draftCourse(publisher);
    const student = await createStudent(ctx);
    await db()
      .insert(enrolments)
      .values({ userId: student.userId, courseId: course.courseId, source: 'assigned' });

    const res = await publishCourse(publisher.token, {
      Id: course.courseId,
      published: true,
      withSectionsAndLessons: true,
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(courseDetailSchema.parse(res.json())).toMatchObject({
      published: true,
      sections_count: 3,
      lessons_count: 6,
      published_lessons_count: 6,
    });
    expect(await publishedOf(course)).toEqual({ course: true, sections: 3, lessons: 6 });

    // The public sees them at once: the catalogue card and the course's public curriculum.
    const catalogue = await call(ctx.app, { method: 'GET', url: '/api/courses/GetAllCoursesDetail' });
    const card = catalogue.json().find((c: { course_Id: number }) => c.course_Id === course.courseId);
    expect(card.published_lessons_count).toBe(6);
    const preview = await call(ctx.app, {
      method: 'GET',
      url: `/api/courseSections/GetCourseSectionsByCourseIdForPreview/${course.courseId}`,
    });
    expect(preview.json().flatMap((s: { lessons: unknown[] }) => s.lessons)).toHaveLength(6);

    const told = await db()
      .select()
      .from(notifications)
      .where(and(eq(notifications.userId, student.userId), eq(notifications.kind, 'lesson_published')));
    expect(told).toHaveLength(6);
  });

  test('without it, publishing changes the course only, as before', async () => {
    const publisher = await createPublisher(ctx);
    const course = await draftCourse(publisher);
    const res = await publishCourse(publisher.token, { Id: course.courseId, published: true });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ published: true, published_lessons_count: 0 });
    expect(await publishedOf(course)).toEqual({ course: true, sections: 1, lessons: 0 });
    // false is the same as leaving it out, and unpublishing leaves sections and lessons as they are.
    const off = await publishCourse(publisher.token, {
      Id: course.courseId,
      published: false,
      withSectionsAndLessons: false,
    });
    expect(off.statusCode).toBe(200);
    expect(await publishedOf(course)).toEqual({ course: false, sections: 1, lessons: 0 });
  });

  test('a course published already gets its sections and lessons published', async () => {
    const publisher = await createPublisher(ctx);
    const course = await draftCourse(publisher, { published: true });
    const res = await publishCourse(publisher.token, {
      Id: course.courseId,
      published: true,
      withSectionsAndLessons: 'true',
    });
    expect(res.statusCode).toBe(200);
    expect(await publishedOf(course)).toEqual({ course: true, sections: 3, lessons: 6 });
  });

  test('no token: 401; another organisation: 404; nothing changes', async () => {
    const publisher = await createPublisher(ctx);
    const course = await draftCourse(publisher);
    const body = { Id: course.courseId, published: true, withSectionsAndLessons: true };
    expect((await publishCourse(undefined, body)).statusCode).toBe(401);
    const stranger = await createPublisher(ctx);
    expect((await publishCourse(stranger.token, body)).statusCode).toBe(404);
    const student = await createStudent(ctx);
    expect((await publishCourse(student.token, body)).statusCode).toBe(403);
    expect(await publishedOf(course)).toEqual({ course: false, sections: 1, lessons: 0 });
  });

  test('bad input: 400 naming withSectionsAndLessons; nothing changes', async () => {
    const publisher = await createPublisher(ctx);
    const course = await draftCourse(publisher);
    for (const body of [
      { Id: course.courseId, published: true, withSectionsAndLessons: 'everything' },
      // Sections and lessons are published only with the course, never unpublished by it.
      { Id: course.courseId, published: false, withSectionsAndLessons: true },
    ]) {
      const res = await publishCourse(publisher.token, body);
      expect(res.statusCode).toBe(400);
      expect(res.json().details.map((d: { field: string }) => d.field)).toEqual(['withSectionsAndLessons']);
    }
    expect(await publishedOf(course)).toEqual({ course: false, sections: 1, lessons: 0 });
  });

  test('over the plan’s limit, nothing is published', async () => {
    const publisher = await createPublisher(ctx, { category: 'MonthlyKickstart' });
    await createCourse(ctx, publisher.orgId ?? 0, { published: true });
    const course = await draftCourse(publisher);
    const res = await publishCourse(publisher.token, {
      Id: course.courseId,
      published: true,
      withSectionsAndLessons: true,
    });
    expect(res.statusCode).toBe(409);
    expect(res.json().code).toBe('PLAN_LIMIT');
    expect(await publishedOf(course)).toEqual({ course: false, sections: 1, lessons: 0 });
  });

  test('atomic: a failure after the sections and lessons were written undoes all of it', async () => {
    const publisher = await createPublisher(ctx);
    const service = new CourseService({
      db: db(),
      limits: new PlanLimits(db()),
      notifications: failingNotifications,
    });
    for (const published of [false, true]) {
      const course = await draftCourse(publisher, { published });
      await expect(
        service.setPublished(publisherActor(publisher), course.courseId, true, {
          withSectionsAndLessons: true,
        }),
      ).rejects.toThrow('notifications are down');
      expect(await publishedOf(course)).toEqual({ course: published, sections: 1, lessons: 0 });
    }
  });
});

describe('courseSections/publishUnpublishSection with withLessons', () => {
  test('publishes the section and every lesson in it, and no other section', async () => {
    const publisher = await createPublisher(ctx);
    const course = await draftCourse(publisher);
    const [first] = course.sectionIds;
    const res = await publishSection(publisher.token, { Id: first, published: true, withLessons: true });
    expect(res.statusCode, res.body).toBe(200);
    const section = sectionSchema.parse(res.json());
    expect(section.published).toBe(true);
    expect(section.lessons.map((l) => l.published)).toEqual([true, true]);
    expect(await publishedOf(course)).toEqual({ course: false, sections: 2, lessons: 2 });

    // The published section whose lessons are drafts: its lessons are published too.
    const second = course.sectionIds[1];
    const again = await publishSection(publisher.token, { Id: second, published: true, withLessons: 1 });
    expect(again.json().lessons.map((l: { published: boolean }) => l.published)).toEqual([true, true]);
    expect(await publishedOf(course)).toEqual({ course: false, sections: 2, lessons: 4 });
  });

  test('without it, only the section changes, as before', async () => {
    const publisher = await createPublisher(ctx);
    const course = await draftCourse(publisher);
    const res = await publishSection(publisher.token, { Id: course.sectionIds[0], published: true });
    expect(res.statusCode).toBe(200);
    expect(res.json().lessons.map((l: { published: boolean }) => l.published)).toEqual([false, false]);
    expect(await publishedOf(course)).toEqual({ course: false, sections: 2, lessons: 0 });
  });

  test('no token: 401; another organisation: 404; bad input: 400 naming withLessons; nothing changes', async () => {
    const publisher = await createPublisher(ctx);
    const course = await draftCourse(publisher);
    const id = course.sectionIds[0];
    expect((await publishSection(undefined, { Id: id, published: true, withLessons: true })).statusCode).toBe(
      401,
    );
    const stranger = await createPublisher(ctx);
    expect(
      (await publishSection(stranger.token, { Id: id, published: true, withLessons: true })).statusCode,
    ).toBe(404);
    for (const body of [
      { Id: id, published: true, withLessons: 'all' },
      { Id: id, published: false, withLessons: true },
    ]) {
      const res = await publishSection(publisher.token, body);
      expect(res.statusCode).toBe(400);
      expect(res.json().details.map((d: { field: string }) => d.field)).toEqual(['withLessons']);
    }
    expect(await publishedOf(course)).toEqual({ course: false, sections: 1, lessons: 0 });
  });

  test('atomic: a failure after the lessons were written undoes all of it', async () => {
    const publisher = await createPublisher(ctx);
    const course = await draftCourse(publisher, { published: true });
    const curriculum = new CurriculumService({
      db: db(),
      storage: ctx.storage,
      log: ctx.app.log,
      mediaUrlKey: TEST_KEYS.mediaUrls,
      config: ctx.config,
      notifications: failingNotifications,
    });
    const actor = publisherActor(publisher);
    for (const sectionId of course.sectionIds.slice(0, 2)) {
      await expect(
        curriculum.setSectionPublished(actor, sectionId, true, { withLessons: true }),
      ).rejects.toThrow('notifications are down');
    }
    expect(await publishedOf(course)).toEqual({ course: true, sections: 1, lessons: 0 });
  });
});
