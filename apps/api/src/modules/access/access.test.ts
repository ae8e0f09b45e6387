import { ROLE } from '@skillwise/contracts';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { createCourse, createPublisher, createStudent, type TestUser } from '../../../test/factories';
import { createTestContext, type TestContext, uniqueEmail } from '../../../test/helpers';
import type { Db } from '../../db/client';
import { enrolments, lessons, orgStudents, sections, users } from '../../db/schema';
import { AppError } from '../../lib/errors';
import {
  checkAccess,
  findAccess,
  NOT_ENROLLED_TO_REVIEW,
  NOT_YOUR_STUDENT_ACCOUNT,
  type Permission,
  publisherOrgOf,
  requireAccess,
  requireAccountAccess,
  requireLessonFile,
  type Subject,
  teamOf,
} from './access';

/**
 * Every permission, answered for the identities the API knows: a visitor, a student enrolled in the
 * organisation's courses, a student who is not, the owning organisation's publisher, another
 * organisation's publisher, and a publisher account without an organisation. Each is asked about a batch
 * of ids in one call, and the same answers must come one id at a time.
 */
let ctx: TestContext;
let db: Db;

type Who = 'visitor' | 'enrolled' | 'stranger' | 'owner' | 'other' | 'orgless';
const subjects = {} as Record<Who, Subject>;
const ids = {
  course: {} as Record<'published' | 'draft', number>,
  section: {} as Record<'published' | 'hidden' | 'draft', number>,
  lesson: {} as Record<'visible' | 'preview' | 'inHiddenSection' | 'unpublished' | 'inDraftCourse', number>,
  user: {} as Record<'enrolled' | 'added' | 'stranger' | 'owner' | 'other' | 'orgless', number>,
};
const MISSING = 2_000_000_000;

const asSubject = (user: TestUser, role: (typeof ROLE)[keyof typeof ROLE]): Subject => ({
  userId: user.userId,
  role,
  orgId: user.orgId,
  team: teamOf(role, user.orgId, 'owner'),
});

async function addSection(courseId: number, published: boolean) {
  const [row] = await db
    .insert(sections)
    .values({ courseId, name: 'S', description: '', published, orderNumber: 1 })
    .returning();
  if (!row) throw new Error('no section');
  return row.id;
}

async function addLesson(sectionId: number, flags: { published: boolean; preview: boolean }) {
  const [row] = await db
    .insert(lessons)
    .values({ sectionId, title: 'L', contentType: 'pdf', fileKey: null, ...flags })
    .returning();
  if (!row) throw new Error('no lesson');
  return row.id;
}

beforeAll(async () => {
  ctx = await createTestContext();
  db = ctx.database.db;
  const owner = await createPublisher(ctx);
  const other = await createPublisher(ctx);
  const enrolled = await createStudent(ctx);
  const stranger = await createStudent(ctx);
  const added = await createStudent(ctx);
  const [orgless] = await db
    .insert(users)
    .values({
      email: uniqueEmail('orgless'),
      passwordHash: 'x',
      fullName: 'No Org',
      roleId: ROLE.PUBLISHER,
      verified: true,
      isActive: true,
    })
    .returning();
  if (!orgless || owner.orgId === null) throw new Error('no setup');

  subjects.visitor = null;
  subjects.enrolled = asSubject(enrolled, ROLE.STUDENT);
  subjects.stranger = asSubject(stranger, ROLE.STUDENT);
  subjects.owner = asSubject(owner, ROLE.PUBLISHER);
  subjects.other = asSubject(other, ROLE.PUBLISHER);
  subjects.orgless = { userId: orgless.id, role: ROLE.PUBLISHER, orgId: null, team: null };

  ids.course.published = (await createCourse(ctx, owner.orgId, { published: true })).id;
  ids.course.draft = (await createCourse(ctx, owner.orgId, { published: false })).id;
  ids.section.published = await addSection(ids.course.published, true);
  ids.section.hidden = await addSection(ids.course.published, false);
  ids.section.draft = await addSection(ids.course.draft, true);
  ids.lesson.visible = await addLesson(ids.section.published, { published: true, preview: false });
  ids.lesson.preview = await addLesson(ids.section.published, { published: true, preview: true });
  ids.lesson.inHiddenSection = await addLesson(ids.section.hidden, { published: true, preview: true });
  ids.lesson.unpublished = await addLesson(ids.section.published, { published: false, preview: true });
  ids.lesson.inDraftCourse = await addLesson(ids.section.draft, { published: true, preview: true });

  // The enrolled student has both courses: the draft one stays closed to it.
  await db.insert(enrolments).values([
    { userId: enrolled.userId, courseId: ids.course.published, source: 'assigned' },
    { userId: enrolled.userId, courseId: ids.course.draft, source: 'assigned' },
  ]);
  // A student account the owner's organisation created and added (the only kind it may edit).
  await db.update(users).set({ createdByOrgId: owner.orgId }).where(eq(users.id, added.userId));
  await db.insert(orgStudents).values({ orgId: owner.orgId, userId: added.userId, addedBy: owner.userId });

  ids.user = {
    enrolled: enrolled.userId,
    added: added.userId,
    stranger: stranger.userId,
    owner: owner.userId,
    other: other.userId,
    orgless: orgless.id,
  };
});
afterAll(async () => ctx.close());

/** The names of the ids a subject may use, from one batch call; checked again one id at a time. */
async function allowed<K extends keyof typeof ids>(who: Who, permission: Permission, kind: K) {
  const named = Object.entries(ids[kind]) as Array<[string, number]>;
  const batch = await checkAccess(db, subjects[who], permission, [...named.map(([, id]) => id), MISSING]);
  expect(batch.has(MISSING)).toBe(false);
  for (const [, id] of named) {
    expect((await findAccess(db, subjects[who], permission, id)) !== undefined).toBe(batch.has(id));
  }
  return named
    .filter(([, id]) => batch.has(id))
    .map(([name]) => name)
    .sort();
}

const everyone: Who[] = ['visitor', 'enrolled', 'stranger', 'owner', 'other', 'orgless'];

/** For each permission: what each identity may use; anyone not named may use nothing. */
const expected: Array<[Permission, keyof typeof ids, Partial<Record<Who, string[]>>]> = [
  [
    'course.read',
    'course',
    {
      visitor: ['published'],
      enrolled: ['published'],
      stranger: ['published'],
      owner: ['draft', 'published'],
      other: ['published'],
      orgless: ['published'],
    },
  ],
  ['course.update', 'course', { owner: ['draft', 'published'] }],
  ['course.learn', 'course', { enrolled: ['published'], owner: ['draft', 'published'] }],
  [
    'course.buy',
    'course',
    {
      enrolled: ['published'],
      stranger: ['published'],
      owner: ['published'],
      other: ['published'],
      orgless: ['published'],
    },
  ],
  ['course.review', 'course', { enrolled: ['published'] }],
  ['section.update', 'section', { owner: ['draft', 'hidden', 'published'] }],
  [
    'lesson.update',
    'lesson',
    { owner: ['inDraftCourse', 'inHiddenSection', 'preview', 'unpublished', 'visible'] },
  ],
  ...(['lesson.read', 'lesson.file.read'] as const).map(
    (permission): [Permission, keyof typeof ids, Partial<Record<Who, string[]>>] => [
      permission,
      'lesson',
      {
        visitor: ['preview'],
        enrolled: ['preview', 'visible'],
        stranger: ['preview'],
        owner: ['inDraftCourse', 'inHiddenSection', 'preview', 'unpublished', 'visible'],
        other: ['preview'],
        orgless: ['preview'],
      },
    ],
  ),
  [
    'lesson.preview',
    'lesson',
    {
      visitor: ['preview'],
      enrolled: ['preview'],
      stranger: ['preview'],
      owner: ['inDraftCourse', 'inHiddenSection', 'preview', 'unpublished'],
      other: ['preview'],
      orgless: ['preview'],
    },
  ],
  [
    'lesson.learn',
    'lesson',
    {
      enrolled: ['preview', 'visible'],
      owner: ['inDraftCourse', 'inHiddenSection', 'preview', 'unpublished', 'visible'],
    },
  ],
  [
    'user.read',
    'user',
    {
      enrolled: ['enrolled'],
      stranger: ['stranger'],
      owner: ['added', 'enrolled', 'owner'],
      other: ['other'],
      orgless: ['orgless'],
    },
  ],
  [
    'user.update',
    'user',
    {
      enrolled: ['enrolled'],
      stranger: ['stranger'],
      owner: ['added', 'owner'],
      other: ['other'],
      orgless: ['orgless'],
    },
  ],
  [
    'student.read',
    'user',
    {
      enrolled: ['enrolled'],
      stranger: ['stranger'],
      owner: ['added', 'enrolled', 'owner'],
      other: ['other'],
      orgless: ['orgless'],
    },
  ],
  ['student.manage', 'user', { owner: ['added', 'enrolled'] }],
  ['student.enrol', 'user', { owner: ['added', 'enrolled'] }],
];

describe.each(expected)('%s', (permission, kind, answers) => {
  test.each(everyone)('as %s', async (who) => {
    expect(await allowed(who, permission, kind)).toEqual(answers[who] ?? []);
  });
});

describe('an account check that trusts the session for the caller’s own account', () => {
  const accountPermissions = [
    'user.read',
    'user.update',
    'student.read',
    'student.manage',
    'student.enrol',
  ] as const;
  test.each(accountPermissions)(
    '%s: the same answer as the stored facts give, for every caller and account',
    async (permission) => {
      const outcome = (promise: Promise<unknown>) =>
        promise.then(
          () => 'allowed',
          (e: unknown) => (e instanceof AppError ? `${e.statusCode} ${e.message}` : String(e)),
        );
      for (const who of everyone) {
        for (const id of [...Object.values(ids.user), MISSING]) {
          const subject = subjects[who];
          expect(`${who} ${id} ${await outcome(requireAccountAccess(db, subject, permission, id))}`).toBe(
            `${who} ${id} ${await outcome(requireAccess(db, subject, permission, id))}`,
          );
        }
      }
    },
  );
});

const refusal = async (promise: Promise<unknown>) => {
  const error = await promise.then(
    () => undefined,
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(AppError);
  const { statusCode, message } = error as AppError;
  return { statusCode, message };
};

describe('refusals keep the statuses and texts the API always answered', () => {
  test('what a caller may not know exists is a 404 naming it', async () => {
    expect(await refusal(requireAccess(db, subjects.stranger, 'course.read', ids.course.draft))).toEqual({
      statusCode: 404,
      message: 'Course not found.',
    });
    expect(await refusal(requireAccess(db, subjects.other, 'course.update', MISSING))).toEqual({
      statusCode: 404,
      message: 'Course not found.',
    });
    expect(await refusal(requireAccess(db, subjects.other, 'section.update', ids.section.published))).toEqual(
      { statusCode: 404, message: 'Section not found.' },
    );
    expect(await refusal(requireAccess(db, subjects.stranger, 'lesson.read', ids.lesson.visible))).toEqual({
      statusCode: 404,
      message: 'Lesson not found.',
    });
    expect(
      await refusal(requireAccess(db, subjects.visitor, 'lesson.file.read', ids.lesson.visible)),
    ).toEqual({ statusCode: 404, message: 'File not found.' });
    expect(await refusal(requireAccess(db, subjects.other, 'user.read', ids.user.enrolled))).toEqual({
      statusCode: 404,
      message: 'User not found.',
    });
    expect(await refusal(requireAccess(db, subjects.orgless, 'student.read', ids.user.enrolled))).toEqual({
      statusCode: 404,
      message: 'Student not found.',
    });
  });

  test('what a caller may know exists but not do is a 403 with its reason', async () => {
    expect(
      await refusal(requireAccess(db, subjects.stranger, 'course.review', ids.course.published)),
    ).toEqual({ statusCode: 403, message: NOT_ENROLLED_TO_REVIEW });
    // An unpublished course is not reviewable, and not confirmed to exist either.
    expect(await refusal(requireAccess(db, subjects.enrolled, 'course.review', ids.course.draft))).toEqual({
      statusCode: 404,
      message: 'Course not found.',
    });
    // The owner reads a student who signed up alone but may not change it; another school does not see it.
    expect(await refusal(requireAccess(db, subjects.owner, 'user.update', ids.user.enrolled))).toEqual({
      statusCode: 403,
      message: NOT_YOUR_STUDENT_ACCOUNT,
    });
    expect(await refusal(requireAccess(db, subjects.other, 'user.update', ids.user.enrolled))).toEqual({
      statusCode: 404,
      message: 'User not found.',
    });
  });

  test('only a publisher with an organisation has one', async () => {
    expect(publisherOrgOf({ role: ROLE.PUBLISHER, orgId: 7 })).toBe(7);
    for (const subject of [
      { role: ROLE.PUBLISHER, orgId: null },
      { role: ROLE.STUDENT, orgId: null },
    ]) {
      expect(() => publisherOrgOf(subject)).toThrow(AppError);
    }
  });
});

describe('what an allowed check answers', () => {
  test('the facts it read, and whether the caller is staff', async () => {
    const asOwner = await requireAccess(db, subjects.owner, 'course.read', ids.course.draft);
    expect(asOwner).toMatchObject({ id: ids.course.draft, published: false, staff: true });
    const asStudent = await requireAccess(db, subjects.enrolled, 'course.learn', ids.course.published);
    expect(asStudent).toMatchObject({ id: ids.course.published, enrolled: true, staff: false });
    const lesson = await requireAccess(db, subjects.enrolled, 'lesson.learn', ids.lesson.visible);
    expect(lesson).toMatchObject({ courseId: ids.course.published, visible: true, staff: false });
  });

  test('a batch answers repeated and string ids once, and nothing for no ids', async () => {
    expect(await checkAccess(db, subjects.owner, 'course.update', [])).toEqual(new Set());
    const repeated = [ids.course.published, ids.course.published, ids.course.draft];
    expect(await checkAccess(db, subjects.owner, 'course.update', repeated)).toEqual(
      new Set([ids.course.published, ids.course.draft]),
    );
  });
});

describe('the media route: a signed URL names its viewer by id', () => {
  test('a visitor (0) gets preview files; an id that names no account gets nothing', async () => {
    await expect(requireLessonFile(db, ids.lesson.preview, 0)).resolves.toBeDefined();
    expect(await refusal(requireLessonFile(db, ids.lesson.visible, 0))).toEqual({
      statusCode: 404,
      message: 'File not found.',
    });
    expect(await refusal(requireLessonFile(db, ids.lesson.preview, MISSING))).toEqual({
      statusCode: 404,
      message: 'File not found.',
    });
    expect(await refusal(requireLessonFile(db, MISSING, 0))).toEqual({
      statusCode: 404,
      message: 'File not found.',
    });
  });

  test.each(everyone.filter((who) => who !== 'visitor'))(
    'as %s: the same answers as lesson.file.read',
    async (who) => {
      const subject = subjects[who];
      if (!subject) throw new Error('signed in');
      const viaToken = await checkAccess(db, subject, 'lesson.file.read', Object.values(ids.lesson));
      for (const id of Object.values(ids.lesson)) {
        const viaUrl = await requireLessonFile(db, id, subject.userId).then(
          () => true,
          () => false,
        );
        expect(viaUrl).toBe(viaToken.has(id));
      }
    },
  );
});

test('what cannot be an id names nothing, and fails nothing', async () => {
  for (const id of [0, -1, 1.5, 2 ** 31, Number.NaN]) {
    expect(await checkAccess(db, subjects.owner, 'course.read', [id])).toEqual(new Set());
    expect(await checkAccess(db, subjects.owner, 'lesson.read', [id, ids.lesson.visible])).toEqual(
      new Set([ids.lesson.visible]),
    );
  }
});
