import type { KeyObject } from 'node:crypto';
import type { CaptionTrack, LessonVideo } from '@skillwise/contracts';
import type { Db } from '../../db/client';
import { mediaUrlWindow, PRESIGNED_URL_HOURS } from '../../lib/media-urls';
import { lessonGrantQuery } from '../../lib/signed-url';
import type { FileStorage } from '../../lib/storage';
import { masterPlaylist, mediaPlaylist } from './playlists';
import { type VideoAsset, type VideoJob, videoAssetsOf, videoStatesOf } from './video.repository';

/** A lesson as the video part of its answer needs it. */
export type VideoLesson = { id: number; fileKey: string | null; fileMime: string | null };

/** Captions tracks of lessons for a viewer, in one query (docs/decisions/042). */
export type CaptionSource = (lessonIds: number[], viewerId: number) => Promise<Map<number, CaptionTrack[]>>;

type VideoDeps = {
  db: Db;
  storage: FileStorage;
  mediaUrlKey: KeyObject;
  ttlHours: number;
  /** Whether this server makes streaming copies now (ffmpeg found and VIDEO_RENDITIONS on). */
  renditions: () => boolean;
  captions?: CaptionSource | undefined;
  now?: () => number;
};

/** How long what was made from a file is remembered by the routes that serve it: it never changes. */
const ASSETS_KEPT_MS = 60_000;
const ASSETS_KEPT = 2_000;

const isVideo = (lesson: VideoLesson): lesson is VideoLesson & { fileKey: string } =>
  lesson.fileKey !== null && (lesson.fileMime ?? '').startsWith('video/');

/**
 * A video lesson's streaming state, poster and captions in its answers, and the HLS playlists and files
 * the player reads (docs/decisions/041). Every URL carries the same signed grant as the lesson's file
 * (the lesson, its current file, the viewer, the expiry), checked again on each use by the media routes.
 */
export class VideoService {
  private readonly assetCache = new Map<string, { assets: VideoAsset[]; until: number }>();

  constructor(private readonly deps: VideoDeps) {}

  private now() {
    return this.deps.now?.() ?? Date.now();
  }

  /** The signed query a viewer's URLs of this lesson carry: the lesson file's own grant. */
  private grant(lesson: { id: number; fileKey: string }, viewerId: number): string {
    const { expires } = mediaUrlWindow(this.now(), this.deps.ttlHours);
    return lessonGrantQuery(this.deps.mediaUrlKey, {
      lessonId: lesson.id,
      fileKey: lesson.fileKey,
      viewerId,
      expires,
    });
  }

  /**
   * The `video` field of each video lesson in `lessons` for a viewer already allowed its file; `staff`
   * sees why a job failed. Two queries for the states and copies, one for the captions, whatever the count.
   */
  async forLessons(
    lessons: VideoLesson[],
    viewerId: number,
    staff: boolean,
  ): Promise<Map<number, LessonVideo>> {
    const videos = lessons.filter(isVideo);
    const answer = new Map<number, LessonVideo>();
    if (videos.length === 0) return answer;
    const [{ jobs, assets }, captions] = await Promise.all([
      videoStatesOf(this.deps.db, videos),
      this.deps.captions?.(
        videos.map((l) => l.id),
        viewerId,
      ) ?? Promise.resolve(new Map<number, CaptionTrack[]>()),
    ]);
    for (const lesson of videos) {
      const made = assets.get(lesson.id) ?? [];
      answer.set(
        lesson.id,
        await this.describe(
          lesson,
          jobs.get(lesson.id),
          made,
          captions.get(lesson.id) ?? [],
          viewerId,
          staff,
        ),
      );
    }
    return answer;
  }

  private async describe(
    lesson: VideoLesson & { fileKey: string },
    job: VideoJob | undefined,
    made: VideoAsset[],
    captions: CaptionTrack[],
    viewerId: number,
    staff: boolean,
  ): Promise<LessonVideo> {
    const renditions = made.filter((a) => a.kind === 'rendition');
    const posters = made.filter((a) => a.kind === 'poster').sort((a, b) => a.width - b.width);
    const query = this.grant(lesson, viewerId);
    const open = job?.state === 'queued' || job?.state === 'running';
    const state: LessonVideo['state'] =
      renditions.length > 0
        ? 'ready'
        : job?.state === 'failed'
          ? 'failed'
          : open || (job?.state !== 'done' && this.deps.renditions())
            ? 'processing'
            : 'off';
    const posterUrls = await Promise.all(posters.map((p) => this.posterUrl(lesson.id, p, query)));
    const largest = posterUrls[posterUrls.length - 1];
    return {
      state,
      progress: state === 'processing' ? Math.round(job?.state === 'running' ? job.progress : 0) : null,
      error: state === 'failed' && staff ? (job?.error ?? null) : null,
      stream_url: state === 'ready' ? `/api/media/lessons/${lesson.id}/stream.m3u8?${query}` : null,
      poster_url: largest ?? null,
      poster_srcset:
        posterUrls.length > 0 ? posters.map((p, i) => `${posterUrls[i]} ${p.width}w`).join(', ') : null,
      captions,
    };
  }

  private posterUrl(lessonId: number, poster: VideoAsset, query: string): Promise<string> {
    const { storage } = this.deps;
    if (storage.presignGet)
      return this.presign(poster.fileKey, 'image/jpeg', `poster-${lessonId}-${poster.width}.jpg`);
    return Promise.resolve(`/api/media/lessons/${lessonId}/poster/${poster.width}.jpg?${query}`);
  }

  private presign(key: string, contentType: string, filename: string): Promise<string> {
    const { storage } = this.deps;
    const { signedAt, expires } = mediaUrlWindow(this.now(), PRESIGNED_URL_HOURS);
    if (!storage.presignGet) throw new Error('the storage presigns nothing');
    return storage.presignGet(key, {
      signedAt,
      expiresInSeconds: expires - signedAt.getTime() / 1000,
      contentType,
      filename,
    });
  }

  /** What was made from the lesson's current file (`sourceKey`), remembered for a minute. */
  async assetsOf(lessonId: number, sourceKey: string): Promise<VideoAsset[]> {
    const cacheKey = `${lessonId}:${sourceKey}`;
    const now = this.now();
    const cached = this.assetCache.get(cacheKey);
    if (cached && cached.until > now) return cached.assets;
    const assets = await videoAssetsOf(this.deps.db, lessonId, sourceKey);
    if (this.assetCache.size >= ASSETS_KEPT) {
      const oldest = this.assetCache.keys().next().value;
      if (oldest !== undefined) this.assetCache.delete(oldest);
    }
    if (assets.length > 0) this.assetCache.set(cacheKey, { assets, until: now + ASSETS_KEPT_MS });
    return assets;
  }

  /** The master playlist: each rendition's media playlist, by a URL relative to it with the same grant. */
  async master(lessonId: number, sourceKey: string, query: string): Promise<string | undefined> {
    const renditions = (await this.assetsOf(lessonId, sourceKey)).filter((a) => a.kind === 'rendition');
    if (renditions.length === 0) return undefined;
    return masterPlaylist(
      renditions.map((r) => ({
        width: r.width,
        height: r.height,
        bandwidth: r.bandwidth ?? 0,
        averageBandwidth: r.averageBandwidth,
        codecs: r.codecs,
        frameRate: r.frameRate,
        uri: `stream/${r.height}.m3u8?${query}`,
      })),
    );
  }

  /**
   * A rendition's media playlist, its segments' file named by the bucket's presigned URL, or by the
   * server's own URL relative to the playlist's with the same grant.
   */
  async media(
    lessonId: number,
    sourceKey: string,
    height: number,
    query: string,
  ): Promise<string | undefined> {
    const rendition = await this.rendition(lessonId, sourceKey, height);
    if (!rendition?.playlist) return undefined;
    const url = this.deps.storage.presignGet
      ? await this.presign(rendition.fileKey, 'video/mp4', `lesson-${lessonId}-${height}p.mp4`)
      : `${height}.mp4?${query}`;
    return mediaPlaylist(rendition.playlist, url);
  }

  async rendition(lessonId: number, sourceKey: string, height: number): Promise<VideoAsset | undefined> {
    return (await this.assetsOf(lessonId, sourceKey)).find(
      (a) => a.kind === 'rendition' && a.height === height,
    );
  }

  async poster(lessonId: number, sourceKey: string, width: number): Promise<VideoAsset | undefined> {
    return (await this.assetsOf(lessonId, sourceKey)).find((a) => a.kind === 'poster' && a.width === width);
  }
}
