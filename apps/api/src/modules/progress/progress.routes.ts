import {
  courseProgressSchema,
  idParamSchema,
  savedLessonProgressSchema,
  saveLessonProgressBodySchema,
} from '@skillwise/contracts';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from '../../lib/route-schema';
import { type Auth, actorOf } from '../../plugins/auth';
import type { ProgressService } from './progress.service';

/** A student's lesson positions, completions and course progress (README "Additions"). */
export function registerProgressRoutes(server: FastifyInstance, progress: ProgressService, auth: Auth) {
  const app = server.withTypeProvider<ZodTypeProvider>();
  const signedIn = { preHandler: auth() };
  const tags = ['Progress'];

  const save = {
    tags,
    summary: 'Save a position in a video or audio lesson, or mark a lesson done or not',
    description:
      'A video or audio lesson completes once 90% of its length, as the server measured the file, was ' +
      'watched: the server credits the advance between two saves no faster than 2x the time that passed ' +
      'between them, and counts a part watched twice once. `durationSeconds` is accepted and ignored. ' +
      '`completed: true` marks a pdf, text or image lesson done and is a 400 naming `completed` for a ' +
      'video or audio lesson; `completed: false` undoes a completion of any lesson but a quiz. A quiz ' +
      'lesson completes only when an attempt passes: `completed` is a 400 for it.',
    body: saveLessonProgressBodySchema,
    response: { 200: savedLessonProgressSchema },
  };
  app.post('/studentCourse/SaveLessonProgress', { ...signedIn, schema: save }, async (request) => {
    return progress.save(actorOf(request), request.body);
  });

  const course = {
    tags,
    summary: 'The signed-in student’s progress in a course, lesson by lesson',
    params: idParamSchema,
    response: { 200: courseProgressSchema },
  };
  app.get('/studentCourse/GetCourseProgress/:id', { ...signedIn, schema: course }, async (request, reply) => {
    void reply.header('cache-control', 'private, no-store');
    return progress.course(actorOf(request), request.params.id);
  });
}
