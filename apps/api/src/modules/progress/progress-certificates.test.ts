import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, expect, test } from 'vitest';
import { createCourse, createPublisher, createStudent, studentActor } from '../../../test/factories';
import { createTestContext, type TestContext } from '../../../test/helpers';
import { FakeClock, play } from '../../../test/player';
import { certificates, courses, enrolments, lessons, sections } from '../../db/schema';
import type { Actor } from '../../plugins/auth';
import { CertificateService } from '../certificates/certificates.service';
import { ProgressService } from './progress.service';

/**
 * A save tries to issue the course's certificate only when it completes a lesson that was not complete
 * (or the student marks a lesson done again without holding the certificate),
 * in a course that gives one: not on every later save of a watched video, not in a course without
 * certificates.
 */
let ctx: TestContext;
let orgId: number;
const attempts: Array<{ userId: number; courseId: number }> = [];
let progress: ProgressService;
const clock = new FakeClock();

beforeAll(async () => {
  ctx = await createTestContext();
  const publisher = await createPublisher(ctx);
  orgId = publisher.orgId ?? 0;
  const real = new CertificateService({ db: ctx.database.db, publicUrl: 'https://skillwise.example.com' });
  // The real service, counted: what it answers still reaches the save's answer.
  const counted = {
    holds: (userId: number, courseId: number) => real.holds(userId, courseId),
    issueOnCompletion: (userId: number, courseId: number) => {
      attempts.push({ userId, courseId });
      return real.issueOnCompletion(userId, courseId);
    },
  } as unknown as CertificateService;
  progress = new ProgressService({ db: ctx.database.db, certificates: counted, now: clock.now });
});
afterAll(async () => ctx.close());

async function courseOfTwoLessons(certificate: boolean) {
  const { db } = ctx.database;
  const course = await createCourse(ctx, orgId);
  await db.update(courses).set({ certificate }).where(eq(courses.id, course.id));
  const [section] = await db
    .insert(sections)
    .values({ courseId: course.id, name: 'One', published: true, orderNumber: 1 })
    .returning();
  const made = await db
    .insert(lessons)
    .values([
      // A length as the upload measures it (the progress tests watch a real file).
      {
        sectionId: section?.id ?? 0,
        title: 'Video',
        contentType: 'video',
        durationSeconds: 100,
        published: true,
        orderNumber: 1,
      },
      { sectionId: section?.id ?? 0, title: 'Notes', contentType: 'pdf', published: true, orderNumber: 2 },
    ])
    .returning();
  const [video, notes] = made;
  if (!video || !notes) throw new Error('no lessons');
  return { courseId: course.id, video: video.id, notes: notes.id };
}

async function enrolledStudent(courseId: number): Promise<Actor> {
  const student = await createStudent(ctx);
  await ctx.database.db.insert(enrolments).values({ userId: student.userId, courseId, source: 'assigned' });
  return studentActor(student);
}

/** The student's player on the video, from `from` to `to` seconds at 2x: every save's answer. */
const watch = (actor: Actor, video: number, from: number, to: number) =>
  play(clock, (positionSeconds) => progress.save(actor, { lesson_Id: video, positionSeconds }), {
    from,
    to,
    rate: 2,
  });

test('only a save that newly completes a lesson of a certificate course tries to issue', async () => {
  const { courseId, video, notes } = await courseOfTwoLessons(true);
  const actor = await enrolledStudent(courseId);
  attempts.length = 0;

  // Watching before 90% completes nothing.
  expect((await watch(actor, video, 0, 80)).some((a) => a.completed)).toBe(false);
  expect(attempts).toHaveLength(0);
  // Reaching 90% completes the video: one attempt (the notes are still to do, so nothing is issued).
  const rest = await watch(actor, video, 80, 100);
  expect(rest.at(-1)?.completed).toBe(true);
  expect(attempts).toHaveLength(1);
  // Every later save of the watched video (the player keeps reporting) tries nothing.
  await watch(actor, video, 100, 100);
  for (const position of [92, 95, 99]) {
    clock.advance(10);
    await progress.save(actor, { lesson_Id: video, positionSeconds: position });
  }
  expect(attempts).toHaveLength(1);
  // The last lesson completes the course: the attempt issues the certificate, and the answer carries it.
  const last = await progress.save(actor, { lesson_Id: notes, completed: true });
  expect(attempts).toHaveLength(2);
  expect(last.certificate?.number).toMatch(/^SW-/);
  // Marked done again with the certificate held: nothing is tried.
  await progress.save(actor, { lesson_Id: notes, completed: true });
  expect(attempts).toHaveLength(2);
  // Undone and done again: completed anew, so it tries once more (and issues nothing twice).
  await progress.save(actor, { lesson_Id: notes, completed: false });
  const again = await progress.save(actor, { lesson_Id: notes, completed: true });
  expect(attempts).toHaveLength(3);
  expect(again.certificate).toBeUndefined();
  const issued = await ctx.database.db.select().from(certificates).where(eq(certificates.courseId, courseId));
  expect(issued).toHaveLength(1);
});

test('a course without certificates never tries', async () => {
  const { courseId, video, notes } = await courseOfTwoLessons(false);
  const actor = await enrolledStudent(courseId);
  attempts.length = 0;
  expect((await watch(actor, video, 0, 100)).at(-1)?.completed).toBe(true);
  const last = await progress.save(actor, { lesson_Id: notes, completed: true });
  expect(last.completed).toBe(true);
  expect(last.certificate).toBeUndefined();
  expect(attempts).toHaveLength(0);
});

test('a course that gains its certificate after the student finished it: marking a lesson done again issues it', async () => {
  const { courseId, video, notes } = await courseOfTwoLessons(false);
  const actor = await enrolledStudent(courseId);
  await watch(actor, video, 0, 100);
  expect((await progress.save(actor, { lesson_Id: notes, completed: true })).certificate).toBeUndefined();
  await ctx.database.db.update(courses).set({ certificate: true }).where(eq(courses.id, courseId));
  // The player's saves of the watched video still try nothing; the student marking a lesson done does.
  clock.advance(10);
  expect((await progress.save(actor, { lesson_Id: video, positionSeconds: 99 })).certificate).toBeUndefined();
  const marked = await progress.save(actor, { lesson_Id: notes, completed: true });
  expect(marked.certificate?.number).toMatch(/^SW-/);
});
