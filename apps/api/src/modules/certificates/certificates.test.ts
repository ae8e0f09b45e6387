import {
  CERTIFICATE_NUMBER_PATTERN,
  certificateVerificationSchema,
  courseCertificateSchema,
  myCertificateSchema,
  savedLessonProgressSchema,
} from '@skillwise/contracts';
import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { createCourse, createPublisher, createStudent, type TestUser } from '../../../test/factories';
import { call, createTestContext, type TestContext } from '../../../test/helpers';
import { readPdf } from '../../../test/pdf-text';
import { recordWatched } from '../../../test/player';
import {
  certificates,
  courses,
  enrolments,
  lessons,
  notifications,
  outgoingMail,
  sections,
} from '../../db/schema';
import { certificateDateText } from './certificate-pdf';
import { newCertificateNumber } from './certificates.service';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestContext({ PUBLIC_URL: 'https://learn.example.com' });
});
afterAll(async () => ctx.close());

/** A published course giving a certificate (unless told otherwise): a video, then a PDF lesson. */
async function certificateCourse(
  publisher: TestUser,
  options: { certificate?: boolean; title?: string } = {},
) {
  const course = await createCourse(ctx, publisher.orgId ?? 0, { title: options.title ?? 'Knots at Sea' });
  const { db } = ctx.database;
  await db
    .update(courses)
    .set({ certificate: options.certificate ?? true })
    .where(eq(courses.id, course.id));
  const [section] = await db
    .insert(sections)
    .values({ courseId: course.id, name: 'One', published: true, orderNumber: 1 })
    .returning();
  const [video, pdf] = await db
    .insert(lessons)
    .values([
      { sectionId: section?.id ?? 0, title: 'Video', contentType: 'video', published: true, orderNumber: 1 },
      { sectionId: section?.id ?? 0, title: 'Notes', contentType: 'pdf', published: true, orderNumber: 2 },
    ])
    .returning();
  if (!video || !pdf) throw new Error('no lessons');
  return { course, video, pdf };
}

async function enrolledStudent(courseId: number, name = 'Zoë Ñúñez-Łukasiewicz') {
  const student = await createStudent(ctx, name);
  await ctx.database.db.insert(enrolments).values({ userId: student.userId, courseId, source: 'assigned' });
  return student;
}

const save = (token: string, body: object) =>
  call(ctx.app, { method: 'POST', url: '/api/studentCourse/SaveLessonProgress', token, body });

const get = (url: string, token?: string) =>
  call(ctx.app, { method: 'GET', url: `/api/certificates/${url}`, ...(token ? { token } : {}) });

const rowsFor = (courseId: number) =>
  ctx.database.db.select().from(certificates).where(eq(certificates.courseId, courseId));

/** Completes both lessons (the video watched, the PDF marked done): the answer of the last save. */
async function complete(student: TestUser, lessonsOf: { video: { id: number }; pdf: { id: number } }) {
  await recordWatched(ctx, student.userId, lessonsOf.video.id);
  const res = await save(student.token, { lesson_Id: lessonsOf.pdf.id, completed: true });
  expect(res.statusCode, res.body).toBe(200);
  return savedLessonProgressSchema.parse(res.json());
}

describe('issuing on completion', () => {
  test('the save completing the course issues one certificate, which the student lists, downloads and anyone verifies', async () => {
    const publisher = await createPublisher(ctx);
    const { course, video, pdf } = await certificateCourse(publisher);
    const student = await enrolledStudent(course.id);

    // Half the video seen: nothing complete, nothing issued.
    const halfway = await save(student.token, {
      lesson_Id: video.id,
      positionSeconds: 40,
      durationSeconds: 100,
    });
    expect(halfway.json().certificate).toBeUndefined();
    expect(await rowsFor(course.id)).toEqual([]);

    // The video watched, then the PDF marked done completes the course: this answer carries the certificate.
    await recordWatched(ctx, student.userId, video.id);
    const last = await save(student.token, { lesson_Id: pdf.id, completed: true });
    const saved = savedLessonProgressSchema.parse(last.json());
    expect(saved.completed).toBe(true);
    const number = saved.certificate?.number ?? '';
    expect(number).toMatch(CERTIFICATE_NUMBER_PATTERN);
    expect(saved.certificate?.verification_url).toBe(`https://learn.example.com/certificates/${number}`);

    const [row] = await rowsFor(course.id);
    expect(row).toMatchObject({
      number,
      userId: student.userId,
      studentName: 'Zoë Ñúñez-Łukasiewicz',
      courseTitle: 'Knots at Sea',
      orgName: 'Test School',
      authorName: 'Ada Lovelace',
      revokedAt: null,
    });

    // Saving again (a retry, the player at the end of the video) issues nothing more.
    const again = await save(student.token, { lesson_Id: pdf.id, completed: true });
    expect(again.json().certificate).toBeUndefined();
    const end = await save(student.token, {
      lesson_Id: video.id,
      positionSeconds: 100,
      durationSeconds: 100,
    });
    expect(end.json().certificate).toBeUndefined();
    expect(await rowsFor(course.id)).toHaveLength(1);

    const mine = await get('GetMyCertificates', student.token);
    expect(mine.statusCode).toBe(200);
    expect(mine.headers['x-total-count']).toBe('1');
    expect(mine.json().map((c: unknown) => myCertificateSchema.parse(c))).toEqual([
      {
        number,
        course_Id: course.id,
        course_title: 'Knots at Sea',
        org_name: 'Test School',
        author_name: 'Ada Lovelace',
        student_name: 'Zoë Ñúñez-Łukasiewicz',
        issued_date: row?.issuedAt.toISOString(),
        verification_url: `https://learn.example.com/certificates/${number}`,
      },
    ]);

    // Public: no token needed; a number typed in lower case finds it too.
    const verified = await get(`Verify/${number.toLowerCase()}`);
    expect(verified.statusCode, verified.body).toBe(200);
    expect(certificateVerificationSchema.parse(verified.json())).toEqual({
      number,
      status: 'valid',
      student_name: 'Zoë Ñúñez-Łukasiewicz',
      course_title: 'Knots at Sea',
      org_name: 'Test School',
      author_name: 'Ada Lovelace',
      issued_date: row?.issuedAt.toISOString(),
      revoked_date: null,
    });

    const file = await get(`Download/${number}`, student.token);
    expect(file.statusCode).toBe(200);
    expect(file.headers['content-type']).toBe('application/pdf');
    expect(file.headers['content-disposition']).toBe(`attachment; filename="certificate-${number}.pdf"`);
    expect(file.headers['cache-control']).toContain('no-store');
    const pdfFile = await readPdf(file.rawPayload);
    expect(pdfFile.pages).toBe(1);
    // Landscape A4.
    expect(Math.round(pdfFile.width)).toBe(842);
    expect(Math.round(pdfFile.height)).toBe(595);
    const lines = pdfFile.text.split('\n');
    expect(lines).toContain('Certificate of Completion');
    expect(lines).toContain('Zoë Ñúñez-Łukasiewicz');
    expect(lines).toContain('Knots at Sea');
    expect(lines).toContain('Test School');
    expect(lines).toContain('Ada Lovelace');
    expect(lines).toContain(certificateDateText(row?.issuedAt ?? new Date()));
    expect(lines).toContain(`Certificate number ${number}`);
    expect(pdfFile.text).toContain(`https://learn.example.com/certificates/${number}`);
    expect(pdfFile.fonts.length).toBeGreaterThanOrEqual(2);
    expect(pdfFile.fonts.every((font) => font.embedded)).toBe(true);
  });

  test('marking the last lesson done issues it as well; undoing and redoing keeps the one certificate', async () => {
    const publisher = await createPublisher(ctx);
    const { course, video, pdf } = await certificateCourse(publisher);
    const student = await enrolledStudent(course.id, 'Sam Student');
    const saved = await complete(student, { video, pdf });
    expect(saved.certificate?.number).toMatch(CERTIFICATE_NUMBER_PATTERN);

    await save(student.token, { lesson_Id: pdf.id, completed: false });
    const redone = await save(student.token, { lesson_Id: pdf.id, completed: true });
    expect(redone.json().certificate).toBeUndefined();
    const rows = await rowsFor(course.id);
    expect(rows.map((r) => r.number)).toEqual([saved.certificate?.number]);
    // The student is told once, in My Notification and by a queued e-mail naming the number.
    const told = await ctx.database.db
      .select()
      .from(notifications)
      .where(and(eq(notifications.userId, student.userId), eq(notifications.kind, 'certificate_issued')));
    expect(told).toHaveLength(1);
    expect(told[0]?.body).toContain(saved.certificate?.number);
    const mails = await ctx.database.db.select().from(outgoingMail).where(eq(outgoingMail.to, student.email));
    expect(mails.filter((m) => m.text.includes(saved.certificate?.number ?? '?'))).toHaveLength(1);
  });

  test('a course whose certificate flag is no issues nothing', async () => {
    const publisher = await createPublisher(ctx);
    const { course, video, pdf } = await certificateCourse(publisher, { certificate: false });
    const student = await enrolledStudent(course.id);
    const saved = await complete(student, { video, pdf });
    expect(saved.certificate).toBeUndefined();
    expect(await rowsFor(course.id)).toEqual([]);
    expect((await get('GetMyCertificates', student.token)).json()).toEqual([]);
  });

  test('concurrent saves completing the course issue exactly one certificate', async () => {
    const publisher = await createPublisher(ctx);
    const { course, video, pdf } = await certificateCourse(publisher);
    const student = await enrolledStudent(course.id);
    await recordWatched(ctx, student.userId, video.id);
    const answers = await Promise.all(
      Array.from({ length: 6 }, (_, i) =>
        i % 2 === 0
          ? save(student.token, { lesson_Id: pdf.id, completed: true })
          : save(student.token, { lesson_Id: video.id, positionSeconds: 99, durationSeconds: 100 }),
      ),
    );
    expect(answers.map((a) => a.statusCode)).toEqual([200, 200, 200, 200, 200, 200]);
    const issued = answers.map((a) => a.json().certificate).filter(Boolean);
    expect(issued).toHaveLength(1);
    const rows = await rowsFor(course.id);
    expect(rows).toHaveLength(1);
    expect(rows[0]?.number).toBe(issued[0].number);
  });

  test('the publisher previewing the course issues nothing for itself', async () => {
    const publisher = await createPublisher(ctx);
    const { course, video, pdf } = await certificateCourse(publisher);
    await save(publisher.token, { lesson_Id: video.id, positionSeconds: 100, durationSeconds: 100 });
    const res = await save(publisher.token, { lesson_Id: pdf.id, completed: true });
    expect(res.json().certificate).toBeUndefined();
    expect(await rowsFor(course.id)).toEqual([]);
  });
});

describe('what becomes of an issued certificate', () => {
  test('unpublishing or renaming the course leaves the certificate valid and as it was', async () => {
    const publisher = await createPublisher(ctx);
    const { course, video, pdf } = await certificateCourse(publisher);
    const student = await enrolledStudent(course.id);
    const number = (await complete(student, { video, pdf })).certificate?.number ?? '';

    const unpublish = await call(ctx.app, {
      method: 'PUT',
      url: '/api/courses/publishUnpublishCourse',
      token: publisher.token,
      body: { Id: course.id, published: false },
    });
    expect(unpublish.statusCode, unpublish.body).toBe(200);
    await ctx.database.db.update(courses).set({ title: 'Renamed' }).where(eq(courses.id, course.id));

    const verified = certificateVerificationSchema.parse((await get(`Verify/${number}`)).json());
    expect(verified).toMatchObject({ status: 'valid', course_title: 'Knots at Sea', revoked_date: null });
    expect((await get('GetMyCertificates', student.token)).json()).toHaveLength(1);
    const file = await get(`Download/${number}`, student.token);
    expect(file.statusCode).toBe(200);
    expect((await readPdf(file.rawPayload)).text.split('\n')).toContain('Knots at Sea');
  });

  test('deleting the student revokes it: the number answers revoked, without the name', async () => {
    const publisher = await createPublisher(ctx);
    const { course, video, pdf } = await certificateCourse(publisher);
    const student = await enrolledStudent(course.id, 'Gone Student');
    const staying = await enrolledStudent(course.id, 'Staying Student');
    const number = (await complete(student, { video, pdf })).certificate?.number ?? '';
    await complete(staying, { video, pdf });

    await ctx.database.db.execute(sql`delete from users where id = ${student.userId}`);

    const res = await get(`Verify/${number}`);
    expect(res.statusCode).toBe(200);
    const verified = certificateVerificationSchema.parse(res.json());
    expect(verified).toMatchObject({
      number,
      status: 'revoked',
      student_name: null,
      course_title: 'Knots at Sea',
    });
    expect(verified.revoked_date).not.toBeNull();
    expect(res.body).not.toContain('Gone Student');
    const [row] = await ctx.database.db.select().from(certificates).where(eq(certificates.number, number));
    expect(row).toMatchObject({ userId: null, studentName: '' });
    expect(row?.revokedAt).toBeInstanceOf(Date);

    // The publisher's list keeps only who still holds one; the deleted account's session is gone.
    const earners = (await get(`GetCourseCertificates/${course.id}`, publisher.token)).json();
    expect(earners.map((e: { student_name: string }) => e.student_name)).toEqual(['Staying Student']);
    expect((await get(`Download/${number}`, student.token)).statusCode).toBe(401);
  });
});

describe('who may read what', () => {
  test('no token: a 401 for every call but Verify', async () => {
    const number = newCertificateNumber();
    expect((await get('GetMyCertificates')).statusCode).toBe(401);
    expect((await get(`Download/${number}`)).statusCode).toBe(401);
    expect((await get('GetCourseCertificates/1')).statusCode).toBe(401);
    const unknown = await get(`Verify/${number}`);
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json()).toMatchObject({ code: 'NOT_FOUND', message: 'Certificate not found.' });
  });

  test('another student, and the publisher, cannot download it (404); nor list it', async () => {
    const publisher = await createPublisher(ctx);
    const { course, video, pdf } = await certificateCourse(publisher);
    const student = await enrolledStudent(course.id);
    const classmate = await enrolledStudent(course.id, 'Class Mate');
    const number = (await complete(student, { video, pdf })).certificate?.number ?? '';

    for (const token of [classmate.token, publisher.token]) {
      const res = await get(`Download/${number}`, token);
      expect(res.statusCode).toBe(404);
      expect(res.headers['content-type']).toContain('application/json');
      expect(res.json()).toMatchObject({ code: 'NOT_FOUND', message: 'Certificate not found.' });
    }
    expect((await get('GetMyCertificates', classmate.token)).json()).toEqual([]);
    expect((await get('GetMyCertificates', publisher.token)).json()).toEqual([]);
  });

  test('the course’s publisher lists who earned one, paged and searched; others cannot', async () => {
    const publisher = await createPublisher(ctx);
    const other = await createPublisher(ctx);
    const { course, video, pdf } = await certificateCourse(publisher);
    const names = ['Ann Archer', 'Ben Baker', 'Cleo Carter'];
    const earners: TestUser[] = [];
    for (const name of names) {
      const student = await enrolledStudent(course.id, name);
      await complete(student, { video, pdf });
      earners.push(student);
    }

    const all = await get(`GetCourseCertificates/${course.id}`, publisher.token);
    expect(all.statusCode).toBe(200);
    expect(all.headers['x-total-count']).toBe('3');
    const rows = all.json().map((r: unknown) => courseCertificateSchema.parse(r));
    // Newest first.
    expect(rows.map((r: { student_name: string }) => r.student_name)).toEqual([...names].reverse());
    const [newest] = rows;
    expect(newest).toMatchObject({ user_Id: earners[2]?.userId, email: earners[2]?.email });
    expect(newest.number).toMatch(CERTIFICATE_NUMBER_PATTERN);
    expect(newest.verification_url).toBe(`https://learn.example.com/certificates/${newest.number}`);

    const page2 = await get(`GetCourseCertificates/${course.id}?page=2&pageSize=2`, publisher.token);
    expect(page2.headers['x-total-count']).toBe('3');
    expect(page2.json().map((r: { student_name: string }) => r.student_name)).toEqual(['Ann Archer']);
    const searched = await get(`GetCourseCertificates/${course.id}?search=baker`, publisher.token);
    expect(searched.headers['x-total-count']).toBe('1');
    expect(searched.json()[0].student_name).toBe('Ben Baker');
    const byEmail = await get(
      `GetCourseCertificates/${course.id}?search=${encodeURIComponent(earners[0]?.email ?? '')}`,
      publisher.token,
    );
    expect(byEmail.json().map((r: { student_name: string }) => r.student_name)).toEqual(['Ann Archer']);

    expect((await get(`GetCourseCertificates/${course.id}`, other.token)).statusCode).toBe(404);
    expect((await get(`GetCourseCertificates/${course.id}`, earners[0]?.token)).statusCode).toBe(403);
    expect((await get('GetCourseCertificates/2000000000', publisher.token)).statusCode).toBe(404);

    const mine = await get('GetMyCertificates?page=1&pageSize=1&search=knots', earners[0]?.token);
    expect(mine.headers['x-total-count']).toBe('1');
    const ofCourse = await get(`GetMyCertificates?course_Id=${course.id}`, earners[0]?.token);
    expect(ofCourse.json()).toHaveLength(1);
    expect((await get('GetMyCertificates?course_Id=2000000000', earners[0]?.token)).json()).toEqual([]);
    expect((await get('GetMyCertificates?search=nothing-like-it', earners[0]?.token)).json()).toEqual([]);
  });
});

describe('bad input', () => {
  test('a 400 naming the field', async () => {
    const student = await createStudent(ctx);
    const publisher = await createPublisher(ctx);
    const cases: Array<[string, string | undefined, string]> = [
      ['Verify/abc', undefined, 'number'],
      ['Verify/SW-AAAA-AAAA-AAAA-AAA1', undefined, 'number'],
      [`Verify/${'A'.repeat(70)}`, undefined, 'number'],
      ['Download/SW-AAAA', student.token, 'number'],
      ['GetCourseCertificates/abc', publisher.token, 'id'],
      ['GetCourseCertificates/0', publisher.token, 'id'],
      ['GetCourseCertificates/1?pageSize=0', publisher.token, 'pageSize'],
      ['GetMyCertificates?page=0', student.token, 'page'],
      ['GetMyCertificates?pageSize=101', student.token, 'pageSize'],
      [`GetMyCertificates?search=${'x'.repeat(101)}`, student.token, 'search'],
      ['GetMyCertificates?course_Id=abc', student.token, 'course_Id'],
    ];
    for (const [url, token, field] of cases) {
      const res = await get(url, token);
      expect(res.statusCode, url).toBe(400);
      expect(
        res.json().details.map((d: { field: string }) => d.field),
        url,
      ).toContain(field);
    }
  });
});

describe('certificate numbers', () => {
  test('readable, in the pattern, and never the same twice', () => {
    const numbers = new Set(Array.from({ length: 2000 }, () => newCertificateNumber()));
    expect(numbers.size).toBe(2000);
    for (const number of numbers) expect(number).toMatch(CERTIFICATE_NUMBER_PATTERN);
  });
});
