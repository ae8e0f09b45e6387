import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import {
  addVisibleLesson,
  createCourse,
  createPublisher,
  createStudent,
  createTeamMember,
  type TestUser,
} from '../../../test/factories';
import { call, createTestContext, type TestContext, uniqueEmail } from '../../../test/helpers';
import { buyCourse } from '../../../test/payments';
import { orders } from '../../db/schema';

// Every role of a school's team on the routes that matter to it (docs/decisions/039): the owner, an
// admin, an instructor (given course A1, not A2), a member removed from the team, and another school's
// owner. `ok` is a 2xx; `no` a 403 or 404; `-` is not asked (the call is another test's, or means nothing
// for that caller: another school's owner reading its own sales).
let ctx: TestContext;

type Who = 'owner' | 'admin' | 'instructor' | 'removed' | 'foreign';
const WHO: Who[] = ['owner', 'admin', 'instructor', 'removed', 'foreign'];
type Expect = 'ok' | 'no' | '-';

const tokens = {} as Record<Who, TestUser>;
const ids = { a1: 0, a2: 0, lessonA1: 0, lessonA2: 0, sectionA2: 0, categoryA: 0, orgA: 0, orderA2: 0 };

beforeAll(async () => {
  ctx = await createTestContext({ RATE_LIMIT_ADDRESS_MAX: '100000' });
  tokens.owner = await createPublisher(ctx);
  const orgA = tokens.owner.orgId ?? 0;
  ids.orgA = orgA;
  tokens.admin = await createTeamMember(ctx, orgA, 'admin');
  tokens.instructor = await createTeamMember(ctx, orgA, 'instructor');
  tokens.removed = await createTeamMember(ctx, orgA, 'admin');
  tokens.foreign = await createPublisher(ctx);
  const a1 = await createCourse(ctx, orgA, { title: 'A1' });
  const a2 = await createCourse(ctx, orgA, { title: 'A2' });
  ids.a1 = a1.id;
  ids.a2 = a2.id;
  ids.categoryA = a2.categoryId;
  ids.lessonA1 = (await addVisibleLesson(ctx, a1.id)).lesson.id;
  const visible = await addVisibleLesson(ctx, a2.id);
  ids.lessonA2 = visible.lesson.id;
  ids.sectionA2 = visible.section.id;
  const given = await call(ctx.app, {
    method: 'POST',
    url: '/api/team/SetInstructorCourses',
    token: tokens.owner.token,
    body: { user_Id: tokens.instructor.userId, course_Ids: [a1.id] },
  });
  expect(given.statusCode, given.body).toBe(200);
  const removed = await call(ctx.app, {
    method: 'POST',
    url: '/api/team/RemoveMember',
    token: tokens.owner.token,
    body: { user_Id: tokens.removed.userId },
  });
  expect(removed.statusCode).toBe(200);
  const buyer = await createStudent(ctx);
  const bought = await buyCourse(ctx, buyer, a2.id, 19.99);
  expect(bought.capture?.statusCode).toBe(200);
  const [order] = await ctx.database.db
    .select({ id: orders.id })
    .from(orders)
    .where(eq(orders.courseId, a2.id));
  ids.orderA2 = order?.id ?? 0;
});
afterAll(async () => ctx.close());

type Row = {
  name: string;
  method: 'GET' | 'POST' | 'PUT' | 'DELETE';
  url: () => string;
  body?: () => unknown;
  expect: [Expect, Expect, Expect, Expect, Expect];
};

const rows: Row[] = [
  // The instructor's own course, and another instructor's.
  {
    name: 'sections of the given course',
    method: 'GET',
    url: () => `/api/courseSections/GetCourseSectionsByCourseId/${ids.a1}`,
    expect: ['ok', 'ok', 'ok', 'no', 'no'],
  },
  {
    name: 'sections of another course',
    method: 'GET',
    url: () => `/api/courseSections/GetCourseSectionsByCourseId/${ids.a2}`,
    expect: ['ok', 'ok', 'no', 'no', 'no'],
  },
  {
    name: 'unpublish the given course',
    method: 'PUT',
    url: () => '/api/courses/publishUnpublishCourse',
    body: () => ({ Id: ids.a1, published: false }),
    expect: ['ok', 'ok', 'ok', 'no', 'no'],
  },
  {
    name: 'unpublish another course',
    method: 'PUT',
    url: () => '/api/courses/publishUnpublishCourse',
    body: () => ({ Id: ids.a2, published: true }),
    expect: ['ok', 'ok', 'no', 'no', 'no'],
  },
  {
    name: 'a lesson of the given course',
    method: 'PUT',
    url: () => '/api/lessons/publishUnpublishLesson',
    body: () => ({ Id: ids.lessonA1, published: true }),
    expect: ['ok', 'ok', 'ok', 'no', 'no'],
  },
  {
    name: 'a lesson of another course',
    method: 'PUT',
    url: () => '/api/lessons/publishUnpublishLesson',
    body: () => ({ Id: ids.lessonA2, published: true }),
    expect: ['ok', 'ok', 'no', 'no', 'no'],
  },
  {
    name: 'a section of another course',
    method: 'PUT',
    url: () => '/api/courseSections/publishUnpublishSection',
    body: () => ({ Id: ids.sectionA2, published: true }),
    expect: ['ok', 'ok', 'no', 'no', 'no'],
  },
  {
    name: 'content URL of another course’s lesson',
    method: 'GET',
    url: () => `/api/lessons/GetLessonContentUrl/${ids.lessonA2}`,
    expect: ['ok', 'ok', 'no', 'no', 'no'],
  },
  {
    name: 'certificates of the given course',
    method: 'GET',
    url: () => `/api/certificates/GetCourseCertificates/${ids.a1}`,
    expect: ['ok', 'ok', 'ok', 'no', 'no'],
  },
  {
    name: 'certificates of another course',
    method: 'GET',
    url: () => `/api/certificates/GetCourseCertificates/${ids.a2}`,
    expect: ['ok', 'ok', 'no', 'no', 'no'],
  },
  {
    name: 'the grading queue of another course',
    method: 'GET',
    url: () => `/api/quizzes/GetGradingQueue?course_Id=${ids.a2}`,
    expect: ['ok', 'ok', 'no', 'no', 'no'],
  },
  // The school's own business: owners and admins.
  {
    name: 'sales',
    method: 'GET',
    url: () => '/api/orders/GetSalesByOrgId',
    expect: ['ok', 'ok', 'no', 'no', '-'],
  },
  {
    name: 'sales series',
    method: 'GET',
    url: () => '/api/orders/GetSalesSeries',
    expect: ['ok', 'ok', 'no', 'no', '-'],
  },
  {
    name: 'refund a sale',
    method: 'POST',
    url: () => '/api/orders/RefundOrder',
    body: () => ({ order_Id: ids.orderA2, amount: 1, reason: 'Goodwill' }),
    expect: ['-', 'ok', 'no', 'no', 'no'],
  },
  {
    name: 'coupons',
    method: 'GET',
    url: () => '/api/organization/GetCoupons',
    expect: ['ok', 'ok', 'no', 'no', '-'],
  },
  {
    name: 'refund policy',
    method: 'GET',
    url: () => '/api/organization/GetRefundPolicy',
    expect: ['ok', 'ok', 'no', 'no', '-'],
  },
  {
    name: 'e-mails to students',
    method: 'GET',
    url: () => '/api/organization/GetBroadcasts',
    expect: ['ok', 'ok', 'no', 'no', '-'],
  },
  {
    name: 'API keys',
    method: 'GET',
    url: () => '/api/integrations/GetApiKeys',
    expect: ['ok', 'ok', 'no', 'no', '-'],
  },
  {
    name: 'webhooks',
    method: 'GET',
    url: () => '/api/integrations/GetWebhookEndpoints',
    expect: ['ok', 'ok', 'no', 'no', '-'],
  },
  { name: 'the team', method: 'GET', url: () => '/api/team/GetTeam', expect: ['ok', 'ok', 'no', 'no', '-'] },
  {
    name: 'the audit log',
    method: 'GET',
    url: () => '/api/team/GetAuditLog',
    expect: ['ok', 'ok', 'no', 'no', '-'],
  },
  {
    name: 'invite a member',
    method: 'POST',
    url: () => '/api/team/InviteMember',
    body: () => ({ email: uniqueEmail('invitee'), role: 'instructor' }),
    expect: ['ok', 'ok', 'no', 'no', '-'],
  },
  {
    name: 'change a category',
    method: 'PUT',
    url: () => '/api/coursecategory/UpdateCourseCategoryAsync',
    body: () => ({ category_Id: ids.categoryA, category_name: 'Renamed' }),
    expect: ['ok', 'ok', 'no', 'no', 'no'],
  },
  {
    name: 'add a student',
    method: 'POST',
    url: () => '/api/studentCourse/registerStudent',
    body: () => ({ name: 'New Student', email: uniqueEmail('added') }),
    expect: ['-', '-', 'no', 'no', '-'],
  },
  // Plan and payments: owners.
  {
    name: 'buy a plan',
    method: 'POST',
    url: () => '/api/organization/CreateOrder',
    body: () => ({ price: 99, user_id: tokens.owner.userId, subscriptionCategoryType: 'MonthlyBasic' }),
    expect: ['-', 'no', 'no', 'no', '-'],
  },
  {
    name: 'cancel the plan',
    method: 'POST',
    url: () => '/api/organization/CancelPlan',
    body: () => ({}),
    expect: ['-', 'no', 'no', 'no', '-'],
  },
  {
    name: 'the plan’s renewal',
    method: 'GET',
    url: () => '/api/organization/GetPlanRenewal',
    expect: ['-', 'no', 'no', 'no', '-'],
  },
  {
    name: 'payouts',
    method: 'GET',
    url: () => '/api/orders/GetPayouts',
    expect: ['ok', 'no', 'no', 'no', '-'],
  },
  {
    name: 'payout account',
    method: 'GET',
    url: () => '/api/organization/GetPayoutAccount',
    expect: ['-', 'no', 'no', 'no', '-'],
  },
  // What every member has.
  { name: 'my role', method: 'GET', url: () => '/api/team/GetMyRole', expect: ['ok', 'ok', 'ok', 'no', '-'] },
  {
    name: 'the school’s courses',
    method: 'GET',
    url: () => '/api/courses/GetCoursesbyOrgId',
    expect: ['ok', 'ok', 'ok', 'no', '-'],
  },
  {
    name: 'storage used',
    method: 'GET',
    url: () => '/api/organization/GetStorageUsage',
    expect: ['ok', 'ok', 'ok', 'no', '-'],
  },
  {
    name: 'the grading queue',
    method: 'GET',
    url: () => '/api/quizzes/GetGradingQueue',
    expect: ['ok', 'ok', 'ok', 'no', '-'],
  },
];

describe('every role on the routes a school’s team uses', () => {
  for (const row of rows) {
    test(row.name, async () => {
      for (const [i, who] of WHO.entries()) {
        const expected = row.expect[i];
        if (expected === '-') continue;
        const answer = await call(ctx.app, {
          method: row.method,
          url: row.url(),
          token: tokens[who].token,
          ...(row.body ? { body: row.body() } : {}),
        });
        const status = answer.statusCode;
        if (expected === 'ok')
          expect(status >= 200 && status < 300, `${who}: ${status} ${answer.body}`).toBe(true);
        else expect([403, 404], `${who}: ${status} ${answer.body}`).toContain(status);
      }
    });
  }
});

describe('the audit log', () => {
  test('names the admin who refunded and the owner who took a student out of a course', async () => {
    const refunded = await call(ctx.app, {
      method: 'POST',
      url: '/api/orders/RefundOrder',
      token: tokens.admin.token,
      body: { order_Id: ids.orderA2, amount: 1, reason: 'Late start' },
    });
    expect([200, 409]).toContain(refunded.statusCode);
    const email = uniqueEmail('added');
    const added = await call(ctx.app, {
      method: 'POST',
      url: '/api/studentCourse/registerStudent',
      token: tokens.owner.token,
      body: {
        name: 'Added Student',
        email,
        password: 'school password',
        consent: true,
        enroll: true,
        course_Id: ids.a1,
      },
    });
    expect(added.statusCode, added.body).toBe(201);
    const taken = await call(ctx.app, {
      method: 'DELETE',
      url: `/api/studentCourse/DeleteAssignedCourse?user_id=${added.json().user_id}&course_id=${ids.a1}`,
      token: tokens.owner.token,
    });
    expect(taken.statusCode, taken.body).toBe(200);
    const log = (
      await call(ctx.app, { method: 'GET', url: '/api/team/GetAuditLog', token: tokens.owner.token })
    ).json();
    const find = (action: string) => log.find((event: { action: string }) => event.action === action);
    expect(find('order.refunded')).toMatchObject({
      actor_email: tokens.admin.email,
      subject: `Order ${ids.orderA2}`,
    });
    expect(find('student.removed')).toMatchObject({ actor_email: tokens.owner.email, subject: email });
    expect(find('member.removed')).toMatchObject({
      actor_email: tokens.owner.email,
      subject: tokens.removed.email,
    });
  });
});

describe('a removed member and an instructor through every route', () => {
  test('a removed member is answered as any student account is, on every route of the API', async () => {
    const student = await createStudent(ctx);
    const paths = (await call(ctx.app, { method: 'GET', url: '/api/openapi.json' })).json().paths as Record<
      string,
      Record<string, unknown>
    >;
    let asked = 0;
    for (const [path, operations] of Object.entries(paths)) {
      // The session's own end, and the test-only and sandbox calls, say nothing about roles.
      if (/\/(Logout|LeaveTeam)$|^\/api\/(test|sandbox)\//.test(path)) continue;
      for (const method of Object.keys(operations)) {
        if (!['get', 'post', 'put', 'delete'].includes(method)) continue;
        const url = path.replace(/\{[^}]+\}/g, String(ids.a2));
        const ask = (token: string) =>
          call(ctx.app, {
            method: method.toUpperCase() as 'GET',
            url,
            token,
            ...(method === 'get' || method === 'delete' ? {} : { body: {} }),
          });
        const [asStudent, asRemoved] = [await ask(student.token), await ask(tokens.removed.token)];
        expect(asRemoved.statusCode, `${method} ${url}`).toBe(asStudent.statusCode);
        expect(asRemoved.statusCode >= 200 && asRemoved.statusCode < 300 && path.includes('/team/')).toBe(
          false,
        );
        asked += 1;
      }
    }
    expect(asked).toBeGreaterThan(140);
  });

  test('an instructor is answered 2xx only by the calls any member or any account may make', async () => {
    // What any account may call (its profile, notifications, the public pages) and what every member of a
    // school's team may (its courses list, its students' list, categories and authors to pick from,
    // storage, the grading queue, its own role), each filtered to an instructor's courses where it lists.
    const allowed = new Set([
      'get /api/users/GetMyProfile',
      'post /api/users/RequestMyPasswordCode',
      'get /api/organization/getOrgById/{id}',
      'get /api/organization/getAllAdminSubscriptionTypeCategory',
      'get /api/pricingplan',
      'get /api/organization/GetStorageUsage',
      'get /api/courses/GetAllCoursesDetail',
      'get /api/courses/GetCatalogueCategories',
      'get /api/courses/GetCoursesbyOrgId',
      'get /api/courses/details/{id}',
      'get /api/pricetype/GetAllPriceTypes',
      'get /api/coursecategory/GetCourseCategoriesByOrgId',
      'get /api/authors/GetAuthorByOrgId',
      'get /api/authors/GetAuthorById/{id}',
      'get /api/courseSections/GetCourseSectionsByCourseIdForPreview/{id}',
      'get /api/studentCourse/getStudentByOrgID/{id}',
      'get /api/certificates/GetMyCertificates',
      'get /api/quizzes/GetGradingQueue',
      'get /api/reviews/GetCourseRating/{id}',
      'get /api/reviews/GetCourseReviews/{id}',
      'get /api/reviews/GetMyCourseReview/{id}',
      'get /api/site/GetLandingContent',
      'get /api/payments/config',
      'get /api/notifications/GetMyNotifications',
      'get /api/notifications/GetUnreadCount',
      'get /api/notifications/GetPreferences',
      'get /api/team/GetMyRole',
      'get /api/health',
      'get /api/openapi.json',
      'get /api/docs',
      'get /api/docs.css',
    ]);
    const paths = (await call(ctx.app, { method: 'GET', url: '/api/openapi.json' })).json().paths as Record<
      string,
      Record<string, unknown>
    >;
    const answered: string[] = [];
    for (const [path, operations] of Object.entries(paths)) {
      if (/\/(Logout|LeaveTeam)$|^\/api\/(test|sandbox)\//.test(path)) continue;
      for (const method of Object.keys(operations)) {
        if (!['get', 'post', 'put', 'delete'].includes(method)) continue;
        // Every id in the path is another instructor's course (or names nothing of the school's).
        const url = path.replace(/\{[^}]+\}/g, String(ids.a2));
        const answer = await call(ctx.app, {
          method: method.toUpperCase() as 'GET',
          url,
          token: tokens.instructor.token,
          ...(method === 'get' || method === 'delete' ? {} : { body: {} }),
        });
        if (answer.statusCode < 300) answered.push(`${method} ${path}`);
      }
    }
    expect(answered.filter((route) => !allowed.has(route))).toEqual([]);
  });

  test('an API key stops when its maker is made an instructor or removed', async () => {
    const owner = await createPublisher(ctx);
    const admin = await createTeamMember(ctx, owner.orgId ?? 0, 'admin');
    const made = await call(ctx.app, {
      method: 'POST',
      url: '/api/integrations/CreateApiKey',
      token: admin.token,
      body: { name: 'Sync' },
    });
    expect(made.statusCode, made.body).toBe(201);
    const key = made.json().key as string;
    const sales = () => call(ctx.app, { method: 'GET', url: '/api/orders/GetSalesByOrgId', token: key });
    expect((await sales()).statusCode).toBe(200);
    expect(
      (
        await call(ctx.app, {
          method: 'POST',
          url: '/api/team/ChangeMemberRole',
          token: owner.token,
          body: { user_Id: admin.userId, role: 'instructor' },
        })
      ).statusCode,
    ).toBe(200);
    expect((await sales()).statusCode).toBe(401);
    // A key cannot touch the team, whoever made it.
    const ownerKey = await call(ctx.app, {
      method: 'POST',
      url: '/api/integrations/CreateApiKey',
      token: owner.token,
      body: { name: 'Owner key' },
    });
    const team = await call(ctx.app, { method: 'GET', url: '/api/team/GetTeam', token: ownerKey.json().key });
    expect(team.statusCode).toBe(403);
  });
});
