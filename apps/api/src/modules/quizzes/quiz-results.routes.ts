import {
  gradingQueueQuerySchema,
  gradingQueueRowSchema,
  idParamSchema,
  QUIZ_RESULTS_PAGE_SIZES,
  quizResultsQuerySchema,
  quizStudentResultSchema,
  quizSummarySchema,
  studentAttemptSchema,
  studentAttemptsQuerySchema,
} from '@skillwise/contracts';
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { listQuery, sendPage } from '../../lib/paging';
import { paged, type ZodTypeProvider } from '../../lib/route-schema';
import { type Auth, actorOf } from '../../plugins/auth';
import type { QuizResultService } from './quiz-results.service';

/** The school's side of quizzes (docs/decisions/034): the grading queue, results, a student's attempts. */
export function registerQuizResultRoutes(server: FastifyInstance, results: QuizResultService, auth: Auth) {
  const app = server.withTypeProvider<ZodTypeProvider>();
  const signedIn = { preHandler: auth() };
  const tags = ['Quizzes'];
  const staffOnly = 'The school’s staff; another school’s quiz lesson is not found (404).';

  app.get(
    '/quizzes/GetGradingQueue',
    {
      ...signedIn,
      schema: {
        tags,
        summary: 'The school’s quiz attempts waiting for grading, oldest submission first; paged',
        description:
          'The school’s staff (anyone else: 404). Each attempt with its course, quiz lesson, student and ' +
          'how many open answers wait; `course_Id` keeps one of the school’s courses (another’s: 404). ' +
          'Searched on the student’s name or e-mail and the quiz’s or course’s title.',
        querystring: gradingQueueQuerySchema,
        response: { 200: paged(gradingQueueRowSchema) },
      },
    },
    async (request, reply) => {
      const list = listQuery(request.query, QUIZ_RESULTS_PAGE_SIZES.gradingQueue);
      return sendPage(reply, await results.queue(actorOf(request), request.query.course_Id, list));
    },
  );

  app.get(
    '/quizzes/GetQuizResults/:id',
    {
      ...signedIn,
      schema: {
        tags,
        summary: 'The students who attempted a quiz (the lesson’s id), each with its best result; paged',
        description:
          `${staffOnly} By name; searched on the student’s name or e-mail. The best result is the best ` +
          'decided attempt by percent; `passed` when any attempt passed.',
        params: idParamSchema,
        querystring: quizResultsQuerySchema,
        response: { 200: paged(quizStudentResultSchema) },
      },
    },
    async (request, reply) => {
      const list = listQuery(request.query, QUIZ_RESULTS_PAGE_SIZES.quizResults);
      return sendPage(reply, await results.students(actorOf(request), request.params.id, list));
    },
  );

  app.get(
    '/quizzes/GetQuizSummary/:id',
    {
      ...signedIn,
      schema: {
        tags,
        summary:
          'A quiz’s figures: attempts, students, pass rate, the spread of scores, the hardest questions',
        description:
          `${staffOnly} The pass rate is students who passed over students with a graded attempt; the ` +
          'spread counts students by their best percent in ten buckets; the hardest questions are those ' +
          'whose graded answers earned full points least often, by the text and kind attempts kept.',
        params: idParamSchema,
        response: { 200: quizSummarySchema },
      },
    },
    async (request) => results.summary(actorOf(request), request.params.id),
  );

  app.get(
    '/quizzes/GetStudentAttempts',
    {
      ...signedIn,
      schema: {
        tags,
        summary: 'A student’s attempts at a course’s quizzes (`course_Id`) or at one quiz (`lesson_Id`)',
        description:
          'The school’s staff; another school’s course or lesson is not found (404). In the course’s ' +
          'order of lessons, each quiz’s attempts first to last.',
        querystring: studentAttemptsQuerySchema,
        response: { 200: z.array(studentAttemptSchema) },
      },
    },
    async (request) => results.studentAttempts(actorOf(request), request.query),
  );
}
