import { idParamSchema, saveLessonProgressBodySchema } from '@skillwise/contracts';
import type { FastifyInstance } from 'fastify';
import { parseInput } from '../../lib/validate';
import { type Auth, actorOf } from '../../plugins/auth';
import type { ProgressService } from './progress.service';

/** A student's lesson positions, completions and course progress (README "Additions"). */
export function registerProgressRoutes(app: FastifyInstance, progress: ProgressService, auth: Auth) {
  const signedIn = { preHandler: auth() };

  app.post('/studentCourse/SaveLessonProgress', signedIn, async (request) => {
    const body = parseInput(saveLessonProgressBodySchema, request.body, 'body');
    return progress.save(actorOf(request), body);
  });

  app.get('/studentCourse/GetCourseProgress/:id', signedIn, async (request, reply) => {
    const { id } = parseInput(idParamSchema, request.params, 'params');
    void reply.header('cache-control', 'private, no-store');
    return progress.course(actorOf(request), id);
  });
}
