import {
  assignedCourseSchema,
  assignQuerySchema,
  idParamSchema,
  idSchema,
  lessonStartedResponseSchema,
  lessonStartedSchema,
  MSG,
  messageResponseSchema,
  PAGE_SIZES,
  pageQuerySchema,
  registerStudentBodySchema,
  registerStudentResponseSchema,
  setStudentReleaseBodySchema,
  studentListQuerySchema,
  studentReleaseSchema,
  studentRowSchema,
  unassignedCourseSchema,
  unassignedCoursesQuerySchema,
} from '@skillwise/contracts';
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { AppError } from '../../lib/errors';
import { listQuery, sendPage } from '../../lib/paging';
import { handlerChecked, multipart, noBody, paged, type ZodTypeProvider } from '../../lib/route-schema';
import type { FileStorage } from '../../lib/storage';
import { parseObjectFields, receiveUpload } from '../../lib/upload';
import { parseInput } from '../../lib/validate';
import { type Auth, actorOf, publisherOf, schoolStaffOf } from '../../plugins/auth';
import type { EnrolmentService } from './enrolments.service';

/** The query of AssignCoursetoStudent and DeleteAssignedCourse, read by parseAssignQuery. */
const assignQuery = handlerChecked(
  assignQuerySchema,
  'Both are required: a missing one is answered with the spec’s message first.',
);

/** SPEC §5: assigning or removing needs both ids; the 400 says so in the spec's words. */
function parseAssignQuery(query: unknown): z.output<typeof assignQuerySchema> {
  const values = (query ?? {}) as Record<string, unknown>;
  if (!values.user_id || !values.course_id) {
    throw new AppError(
      'VALIDATION',
      MSG.userAndCourseRequired,
      (['user_id', 'course_id'] as const)
        .filter((f) => !values[f])
        .map((field) => ({ field, message: 'is required' })),
    );
  }
  return parseInput(assignQuery.schema, query, 'query');
}

const userCourseParams = z.object({ userId: idSchema, courseId: idSchema });

export function registerEnrolmentRoutes(
  server: FastifyInstance,
  enrolments: EnrolmentService,
  auth: Auth,
  files: { storage: FileStorage },
) {
  const app = server.withTypeProvider<ZodTypeProvider>();
  const signedIn = { preHandler: auth() };
  const tags = ['Enrolments'];

  const assigned = {
    tags,
    summary: 'A student’s courses with their progress, paged and searched',
    params: idParamSchema,
    querystring: pageQuerySchema,
    response: { 200: paged(assignedCourseSchema) },
  };
  app.get(
    '/studentCourse/GetAssignedCourses/:id',
    { ...signedIn, schema: assigned },
    async (request, reply) => {
      const list = listQuery(request.query, PAGE_SIZES.myCourses);
      return sendPage(reply, await enrolments.listAssigned(actorOf(request), request.params.id, list));
    },
  );

  const enrolment = {
    tags,
    summary: 'A student’s enrolment in one course: one element, or none',
    params: userCourseParams,
    response: { 200: z.array(assignedCourseSchema) },
  };
  const enrolmentUrl = '/studentCourse/GetAllCoursesByUserIdandCourseId/:userId/:courseId';
  app.get(enrolmentUrl, { ...signedIn, schema: enrolment }, async (request) => {
    const { userId, courseId } = request.params;
    return enrolments.enrolmentOf(actorOf(request), userId, courseId);
  });

  const students = {
    tags,
    summary: 'The students of the caller’s organisation, paged, searched and filtered',
    description: 'The organisation is the caller’s: the path’s id is read as a number and not used.',
    params: idParamSchema,
    querystring: studentListQuerySchema,
    response: { 200: paged(studentRowSchema) },
  };
  app.get(
    '/studentCourse/getStudentByOrgID/:id',
    { ...signedIn, schema: students },
    async (request, reply) => {
      const { enrolled, ...paging } = request.query;
      const list = listQuery(paging, PAGE_SIZES.students);
      return sendPage(reply, await enrolments.listStudents(publisherOf(request), list, { enrolled }));
    },
  );

  const registerStudent = {
    tags,
    summary: 'Add a student to the organisation, optionally enrolling it in a course',
    body: multipart(registerStudentBodySchema, undefined, { prefix: '', json: true }),
    response: { 201: registerStudentResponseSchema },
  };
  app.post(
    '/studentCourse/registerStudent',
    { ...signedIn, schema: registerStudent },
    async (request, reply) => {
      const actor = schoolStaffOf(request);
      // The spec sends the form as multipart; JSON is accepted too.
      let body: z.output<typeof registerStudentBodySchema>;
      if (request.isMultipart()) {
        const upload = await receiveUpload(request, reply, files.storage, {
          field: 'file',
          maxBytes: 1,
          refuse: () => 'This form takes no file.',
        });
        await upload.discard();
        // The spec names this form's fields without the `Object.` prefix.
        body = parseObjectFields(registerStudentBodySchema, upload.fields, '');
      } else {
        body = parseInput(registerStudentBodySchema, request.body, 'body');
      }
      return reply.status(201).send(await enrolments.registerStudent(actor, body, request.ip));
    },
  );

  const unassigned = {
    tags,
    summary: 'The organisation’s courses a student is not enrolled in, paged and searched',
    params: idParamSchema,
    querystring: unassignedCoursesQuerySchema,
    response: { 200: paged(unassignedCourseSchema) },
  };
  app.get('/courses/UnAssignedCourses/:id', { ...signedIn, schema: unassigned }, async (request, reply) => {
    const { published, ...paging } = request.query;
    const list = listQuery(paging, PAGE_SIZES.unassignedCourses);
    const { id } = request.params;
    return sendPage(
      reply,
      await enrolments.unassignedCourses(schoolStaffOf(request), id, list, { published }),
    );
  });

  const assign = {
    tags,
    summary: 'Enrol a student of the organisation in one of its courses',
    querystring: assignQuery,
    body: noBody(),
    response: { 201: messageResponseSchema },
  };
  app.post(
    '/studentCourse/AssignCoursetoStudent',
    { ...signedIn, schema: assign },
    async (request, reply) => {
      const actor = schoolStaffOf(request);
      const { user_id, course_id } = parseAssignQuery(request.query);
      return reply.status(201).send(await enrolments.assign(actor, user_id, course_id));
    },
  );

  const unassign = {
    tags,
    summary: 'Remove a student’s enrolment in one of the organisation’s courses',
    querystring: assignQuery,
    response: { 200: messageResponseSchema },
  };
  app.delete(
    '/studentCourse/DeleteAssignedCourse',
    { ...signedIn, schema: unassign, config: { mayRevokeLessonAccess: true } },
    async (request) => {
      const actor = schoolStaffOf(request);
      const { user_id, course_id } = parseAssignQuery(request.query);
      return enrolments.unassign(actor, user_id, course_id);
    },
  );

  const setRelease = {
    tags,
    summary: 'Move a student’s start in a course, or open every section for them',
    description:
      'The course’s staff: `release_start_at` (a date, or null for the enrolment’s own) is where a ' +
      'section’s “days after enrolment” count from; `release_all` true opens every section whatever its ' +
      'schedule (docs/decisions/032). Another school’s course or student, or no enrolment: 404.',
    body: setStudentReleaseBodySchema,
    response: { 200: studentReleaseSchema },
  };
  app.post(
    '/studentCourse/SetStudentRelease',
    { ...signedIn, schema: setRelease, config: { mayRevokeLessonAccess: true } },
    async (request) => enrolments.setRelease(schoolStaffOf(request), request.body),
  );

  const started = handlerChecked(
    lessonStartedSchema.partial(),
    'The same fields may come in the query or the body; the body wins.',
  );
  const lessonStarted = {
    tags,
    summary: 'Mark a lesson started (or not) for the signed-in student',
    querystring: started,
    body: started,
    response: { 200: lessonStartedResponseSchema },
  };
  app.put('/lessons/ChangeLessonStartedFlag', { ...signedIn, schema: lessonStarted }, async (request) => {
    const merged = { ...(request.query as object), ...((request.body as object | null) ?? {}) } as Record<
      string,
      unknown
    >;
    if (merged.lesson_Id === undefined || merged.lesson_Id === null || merged.lesson_Id === '') {
      throw new AppError('VALIDATION', MSG.missingLessonId, [{ field: 'lesson_Id', message: 'is required' }]);
    }
    const { lesson_Id, lessonstarted } = parseInput(lessonStartedSchema, merged, 'body');
    return enrolments.setStarted(actorOf(request), lesson_Id, lessonstarted);
  });
}
