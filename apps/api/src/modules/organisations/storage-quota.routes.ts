import { storageUsageSchema } from '@skillwise/contracts';
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { AppError } from '../../lib/errors';
import { handlerChecked } from '../../lib/route-schema';
import { type Auth, publisherOf } from '../../plugins/auth';
import type { StorageQuota } from './storage-quota';

/**
 * organization/GetStorageUsage (README "Additions"): what the publisher's organisation stores and may
 * store. It takes no parameters: the organisation is the caller's own.
 */
export function registerStorageQuotaRoutes(app: FastifyInstance, quota: StorageQuota, auth: Auth) {
  const schema = {
    tags: ['Organisations'],
    summary:
      'The organisation’s stored files: bytes used, bytes held by uploads under way, and the plan’s allowance',
    // Read by the handler, which refuses any parameter with a 400 naming it.
    querystring: handlerChecked(z.object({}), 'No parameter is expected.'),
    response: { 200: storageUsageSchema },
  };
  app.get('/organization/GetStorageUsage', { preHandler: auth(), schema }, async (request) => {
    const actor = publisherOf(request);
    const sent = Object.keys((request.query ?? {}) as Record<string, unknown>);
    if (sent.length > 0) {
      throw new AppError(
        'VALIDATION',
        `${sent[0]}: no parameter is expected`,
        sent.map((field) => ({ field, message: 'no parameter is expected' })),
      );
    }
    const usage = await quota.usage(actor.orgId);
    return {
      used_bytes: usage.usedBytes,
      reserved_bytes: usage.reservedBytes,
      allowance_bytes: usage.allowanceBytes,
      plan: usage.plan,
    };
  });
}
