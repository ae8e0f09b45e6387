import { idParamSchema, idSchema } from '@skillwise/contracts';
import type { FastifyInstance } from 'fastify';
import type { z } from 'zod';
import { notFound } from '../../lib/errors';
import { binary, type ZodTypeProvider } from '../../lib/route-schema';
import { type FileSender, grantSchema, ranged, sendFile } from '../media/media.routes';
import type { MediaService } from '../media/media.service';
import type { VideoService } from './video.service';

const HLS_TYPE = 'application/vnd.apple.mpegurl';
/** Playlists name URLs that expire with their grant: a player keeps them no longer than a file's. */
const PRIVATE_CACHE = 'private, max-age=3600';

/** A rendition by its height, a poster by its width: any other number is a missing file. */
const heightParams = idParamSchema.extend({ height: idSchema });
const widthParams = idParamSchema.extend({ width: idSchema });

/**
 * A video lesson's streaming copies and poster (docs/decisions/041), by the lesson file's signed grant:
 * whoever may have the lesson's file now (the media service's check, remembered for a few seconds across a
 * player's burst of requests) gets its playlists, its copies' bytes by range, and its poster. Anything
 * else is the same 404 as a refused file.
 */
export function registerVideoRoutes(
  server: FastifyInstance,
  media: MediaService,
  video: VideoService,
  sender: FileSender,
) {
  const app = server.withTypeProvider<ZodTypeProvider>();
  const tags = ['Media'];
  const queryOf = (grant: z.infer<typeof grantSchema>) =>
    new URLSearchParams({
      viewer: String(grant.viewer),
      expires: String(grant.expires),
      signature: grant.signature,
    }).toString();

  app.get(
    '/media/lessons/:id/stream.m3u8',
    {
      schema: {
        tags,
        summary:
          'A video lesson’s HLS master playlist, by the signed URL its answer’s `video.stream_url` carries',
        description:
          'No token: the grant is the lesson file’s, checked again. Each rendition (360p, 540p, 720p and the ' +
          'source’s own height when higher) is named by a URL relative to this one, with the same grant.',
        params: idParamSchema,
        querystring: grantSchema,
        response: { 200: binary(HLS_TYPE, 'The master playlist') },
      },
    },
    async (request, reply) => {
      const file = await media.lessonFile(request.params.id, request.query);
      const text = await video.master(file.lessonId, file.key, queryOf(request.query));
      if (!text) throw notFound('File');
      return reply.header('content-type', HLS_TYPE).header('cache-control', PRIVATE_CACHE).send(text);
    },
  );

  app.get(
    '/media/lessons/:id/stream/:height.m3u8',
    {
      schema: {
        tags,
        summary: 'One rendition’s HLS media playlist',
        description:
          'Its segments are byte ranges of one fragmented MP4: named by this server’s signed URL, or, with ' +
          'files in a bucket, by the bucket’s presigned URL (the bucket then needs a CORS rule: S3_CORS).',
        params: heightParams,
        querystring: grantSchema,
        response: { 200: binary(HLS_TYPE, 'The media playlist') },
      },
    },
    async (request, reply) => {
      const file = await media.lessonFile(request.params.id, request.query);
      const text = await video.media(file.lessonId, file.key, request.params.height, queryOf(request.query));
      if (!text) throw notFound('File');
      return reply.header('content-type', HLS_TYPE).header('cache-control', PRIVATE_CACHE).send(text);
    },
  );

  app.get(
    '/media/lessons/:id/stream/:height.mp4',
    {
      schema: {
        tags,
        summary: 'One rendition’s fragmented MP4, by byte ranges',
        params: heightParams,
        querystring: grantSchema,
        response: ranged('The rendition'),
      },
    },
    async (request, reply) => {
      const { id, height } = request.params;
      const file = await media.lessonFile(id, request.query);
      const rendition = await video.rendition(file.lessonId, file.key, height);
      if (!rendition) throw notFound('File');
      return sendFile(request, reply, sender, {
        key: rendition.fileKey,
        mime: 'video/mp4',
        cacheControl: PRIVATE_CACHE,
        downloadName: `lesson-${id}-${height}p.mp4`,
      });
    },
  );

  app.get(
    '/media/lessons/:id/poster/:width.jpg',
    {
      schema: {
        tags,
        summary: 'A video lesson’s poster frame at one of its widths (`video.poster_srcset`)',
        params: widthParams,
        querystring: grantSchema,
        response: ranged('The picture'),
      },
    },
    async (request, reply) => {
      const { id, width } = request.params;
      const file = await media.lessonFile(id, request.query);
      const poster = await video.poster(file.lessonId, file.key, width);
      if (!poster) throw notFound('File');
      return sendFile(request, reply, sender, {
        key: poster.fileKey,
        mime: 'image/jpeg',
        cacheControl: PRIVATE_CACHE,
        downloadName: `lesson-${id}-poster-${width}.jpg`,
      });
    },
  );
}
