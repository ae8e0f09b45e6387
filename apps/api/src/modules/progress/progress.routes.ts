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
