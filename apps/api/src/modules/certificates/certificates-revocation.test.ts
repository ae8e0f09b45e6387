import { ROLE } from '@skillwise/contracts';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, expect, test } from 'vitest';
import { createCourse, createPublisher, createStudent, studentActor } from '../../../test/factories';
import { createTestContext, type TestContext } from '../../../test/helpers';
import { certificates, courses, lessonProgress, lessons, sections } from '../../db/schema';
import { WHOLE_LIST } from '../../lib/paging';
import type { Actor } from '../../plugins/auth';
import { CertificateService, newCertificateNumber } from './certificates.service';

/**
 * A certificate is revoked by letting go of its owner: its account goes (the foreign key's SET NULL), or
 * a refund takes the course away (db/queries/enrolments.ts revokeEnrolment); user_id becomes null and the
 * database sets revoked_at (migration 0009). So revoked_at alone says "revoked", and user_id alone says
 * whose it is.
 */
let ctx: TestContext;
let service: CertificateService;
beforeAll(async () => {
  ctx = await createTestContext();
  service = new CertificateService({ db: ctx.database.db, publicUrl: 'https://skillwise.example.com' });
});
afterAll(async () => ctx.close());

test('losing its owner revokes a certificate: verified as revoked on that date, nobody lists or downloads it', async () => {
  const { db } = ctx.database;
  const publisher = await createPublisher(ctx);
  const course = await createCourse(ctx, publisher.orgId ?? 0);
  const student = await createStudent(ctx);
  const number = newCertificateNumber();
  await db.insert(certificates).values({
    number,
    userId: student.userId,
    courseId: course.id,
    studentName: 'Sam Student',
    courseTitle: course.title,
    orgName: 'Test School',
    authorName: 'Ada Lovelace',
  });
  const owner: Actor = {
    sessionId: 0,
    userId: student.userId,
    email: student.email,
    fullName: 'Sam Student',
    role: ROLE.STUDENT,
    orgId: null,
    team: null,
    verified: true,
  };
  expect((await service.verify(number)).status).toBe('valid');
  expect((await service.download(owner, number)).bytes.length).toBeGreaterThan(0);

  // What deleting the account does to the row (the foreign key's SET NULL).
  await db.update(certificates).set({ userId: null }).where(eq(certificates.number, number));
  const [row] = await db.select().from(certificates).where(eq(certificates.number, number));
  expect(row?.revokedAt).toBeInstanceOf(Date);

  const verified = await service.verify(number);
  expect(verified).toMatchObject({ status: 'revoked', student_name: null });
  expect(verified.revoked_date).toBe(row?.revokedAt?.toISOString());
  await expect(service.download(owner, number)).rejects.toMatchObject({ statusCode: 404 });
  expect((await service.mine(owner, WHOLE_LIST)).rows).toHaveLength(0);
  const publisherActor: Actor & { orgId: number } = {
    ...owner,
    userId: publisher.userId,
    role: ROLE.PUBLISHER,
    orgId: publisher.orgId ?? 0,
    team: 'owner',
  };
  expect((await service.course(publisherActor, course.id, WHOLE_LIST)).rows).toHaveLength(0);
});

test('a certificate revoked while it kept its owner (by a refund, before refunds let go of it) is nobody’s to list or download, and completing the course again issues a new one', async () => {
  const { db } = ctx.database;
  const publisher = await createPublisher(ctx);
  const course = await createCourse(ctx, publisher.orgId ?? 0, { withLesson: true });
  await db.update(courses).set({ certificate: true }).where(eq(courses.id, course.id));
  const student = await createStudent(ctx);
  const owner = studentActor(student);
  const number = newCertificateNumber();
  await db.insert(certificates).values({
    number,
    userId: student.userId,
    courseId: course.id,
    studentName: 'Sam Student',
    courseTitle: course.title,
    orgName: 'Test School',
    authorName: 'Ada Lovelace',
    revokedAt: new Date(),
  });
  expect(await service.holds(student.userId, course.id)).toBe(false);
  expect((await service.mine(owner, WHOLE_LIST)).rows).toHaveLength(0);
  await expect(service.download(owner, number)).rejects.toMatchObject({ statusCode: 404 });

  // The course completed (bought again): a new certificate; the old number stays revoked.
  const [lesson] = await db
    .select({ id: lessons.id })
    .from(lessons)
    .innerJoin(sections, eq(sections.id, lessons.sectionId))
    .where(eq(sections.courseId, course.id));
  await db
    .insert(lessonProgress)
    .values({ userId: student.userId, lessonId: lesson?.id ?? 0, completed: true, completedAt: new Date() });
  const issued = await service.issueOnCompletion(student.userId, course.id);
  expect(issued?.number).toMatch(/^SW-/);
  expect(issued?.number).not.toBe(number);
  expect((await service.verify(issued?.number ?? '')).status).toBe('valid');
  expect((await service.verify(number)).status).toBe('revoked');
  expect((await service.mine(owner, WHOLE_LIST)).rows.map((c) => c.number)).toEqual([issued?.number]);
  expect(await service.holds(student.userId, course.id)).toBe(true);
});
