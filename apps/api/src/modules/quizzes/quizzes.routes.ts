import {
  attemptSchema,
  attemptSummarySchema,
  checkPreviewQuizBodySchema,
  gradeAnswerBodySchema,
  idParamSchema,
  previewQuizSchema,
  previewResultSchema,
  questionImageSchema,
  resetAttemptsBodySchema,
  resetAttemptsResponseSchema,
  saveQuizBodySchema,
  staffQuizSchema,
  startAttemptBodySchema,
  studentQuizSchema,
  submitAttemptBodySchema,
  uploadQuestionImageFieldsSchema,
} from '@skillwise/contracts';
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { AppError } from '../../lib/errors';
import { multipart, type ZodTypeProvider } from '../../lib/route-schema';
import type { FileStorage } from '../../lib/storage';
import { parseObjectFields, receiveUpload } from '../../lib/upload';
import { type Auth, actorOf } from '../../plugins/auth';
import { imageRule } from '../authors/authors.routes';
import type { QuizAttemptService } from './quiz-attempts.service';
import type { QuizPreview } from './quiz-preview';
import type { QuizService } from './quizzes.service';

/** Quizzes (docs/decisions/031): a quiz lesson's questions, a student's attempts, open answers graded. */
export function registerQuizRoutes(
  server: FastifyInstance,
  quizzes: QuizService,
  attempts: QuizAttemptService,
  auth: Auth,
  preview: QuizPreview,
  files: { storage: FileStorage; maxImageBytes: number },
) {
  const app = server.withTypeProvider<ZodTypeProvider>();
  const signedIn = { preHandler: auth() };
  const tags = ['Quizzes'];
  const staffOnly = 'The school’s staff; another school’s lesson is not found (404).';
  const ownOnly = 'Only the student’s own attempt; anyone else’s is not found (404).';

  app.post(
    '/quizzes/SaveQuiz',
    {
      ...signedIn,
      schema: {
        tags,
        summary: 'Writes a quiz lesson’s settings and replaces its questions (with their answers)',
        description:
          `${staffOnly} The lesson is made with lessons/createLessons, \`contentType\` quiz and no file. ` +
          'Attempts already started keep the questions they drew.',
        body: saveQuizBodySchema,
        response: { 200: staffQuizSchema },
      },
    },
    async (request) => quizzes.save(actorOf(request), request.body),
  );

  const uploadImage = {
    tags,
    summary: 'Stores an image for a question of a quiz lesson (multipart), before the quiz is saved',
    description:
      `${staffOnly} Fields \`lesson_Id\`, then the picture in \`file\` (JPEG, PNG, GIF or WebP, judged by its ` +
      'content; at most MAX_IMAGE_BYTES, 413 past it; 415 for anything else). It counts against the ' +
      'school’s storage (409 when full). Answers `image_key`, to send in a question of SaveQuiz, and ' +
      '`image_url` to show it. An image no question names within an hour is removed. A refused upload ' +
      'leaves nothing stored (docs/decisions/035).',
    body: multipart(
      uploadQuestionImageFieldsSchema,
      { name: 'file', required: true, description: 'The question’s picture: JPEG, PNG, GIF or WebP.' },
      { prefix: '' },
    ),
    response: { 201: questionImageSchema },
  };
  app.post('/quizzes/UploadQuestionImage', { ...signedIn, schema: uploadImage }, async (request, reply) => {
    const actor = actorOf(request);
    const fieldsOf = (fields: Record<string, string>) =>
      parseObjectFields(uploadQuestionImageFieldsSchema, fields, '');
    let checked: number | undefined;
    const upload = await receiveUpload(request, reply, files.storage, {
      ...imageRule(files.maxImageBytes),
      field: 'file',
      // The lesson, and the caller's right to change it, are checked before a byte is stored.
      beforeFile: async (fields) => {
        checked = fieldsOf(fields).lesson_Id;
        await quizzes.mayUploadImage(actor, checked);
      },
    });
    try {
      const { lesson_Id } = fieldsOf(upload.fields);
      // Checked again when the file came without the lesson before it, or a field after it changed it.
      if (lesson_Id !== checked) await quizzes.mayUploadImage(actor, lesson_Id);
      if (!upload.file) {
        throw new AppError('VALIDATION', 'file: an image is required', [
          { field: 'file', message: 'is required' },
        ]);
      }
      return reply.status(201).send(await quizzes.uploadedImage(actor, lesson_Id, upload.file.key));
    } catch (error) {
      await upload.discard();
      throw error;
    }
  });

  app.get(
    '/quizzes/GetQuiz/:id',
    {
      ...signedIn,
      schema: {
        tags,
        summary: 'A quiz lesson’s quiz with every correct answer (the lesson’s id)',
        description: staffOnly,
        params: idParamSchema,
        response: { 200: staffQuizSchema },
      },
    },
    async (request) => quizzes.get(actorOf(request), request.params.id),
  );

  app.get(
    '/quizzes/GetQuizForStudent/:id',
    {
      preHandler: auth({ optional: true }),
      schema: {
        tags,
        summary: 'A quiz as a student reads it before an attempt: settings and own attempts, no answer',
        description:
          'Whoever may read the lesson (an enrolled student; anyone for a preview lesson). `can_start`, ' +
          '`next_attempt_at` and `attempts_left` say when the caller may start an attempt.',
        params: idParamSchema,
        response: { 200: studentQuizSchema },
      },
    },
    async (request) => attempts.forStudent(request.actor ?? null, request.params.id),
  );

  app.get(
    '/quizzes/GetMyAttempts/:id',
    {
      ...signedIn,
      schema: {
        tags,
        summary: 'The signed-in student’s attempts at a quiz (the lesson’s id), first to last',
        params: idParamSchema,
        response: { 200: z.array(attemptSummarySchema) },
      },
    },
    async (request) => attempts.myAttempts(actorOf(request), request.params.id),
  );

  app.post(
    '/quizzes/StartAttempt',
    {
      ...signedIn,
      schema: {
        tags,
        summary: 'Starts an attempt at a quiz, or answers the one still open (200)',
        description:
          'An enrolled student. The questions are drawn and shuffled now and answered without any correct ' +
          'answer. 409 with when to try again (and Retry-After) before the wait after the last attempt ' +
          'has passed; 409 when every attempt allowed is used.',
        body: startAttemptBodySchema,
        response: { 200: attemptSchema, 201: attemptSchema },
      },
    },
    async (request, reply) => {
      const { created, attempt } = await attempts.start(actorOf(request), request.body.lesson_Id);
      return reply.status(created ? 201 : 200).send(attempt);
    },
  );

  app.get(
    '/quizzes/GetAttempt/:id',
    {
      ...signedIn,
      schema: {
        tags,
        summary: 'An attempt with its questions; after it is submitted, answers as the quiz shows them',
        description: `${ownOnly} The school’s staff read any attempt at its quizzes.`,
        params: idParamSchema,
        response: { 200: attemptSchema },
      },
    },
    async (request) => attempts.attempt(actorOf(request), request.params.id),
  );

  app.post(
    '/quizzes/SubmitAttempt',
    {
      ...signedIn,
      schema: {
        tags,
        summary: 'Submits an attempt’s answers, graded by the server against the attempt’s questions',
        description:
          `${ownOnly} Once: a second submission is a 409. Past the time limit (and 5 seconds’ grace) the ` +
          'answers are refused (409) and the attempt is closed without them. An open answer makes it ' +
          '`needs_grading`; a pass completes the lesson.',
        body: submitAttemptBodySchema,
        response: { 200: attemptSchema },
      },
    },
    async (request) => attempts.submit(actorOf(request), request.body),
  );

  app.post(
    '/quizzes/GradeAnswer',
    {
      ...signedIn,
      schema: {
        tags,
        summary: 'Gives an open answer its points and a comment; the attempt is graded once all have them',
        description: `The school’s staff; another school’s attempt is not found (404).`,
        body: gradeAnswerBodySchema,
        response: { 200: attemptSchema },
      },
    },
    async (request) => attempts.grade(actorOf(request), request.body),
  );

  app.post(
    '/quizzes/ResetAttempts',
    {
      ...signedIn,
      schema: {
        tags,
        summary:
          'Deletes a student’s attempts at a quiz, so that they start again with every attempt allowed',
        description: `${staffOnly} A lesson the student completed stays completed.`,
        body: resetAttemptsBodySchema,
        response: { 200: resetAttemptsResponseSchema },
      },
    },
    async (request) => quizzes.resetAttempts(actorOf(request), request.body),
  );

  const previewOnly =
    'Token optional: whoever may read the lesson (anyone, signed in or not), when it is a preview quiz lesson ' +
    'of a published course; any other lesson is not found (404). Nothing is stored (docs/decisions/033).';

  app.get(
    '/quizzes/GetPreviewQuiz/:id',
    {
      preHandler: auth({ optional: true }),
      schema: {
        tags,
        summary:
          'A preview quiz’s questions (the lesson’s id), in order with their images’ URLs, without any answer',
        description: previewOnly,
        params: idParamSchema,
        response: { 200: previewQuizSchema },
      },
    },
    async (request) => preview.get(request.actor ?? null, request.params.id),
  );

  app.post(
    '/quizzes/CheckPreviewQuiz',
    {
      preHandler: auth({ optional: true }),
      schema: {
        tags,
        summary: 'Grades answers to a preview quiz as an attempt would be graded, storing nothing',
        description:
          `${previewOnly} No attempt, limit or time limit applies; an open answer is not graded. ` +
          'Correct answers and explanations are shown as the quiz’s `show_answers` says.',
        body: checkPreviewQuizBodySchema,
        response: { 200: previewResultSchema },
      },
    },
    async (request) => preview.check(request.actor ?? null, request.body),
  );
}
