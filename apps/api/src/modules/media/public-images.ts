import { IMAGE_WIDTHS, type ImageWidth } from '@skillwise/contracts';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { z } from 'zod';
import type { ImageVariants } from '../../lib/image-variants';
import { matchesEtag } from '../../lib/response-cache';

/** Keys are generated per upload and never reused: the bytes behind one, and each variant's, never change. */
export const PUBLIC_IMAGE_CACHE = 'public, max-age=31536000, immutable';

const WIDTH_NAMES = IMAGE_WIDTHS.map(String) as [string, ...string[]];

/** `?w=`: one of the widths variants are made at (an addition to the contract, README). */
export const publicImageQuerySchema = z.object({
  w: z
    .enum(WIDTH_NAMES, { error: `must be one of ${IMAGE_WIDTHS.join(', ')}` })
    .transform((value) => Number(value) as ImageWidth)
    .optional(),
});

/** The original's validator: its key, which names its bytes forever. */
export const originalEtag = (key: string) => `"${key}"`;

/** Answers 304 when the client holds `etag` already; otherwise sets it and answers undefined. */
export function notModified(request: FastifyRequest, reply: FastifyReply, etag: string) {
  void reply.header('etag', etag).header('cache-control', PUBLIC_IMAGE_CACHE);
  if (!matchesEtag(request.headers['if-none-match'], etag)) return undefined;
  return reply.status(304).send();
}

/**
 * Sends the stored image `key` at `width` as WebP (or 304) and answers true, or answers false when no
 * variant can be made: the caller then sends the original. It answers a boolean, not the reply: a reply
 * is thenable, and awaiting it waits for the answer to be written and gives undefined.
 */
export async function sendImageVariant(
  request: FastifyRequest,
  reply: FastifyReply,
  variants: ImageVariants,
  key: string,
  width: ImageWidth,
): Promise<boolean> {
  const variant = await variants.get(key, width);
  if (!variant) return false;
  if (notModified(request, reply, variant.etag)) return true;
  const name = `${key.replace(/\.[a-z0-9]+$/, '')}-${width}.webp`;
  void reply
    .header('content-type', variant.type)
    .header('content-length', String(variant.body.length))
    .header('content-disposition', `inline; filename="${name}"`)
    .send(variant.body);
  return true;
}
