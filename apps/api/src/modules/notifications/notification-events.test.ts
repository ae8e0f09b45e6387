import { and, eq, inArray, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { createCourse, createPublisher, createStudent, type TestUser } from '../../../test/factories';
import { call, createTestContext, TEST_KEYS, type TestContext, uniqueEmail } from '../../../test/helpers';
import { type Db, rowsOf } from '../../db/client';
import { enrolments, lessons, notifications, outgoingMail, sections, users } from '../../db/schema';
import { UNSUBSCRIBE_LINE } from '../../lib/unsubscribe';
import { NotificationService } from './notifications.service';

let ctx: TestContext;
let service: NotificationService;
beforeAll(async () => {
  ctx = await createTestContext();
  service = new NotificationService({
    db: ctx.database.db,
    unsubscribeKey: TEST_KEYS.unsubscribeLinks,
    publicUrl: ctx.config.publicUrl,
  });
});
afterAll(async () => ctx.close());

const db = () => ctx.database.db;

const notificationsOf = (userId: number) =>
  db().select().from(notifications).where(eq(notifications.userId, userId)).orderBy(notifications.id);

const mailTo = (email: string) =>
  db().select().from(outgoingMail).where(eq(outgoingMail.to, email)).orderBy(outgoingMail.id);

const put = (url: string, token: string, body: unknown) => call(ctx.app, { method: 'PUT', url, token, body });
const post = (url: string, token: string, body: unknown) =>
  call(ctx.app, { method: 'POST', url, token, body });

/** A published course of the publisher's organisation with one published section holding one lesson. */
async function courseWithSection(publisher: TestUser, options: { priceCents?: number; title?: string } = {}) {
  const course = await createCourse(ctx, publisher.orgId ?? 0, options);
  const [section] = await db()
    .insert(sections)
    .values({ courseId: course.id, name: 'Basics', published: true, orderNumber: 1 })
    .returning();
  if (!section) throw new Error('no section');
  return { course, section };
}

async function addLesson(sectionId: number, title: string, published = false) {
  const [lesson] = await db()
    .insert(lessons)
    .values({ sectionId, title, contentType: 'pdf', published, orderNumber: 1 })
    .returning();
  if (!lesson) throw new Error('no lesson');
  return lesson;
}

const enrol = (userId: number, courseId: number) =>
  db().insert(enrolments).values({ userId, courseId, source: 'assigned' });

describe('enrolled: a publisher assigns a course', () => {
  test('the student is told in the app and by e-mail, once; the answer is unchanged', async () => {
    const publisher = await createPublisher(ctx);
    const { course } = await courseWithSection(publisher, { title: 'Knots at Sea' });
    const student = await createStudent(ctx, 'Noa Knot');
    // A student of the organisation (it added the student earlier).
    const other = await courseWithSection(publisher, { title: 'Other course' });
    await enrol(student.userId, other.course.id);

    const res = await call(ctx.app, {
      method: 'POST',
      url: `/api/studentCourse/AssignCoursetoStudent?user_id=${student.userId}&course_id=${course.id}`,
      token: publisher.token,
    });
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json()).toEqual({ message: 'Enrolled in "Knots at Sea".' });

    const [row] = await notificationsOf(student.userId);
    expect(row).toMatchObject({
      kind: 'enrolled',
      title: 'You were enrolled in "Knots at Sea"',
      body: 'Test School enrolled you in this course. It is in My Courses.',
      link: `/students/takeCourse?id=${course.id}`,
      readAt: null,
    });
    const [mail] = await mailTo(student.email);
    expect(mail?.subject).toBe('You were enrolled in "Knots at Sea"');
    expect(mail?.text).toContain('Hello Noa Knot,');
    expect(mail?.text).toContain(`${ctx.config.publicUrl}/students/takeCourse?id=${course.id}`);
    // The unsubscribe line is signed for this account when the message is sent (lib/mail-queue.ts).
    expect(mail?.unsubscribeUserId).toBe(student.userId);
    expect(mail?.text).toMatch(/notification e-mails are on for your account\.\n$/);

    // Assigning again is refused as before and tells nobody twice.
    const again = await call(ctx.app, {
      method: 'POST',
      url: `/api/studentCourse/AssignCoursetoStudent?user_id=${student.userId}&course_id=${course.id}`,
      token: publisher.token,
    });
    expect(again.statusCode).toBe(409);
    expect(await notificationsOf(student.userId)).toHaveLength(1);
    // An existing student of the organisation is not a new one.
    expect((await notificationsOf(publisher.userId)).filter((n) => n.kind === 'new_student')).toHaveLength(0);
  });

  test('a student who turned e-mails off is told in the app only', async () => {
    const publisher = await createPublisher(ctx);
    const { course } = await courseWithSection(publisher);
    const student = await createStudent(ctx);
    await db().update(users).set({ emailNotifications: false }).where(eq(users.id, student.userId));
    const other = await courseWithSection(publisher);
    await enrol(student.userId, other.course.id);
    const res = await call(ctx.app, {
      method: 'POST',
      url: `/api/studentCourse/AssignCoursetoStudent?user_id=${student.userId}&course_id=${course.id}`,
      token: publisher.token,
    });
    expect(res.statusCode).toBe(201);
    expect(await notificationsOf(student.userId)).toHaveLength(1);
    expect(await mailTo(student.email)).toEqual([]);
  });
});

describe('new_student: registerStudent', () => {
  test('every publisher of the organisation is told; the student sees its enrolment, mailed once (the welcome)', async () => {
    const publisher = await createPublisher(ctx);
    const { course } = await courseWithSection(publisher, { title: 'Welcome Course' });
    const email = uniqueEmail('added');
    const res = await post('/api/studentCourse/registerStudent', publisher.token, {
      name: 'Ada Added',
      email,
      password: 'a good password',
      enroll: true,
      course_Id: course.id,
    });
    expect(res.statusCode, res.body).toBe(201);
    const { user_id } = res.json();
    const [notice] = (await notificationsOf(publisher.userId)).filter((n) => n.kind === 'new_student');
    expect(notice).toMatchObject({
      title: 'New student: Ada Added',
      body: `Ada Added (${email}) was added to your students.`,
      link: '/admin/myStudents',
    });
    expect((await mailTo(publisher.email)).map((m) => m.subject)).toContain('New student: Ada Added');
    expect((await notificationsOf(user_id)).map((n) => n.kind)).toEqual(['enrolled']);
    // The welcome message goes directly, as before; the enrolment adds no queued e-mail.
    expect(await mailTo(email)).toEqual([]);
    const welcome = ctx.mailer.sent.filter((m) => m.to === email);
    expect(welcome).toHaveLength(1);
    // It names the school: in the subject, the text and (as `school`) the sender and the HTML brand.
    expect(welcome[0]).toMatchObject({
      subject: 'Test School added you to "Welcome Course"',
      school: 'Test School',
    });
    expect(welcome[0]?.text).toContain(
      'Test School added you as a student on Skillwise, enrolled in "Welcome Course".',
    );
    // The publisher's notice is signed with the school's name and queued in its name.
    const [queued] = await mailTo(publisher.email);
    expect(queued?.text).toContain('\n\nTest School on Skillwise\n');
    expect(queued?.orgId).toBe(publisher.orgId);
  });
});

/** Buying through the sandbox, as payments.test.ts does. */
async function buy(student: TestUser, courseId: number, price: number, card = '4242 4242 4242 4242') {
  const created = await post('/api/courses/CreateOrder', student.token, {
    price,
    email_address: 'ignored@example.com',
    user_id: student.userId,
    course_id: courseId,
  });
  expect(created.statusCode, created.body).toBe(201);
  const order = created.json();
  if (order.status === 'COMPLETED') return { order, captures: [] };
  await post(`/api/sandbox/orders/${order.id}/approve`, student.token, {
    cardNumber: card,
    expiry: '12/39',
    cvc: '123',
    name: 'Card Holder',
  });
  const captures = await Promise.all(
    Array.from({ length: 4 }, () =>
      post('/api/courses/CaptureOrder', student.token, {
        orderId: order.id,
        course_Id: courseId,
        price,
        user_id: student.userId,
      }),
    ),
  );
  return { order, captures };
}

describe('purchased, sale and new_student: a course bought', () => {
  test('amounts read as the screens show them, with thousands separators ($1,910.40)', async () => {
    const publisher = await createPublisher(ctx);
    const { course, section } = await courseWithSection(publisher, {
      title: 'Ocean Master',
      priceCents: 191040,
    });
    await addLesson(section.id, 'Tides', true);
    const student = await createStudent(ctx, 'Rich Buyer');
    const { captures } = await buy(student, course.id, 1910.4);
    expect(captures[0]?.statusCode, captures[0]?.body).toBe(200);
    const [receipt] = await mailTo(student.email);
    expect(receipt?.text).toContain('Amount: $1,910.40 USD');
    expect(receipt?.orgId).toBe(publisher.orgId);
    const [sale] = await mailTo(publisher.email).then((mails) =>
      mails.filter((m) => m.subject.startsWith('New sale')),
    );
    expect(sale?.text).toContain('bought it for $1,910.40 USD.');
    // A price that changed in the meantime is refused with both amounts written the same way.
    const other = await createStudent(ctx);
    const stale = await post('/api/courses/CreateOrder', other.token, {
      price: 1000,
      email_address: 'ignored@example.com',
      user_id: other.userId,
      course_id: course.id,
    });
    expect(stale.json().message).toContain('$1,910.40, not $1,000.00');
  });

  test('concurrent captures: one receipt, one sale and one new student, whatever the e-mail switch', async () => {
    const publisher = await createPublisher(ctx);
    const { course, section } = await courseWithSection(publisher, {
      title: 'Sextant Basics',
      priceCents: 4999,
    });
    await addLesson(section.id, 'Stars', true);
    const student = await createStudent(ctx, 'Bea Buyer');
    await db().update(users).set({ emailNotifications: false }).where(eq(users.id, student.userId));

    const { order, captures } = await buy(student, course.id, 49.99);
    for (const capture of captures) expect(capture.statusCode, capture.body).toBe(200);
    // A retry later changes nothing either.
    const retried = await post('/api/courses/CaptureOrder', student.token, {
      orderId: order.id,
      course_Id: course.id,
      user_id: student.userId,
    });
    expect(retried.statusCode).toBe(200);

    const mine = await notificationsOf(student.userId);
    expect(mine).toHaveLength(1);
    expect(mine[0]).toMatchObject({
      kind: 'purchased',
      title: 'Receipt for "Sextant Basics"',
      link: `/students/takeCourse?id=${course.id}`,
    });
    expect(mine[0]?.body).toMatch(/^\$49\.99 USD paid to Test School, order \d+, .+ UTC\.$/);
    const receipts = await mailTo(student.email);
    expect(receipts).toHaveLength(1);
    const receipt = receipts[0]?.text ?? '';
    expect(receipts[0]?.subject).toBe('Receipt for "Sextant Basics"');
    expect(receipt).toContain('Hello Bea Buyer,');
    expect(receipt).toContain('Course: Sextant Basics');
    expect(receipt).toContain('Amount: $49.99 USD');
    expect(receipt).toMatch(/^Order number: \d+$/m);
    expect(receipt).toContain(`Payment reference: ${order.id}`);
    expect(receipt).toMatch(/^Date: [A-Z][a-z]{2} \d{1,2}, \d{4}, .+ UTC$/m);
    expect(receipt).toContain('Sold by: Test School');
    expect(receipt).not.toContain(UNSUBSCRIBE_LINE);

    const publisherSees = await notificationsOf(publisher.userId);
    expect(publisherSees.map((n) => n.kind).sort()).toEqual(['new_student', 'sale']);
    expect(publisherSees.find((n) => n.kind === 'sale')).toMatchObject({
      title: 'New sale: "Sextant Basics"',
      body: expect.stringContaining(`Bea Buyer (${student.email}) bought it for $49.99 USD.`),
      link: '/admin?section=users',
    });
    expect(publisherSees.find((n) => n.kind === 'new_student')?.body).toBe(
      `Bea Buyer (${student.email}) joined with "Sextant Basics".`,
    );
    expect((await mailTo(publisher.email)).map((m) => m.subject).sort()).toEqual([
      'New sale: "Sextant Basics"',
      'New student: Bea Buyer',
    ]);

    // A second course from the same school: a sale, but the student is no longer new.
    const second = await courseWithSection(publisher, { title: 'Sextant Advanced', priceCents: 1000 });
    await addLesson(second.section.id, 'Noon sight', true);
    await buy(student, second.course.id, 10);
    const after = await notificationsOf(publisher.userId);
    expect(after.filter((n) => n.kind === 'sale')).toHaveLength(2);
    expect(after.filter((n) => n.kind === 'new_student')).toHaveLength(1);
  });

  test('a declined card: no notification, no receipt', async () => {
    const publisher = await createPublisher(ctx);
    const { course, section } = await courseWithSection(publisher, { priceCents: 1500 });
    await addLesson(section.id, 'Stars', true);
    const student = await createStudent(ctx);
    const { captures } = await buy(student, course.id, 15, '4000 0000 0000 0002');
    expect(captures.every((c) => c.statusCode !== 200)).toBe(true);
    expect(await notificationsOf(student.userId)).toEqual([]);
    expect(await mailTo(student.email)).toEqual([]);
    expect(await notificationsOf(publisher.userId)).toEqual([]);
  });

  test('a free course through checkout: a receipt of nothing, a new student, no sale', async () => {
    const publisher = await createPublisher(ctx);
    const { course, section } = await courseWithSection(publisher, { title: 'Free Knots', priceCents: 0 });
    await addLesson(section.id, 'Bowline', true);
    const student = await createStudent(ctx);
    const { order } = await buy(student, course.id, 0);
    expect(order.status).toBe('COMPLETED');
    const [notice] = await notificationsOf(student.userId);
    expect(notice?.kind).toBe('purchased');
    expect(notice?.body).toMatch(/^Free from Test School, order \d+, /);
    const [receipt] = await mailTo(student.email);
    expect(receipt?.text).toContain('Amount: Free ($0.00 USD)');
    expect(receipt?.text).toContain(`Payment reference: ${order.id}`);
    expect((await notificationsOf(publisher.userId)).map((n) => n.kind)).toEqual(['new_student']);
  });
});

describe('lesson_published', () => {
  test('publishing a lesson tells every enrolled student once, however often it is republished', async () => {
    const publisher = await createPublisher(ctx);
    const { course, section } = await courseWithSection(publisher, { title: 'Harbour Sounds' });
    const lesson = await addLesson(section.id, 'Foghorns');
    const [a, b] = [await createStudent(ctx, 'Ann'), await createStudent(ctx, 'Ben')] as [TestUser, TestUser];
    const outsider = await createStudent(ctx);
    await enrol(a.userId, course.id);
    await enrol(b.userId, course.id);
    await db().update(users).set({ emailNotifications: false }).where(eq(users.id, b.userId));

    for (const published of [true, false, true]) {
      const res = await put('/api/lessons/publishUnpublishLesson', publisher.token, {
        Id: lesson.id,
        published,
      });
      expect(res.statusCode, res.body).toBe(200);
      expect(res.json()).toMatchObject({ lesson_Id: lesson.id, published });
    }
    for (const student of [a, b]) {
      const rows = await notificationsOf(student.userId);
      expect(rows).toHaveLength(1);
      expect(rows[0]).toMatchObject({
        kind: 'lesson_published',
        title: 'New lesson in "Harbour Sounds"',
        body: '"Foghorns" is ready to study.',
        link: `/students/takeCourse?id=${course.id}`,
        dedupeKey: `lesson:${lesson.id}`,
      });
    }
    expect(await mailTo(a.email)).toHaveLength(1);
    expect(await mailTo(b.email)).toEqual([]);
    expect(await notificationsOf(outsider.userId)).toEqual([]);
  });

  test('a lesson of a hidden section or an unpublished course tells nobody until students can see it', async () => {
    const publisher = await createPublisher(ctx);
    const { course, section } = await courseWithSection(publisher);
    const student = await createStudent(ctx);
    await enrol(student.userId, course.id);
    await put('/api/courseSections/publishUnpublishSection', publisher.token, {
      Id: section.id,
      published: false,
    });
    const first = await addLesson(section.id, 'First');
    const second = await addLesson(section.id, 'Second');
    const hidden = await addLesson(section.id, 'Still a draft');
    for (const lesson of [first, second]) {
      await put('/api/lessons/publishUnpublishLesson', publisher.token, { Id: lesson.id, published: true });
    }
    expect(await notificationsOf(student.userId)).toEqual([]);

    // Publishing the section makes both published lessons visible: two notifications, one e-mail.
    const res = await put('/api/courseSections/publishUnpublishSection', publisher.token, {
      Id: section.id,
      published: true,
    });
    expect(res.statusCode, res.body).toBe(200);
    const rows = await notificationsOf(student.userId);
    expect(rows.map((n) => n.body).sort()).toEqual([
      '"First" is ready to study.',
      '"Second" is ready to study.',
    ]);
    expect(rows.some((n) => n.dedupeKey === `lesson:${hidden.id}`)).toBe(false);
    const mails = await mailTo(student.email);
    expect(mails).toHaveLength(1);
    expect(mails[0]?.subject).toBe('2 new lessons in your courses');
    expect(mails[0]?.text).toContain('"First" is ready to study.');
    expect(mails[0]?.text).toContain('"Second" is ready to study.');

    // UpdateCourseSections with published: true does the same for a lesson published meanwhile.
    await put('/api/courseSections/publishUnpublishSection', publisher.token, {
      Id: section.id,
      published: false,
    });
    await put('/api/lessons/publishUnpublishLesson', publisher.token, { Id: hidden.id, published: true });
    const updated = await put('/api/courseSections/UpdateCourseSections', publisher.token, {
      section_Id: section.id,
      section_name: 'Basics',
      published: true,
    });
    expect(updated.statusCode, updated.body).toBe(200);
    expect(await notificationsOf(student.userId)).toHaveLength(3);

    // An unpublished course's lessons tell nobody.
    const draft = await createCourse(ctx, publisher.orgId ?? 0, { published: false });
    const [draftSection] = await db()
      .insert(sections)
      .values({ courseId: draft.id, name: 'S', published: true, orderNumber: 1 })
      .returning();
    await enrol(student.userId, draft.id);
    const draftLesson = await addLesson(draftSection?.id ?? 0, 'Draft lesson');
    await put('/api/lessons/publishUnpublishLesson', publisher.token, {
      Id: draftLesson.id,
      published: true,
    });
    expect(await notificationsOf(student.userId)).toHaveLength(3);

    // Publishing that course tells its enrolled student of the lesson now visible, once, whatever
    // is unpublished and published again; another organisation's publisher can do neither.
    const publish = (token: string, published: boolean) =>
      put('/api/courses/publishUnpublishCourse', token, { Id: draft.id, published });
    const intruder = await createPublisher(ctx);
    expect((await publish(intruder.token, true)).statusCode).toBe(404);
    expect(await notificationsOf(student.userId)).toHaveLength(3);
    const published = await publish(publisher.token, true);
    expect(published.statusCode, published.body).toBe(200);
    const told = await notificationsOf(student.userId);
    expect(told).toHaveLength(4);
    expect(told[3]).toMatchObject({
      kind: 'lesson_published',
      body: '"Draft lesson" is ready to study.',
      link: `/students/takeCourse?id=${draft.id}`,
    });
    expect(await mailTo(student.email)).toHaveLength(3);
    expect((await publish(publisher.token, false)).statusCode).toBe(200);
    expect((await publish(publisher.token, true)).statusCode).toBe(200);
    expect(await notificationsOf(student.userId)).toHaveLength(4);
  });

  test('another organisation cannot publish the lesson, and nobody is told', async () => {
    const publisher = await createPublisher(ctx);
    const intruder = await createPublisher(ctx);
    const { course, section } = await courseWithSection(publisher);
    const lesson = await addLesson(section.id, 'Mine');
    const student = await createStudent(ctx);
    await enrol(student.userId, course.id);
    const res = await put('/api/lessons/publishUnpublishLesson', intruder.token, {
      Id: lesson.id,
      published: true,
    });
    expect(res.statusCode).toBe(404);
    expect(await notificationsOf(student.userId)).toEqual([]);
  });

  test('10,000 enrolled students are one statement: every one is told and mailed', async () => {
    const publisher = await createPublisher(ctx);
    const { course, section } = await courseWithSection(publisher, { title: 'Big Course' });
    const lesson = await addLesson(section.id, 'For everyone', true);
    const prefix = `fanout-${Date.now()}`;
    // Students and enrolments inserted in bulk (this test is about the fan-out, not sign-up).
    await db().execute(sql`
      with made as (
        insert into ${users} (email, password_hash, full_name, role_id, verified, is_active)
        select ${prefix} || '-' || g || '@example.com', 'x', 'Student ' || g, 3, true, true
        from generate_series(1, 10000) g
        returning id)
      insert into ${enrolments} (user_id, course_id, source) select id, ${course.id}, 'assigned' from made`);

    let statements = 0;
    const counting = {
      execute: (query: Parameters<Db['execute']>[0]) => {
        statements += 1;
        return db().execute(query);
      },
    } as unknown as Db;
    const result = await service.lessonsPublished({ lessonIds: [lesson.id] }, counting);
    expect(statements).toBe(1);
    expect(result).toEqual({ notified: 10_000, mailed: 10_000 });

    const [counts] = rowsOf<{ n: number; m: number }>(
      await db().execute(sql`
        select (select count(*) from ${notifications} where dedupe_key = ${`lesson:${lesson.id}`})::int as n,
               (select count(*) from ${outgoingMail} where "to" like ${`${prefix}-%`})::int as m`),
    );
    expect(counts).toEqual({ n: 10_000, m: 10_000 });
    // Each student's e-mail names its own account, for its own unsubscribe link.
    const [one] = await mailTo(`${prefix}-77@example.com`);
    const [student77] = await db()
      .select()
      .from(users)
      .where(eq(users.email, `${prefix}-77@example.com`));
    expect(one?.unsubscribeUserId).toBe(student77?.id);
    // Again: nobody twice.
    expect(await service.lessonsPublished({ lessonIds: [lesson.id] })).toEqual({ notified: 0, mailed: 0 });
  });
});

describe('certificate_issued', () => {
  test('certificateIssued records it once per certificate, in the caller’s transaction', async () => {
    const student = await createStudent(ctx, 'Cleo Cert');
    await expect(
      db().transaction(async (tx) => {
        await service.certificateIssued(
          { userId: student.userId, number: 'SW-ROLLED', courseTitle: 'Knots' },
          tx,
        );
        throw new Error('issuing failed');
      }),
    ).rejects.toThrow('issuing failed');
    expect(await notificationsOf(student.userId)).toEqual([]);

    const event = { userId: student.userId, number: 'SW-1234-ABCD', courseTitle: 'Knots at Sea' };
    await db().transaction(async (tx) => {
      await service.certificateIssued(event, tx);
    });
    await service.certificateIssued(event);
    const rows = await notificationsOf(student.userId);
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({
      kind: 'certificate_issued',
      title: 'Your certificate for "Knots at Sea"',
      body: 'Congratulations on completing the course. Your certificate number is SW-1234-ABCD.',
      link: '/students/certificates',
    });
    const mails = await mailTo(student.email);
    expect(mails).toHaveLength(1);
    expect(mails[0]?.unsubscribeUserId).toBe(student.userId);
  });
});

describe('unsubscribe tokens', () => {
  test('a queued message holds no link and no signature: only the account its link will be for', async () => {
    const student = await createStudent(ctx);
    await service.certificateIssued({
      userId: student.userId,
      number: `T-${student.userId}`,
      courseTitle: 'X',
    });
    const [mail] = await mailTo(student.email);
    expect(mail?.unsubscribeUserId).toBe(student.userId);
    expect(mail?.text).not.toContain(UNSUBSCRIBE_LINE);
    expect(mail?.text).not.toContain('token=');
  });

  test('the queued rows name only the recipients of the event', async () => {
    const publisher = await createPublisher(ctx);
    const student = await createStudent(ctx);
    await service.enrolled({
      userId: student.userId,
      courseId: (await courseWithSection(publisher)).course.id,
    });
    const rows = await db()
      .select()
      .from(outgoingMail)
      .where(inArray(outgoingMail.to, [student.email, publisher.email]));
    expect(rows.map((r) => r.to)).toEqual([student.email]);
    expect(
      await db()
        .select()
        .from(notifications)
        .where(and(eq(notifications.userId, publisher.userId))),
    ).toEqual([]);
  });
});
