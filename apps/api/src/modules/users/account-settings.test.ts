import {
  MSG,
  myPasswordCodeResponseSchema,
  myProfileSchema,
  PASSWORD_CHANGED_MESSAGE,
  WRONG_CURRENT_PASSWORD_MESSAGE,
} from '@skillwise/contracts';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { createCourse, createPublisher, createStudent, type TestUser } from '../../../test/factories';
import { call, createTestContext, nextAddress, type TestContext, uniqueEmail } from '../../../test/helpers';
import { enrolments, lessonProgress, lessons, sections, users } from '../../db/schema';

// The signed-in account's own calls: GetMyProfile, RequestMyPasswordCode, ChangeMyPassword (README
// "Additions"). The rate limits are the defaults: 10 wrong tries per account and address per window.
let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestContext();
});
afterAll(async () => ctx.close());

const myProfile = (token?: string) =>
  call(ctx.app, { method: 'GET', url: '/api/users/GetMyProfile', ...(token ? { token } : {}) });
const requestCode = (token?: string, ip?: string) =>
  call(ctx.app, {
    method: 'POST',
    url: '/api/users/RequestMyPasswordCode',
    ...(token ? { token } : {}),
    ...(ip ? { ip } : {}),
  });
const changePassword = (token: string | undefined, body: unknown, ip?: string) =>
  call(ctx.app, {
    method: 'PUT',
    url: '/api/users/ChangeMyPassword',
    body,
    ...(token ? { token } : {}),
    ...(ip ? { ip } : {}),
  });
const login = (username: string, password: string, ip?: string) =>
  call(ctx.app, {
    method: 'POST',
    url: '/api/users/Login',
    body: { username, password },
    ...(ip ? { ip } : {}),
  });
/** A second session of the same account (another browser). */
const secondSession = async (user: TestUser) => {
  const res = await login(user.email, user.password);
  expect(res.statusCode).toBe(200);
  return res.json().token as string;
};
const isSignedIn = async (token: string) => (await myProfile(token)).statusCode === 200;
const wrongCode = (code: string) => String((Number(code) + 1) % 1_000_000).padStart(6, '0');

async function userRow(email: string) {
  const [row] = await ctx.database.db.select().from(users).where(eq(users.email, email));
  return row;
}

/** A published course with published lessons (and one unpublished lesson, which never counts). */
async function courseWithLessons(orgId: number, options: { published?: boolean } = {}) {
  const course = await createCourse(ctx, orgId, options);
  const { db } = ctx.database;
  const [section] = await db
    .insert(sections)
    .values({ courseId: course.id, name: 'One', published: true, orderNumber: 1 })
    .returning();
  const made = await db
    .insert(lessons)
    .values([
      { sectionId: section?.id ?? 0, title: 'A', contentType: 'pdf', published: true, orderNumber: 1 },
      { sectionId: section?.id ?? 0, title: 'B', contentType: 'text', published: true, orderNumber: 2 },
      { sectionId: section?.id ?? 0, title: 'Draft', contentType: 'text', published: false, orderNumber: 3 },
    ])
    .returning();
  return { course, lessons: made };
}

async function enrol(student: TestUser, courseId: number) {
  await ctx.database.db.insert(enrolments).values({ userId: student.userId, courseId, source: 'assigned' });
}

async function complete(student: TestUser, lessonIds: number[]) {
  await ctx.database.db
    .insert(lessonProgress)
    .values(
      lessonIds.map((lessonId) => ({ userId: student.userId, lessonId, started: true, completed: true })),
    );
}

describe('users/GetMyProfile', () => {
  test('a student reads its own account with its courses and the ones it completed', async () => {
    const publisher = await createPublisher(ctx);
    const orgId = publisher.orgId ?? 0;
    const student = await createStudent(ctx, 'Robin Reader');
    const done = await courseWithLessons(orgId);
    const half = await courseWithLessons(orgId);
    const draft = await courseWithLessons(orgId, { published: false });
    const empty = await createCourse(ctx, orgId);
    for (const id of [done.course.id, half.course.id, draft.course.id, empty.id]) await enrol(student, id);
    // Every published lesson of one course; one of two of the other; the draft lesson does not count.
    await complete(student, [done.lessons[0]?.id ?? 0, done.lessons[1]?.id ?? 0, half.lessons[0]?.id ?? 0]);

    const res = await myProfile(student.token);
    expect(res.statusCode).toBe(200);
    const profile = myProfileSchema.parse(res.json());
    expect(profile).toMatchObject({
      user_id: student.userId,
      email: student.email,
      fullName: 'Robin Reader',
      role_id: 3,
      org_Id: null,
      verified: true,
      is_active: true,
      can_edit: true,
      // The unpublished course is not one of My Courses; the course without lessons is not completed.
      courses: 3,
      completedCourses: 1,
    });
    expect(Number.isNaN(Date.parse(profile.created_date))).toBe(false);
    expect(res.json()).not.toHaveProperty('passwordHash');
    expect(res.headers['cache-control']).toContain('no-store');
  });

  test('the token decides whose account: another student, a publisher, no token, a dead token', async () => {
    const student = await createStudent(ctx, 'First Student');
    const other = await createStudent(ctx, 'Second Student');
    const publisher = await createPublisher(ctx);
    expect((await myProfile(other.token)).json()).toMatchObject({
      email: other.email,
      fullName: 'Second Student',
      courses: 0,
      completedCourses: 0,
    });
    // Query parameters name nobody: the answer is still the caller's own.
    const asked = await call(ctx.app, {
      method: 'GET',
      url: `/api/users/GetMyProfile?email=${encodeURIComponent(student.email)}&user_id=${student.userId}`,
      token: other.token,
    });
    expect(asked.json().email).toBe(other.email);
    expect((await myProfile(publisher.token)).json()).toMatchObject({
      email: publisher.email,
      role_id: 1,
      org_Id: publisher.orgId,
    });

    const anonymous = await myProfile();
    expect(anonymous.statusCode).toBe(401);
    expect(anonymous.json().message).toBe(MSG.tokenMissing);
    expect((await myProfile('not-a-real-token')).statusCode).toBe(401);
  });

  test('a name changed through changeUserProfile shows in the profile', async () => {
    const student = await createStudent(ctx, 'Old Name');
    const res = await call(ctx.app, {
      method: 'PUT',
      url: '/api/users/changeUserProfile',
      token: student.token,
      body: { email: student.email, fullName: '  New Name  ' },
    });
    expect(res.statusCode).toBe(200);
    expect(res.json().message).toBe(MSG.profileUpdated);
    expect((await myProfile(student.token)).json().fullName).toBe('New Name');
  });
});

describe('users/changeUserProfile on one’s own account', () => {
  const changeProfile = (token: string | undefined, body: unknown, ip?: string) =>
    call(ctx.app, {
      method: 'PUT',
      url: '/api/users/changeUserProfile',
      body,
      ...(token ? { token } : {}),
      ...(ip ? { ip } : {}),
    });
  // What the spec's client sends besides the fields (SPEC §7).
  const specFields = { is_active: true, VerificationCode: '', Verified: true, pwresetRequest: false };

  test('a new password without proof is a 400 naming currentPassword and changes nothing', async () => {
    const student = await createStudent(ctx, 'Kept Name');
    const otherBrowser = await secondSession(student);
    const res = await changeProfile(student.token, {
      email: student.email,
      fullName: 'Taken Over',
      password: 'the thief’s password',
      ...specFields,
    });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ code: 'VALIDATION' });
    expect(res.json().details).toEqual([
      { field: 'currentPassword', message: 'is required to change your own password' },
    ]);
    expect((await login(student.email, 'the thief’s password')).statusCode).toBe(401);
    expect((await login(student.email, student.password)).statusCode).toBe(200);
    expect((await userRow(student.email))?.fullName).toBe('Kept Name');
    expect(await isSignedIn(otherBrowser)).toBe(true);

    // The name alone still needs no proof.
    const rename = await changeProfile(student.token, {
      email: student.email,
      fullName: 'New Name',
      ...specFields,
    });
    expect(rename.statusCode).toBe(200);
    expect((await userRow(student.email))?.fullName).toBe('New Name');
  });

  test('the current password proves it: name and password change, other sessions end', async () => {
    const student = await createStudent(ctx);
    const otherBrowser = await secondSession(student);
    const res = await changeProfile(student.token, {
      email: student.email,
      fullName: 'Renamed Myself',
      password: 'my next password',
      currentPassword: student.password,
      ...specFields,
    });
    expect(res.statusCode).toBe(200);
    expect(res.json().message).toBe(MSG.profileUpdated);
    expect((await userRow(student.email))?.fullName).toBe('Renamed Myself');
    expect((await login(student.email, 'my next password')).statusCode).toBe(200);
    expect(await isSignedIn(student.token)).toBe(true);
    expect(await isSignedIn(otherBrowser)).toBe(false);
  });

  test('a mailed code proves it too', async () => {
    const student = await createStudent(ctx);
    expect((await requestCode(student.token)).statusCode).toBe(200);
    const code = ctx.mailer.lastCode(student.email);
    const wrong = await changeProfile(student.token, {
      email: student.email,
      password: 'coded password 1',
      ...specFields,
      VerificationCode: wrongCode(code),
    });
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json()).toMatchObject({ code: 'CODE_INVALID' });
    expect(wrong.json().details[0].field).toBe('VerificationCode');
    const res = await changeProfile(student.token, {
      email: student.email,
      password: 'coded password 1',
      ...specFields,
      VerificationCode: code,
    });
    expect(res.statusCode).toBe(200);
    expect((await login(student.email, 'coded password 1')).statusCode).toBe(200);
  });

  test('a wrong current password is a WRONG_PASSWORD 400, counted as a wrong login', async () => {
    const student = await createStudent(ctx);
    const ip = nextAddress();
    const { accountMax } = ctx.config.rateLimit;
    const guess = (i: number) =>
      changeProfile(
        student.token,
        { email: student.email, password: 'my next password', currentPassword: `guess ${i}` },
        ip,
      );
    const first = await guess(0);
    expect(first.statusCode).toBe(400);
    expect(first.json()).toMatchObject({ code: 'WRONG_PASSWORD', message: WRONG_CURRENT_PASSWORD_MESSAGE });
    expect(first.json().details).toEqual([
      { field: 'currentPassword', message: 'is not your current password' },
    ]);
    for (let i = 1; i < accountMax; i++) expect((await guess(i)).statusCode).toBe(400);
    // The same limit as the login form and ChangeMyPassword: this address is now stopped at both.
    expect((await guess(accountMax)).statusCode).toBe(429);
    expect((await login(student.email, student.password, ip)).statusCode).toBe(429);
    expect(
      (
        await changePassword(
          student.token,
          { currentPassword: student.password, newPassword: 'x'.repeat(9) },
          ip,
        )
      ).statusCode,
    ).toBe(429);
    expect(await isSignedIn(student.token)).toBe(true);
  });

  test('no token is a 401; another student’s token a 404; bad input a 400', async () => {
    const student = await createStudent(ctx);
    const other = await createStudent(ctx);
    const body = { email: student.email, password: 'my next password', currentPassword: student.password };
    expect((await changeProfile(undefined, body)).statusCode).toBe(401);
    expect((await changeProfile(other.token, body)).statusCode).toBe(404);
    const bad = await changeProfile(student.token, { ...body, currentPassword: 12 });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().details[0].field).toBe('currentPassword');
    expect((await login(student.email, student.password)).statusCode).toBe(200);
  });
});

describe('users/ChangeMyPassword with the current password', () => {
  test('changes the password and ends the other sessions, keeping this one', async () => {
    const student = await createStudent(ctx);
    const otherBrowser = await secondSession(student);
    const res = await changePassword(student.token, {
      currentPassword: student.password,
      newPassword: 'a fresh password 2',
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ message: PASSWORD_CHANGED_MESSAGE });

    expect(await isSignedIn(student.token)).toBe(true);
    expect(await isSignedIn(otherBrowser)).toBe(false);
    expect((await login(student.email, student.password)).statusCode).toBe(401);
    expect((await login(student.email, 'a fresh password 2')).statusCode).toBe(200);
    const row = await userRow(student.email);
    expect(row?.passwordHash).toMatch(/^scrypt\$/);
    expect(row?.passwordHash).not.toContain('a fresh password 2');
  });

  test('a wrong current password is refused, changes nothing and keeps the session', async () => {
    const student = await createStudent(ctx);
    const otherBrowser = await secondSession(student);
    const res = await changePassword(student.token, {
      currentPassword: 'not my password',
      newPassword: 'attacker password',
    });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({
      code: 'WRONG_PASSWORD',
      message: WRONG_CURRENT_PASSWORD_MESSAGE,
      details: [{ field: 'currentPassword', message: 'is not your current password' }],
    });
    expect(await isSignedIn(student.token)).toBe(true);
    expect(await isSignedIn(otherBrowser)).toBe(true);
    expect((await login(student.email, 'attacker password')).statusCode).toBe(401);
    expect((await login(student.email, student.password)).statusCode).toBe(200);
  });

  test('nobody changes another account: no token, another student’s token, a named e-mail', async () => {
    const student = await createStudent(ctx);
    const other = await createStudent(ctx);
    const anonymous = await changePassword(undefined, {
      currentPassword: student.password,
      newPassword: 'anonymous password',
    });
    expect(anonymous.statusCode).toBe(401);
    expect(anonymous.json().message).toBe(MSG.tokenMissing);

    // Another student's token with this student's e-mail and password: its own current password is
    // another one, so it is refused, and this account is never reached.
    const named = await changePassword(other.token, {
      email: student.email,
      user_id: student.userId,
      currentPassword: 'wrong for the other',
      newPassword: 'hijacked password',
    });
    expect(named.statusCode).toBe(400);
    expect(named.json().code).toBe('WRONG_PASSWORD');
    // With its own password it changes its own account only.
    const own = await changePassword(other.token, {
      email: student.email,
      currentPassword: other.password,
      newPassword: 'hijacked password',
    });
    expect(own.statusCode).toBe(200);
    expect((await login(student.email, 'hijacked password')).statusCode).toBe(401);
    expect((await login(student.email, student.password)).statusCode).toBe(200);
    expect((await login(other.email, 'hijacked password')).statusCode).toBe(200);
  });

  test('bad input is a 400 naming the field, and changes nothing', async () => {
    const student = await createStudent(ctx);
    const cases: Array<[unknown, string]> = [
      [{ currentPassword: student.password, newPassword: 'short' }, 'newPassword'],
      [{ currentPassword: student.password, newPassword: 'x'.repeat(129) }, 'newPassword'],
      [{ currentPassword: student.password }, 'newPassword'],
      [{ currentPassword: student.password, newPassword: 12345678 }, 'newPassword'],
      [{ newPassword: 'a long enough one' }, 'currentPassword'],
      [{ currentPassword: '', newPassword: 'a long enough one' }, 'currentPassword'],
      [{ currentPassword: 'x'.repeat(1025), newPassword: 'a long enough one' }, 'currentPassword'],
      [
        { currentPassword: student.password, VerificationCode: '123456', newPassword: 'a long enough one' },
        'VerificationCode',
      ],
      [{ VerificationCode: '12ab', newPassword: 'a long enough one' }, 'VerificationCode'],
      [{ currentPassword: student.password, newPassword: student.password }, 'newPassword'],
      [[], 'body'],
    ];
    for (const [body, field] of cases) {
      const res = await changePassword(student.token, body);
      expect(res.statusCode, JSON.stringify(body)).toBe(400);
      expect(res.json().code).toBe('VALIDATION');
      expect(res.json().details[0].field).toBe(field);
    }
    const notJson = await call(ctx.app, {
      method: 'PUT',
      url: '/api/users/ChangeMyPassword',
      token: student.token,
      body: '{"currentPassword":',
      headers: { 'content-type': 'application/json' },
    });
    expect(notJson.statusCode).toBe(400);
    expect((await login(student.email, student.password)).statusCode).toBe(200);
  });

  test('wrong current passwords count as wrong logins: the same limit stops both', async () => {
    const { accountMax } = ctx.config.rateLimit;
    const student = await createStudent(ctx);
    const guesser = nextAddress();
    const statuses: number[] = [];
    for (let i = 0; i <= accountMax; i++) {
      statuses.push(
        (
          await changePassword(
            student.token,
            { currentPassword: `guess ${i}`, newPassword: 'guessed pw 1' },
            guesser,
          )
        ).statusCode,
      );
    }
    expect(statuses.slice(0, accountMax).every((s) => s === 400)).toBe(true);
    const limited = statuses.at(-1);
    expect(limited).toBe(429);
    // Past the limit even the right password is not tried, here or at the login form from that address.
    const right = await changePassword(
      student.token,
      { currentPassword: student.password, newPassword: 'guessed pw 1' },
      guesser,
    );
    expect(right.statusCode).toBe(429);
    expect(right.headers['retry-after']).toBeDefined();
    expect((await login(student.email, student.password, guesser)).statusCode).toBe(429);
    // Another address is not stopped (decision 002: nobody locks the owner out).
    expect((await login(student.email, student.password, nextAddress())).statusCode).toBe(200);
  });

  test('wrong logins count against the change too', async () => {
    const { accountMax } = ctx.config.rateLimit;
    const student = await createStudent(ctx);
    const address = nextAddress();
    for (let i = 0; i < accountMax; i++) await login(student.email, `wrong ${i}`, address);
    const res = await changePassword(
      student.token,
      { currentPassword: student.password, newPassword: 'after the burst' },
      address,
    );
    expect(res.statusCode).toBe(429);
    expect((await login(student.email, 'after the burst')).statusCode).toBe(401);
  });

  test('a right try gives its count back, so the owner’s own mistakes do not pile up', async () => {
    const { accountMax } = ctx.config.rateLimit;
    const student = await createStudent(ctx);
    const address = nextAddress();
    for (let i = 0; i < accountMax - 1; i++) {
      await changePassword(
        student.token,
        { currentPassword: `typo ${i}`, newPassword: 'next password 1' },
        address,
      );
    }
    const ok = await changePassword(
      student.token,
      { currentPassword: student.password, newPassword: 'next password 1' },
      address,
    );
    expect(ok.statusCode).toBe(200);
    const typo = await changePassword(
      student.token,
      { currentPassword: 'typo again', newPassword: 'next password 2' },
      address,
    );
    expect(typo.statusCode).toBe(400);
  });

  test('a student the school created manages its own account once it chose its password', async () => {
    const publisher = await createPublisher(ctx);
    const email = uniqueEmail('added');
    const added = await call(ctx.app, {
      method: 'POST',
      url: '/api/studentCourse/registerStudent',
      token: publisher.token,
      body: { name: 'Added Student', email, password: 'school password', consent: true },
    });
    expect(added.statusCode).toBe(201);
    const studentToken = (await login(email, 'school password')).json().token as string;
    const canEdit = async () =>
      (
        await call(ctx.app, {
          method: 'GET',
          url: `/api/users/getUserByemailID?email=${encodeURIComponent(email)}`,
          token: publisher.token,
        })
      ).json().can_edit;
    expect(await canEdit()).toBe(true);

    const res = await changePassword(studentToken, {
      currentPassword: 'school password',
      newPassword: 'my own password',
    });
    expect(res.statusCode).toBe(200);
    expect(await canEdit()).toBe(false);
    const byPublisher = await call(ctx.app, {
      method: 'PUT',
      url: '/api/users/changeUserProfile',
      token: publisher.token,
      body: { email, password: 'school again 1' },
    });
    expect(byPublisher.statusCode).toBe(403);
    expect((await login(email, 'my own password')).statusCode).toBe(200);
  });

  test('a publisher changes its own password the same way', async () => {
    const publisher = await createPublisher(ctx);
    const res = await changePassword(publisher.token, {
      currentPassword: publisher.password,
      newPassword: 'publisher new pw',
    });
    expect(res.statusCode).toBe(200);
    expect((await login(publisher.email, 'publisher new pw')).statusCode).toBe(200);
  });
});

describe('users/RequestMyPasswordCode and ChangeMyPassword with a mailed code', () => {
  test('the code mailed to the account changes the password; other sessions end, this one stays', async () => {
    const student = await createStudent(ctx);
    const otherBrowser = await secondSession(student);
    const sent = await requestCode(student.token);
    expect(sent.statusCode).toBe(200);
    expect(myPasswordCodeResponseSchema.parse(sent.json())).toMatchObject({ email: student.email });
    const mail = ctx.mailer.sent.at(-1);
    expect(mail).toMatchObject({ to: student.email, subject: 'Your Skillwise password reset code' });
    const code = ctx.mailer.lastCode(student.email);

    const res = await changePassword(student.token, {
      VerificationCode: code,
      newPassword: 'coded password',
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ message: PASSWORD_CHANGED_MESSAGE });
    expect(await isSignedIn(student.token)).toBe(true);
    expect(await isSignedIn(otherBrowser)).toBe(false);
    expect((await login(student.email, 'coded password')).statusCode).toBe(200);
    expect((await login(student.email, student.password)).statusCode).toBe(401);

    // The code is used up.
    const again = await changePassword(student.token, {
      VerificationCode: code,
      newPassword: 'coded again 1',
    });
    expect(again.statusCode).toBe(400);
    expect(again.json().code).toBe('CODE_INVALID');
  });

  test('a code from the forgot-password request works too (one code store)', async () => {
    const student = await createStudent(ctx);
    const requested = await call(ctx.app, {
      method: 'PUT',
      url: '/api/users/resetPasswordRequest',
      body: { email: student.email },
    });
    expect(requested.statusCode).toBe(200);
    const code = ctx.mailer.lastCode(student.email);
    const res = await changePassword(student.token, {
      VerificationCode: Number(code),
      newPassword: 'reset path 1',
    });
    // A code given as a number is zero-padded, as on resetpassword.
    expect(res.statusCode).toBe(200);
    expect((await login(student.email, 'reset path 1')).statusCode).toBe(200);
  });

  test('a wrong code, another student’s code, or no code pending are refused', async () => {
    const student = await createStudent(ctx);
    const other = await createStudent(ctx);
    const none = await changePassword(student.token, {
      VerificationCode: '123456',
      newPassword: 'no code yet',
    });
    expect(none.statusCode).toBe(400);
    expect(none.json()).toMatchObject({ code: 'CODE_INVALID', details: [{ field: 'VerificationCode' }] });

    await requestCode(student.token);
    const code = ctx.mailer.lastCode(student.email);
    await requestCode(other.token);
    const otherCode = ctx.mailer.lastCode(other.email);
    const wrong = await changePassword(student.token, {
      VerificationCode: wrongCode(code),
      newPassword: 'wrong code',
    });
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json().code).toBe('CODE_INVALID');
    if (otherCode !== code) {
      const borrowed = await changePassword(student.token, {
        VerificationCode: otherCode,
        newPassword: 'borrowed code',
      });
      expect(borrowed.statusCode).toBe(400);
    }
    // The other student's code is still its own to use.
    expect(
      (await changePassword(other.token, { VerificationCode: otherCode, newPassword: 'others own 1' }))
        .statusCode,
    ).toBe(200);
    expect((await login(student.email, student.password)).statusCode).toBe(200);
    expect(
      (await changePassword(student.token, { VerificationCode: code, newPassword: 'mine at last' }))
        .statusCode,
    ).toBe(200);
  });

  test('a code dies after 5 wrong tries from one address', async () => {
    const student = await createStudent(ctx);
    await requestCode(student.token);
    const code = ctx.mailer.lastCode(student.email);
    const guesser = nextAddress();
    for (let i = 0; i < 5; i++) {
      await changePassword(
        student.token,
        { VerificationCode: wrongCode(code), newPassword: 'guessing 1' },
        guesser,
      );
    }
    const res = await changePassword(
      student.token,
      { VerificationCode: code, newPassword: 'guessing 1' },
      guesser,
    );
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toMatch(/no longer works/);
  });

  test('a second request within a minute mails nothing and says so; no token is a 401; a failed mail a 502', async () => {
    const student = await createStudent(ctx);
    const first = await requestCode(student.token);
    expect(first.json().message).toBe(
      `We sent a 6-digit code to ${student.email}. It expires in 15 minutes.`,
    );
    const code = ctx.mailer.lastCode(student.email);
    const mails = ctx.mailer.sent.length;
    const again = await requestCode(student.token);
    expect(again.statusCode).toBe(200);
    expect(again.json().message).toBe(
      `We sent a 6-digit code to ${student.email} a moment ago: please use the one in that e-mail.`,
    );
    // The forgot-password form mails the same code under the same bounds.
    const viaReset = await call(ctx.app, {
      method: 'PUT',
      url: '/api/users/resetPasswordRequest',
      body: { email: student.email },
    });
    expect(viaReset.json()).toBe(true);
    expect(ctx.mailer.sent.length).toBe(mails);
    expect(
      (await changePassword(student.token, { VerificationCode: code, newPassword: 'coded password 2' }))
        .statusCode,
    ).toBe(200);

    const anonymous = await requestCode(undefined);
    expect(anonymous.statusCode).toBe(401);
    expect(anonymous.json().message).toBe(MSG.tokenMissing);

    const other = await createStudent(ctx);
    ctx.mailer.failNext = true;
    const failed = await requestCode(other.token);
    expect(failed.statusCode).toBe(502);
    expect(failed.json().message).toBe(MSG.codeSendFailed);
    // Nothing reached the mailbox, so asking again sends a code at once.
    expect((await requestCode(other.token)).json().message).toMatch(/^We sent a 6-digit code/);
    expect(ctx.mailer.lastCode(other.email)).toMatch(/^\d{6}$/);
  });
});
