import {
  authorSchema,
  createAuthorFieldsSchema,
  idParamSchema,
  messageResponseSchema,
  orgPageQuerySchema,
  PAGE_SIZES,
  updateAuthorFieldsSchema,
} from '@skillwise/contracts';
import type { FastifyInstance } from 'fastify';
import { AppError } from '../../lib/errors';
import { listQuery, sendPage } from '../../lib/paging';
import { multipart, paged, type ZodTypeProvider } from '../../lib/route-schema';
import type { FileStorage } from '../../lib/storage';
import { parseObjectFields, receiveUpload } from '../../lib/upload';
import { type Auth, actorOf, publisherOrg, schoolStaffOf } from '../../plugins/auth';
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
  server: FastifyInstance,
  authors: AuthorService,
  auth: Auth,
  files: { storage: FileStorage; maxImageBytes: number },
) {
  const app = server.withTypeProvider<ZodTypeProvider>();
  const publisher = { preHandler: auth() };
  const tags = ['Authors'];
  // Course answers carry their author's name, bio and photo: a change shows on public pages.
  const changesPublic = { invalidates: 'public' as const };
  const photo = (required: boolean) => ({
    name: 'fileName',
    required,
    description: 'The author’s photo: a JPEG, PNG, GIF or WebP picture.',
  });

  const list = {
    tags,
    summary: 'The organisation’s authors, paged and searched',
    querystring: orgPageQuerySchema,
    response: { 200: paged(authorSchema) },
  };
  app.get('/authors/GetAuthorByOrgId', { ...publisher, schema: list }, async (request, reply) => {
    const orgId = publisherOrg(actorOf(request));
    return sendPage(reply, await authors.list(orgId, listQuery(request.query, PAGE_SIZES.authors)));
  });

  const create = {
    tags,
    summary: 'Create an author with a photo (multipart)',
    body: multipart(createAuthorFieldsSchema, photo(true)),
    response: { 201: authorSchema },
  };
  app.post(
    '/authors/CreateAuthors',
    { ...publisher, schema: create, config: changesPublic },
    async (request, reply) => {
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
    },
  );

  const byId = {
    tags,
    summary: 'One of the organisation’s authors',
    params: idParamSchema,
    response: { 200: authorSchema },
  };
  app.get('/authors/GetAuthorById/:id', { ...publisher, schema: byId }, async (request) => {
    return authors.get(publisherOrg(actorOf(request)), request.params.id);
  });

  const update = {
    tags,
    summary: 'Change an author; a new photo is optional (multipart)',
    body: multipart(updateAuthorFieldsSchema, photo(false)),
    response: { 200: authorSchema },
  };
  app.put(
    '/authors/UpdateAuthors',
    { ...publisher, schema: update, config: changesPublic },
    async (request, reply) => {
      const orgId = schoolStaffOf(request).orgId;
      const upload = await receiveUpload(request, reply, files.storage, imageRule(files.maxImageBytes));
      try {
        const fields = parseObjectFields(updateAuthorFieldsSchema, upload.fields);
        return await authors.update(orgId, fields.author_id, fields, upload.file);
      } catch (error) {
        await upload.discard();
        throw error;
      }
    },
  );

  const remove = {
    tags,
    summary: 'Delete an author no course uses',
    params: idParamSchema,
    response: { 200: messageResponseSchema },
  };
  app.delete('/authors/:id', { ...publisher, schema: remove, config: changesPublic }, async (request) => {
    return authors.delete(schoolStaffOf(request).orgId, request.params.id);
  });
}
