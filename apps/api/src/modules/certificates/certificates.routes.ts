import {
  CERTIFICATE_PAGE_SIZES,
  certificateNumberParamSchema,
  idParamSchema,
  myCertificatesQuerySchema,
  pageQuerySchema,
} from '@skillwise/contracts';
import type { FastifyInstance } from 'fastify';
import { listQuery, sendPage } from '../../lib/paging';
import { parseInput } from '../../lib/validate';
import { type Auth, actorOf, publisherOf } from '../../plugins/auth';
import type { CertificateService } from './certificates.service';

/** Certificates of completion (README "Additions"). */
export function registerCertificateRoutes(
  app: FastifyInstance,
  certificates: CertificateService,
  auth: Auth,
) {
  const signedIn = { preHandler: auth() };

  // Public, no token: the verification page reads it. Not cached, so a revocation shows at once.
  app.get('/certificates/Verify/:number', async (request, reply) => {
    const { number } = parseInput(certificateNumberParamSchema, request.params, 'params');
    void reply.header('cache-control', 'no-cache');
    return certificates.verify(number);
  });

  app.get('/certificates/GetMyCertificates', signedIn, async (request, reply) => {
    const query = parseInput(myCertificatesQuerySchema, request.query, 'query');
    const list = listQuery(query, CERTIFICATE_PAGE_SIZES.mine);
    void reply.header('cache-control', 'private, no-store');
    return sendPage(reply, await certificates.mine(actorOf(request), list, query.course_Id));
  });

  app.get('/certificates/Download/:number', signedIn, async (request, reply) => {
    const { number } = parseInput(certificateNumberParamSchema, request.params, 'params');
    const { fileName, bytes } = await certificates.download(actorOf(request), number);
    return reply
      .header('content-type', 'application/pdf')
      .header('content-disposition', `attachment; filename="${fileName}"`)
      .header('content-length', String(bytes.byteLength))
      .header('cache-control', 'private, no-store')
      .send(Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength));
  });

  app.get('/certificates/GetCourseCertificates/:id', signedIn, async (request, reply) => {
    const actor = publisherOf(request);
    const { id } = parseInput(idParamSchema, request.params, 'params');
    const list = listQuery(
      parseInput(pageQuerySchema, request.query, 'query'),
      CERTIFICATE_PAGE_SIZES.course,
    );
    void reply.header('cache-control', 'private, no-store');
    return sendPage(reply, await certificates.course(actor, id, list));
  });
}
