import {
  assignQuerySchema,
  idParamSchema,
  idSchema,
  lessonStartedSchema,
  MSG,
  PAGE_SIZES,
  pageQuerySchema,
  registerStudentBodySchema,
  studentListQuerySchema,
  unassignedCoursesQuerySchema,
} from '@skillwise/contracts';
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { AppError } from '../../lib/errors';
import { listQuery, sendPage } from '../../lib/paging';
import type { FileStorage } from '../../lib/storage';
import { parseObjectFields, receiveUpload } from '../../lib/upload';
import { parseInput } from '../../lib/validate';
import { type Auth, actorOf, publisherOf } from '../../plugins/auth';
import type { EnrolmentService } from './enrolments.service';

/** SPEC §5: assigning or removing needs both ids; the 400 says so in the spec's words. */
function parseAssignQuery(query: unknown) {
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
  return parseInput(assignQuerySchema, query, 'query');
}

const userCourseParams = z.object({ userId: idSchema, courseId: idSchema });

export function registerEnrolmentRoutes(
  app: FastifyInstance,
  enrolments: EnrolmentService,
  auth: Auth,
  files: { storage: FileStorage },
) {
  const signedIn = { preHandler: auth() };

  app.get('/studentCourse/GetAssignedCourses/:id', signedIn, async (request, reply) => {
    const { id } = parseInput(idParamSchema, request.params, 'params');
    const list = listQuery(parseInput(pageQuerySchema, request.query, 'query'), PAGE_SIZES.myCourses);
    return sendPage(reply, await enrolments.listAssigned(actorOf(request), id, list));
  });

  app.get('/studentCourse/GetAllCoursesByUserIdandCourseId/:userId/:courseId', signedIn, async (request) => {
    const { userId, courseId } = parseInput(userCourseParams, request.params, 'params');
    return enrolments.enrolmentOf(actorOf(request), userId, courseId);
  });

  app.get('/studentCourse/getStudentByOrgID/:id', signedIn, async (request, reply) => {
    parseInput(idParamSchema, request.params, 'params');
    const { enrolled, ...paging } = parseInput(studentListQuerySchema, request.query, 'query');
    const list = listQuery(paging, PAGE_SIZES.students);
    return sendPage(reply, await enrolments.listStudents(publisherOf(request), list, { enrolled }));
  });

  app.post('/studentCourse/registerStudent', signedIn, async (request, reply) => {
    const actor = publisherOf(request);
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
  });

  app.get('/courses/UnAssignedCourses/:id', signedIn, async (request, reply) => {
    const { id } = parseInput(idParamSchema, request.params, 'params');
    const { published, ...paging } = parseInput(unassignedCoursesQuerySchema, request.query, 'query');
    const list = listQuery(paging, PAGE_SIZES.unassignedCourses);
    return sendPage(reply, await enrolments.unassignedCourses(publisherOf(request), id, list, { published }));
  });

  app.post('/studentCourse/AssignCoursetoStudent', signedIn, async (request, reply) => {
    const actor = publisherOf(request);
    const { user_id, course_id } = parseAssignQuery(request.query);
    return reply.status(201).send(await enrolments.assign(actor, user_id, course_id));
  });

  app.delete('/studentCourse/DeleteAssignedCourse', signedIn, async (request) => {
    const actor = publisherOf(request);
    const { user_id, course_id } = parseAssignQuery(request.query);
    return enrolments.unassign(actor, user_id, course_id);
  });

  app.put('/lessons/ChangeLessonStartedFlag', signedIn, async (request) => {
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
