import { z } from 'zod';

/**
 * A video lesson's streaming state (docs/decisions/041):
 * - `processing`: the server is rewriting the file or making its streaming copies (`progress`, 0-100);
 * - `ready`: the copies exist and `stream_url` names them;
 * - `failed`: no copies could be made (`error` says why); the original file plays;
 * - `off`: this server makes no copies (no ffmpeg, or VIDEO_RENDITIONS=off); the original file plays.
 */
export const VIDEO_STATES = ['processing', 'ready', 'failed', 'off'] as const;
export type VideoState = (typeof VIDEO_STATES)[number];

/** The widths a poster frame is kept at: the lesson list, the course page and the player ask for one. */
export const POSTER_WIDTHS = [320, 640, 1280] as const;

/** The heights of the adaptive ladder; the source's own height is added when it is higher, never upscaled. */
export const RENDITION_HEIGHTS = [360, 540, 720] as const;

/** Playback speeds the player offers (remembered in the browser). */
export const PLAYBACK_SPEEDS = [0.75, 1, 1.25, 1.5, 1.75, 2] as const;

/** A captions file a school attaches to a video lesson, one per language. */
export const CAPTION_MAX_BYTES = 2 * 1024 * 1024;
export const CAPTION_LANGUAGES_MAX = 20;

/** One captions track as the player gets it: a signed URL to its WebVTT. */
export const captionTrackSchema = z.object({
  /** A BCP 47 language tag: `en`, `fr`, `pt-BR`. */
  language: z.string(),
  /** The language's name, as the track menu shows it. */
  label: z.string(),
  /** WebVTT, served under the lesson's own access rules. */
  url: z.string(),
});
export type CaptionTrack = z.infer<typeof captionTrackSchema>;

/** What a video lesson's answer carries beside `content_path` (README "Additions"). */
export const lessonVideoSchema = z.object({
  state: z.enum(VIDEO_STATES),
  /** 0-100 while processing, else null. */
  progress: z.number().nullable(),
  /** Why it failed, for the school's staff; null otherwise. */
  error: z.string().nullable(),
  /** The HLS master playlist, signed for this viewer, when `state` is ready; else null. */
  stream_url: z.string().nullable(),
  /** The poster frame at its largest width, and every width as a `srcset`; null until made. */
  poster_url: z.string().nullable(),
  poster_srcset: z.string().nullable(),
  captions: z.array(captionTrackSchema),
});
export type LessonVideo = z.infer<typeof lessonVideoSchema>;
