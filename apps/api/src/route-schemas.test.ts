import { Validator } from '@seriousme/openapi-schema-validator';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { z } from 'zod';
import { authorCourse } from '../test/authoring';
import { createPublisher, createStudent } from '../test/factories';
import { call, createTestContext, type TestContext } from '../test/helpers';
import { enrolments } from './db/schema';
import type { RegisteredRoute } from './lib/openapi';
import { BinaryResponse, HandlerChecked, MultipartBody, NoBody } from './lib/route-schema';

let ctx: TestContext;
beforeAll(async () => {
  // Two routes outside /api whose answers break their own declarations, for the response check.
  ctx = await createTestContext({}, (app) => {
    const declared: { response: Record<number, z.ZodType> } = {
      response: { 200: z.object({ name: z.string() }) },
    };
    app.get('/test/wrong-answer', { schema: declared }, async () => ({ name: 42 }));
    app.get('/test/undeclared-status', { schema: declared }, async (_request, reply) =>
      reply.status(201).send({ name: 'x' }),
    );
  });
});
afterAll(async () => ctx.close());

/**
 * Routes that may go without a part of their schema, each with its reason. None today: the tus protocol
 * routes and the media byte streams declare theirs (binary bodies and answers, handler-read ids).
 */
const ALLOWED_WITHOUT_SCHEMA = new Map<string, string>([]);

type Schema = {
  tags?: string[];
  summary?: string;
  params?: unknown;
  querystring?: unknown;
  body?: unknown;
  response?: Record<string, unknown>;
};

const methodsOf = (route: RegisteredRoute) => [route.method].flat().map(String);
const isInput = (part: unknown) => part instanceof z.ZodType || part instanceof HandlerChecked;

/** What a route lacks: the rules every route of the API follows. */
function schemaProblems(route: RegisteredRoute): string[] {
  const schema = (route.schema ?? {}) as Schema;
  const problems: string[] = [];
  if (!schema.tags?.length) problems.push('no tag');
  if (!schema.summary) problems.push('no summary');
  if (route.url.includes(':') && !isInput(schema.params)) problems.push('no params schema');
  if (
    /\brequest\.query\b|\{ query \} = request/.test(String(route.handler)) &&
    !isInput(schema.querystring)
  ) {
    problems.push('reads the query without a querystring schema');
  }
  const writes = methodsOf(route).some((method) => ['POST', 'PUT', 'PATCH'].includes(method));
  const bodyDeclared =
    isInput(schema.body) ||
    schema.body instanceof MultipartBody ||
    schema.body instanceof NoBody ||
    schema.body instanceof BinaryResponse;
  if (writes && !bodyDeclared) problems.push('no body schema (or multipart / no-body marker)');
  if (!schema.response || Object.keys(schema.response).length === 0) problems.push('no response schema');
  return problems;
}

/** The API's own routes (Fastify's automatic HEAD twins of GET routes are the GET's). */
const apiRoutes = () => {
  const gets = new Set(
    ctx.app.apiRoutes.filter((route) => methodsOf(route).includes('GET')).map((route) => route.url),
  );
  return ctx.app.apiRoutes.filter((route) => !(methodsOf(route).includes('HEAD') && gets.has(route.url)));
};

describe('route schemas', () => {
  test('every route declares its tag, params, query, body and answers', () => {
    const routes = apiRoutes();
    expect(routes.length).toBeGreaterThanOrEqual(81);
    const missing = routes
      .map((route) => ({
        route: `${methodsOf(route).join(',')} ${route.url}`,
        problems: schemaProblems(route),
      }))
      .filter(({ route, problems }) => problems.length > 0 && !ALLOWED_WITHOUT_SCHEMA.has(route));
    expect(missing).toEqual([]);
  });

  test('the check fails for a route without a schema', () => {
    const bare = { method: 'POST', url: '/api/things/:id', handler: async () => ({}) } as RegisteredRoute;
    expect(schemaProblems(bare)).toEqual([
      'no tag',
      'no summary',
      'no params schema',
      'no body schema (or multipart / no-body marker)',
      'no response schema',
    ]);
    const readsQuery = {
      method: 'GET',
      url: '/api/things',
      schema: { tags: ['T'], summary: 'S', response: { 200: z.object({}) } },
      handler: async (request: { query: unknown }) => request.query,
    } as unknown as RegisteredRoute;
    expect(schemaProblems(readsQuery)).toEqual(['reads the query without a querystring schema']);
  });

  test('in tests, an answer that breaks its response schema fails loudly', async () => {
    const wrong = await call(ctx.app, { method: 'GET', url: '/test/wrong-answer' });
    expect(wrong.statusCode).toBe(500);
    const undeclared = await call(ctx.app, { method: 'GET', url: '/test/undeclared-status' });
    expect(undeclared.statusCode).toBe(500);
  });

  test('input is validated by the declared schemas with the same 400s, after the token check', async () => {
    const badId = await call(ctx.app, { method: 'GET', url: '/api/courses/details/abc' });
    expect(badId.statusCode).toBe(400);
    expect(badId.json()).toMatchObject({
      statusCode: 400,
      error: 'Bad Request',
      code: 'VALIDATION',
      details: [{ field: 'id' }],
    });
    expect(badId.json().message).toMatch(/^id: /);
    // No token: the 401 comes first, whatever the body.
    const noToken = await call(ctx.app, {
      method: 'PUT',
      url: '/api/courses/publishUnpublishCourse',
      body: [],
    });
    expect(noToken.statusCode).toBe(401);
    const publisher = await createPublisher(ctx);
    const badBody = await call(ctx.app, {
      method: 'PUT',
      url: '/api/courses/publishUnpublishCourse',
      token: publisher.token,
      body: { Id: 'x', published: 'maybe' },
    });
    expect(badBody.statusCode).toBe(400);
    expect(badBody.json().details.map((d: { field: string }) => d.field)).toEqual(['Id', 'published']);
    // Coerced values reach the handler: a page size sent as text pages the list.
    const page = await call(ctx.app, {
      method: 'GET',
      url: '/api/coursecategory/GetCourseCategoriesByOrgId?page=1&pageSize=5',
      token: publisher.token,
    });
    expect(page.statusCode).toBe(200);
    expect(page.headers['x-total-count']).toBeDefined();
  });
});

/** SPEC §7's calls with the fields it names (`Object.<name>` for multipart forms). */
const SPEC_CALLS: [
  method: string,
  path: string,
  where: 'query' | 'body' | 'multipart' | 'none',
  fields: string[],
][] = [
  ['get', '/api/courses/GetAllCoursesDetail', 'none', []],
  ['get', '/api/courses/UnAssignedCourses/{id}', 'none', []],
  ['get', '/api/courses/details/{id}', 'none', []],
  ['get', '/api/courses/GetCoursesbyOrgId', 'query', ['org_Id']],
  ['post', '/api/courses/CreateOrder', 'body', ['price', 'email_address', 'user_id', 'course_id']],
  ['post', '/api/courses/CaptureOrder', 'body', ['orderId', 'course_Id', 'price', 'user_id']],
  ['post', '/api/organization/CreateOrder', 'body', ['price', 'email_address', 'user_id']],
  [
    'post',
    '/api/organization/CaptureOrder',
    'body',
    ['orderId', 'subscriptionCategoryType', 'price', 'email'],
  ],
  [
    'post',
    '/api/courses/createCourse',
    'multipart',
    [
      'Object.author_id',
      'Object.course_title',
      'Object.course_description',
      'fileName',
      'Object.price',
      'Object.price_type_Id',
      'Object.certificate',
      'Object.category_id',
      'Object.org_Id',
    ],
  ],
  [
    'put',
    '/api/courses/updateCourse',
    'multipart',
    ['Object.course_Id', 'Object.course_title', 'Object.price', 'fileName', 'Object.org_Id'],
  ],
  ['put', '/api/courses/publishUnpublishCourse', 'body', ['Id', 'published', 'withSectionsAndLessons']],
  ['get', '/api/authors/GetAuthorByOrgId', 'query', ['org_Id']],
  [
    'post',
    '/api/authors/CreateAuthors',
    'multipart',
    [
      'Object.first_name',
      'Object.last_name',
      'Object.gender',
      'Object.email_address',
      'Object.phone_number',
      'Object.bio',
      'fileName',
      'Object.org_Id',
    ],
  ],
  ['post', '/api/studentCourse/AssignCoursetoStudent', 'query', ['user_id', 'course_id']],
  ['delete', '/api/studentCourse/DeleteAssignedCourse', 'query', ['user_id', 'course_id']],
  ['get', '/api/studentCourse/GetAllCoursesByUserIdandCourseId/{userId}/{courseId}', 'none', []],
  ['get', '/api/studentCourse/GetAssignedCourses/{id}', 'none', []],
  ['get', '/api/studentCourse/getStudentByOrgID/{id}', 'none', []],
  ['post', '/api/studentCourse/registerStudent', 'multipart', ['name', 'email', 'password', 'course_Id']],
  ['get', '/api/coursecategory/GetCourseCategoriesByOrgId', 'query', ['org_Id']],
  ['get', '/api/coursecategory/GetCourseCategoryByIdAsync', 'query', ['category_Id']],
  [
    'post',
    '/api/coursecategory/CreateCourseCategory',
    'body',
    ['category_name', 'category_description', 'org_Id', 'created_date'],
  ],
  [
    'put',
    '/api/coursecategory/UpdateCourseCategoryAsync',
    'body',
    ['category_Id', 'category_name', 'category_description', 'created_by', 'org_Id'],
  ],
  ['delete', '/api/coursecategory/DeleteCourseCategoryAsync', 'query', ['category_Id']],
  [
    'post',
    '/api/courseSections/InsertCourseSections',
    'body',
    ['course_id', 'section_name', 'section_id', 'section_description', 'published', 'order_number'],
  ],
  [
    'put',
    '/api/courseSections/UpdateCourseSections',
    'body',
    ['Order_number', 'published', 'section_Id', 'course_Id', 'section_name'],
  ],
  ['get', '/api/courseSections/GetCourseSectionsByCourseId/{id}', 'none', []],
  ['get', '/api/courseSections/GetCourseSectionsByCourseIdForPreview/{id}', 'none', []],
  ['put', '/api/courseSections/publishUnpublishSection', 'body', ['Id', 'published', 'withLessons']],
  ['delete', '/api/courseSections/{id}', 'none', []],
  [
    'post',
    '/api/lessons/createLessons',
    'multipart',
    ['Object.lesson_Id', 'Object.lesson_title', 'Object.contentType', 'Object.section_Id', 'fileName'],
  ],
  ['post', '/api/lessons/UploadLesson', 'multipart', ['file', 'section_Id', 'contentType']],
  ['put', '/api/lessons/ChangeLessonStartedFlag', 'query', ['lesson_Id', 'lessonstarted']],
  ['put', '/api/lessons/ChangeLessonStartedFlag', 'body', ['lesson_Id', 'lessonstarted']],
  ['put', '/api/lessons/publishUnpublishLesson', 'body', ['Id', 'published']],
  ['put', '/api/lessons/handleMakeRemovePreviewLesson', 'body', ['Id', 'makepreview']],
  ['delete', '/api/lessons/{id}', 'none', []],
  ['get', '/api/pricingplan', 'none', []],
  ['get', '/api/organization/getAllAdminSubscriptionTypeCategory', 'none', []],
  ['get', '/api/organization/getOrgById/{id}', 'none', []],
  [
    'post',
    '/api/organization/RegisterOrg',
    'body',
    [
      'org_Name',
      'org_Description',
      'org_url',
      'primary_email',
      'password',
      'role_id',
      'is_active',
      'VerificationCode',
      'Verified',
      'fullName',
    ],
  ],
  ['post', '/api/users/Login', 'body', ['username', 'password']],
  [
    'post',
    '/api/users/register',
    'body',
    ['email', 'password', 'role_id', 'is_active', 'VerificationCode', 'Verified', 'fullName'],
  ],
  [
    'put',
    '/api/users/changeUserProfile',
    'body',
    ['email', 'password', 'is_active', 'VerificationCode', 'Verified', 'fullName', 'pwresetRequest'],
  ],
  [
    'put',
    '/api/users/resetpassword',
    'body',
    ['email', 'password', 'is_active', 'VerificationCode', 'Verified'],
  ],
  ['put', '/api/users/resetPasswordRequest', 'body', ['email']],
  ['post', '/api/users/VerifyVerificationCode', 'body', ['email', 'verificationCode']],
  ['get', '/api/users/checkUserExists', 'query', ['email']],
  ['get', '/api/users/getUserByemailID', 'query', ['email']],
];

type Json = Record<string, unknown> & {
  properties?: Record<string, Json>;
  items?: Json;
  anyOf?: Json[];
};
type Operation = {
  operationId: string;
  tags: string[];
  security: Record<string, string[]>[];
  parameters?: { name: string; in: string; required: boolean }[];
  requestBody?: { content: Record<string, { schema: Json }> };
  responses: Record<string, { content?: Record<string, { schema: Json }> }>;
};

describe('the OpenAPI document', () => {
  let doc: { openapi: string; paths: Record<string, Record<string, Operation>> };
  beforeAll(async () => {
    const res = await call(ctx.app, { method: 'GET', url: '/api/openapi.json' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/^application\/json/);
    doc = res.json();
  });
  const operations = () =>
    Object.entries(doc.paths).flatMap(([path, methods]) =>
      Object.entries(methods).map(([method, op]) => ({ path, method, op })),
    );
  const operation = (method: string, path: string) => {
    const op = doc.paths[path]?.[method];
    if (!op) throw new Error(`${method.toUpperCase()} ${path} is not in the document`);
    return op;
  };

  test('is a valid OpenAPI 3.1 document', async () => {
    const validator = new Validator();
    const result = await validator.validate(structuredClone(doc));
    expect(result.errors ?? []).toEqual([]);
    expect(result.valid).toBe(true);
    expect(doc.openapi).toBe('3.1.0');
  });

  test('describes every route once, in OpenAPI paths, with unique operation ids and a tag', () => {
    const ops = operations();
    expect(ops.length).toBe(apiRoutes().length);
    for (const { path } of ops) expect(path).not.toMatch(/:/);
    const ids = ops.map(({ op }) => op.operationId);
    expect(new Set(ids).size).toBe(ids.length);
    for (const { op } of ops) expect(op.tags.length).toBe(1);
    expect(operation('get', '/api/courses/details/{id}').parameters).toEqual([
      expect.objectContaining({ name: 'id', in: 'path', required: true }),
    ]);
  });

  test('protected routes ask for the bearer token; public ones do not', () => {
    expect(operation('get', '/api/users/GetMyProfile').security).toEqual([{ bearerAuth: [] }]);
    expect(operation('post', '/api/courses/CreateOrder').security).toEqual([{ bearerAuth: [] }]);
    expect(operation('get', '/api/courses/GetAllCoursesDetail').security).toEqual([]);
    expect(
      operation('get', '/api/courseSections/GetCourseSectionsByCourseIdForPreview/{id}').security,
    ).toEqual([]);
    expect(operation('post', '/api/users/Login').security).toEqual([]);
    // Public pages that answer more to a signed-in caller.
    expect(operation('get', '/api/courses/details/{id}').security).toEqual([{}, { bearerAuth: [] }]);
  });

  test('has every call of the spec with the fields it names', () => {
    for (const [method, path, where, fields] of SPEC_CALLS) {
      const op = operation(method, path);
      let named: string[] = [];
      if (where === 'query') {
        named = (op.parameters ?? []).filter((p) => p.in === 'query').map((p) => p.name);
      } else if (where === 'body' || where === 'multipart') {
        const type = where === 'body' ? 'application/json' : 'multipart/form-data';
        named = Object.keys(op.requestBody?.content[type]?.schema.properties ?? {});
      } else {
        expect(op.requestBody, `${method} ${path}`).toBeUndefined();
      }
      for (const field of fields) expect(named, `${method.toUpperCase()} ${path} ${where}`).toContain(field);
    }
  });

  test('answers name the fields the spec reads', () => {
    const answer = (method: string, path: string, status: string) =>
      operation(method, path).responses[status]?.content?.['application/json']?.schema.properties ?? {};
    expect(answer('post', '/api/users/Login', '200')).toHaveProperty('token');
    expect(answer('post', '/api/courses/CreateOrder', '201')).toHaveProperty('id');
    expect(answer('post', '/api/organization/CaptureOrder', '200')).toHaveProperty('id');
    expect(answer('post', '/api/courses/createCourse', '201')).toHaveProperty('course_Id');
    expect(answer('post', '/api/lessons/createLessons', '201')).toHaveProperty('lesson_Id');
    expect(answer('post', '/api/users/VerifyVerificationCode', '200')).toHaveProperty('verified');
    const list = operation('get', '/api/courses/GetAllCoursesDetail').responses['200'] as {
      headers?: Record<string, unknown>;
      content: Record<string, { schema: Json }>;
    };
    expect(list.content['application/json']?.schema.items?.properties).toHaveProperty('course_title');
    expect(list.headers).toHaveProperty('X-Total-Count');
    // Errors share one shape.
    expect(
      operation('post', '/api/users/Login').responses['400']?.content?.['application/json']?.schema,
    ).toEqual({
      $ref: '#/components/schemas/ErrorBody',
    });
  });
});

describe('the readable reference at /api/docs', () => {
  test('is a server-rendered page grouped by module, under the strict CSP and with no script', async () => {
    const res = await call(ctx.app, { method: 'GET', url: '/api/docs' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/^text\/html/);
    expect(res.headers['content-security-policy']).toContain("script-src 'self'");
    expect(res.body).not.toMatch(/<script|\sstyle=|\son[a-z]+=/i);
    for (const tag of ['Users', 'Courses', 'Curriculum', 'Payments', 'Uploads']) {
      expect(res.body).toContain(`id="tag-${tag}"`);
    }
    expect(res.body).toContain('/api/courses/details/{id}');
    expect(res.body).toContain('Object.course_title');
    expect(res.body).toContain('href="/api/openapi.json"');
    const css = await call(ctx.app, { method: 'GET', url: '/api/docs.css' });
    expect(css.statusCode).toBe(200);
    expect(css.headers['content-type']).toMatch(/^text\/css/);
  });
});

describe('public cache invalidation is declared by each route', () => {
  const PUBLIC_MODULES = ['Courses', 'Curriculum', 'Authors', 'Categories', 'Reviews'];

  test('every write of the catalogue, courses, curriculum, authors, categories and reviews declares it', () => {
    const writes = apiRoutes().filter(
      (route) =>
        !methodsOf(route).includes('GET') &&
        PUBLIC_MODULES.includes(((route.schema ?? {}) as Schema).tags?.[0] ?? ''),
    );
    expect(writes.length).toBeGreaterThanOrEqual(20);
    const undeclared = writes
      .filter((route) => (route.config as { invalidates?: string } | undefined)?.invalidates !== 'public')
      .map((route) => `${methodsOf(route).join(',')} ${route.url}`);
    expect(undeclared).toEqual([]);
    // Reads never clear it.
    const reading = apiRoutes().filter(
      (route) =>
        methodsOf(route).includes('GET') &&
        (route.config as { invalidates?: string } | undefined)?.invalidates !== undefined,
    );
    expect(reading).toEqual([]);
  });

  test('a write without the declaration leaves the cached answers; a declared one clears them', async () => {
    const cached = await createTestContext({ PUBLIC_CACHE_SECONDS: '60' });
    try {
      const publisher = await createPublisher(cached);
      const courseId = (await authorCourse(cached, publisher.token)).course.course_Id as number;
      const publish = () =>
        call(cached.app, {
          method: 'PUT',
          url: '/api/courses/publishUnpublishCourse',
          token: publisher.token,
          body: { Id: courseId, published: true },
        });
      expect((await publish()).statusCode).toBe(200);
      const students = async () =>
        (await call(cached.app, { method: 'GET', url: `/api/courses/details/${courseId}` })).json()
          .students_count;
      expect(await students()).toBe(0);
      const student = await createStudent(cached);
      await cached.database.db
        .insert(enrolments)
        .values({ userId: student.userId, courseId, source: 'free' });
      // A successful write that declares nothing (the student's e-mail switch): the cached answer stands.
      const quiet = await call(cached.app, {
        method: 'PUT',
        url: '/api/notifications/SavePreferences',
        token: student.token,
        body: { email_notifications: false },
      });
      expect(quiet.statusCode).toBe(200);
      expect(await students()).toBe(0);
      // A declared write that fails changes nothing either.
      const refused = await call(cached.app, {
        method: 'PUT',
        url: '/api/courses/publishUnpublishCourse',
        token: student.token,
        body: { Id: courseId, published: true },
      });
      expect(refused.statusCode).toBe(403);
      expect(await students()).toBe(0);
      // A declared write that succeeds starts the cache afresh.
      expect((await publish()).statusCode).toBe(200);
      expect(await students()).toBe(1);
    } finally {
      await cached.close();
    }
  });
});
