import { landingContentSchema, ROLE, TESTIMONIALS_SHOWN } from '@skillwise/contracts';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { createCourse, createPublisher, createStudent } from '../../../test/factories';
import { call, createTestContext, type TestContext, uniqueEmail } from '../../../test/helpers';
import { certificates, users } from '../../db/schema';
import { newCertificateNumber } from '../certificates/certificates.service';
import { runTestimonialsCommand, TestimonialsCommandError } from './testimonials-command';

// Each context has a database of its own: the figures are the whole installation's, so these tests own
// every row they count.
let fresh: TestContext;
let cached: TestContext;
beforeAll(async () => {
  [fresh, cached] = await Promise.all([
    createTestContext({ PUBLIC_CACHE_SECONDS: '0' }),
    createTestContext({ PUBLIC_CACHE_SECONDS: '60' }),
  ]);
});
afterAll(async () => Promise.all([fresh.close(), cached.close()]));

const URL = '/api/site/GetLandingContent';

const landing = async (ctx: TestContext, token?: string) => {
  const res = await call(ctx.app, { method: 'GET', url: URL, ...(token ? { token } : {}) });
  expect(res.statusCode, res.body).toBe(200);
  return landingContentSchema.parse(res.json());
};

async function certificateFor(ctx: TestContext, userId: number, courseId: number, revoked = false) {
  await ctx.database.db.insert(certificates).values({
    number: newCertificateNumber(),
    userId,
    courseId,
    studentName: 'Sam Student',
    courseTitle: 'Intro to Design',
    orgName: 'Test School',
    authorName: 'Ada Lovelace',
    ...(revoked ? { revokedAt: new Date() } : {}),
  });
}

describe('site/GetLandingContent', () => {
  test('an empty installation has nothing to show: every figure 0, no testimonial', async () => {
    expect(await landing(fresh)).toEqual({
      figures: { courses: 0, students: 0, certificates: 0, schools: 0 },
      testimonials: [],
    });
  });

  test('counts what is real and public: published courses, verified students, valid certificates, publishing schools', async () => {
    const school = await createPublisher(fresh);
    const draftsOnly = await createPublisher(fresh);
    const published = await createCourse(fresh, school.orgId ?? 0);
    await createCourse(fresh, school.orgId ?? 0);
    // Drafts are their school's own: neither the course nor a school with only drafts is counted.
    await createCourse(fresh, school.orgId ?? 0, { published: false });
    await createCourse(fresh, draftsOnly.orgId ?? 0, { published: false });
    const student = await createStudent(fresh);
    const other = await createStudent(fresh);
    // A sign-up that never verified its e-mail is nobody yet.
    await fresh.database.db.insert(users).values({
      email: uniqueEmail('unverified'),
      passwordHash: 'x',
      fullName: 'Not Yet',
      roleId: ROLE.STUDENT,
      verified: false,
    });
    await certificateFor(fresh, student.userId, published.id);
    // A revoked certificate (its student's account deleted) is not one issued any more.
    await certificateFor(fresh, other.userId, published.id, true);

    const expected = { courses: 2, students: 2, certificates: 1, schools: 1 };
    expect((await landing(fresh)).figures).toEqual(expected);
    // The same public answer for a school's own token (its drafts stay out) and a student's.
    expect((await landing(fresh, draftsOnly.token)).figures).toEqual(expected);
    expect((await landing(fresh, student.token)).figures).toEqual(expected);
    // A token that is not one changes nothing either: the call reads none.
    expect((await landing(fresh, 'not-a-token')).figures).toEqual(expected);
  });

  test('takes no input: unknown parameters are ignored, an over-long query is refused naming it', async () => {
    expect((await call(fresh.app, { method: 'GET', url: `${URL}?figures=none&limit=-1` })).statusCode).toBe(
      200,
    );
    const long = await call(fresh.app, { method: 'GET', url: `${URL}?x=${'y'.repeat(3000)}` });
    expect(long.statusCode).toBe(414);
    expect(long.json().details[0].field).toBe('query');
    expect((await call(fresh.app, { method: 'POST', url: URL, body: {} })).statusCode).toBe(404);
  });

  test('is cached like the catalogue: publishing a course through the API shows at once', async () => {
    const school = await createPublisher(cached);
    const course = await createCourse(cached, school.orgId ?? 0, { published: false });
    const before = await call(cached.app, { method: 'GET', url: URL });
    expect(before.json().figures.courses).toBe(0);
    const etag = before.headers.etag as string;
    expect(
      (await call(cached.app, { method: 'GET', url: URL, headers: { 'if-none-match': etag } })).statusCode,
    ).toBe(304);

    // Written straight to the database (as another instance would): not seen until the answer expires.
    await createStudent(cached);
    expect((await landing(cached)).figures.students).toBe(0);

    const publish = await call(cached.app, {
      method: 'PUT',
      url: '/api/courses/publishUnpublishCourse',
      token: school.token,
      body: { Id: course.id, published: true },
    });
    expect(publish.statusCode, publish.body).toBe(200);
    expect((await landing(cached)).figures).toEqual({ courses: 1, students: 1, certificates: 0, schools: 1 });
  });
});

describe('npm run testimonials', () => {
  const run = (...args: string[]) => runTestimonialsCommand(fresh.database.db, args);
  const refused = async (args: string[], message: RegExp) => {
    const attempt = run(...args);
    await expect(attempt).rejects.toBeInstanceOf(TestimonialsCommandError);
    await expect(attempt).rejects.toThrow(message);
  };

  test('the operator adds, edits and removes testimonials; the landing page shows them in that order', async () => {
    expect(await run()).toEqual(['No testimonials: the landing page shows none.']);
    const added = await run(
      'add',
      '--name',
      '  Amara Okafor ',
      '--role',
      'Student',
      '--quote',
      'Short and clear.',
    );
    expect(added[0]).toMatch(/^Added #\d+\.$/);
    const id = Number(added[0]?.match(/#(\d+)/)?.[1]);
    await run('add', '--name', 'Daniel Brooks', '--quote', 'Our students found it easy.');
    expect((await landing(fresh)).testimonials).toEqual([
      { quote: 'Short and clear.', name: 'Amara Okafor', role: 'Student' },
      { quote: 'Our students found it easy.', name: 'Daniel Brooks', role: null },
    ]);

    expect((await run('edit', String(id), '--quote', 'Short, clear, useful.', '--role', ''))[0]).toBe(
      `Changed #${id}.`,
    );
    expect((await landing(fresh)).testimonials[0]).toEqual({
      quote: 'Short, clear, useful.',
      name: 'Amara Okafor',
      role: null,
    });
    const listed = await run('list');
    expect(listed).toContain(`#${id}  Amara Okafor`);
    expect(listed).toContain('    “Short, clear, useful.”');

    expect((await run('remove', String(id)))[0]).toBe(`Removed #${id}.`);
    expect((await landing(fresh)).testimonials.map((item) => item.name)).toEqual(['Daniel Brooks']);
  });

  test('the landing page shows the first ones only; the list says which are not shown', async () => {
    const before = (await landing(fresh)).testimonials.length;
    for (let index = before; index <= TESTIMONIALS_SHOWN; index += 1) {
      await run('add', '--name', `Person ${index}`, '--quote', `Quote ${index}`);
    }
    expect((await landing(fresh)).testimonials).toHaveLength(TESTIMONIALS_SHOWN);
    expect((await run()).filter((line) => line.endsWith('(not shown)'))).toHaveLength(1);
  });

  test('a mistake is named and changes nothing', async () => {
    const before = await run();
    await refused(['add', '--name', 'No Quote'], /--quote is required/);
    await refused(['add', '--name', '   ', '--quote', 'Hi'], /--name is required/);
    await refused(
      ['add', '--name', 'N', '--quote', 'x'.repeat(601)],
      /--quote must be at most 600 characters/,
    );
    await refused(
      ['add', '--name', 'N\u0007', '--quote', 'Hi'],
      /--name must not contain control characters/,
    );
    await refused(['add', '--name', 'N', '--quote', 'Hi', '--stars', '5'], /Unknown option '--stars'/);
    await refused(['edit', 'abc', '--name', 'N'], /id must be a whole number/);
    await refused(['edit', '999999', '--name', 'N'], /There is no testimonial #999999/);
    await refused(['edit', '1'], /Give what to change/);
    await refused(['remove'], /id must be a whole number/);
    await refused(['remove', '999999'], /There is no testimonial #999999/);
    await refused(['remove', '1', '--name', 'N'], /takes no --name/);
    await refused(['delete', '1'], /Unknown command "delete"/);
    expect(await run()).toEqual(before);
  });
});
