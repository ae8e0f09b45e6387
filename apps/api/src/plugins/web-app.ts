import { existsSync } from 'node:fs';
import path from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance } from 'fastify';
import { notFoundBody } from './errors';

/**
 * Serves the built React app from `dir` on the same origin as the API; unknown non-API paths get
 * index.html so client routes (/login, /students/...) load directly. API paths answer a JSON 404.
 */
export async function registerWebApp(app: FastifyInstance, dir: string | undefined) {
  const hasBuild = dir !== undefined && existsSync(path.join(dir, 'index.html'));
  if (hasBuild) {
    await app.register(fastifyStatic, {
      root: dir,
      wildcard: false,
      index: false,
      // scripts/build-web.mjs writes a .br and a .gz beside each text file.
      preCompressed: true,
      setHeaders(reply, filePath) {
        // Vite puts a content hash in every asset name: those never change.
        if (filePath.includes(`${path.sep}assets${path.sep}`)) {
          void reply.header('cache-control', 'public, max-age=31536000, immutable');
        }
      },
    });
  }
  app.setNotFoundHandler((request, reply) => {
    const isApi = request.url === '/api' || request.url.startsWith('/api/');
    if (!isApi && hasBuild && (request.method === 'GET' || request.method === 'HEAD')) {
      return reply.header('cache-control', 'no-cache').sendFile('index.html');
    }
    return reply.status(404).send(notFoundBody(request.method, request.url));
  });
}
