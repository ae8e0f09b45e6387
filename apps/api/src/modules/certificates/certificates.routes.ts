import {
  CERTIFICATE_PAGE_SIZES,
  certificateNumberParamSchema,
  certificateVerificationSchema,
  courseCertificateSchema,
  idParamSchema,
  myCertificateSchema,
  myCertificatesQuerySchema,
  pageQuerySchema,
} from '@skillwise/contracts';
import type { FastifyInstance } from 'fastify';
import { listQuery, sendPage } from '../../lib/paging';
import { binary, paged, type ZodTypeProvider } from '../../lib/route-schema';
import { type Auth, actorOf, publisherOf } from '../../plugins/auth';
import type { CertificateService } from './certificates.service';

/** Certificates of completion (README "Additions"). */
export function registerCertificateRoutes(
  server: FastifyInstance,
  certificates: CertificateService,
  auth: Auth,
) {
  const app = server.withTypeProvider<ZodTypeProvider>();
  const signedIn = { preHandler: auth() };
  const tags = ['Certificates'];

  // Public, no token: the verification page reads it. Not cached, so a revocation shows at once.
  const verify = {
    tags,
    summary: 'What anyone may read of a certificate, by its number',
    params: certificateNumberParamSchema,
    response: { 200: certificateVerificationSchema },
  };
  app.get('/certificates/Verify/:number', { schema: verify }, async (request, reply) => {
    void reply.header('cache-control', 'no-cache');
    return certificates.verify(request.params.number);
  });

  const mine = {
    tags,
    summary: 'The signed-in student’s certificates, paged',
    querystring: myCertificatesQuerySchema,
    response: { 200: paged(myCertificateSchema) },
  };
  app.get('/certificates/GetMyCertificates', { ...signedIn, schema: mine }, async (request, reply) => {
    const { query } = request;
    const list = listQuery(query, CERTIFICATE_PAGE_SIZES.mine);
    void reply.header('cache-control', 'private, no-store');
    return sendPage(reply, await certificates.mine(actorOf(request), list, query.course_Id));
  });

  const download = {
    tags,
    summary: 'A certificate as a PDF, for its student or the course’s publisher',
    params: certificateNumberParamSchema,
    response: { 200: binary('application/pdf', 'The certificate, as an attachment') },
  };
  app.get('/certificates/Download/:number', { ...signedIn, schema: download }, async (request, reply) => {
    const { fileName, bytes } = await certificates.download(actorOf(request), request.params.number);
    return reply
      .header('content-type', 'application/pdf')
      .header('content-disposition', `attachment; filename="${fileName}"`)
      .header('content-length', String(bytes.byteLength))
      .header('cache-control', 'private, no-store')
      .send(Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength));
  });

  const course = {
    tags,
    summary: 'The certificates issued for one of the organisation’s courses, paged',
    params: idParamSchema,
    querystring: pageQuerySchema,
    response: { 200: paged(courseCertificateSchema) },
  };
  app.get(
    '/certificates/GetCourseCertificates/:id',
    { ...signedIn, schema: course },
    async (request, reply) => {
      const actor = publisherOf(request);
      const list = listQuery(request.query, CERTIFICATE_PAGE_SIZES.course);
      void reply.header('cache-control', 'private, no-store');
      return sendPage(reply, await certificates.course(actor, request.params.id, list));
    },
  );
}
