import {
  createAuthorFieldsSchema,
  idParamSchema,
  orgPageQuerySchema,
  PAGE_SIZES,
  updateAuthorFieldsSchema,
} from '@skillwise/contracts';
import type { FastifyInstance } from 'fastify';
import { AppError } from '../../lib/errors';
import { listQuery, sendPage } from '../../lib/paging';
import type { FileStorage } from '../../lib/storage';
import { parseObjectFields, receiveUpload } from '../../lib/upload';
import { parseInput } from '../../lib/validate';
import { type Auth, actorOf, publisherOrg } from '../../plugins/auth';
import type { AuthorService } from './authors.service';

export const imageRule = (maxBytes: number) => ({
  field: 'fileName',
  maxBytes,
  refuse: (file: { kind: string }) =>
    file.kind === 'image' ? undefined : 'This file is not an image: use a JPEG, PNG, GIF or WebP picture.',
});

/**
 * authors/* of SPEC §7, plus GET authors/GetAuthorById/{id}, PUT authors/UpdateAuthors and
 * DELETE authors/{id} (README "Additions").
 */
export function registerAuthorRoutes(
  app: FastifyInstance,
  authors: AuthorService,
  auth: Auth,
  files: { storage: FileStorage; maxImageBytes: number },
) {
  const publisher = { preHandler: auth() };

  app.get('/authors/GetAuthorByOrgId', publisher, async (request, reply) => {
    const query = parseInput(orgPageQuerySchema, request.query, 'query');
    const orgId = publisherOrg(actorOf(request));
    return sendPage(reply, await authors.list(orgId, listQuery(query, PAGE_SIZES.authors)));
  });

  app.post('/authors/CreateAuthors', publisher, async (request, reply) => {
    const orgId = publisherOrg(actorOf(request));
    const upload = await receiveUpload(request, reply, files.storage, imageRule(files.maxImageBytes));
    try {
      const fields = parseObjectFields(createAuthorFieldsSchema, upload.fields);
      if (!upload.file) {
        throw new AppError('VALIDATION', 'fileName: a photo is required', [
          { field: 'fileName', message: 'is required' },
        ]);
      }
      return reply.status(201).send(await authors.create(orgId, fields, upload.file));
    } catch (error) {
      await upload.discard();
      throw error;
    }
  });

  app.get('/authors/GetAuthorById/:id', publisher, async (request) => {
    const { id } = parseInput(idParamSchema, request.params, 'params');
    return authors.get(publisherOrg(actorOf(request)), id);
  });

  app.put('/authors/UpdateAuthors', publisher, async (request, reply) => {
    const orgId = publisherOrg(actorOf(request));
    const upload = await receiveUpload(request, reply, files.storage, imageRule(files.maxImageBytes));
    try {
      const fields = parseObjectFields(updateAuthorFieldsSchema, upload.fields);
      return await authors.update(orgId, fields.author_id, fields, upload.file);
    } catch (error) {
      await upload.discard();
      throw error;
    }
  });

  app.delete('/authors/:id', publisher, async (request) => {
    const { id } = parseInput(idParamSchema, request.params, 'params');
    return authors.delete(publisherOrg(actorOf(request)), id);
  });
}
